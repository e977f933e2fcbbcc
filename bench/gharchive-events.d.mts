/** Types of the synthetic GH Archive events (gharchive-events.mjs). */

export type Json = Record<string, unknown>;
export type ArchiveEvent = Json & { id: string; type: string; created_at: string; payload: Json };

export declare function userObject(login: string, id: number, type?: string): Json;
export declare function actorObject(login: string, id: number): Json;
export declare function repoRef(fullName: string, id: number): Json;
export declare function repositoryObject(fullName: string, id: number, owner: Json, extra?: Json): Json;
export declare function labelObject(fullName: string, id: number, name: string): Json;
export declare function issueObject(fullName: string, number: number, fields: Json): Json;
export declare function pullObject(repo: Json, number: number, fields: Json): Json;
export declare function pullStub(fullName: string, repoId: number, number: number, head?: string): Json;
export declare function reviewObject(id: number, user: Json, state: string, submittedAt: string, fullName: string, number: number): Json;
export declare function commentObject(id: number, fullName: string, number: number, user: Json, body: string, at: string): Json;
export declare function event(id: number, type: string, at: string, actor: Json, repo: Json, payload: Json, org?: Json): ArchiveEvent;
export declare function everyEventType(day?: string, hour?: number): ArchiveEvent[];
export declare function trimmedEvents(day?: string, hour?: number): ArchiveEvent[];
export declare function syntheticHour(
  hourIndex: number,
  options?: { events?: number; repositories?: number; users?: number; seed?: number },
): Generator<ArchiveEvent>;
