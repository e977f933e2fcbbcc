/**
 * The thread of `fieldListsElsewhere` (src/persist/lists-thread.ts): makes a collection's posting
 * lists from the request it was started with, hands them back (the arrays it made moved, not
 * copied) and ends.
 */
import { parentPort, workerData } from "node:worker_threads";
import { fieldLists, type FieldListsRequest } from "../index/inverted.js";
import type { ListsReply } from "./lists-thread.js";

const port = parentPort!;
try {
  const lists = fieldLists(workerData as FieldListsRequest);
  // Arrays in shared memory are the open's own (saved lists viewed where they were read): shared, not moved.
  const moved = new Set<ArrayBuffer>();
  for (const { terms, chunkOf, from, to, documents, chunks } of lists.values()) {
    for (const array of [terms, chunkOf, from, to, documents, ...chunks]) if (array.buffer instanceof ArrayBuffer) moved.add(array.buffer);
  }
  const reply: ListsReply = { type: "lists", lists: [...lists] };
  port.postMessage(reply, [...moved]);
} catch (error) {
  const reply: ListsReply = { type: "failed", message: error instanceof Error ? error.message : String(error), range: error instanceof RangeError };
  port.postMessage(reply);
}
