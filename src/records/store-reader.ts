/**
 * The store as the kinds read it: records by key and the cross-kind lookups
 * (a repository by name or id, an issue's comments, an account), plus values
 * memoised over whole kinds. `Store` implements it; the kinds depend on this
 * alone, so that the store can depend on the kind registry.
 */
import type { DumpKind } from "./kinds.js";
import type { RecordLike } from "./read.js";
import type { Tally, TallyReader } from "./tally.js";

export interface StoreReader {
  /** A value computed from whole kinds, recomputed only after one of `dependsOn` changed. */
  derived<T>(name: string, dependsOn: DumpKind[], compute: (store: StoreReader) => T): T;
  versionOf(kind: DumpKind): number;
  get(kind: DumpKind, key: string): RecordLike | undefined;
  all(kind: DumpKind): Iterable<RecordLike>;
  repository(fullName: string | undefined): RecordLike | undefined;
  repositoryById(id: unknown): RecordLike | undefined;
  user(login: string | undefined): RecordLike | undefined;
  issue(key: string): RecordLike | undefined;
  commentsOf(issueKey: string): RecordLike[];
  /** A declared tally's counts as the records are now. */
  tally(tally: Tally): TallyReader;
}
