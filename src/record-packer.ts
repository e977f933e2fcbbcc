/**
 * Packing full buffers of record texts: each block of a few records deflated
 * on its own, so that one record is read back by inflating its block only.
 * Records of one kind repeat their member names and URL prefixes, so a block
 * of eight packs to about a quarter of its size.
 *
 * `threadPacker` packs on a worker thread (the second core, while the main
 * thread indexes), reading the buffer in place (it is a SharedArrayBuffer) and
 * handing the packed bytes back. The worker is started when the first buffer
 * fills, shared by every store of the process, and does not keep the process
 * alive. `syncPacker` packs at once, for tests and for hosts without threads.
 */
import { Worker } from "node:worker_threads";
import { deflateRawSync } from "node:zlib";
import { lowerThreadPriority } from "./concurrency/thread-priority.js";

/**
 * Deflate level, with the dictionary below. Blocks of eight generated issues: level 1 with 8 KB of
 * dictionary packs to 372 bytes a record at 12.0 µs a record on the packing thread, level 3 with 16 KB
 * to 342 at 15.6 µs, level 6 with 32 KB to 308 at 26.8 µs. A load keeps both cores busy (the main
 * thread, the reading thread, the packing thread and the collector's helpers), so CPU saved is a
 * faster load: level 1 loaded a million issues 3 % faster than level 3, with 4 % less CPU.
 */
const PACK_LEVEL = 1;

/**
 * Bytes of a buffer's beginning kept as its blocks' preset dictionary: the member names, URL prefixes
 * and common values the blocks share, which a block of a few records would otherwise spell out again
 * (a quarter of a packed record). Deflate loads the whole dictionary for every block: at level 1, 8 KB
 * packs a record in 12.0 µs against 13.7 µs with 16 KB, for 13 more bytes a record.
 */
const DICTIONARY_BYTES = 8 * 1024;

/**
 * What packing a buffer gives: the blocks' deflated bytes end to end, where each block ends, and the
 * preset dictionary every block was deflated with (a copy of the buffer's first bytes; read them back with it).
 */
export interface Packed {
  data: Buffer;
  ends: Uint32Array;
  dictionary: Buffer;
}

export interface RecordPacker {
  /**
   * Packs `raw` cut at `starts` (block b is raw[starts[b] … starts[b + 1])); calls `done` once, later
   * or at once, with the result, or with undefined when it could not pack (the buffer stays as it is).
   */
  pack(raw: Buffer, starts: Uint32Array, done: (packed: Packed | undefined) => void): void;
  /** Allocates a buffer the packer can read in place. */
  allocate(size: number): Buffer;
}

/**
 * Deflates each block of `raw`. Self-contained (it uses only its arguments and the global Buffer),
 * so that the worker runs this very function from its source text.
 */
function packBlocks(raw: Uint8Array, starts: Uint32Array, deflate: typeof deflateRawSync, level: number, dictionaryBytes: number): Packed {
  const parts: Buffer[] = [];
  const ends = new Uint32Array(Math.max(0, starts.length - 1));
  const [first, end] = starts.length ? [starts[0], starts[starts.length - 1]] : [0, 0];
  const dictionary = Buffer.from(raw.subarray(first, Math.min(end, first + dictionaryBytes)));
  let at = 0;
  for (let b = 0; b + 1 < starts.length; b++) {
    const part = deflate(raw.subarray(starts[b], starts[b + 1]), { level, dictionary });
    parts.push(part);
    at += part.length;
    ends[b] = at;
  }
  return { data: Buffer.concat(parts, at), ends, dictionary };
}

export const syncPacker: RecordPacker = {
  pack: (raw, starts, done) => done(packBlocks(raw, starts, deflateRawSync, PACK_LEVEL, DICTIONARY_BYTES)),
  allocate: (size) => Buffer.allocUnsafeSlow(size),
};

/** The worker's code: plain CommonJS around `packBlocks`, so that it runs the same from the sources and from the build. */
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { deflateRawSync } = require("node:zlib");
const packBlocks = ${packBlocks.toString()};
(${lowerThreadPriority.toString()})(require("node:os").setPriority, require("node:fs").readlinkSync);
parentPort.on("message", ({ id, shared, offset, length, starts }) => {
  const { data, ends, dictionary } = packBlocks(new Uint8Array(shared, offset, length), starts, deflateRawSync, ${PACK_LEVEL}, ${DICTIONARY_BYTES});
  // Moved rather than copied (a copy is megabytes of fresh memory on the main thread); views of Buffer's shared pool cannot move.
  const own = [data, ends, dictionary].filter((view) => view.byteLength === view.buffer.byteLength).map((view) => view.buffer);
  parentPort.postMessage({ id, data, ends, dictionary }, own);
});
`;

interface Reply {
  id: number;
  data: Uint8Array;
  ends: Uint32Array;
  dictionary: Uint8Array;
}

let worker: Worker | undefined;
let failed = false;
const waiting = new Map<number, (packed: Packed | undefined) => void>();
let nextId = 0;

function started(): Worker | undefined {
  if (worker || failed) return worker;
  try {
    worker = new Worker(WORKER_SOURCE, { eval: true });
  } catch {
    failed = true;
    return undefined;
  }
  worker.on("message", ({ id, data, ends, dictionary }: Reply) => {
    const done = waiting.get(id);
    waiting.delete(id);
    const bytes = (view: Uint8Array) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);
    done?.({ data: bytes(data), ends, dictionary: bytes(dictionary) });
  });
  // A failed worker packs nothing more: buffers waiting stay unpacked, which costs memory, not answers.
  worker.on("error", () => {
    failed = true;
    worker = undefined;
    const given = [...waiting.values()];
    waiting.clear();
    for (const done of given) done(undefined);
  });
  // After the listeners, which would hold the process open otherwise.
  worker.unref();
  return worker;
}

export const threadPacker: RecordPacker = {
  pack(raw, starts, done) {
    const thread = started();
    if (!thread || !(raw.buffer instanceof SharedArrayBuffer)) return done(undefined);
    const id = nextId++;
    waiting.set(id, done);
    thread.postMessage({ id, shared: raw.buffer, offset: raw.byteOffset, length: raw.byteLength, starts });
  },
  allocate: (size) => Buffer.from(new SharedArrayBuffer(size)),
};
