/**
 * A collection's posting lists taken (checked against the occurrences) or computed on a thread of
 * their own while an open restores the rest of the collection on the main thread: the check reads
 * every occurrence and every list entry (3.6 s of a 10M open's main thread), and the keyword
 * columns, built meanwhile, need the main thread alone. The large arrays of an open lie in shared
 * memory, so the thread reads them where they lie. Where no thread runs (no built worker file: the
 * sources under a test runner; a thread that fails to start or stops early), the caller makes the
 * lists itself, as before.
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FieldListsRequest, InvertedLists } from "../index/inverted.js";

const WORKER_FILE = new URL("./lists-worker.js", import.meta.url);

/** Occurrences over a collection's fields from which its lists are made on a thread: below, starting one costs more than it saves. */
const LISTS_ON_THREAD_FROM = 1 << 18;

/** The thread's one message back. */
export type ListsReply = { type: "lists"; lists: Array<[string, InvertedLists]> } | { type: "failed"; message: string; range: boolean };

/** Lists in the making on a thread: `lists` as `fieldListsElsewhere` says; `stop` ends the thread (its lists then come as undefined). */
export interface ListsThread {
  lists: Promise<Map<string, InvertedLists> | undefined>;
  stop(): void;
}

/**
 * `fieldLists(request)` made on a thread: a promise of the lists, of undefined when the thread could
 * not make them (the caller then makes them), rejected with a RangeError where `fieldLists` throws
 * one. Undefined at once when no thread is started: too few occurrences (`from`), or no worker file.
 * A caller that no longer needs the lists (its restore failed) stops the thread, which would otherwise
 * hold the index's arrays until it ends.
 */
export function fieldListsElsewhere(request: FieldListsRequest, from = LISTS_ON_THREAD_FROM): ListsThread | undefined {
  let occurrences = 0;
  for (const field of request.fields) for (const chunk of field.occurrences.ids) occurrences += chunk.length;
  if (occurrences < from || !existsSync(fileURLToPath(WORKER_FILE))) return undefined;
  let worker: Worker;
  try {
    worker = new Worker(WORKER_FILE, { workerData: request });
  } catch {
    return { lists: Promise.resolve(undefined), stop() {} };
  }
  const lists = new Promise<Map<string, InvertedLists> | undefined>((resolve, reject) => {
    worker.once("message", (reply: ListsReply) => {
      if (reply.type === "lists") resolve(new Map(reply.lists));
      else if (reply.range) reject(new RangeError(reply.message));
      else resolve(undefined);
    });
    // A thread that fails or ends without its answer leaves the lists to the caller (a later settling is no-op).
    worker.once("error", () => resolve(undefined));
    worker.once("exit", () => resolve(undefined));
  });
  // A restore that fails before it waits for the lists leaves no rejection unhandled.
  lists.catch(() => undefined);
  return { lists, stop: () => void worker.terminate().catch(() => undefined) };
}
