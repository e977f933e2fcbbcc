/**
 * One archived event's envelope, checked: what every event must carry for its
 * records to be keyed and ordered (id, type, time, repository). An event that
 * fails is skipped with the reason; its payload is checked by its mapper.
 */
import { parseRecord } from "../../load/index.js";
import type { RecordLike } from "../../kinds/types.js";
import { obj, str } from "../../records/read.js";

export interface ArchivedEvent {
  readonly id: string;
  readonly type: string;
  readonly createdAt: string;
  readonly repo: EventRepo;
  readonly actor: RecordLike | undefined;
  readonly org: RecordLike | undefined;
  readonly payload: RecordLike;
  /**
   * Orders every field an event gives: its time, then its id (the archive's
   * ids grow with time, so they order events of the same second), fixed width
   * so that plain string order is time order.
   */
  readonly stamp: string;
}

export interface EventRepo {
  readonly id: number;
  readonly fullName: string;
  readonly owner: string;
  readonly name: string;
  readonly url: string;
}

export type EventReading = { event: ArchivedEvent } | { skip: string };

// The archive writes UTC times to the second; anything else would not order as text.
const TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;
const EVENT_ID = /^\d{1,20}$/;
const FULL_NAME = /^([^/\s]+)\/([^/\s]+)$/;

const SKIP = {
  json: "not a JSON object",
  id: "no numeric event id",
  type: "no event type",
  time: "no created_at time in UTC seconds",
  repo: "no repo with a numeric id and an owner/name",
  private: "not public",
} as const;

export function readEvent(text: string): EventReading {
  let raw: RecordLike;
  try {
    raw = parseRecord(text);
  } catch {
    return { skip: SKIP.json };
  }
  const id = typeof raw.id === "number" ? String(raw.id) : str(raw.id);
  if (id === undefined || !EVENT_ID.test(id)) return { skip: SKIP.id };
  const type = str(raw.type);
  if (!type) return { skip: SKIP.type };
  const createdAt = str(raw.created_at);
  if (createdAt === undefined || !TIME.test(createdAt)) return { skip: SKIP.time };
  const repo = eventRepo(obj(raw.repo));
  if (!repo) return { skip: SKIP.repo };
  if (raw.public === false) return { skip: SKIP.private };
  return {
    event: {
      id,
      type,
      createdAt,
      repo,
      actor: obj(raw.actor),
      org: obj(raw.org),
      payload: obj(raw.payload) ?? {},
      stamp: `${createdAt}${id.padStart(20, "0")}`,
    },
  };
}

function eventRepo(repo: RecordLike | undefined): EventRepo | undefined {
  if (!repo || typeof repo.id !== "number") return undefined;
  const match = FULL_NAME.exec(str(repo.name) ?? "");
  if (!match) return undefined;
  const fullName = match[0];
  return { id: repo.id, fullName, owner: match[1], name: match[2], url: str(repo.url) ?? `https://api.github.com/repos/${fullName}` };
}
