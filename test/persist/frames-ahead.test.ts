/**
 * Frames read ahead while the caller works on those before: the next frames are read without being
 * asked for, the heads after a large payload while it is still coming, a damaged frame fails where it lies (the frames before it handed over first, nothing left
 * unhandled), and closing waits for the read under way, after which nothing more is read.
 */
import { open, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FORMAT_VERSION, type SavedHeader } from "../../src/persist/format.js";
import { FrameReader, type Frame } from "../../src/persist/frames.js";
import { tempDir, writeFrames } from "./support.js";

const HEADER = { format: "forgesearch-index", version: FORMAT_VERSION } as unknown as SavedHeader;
/** Larger than a span: each such frame is one read of its own. */
const LARGE = 17 * 1024 * 1024;

/** A file of `count` large frames, and a spy on every read of any file handle (they share a prototype). */
async function largeFrames(count: number): Promise<{ path: string; reads: ReturnType<typeof vi.spyOn>; read: FileHandle["read"] }> {
  const frames: Frame[] = Array.from({ length: count }, (_, i) => ({ name: "data", meta: { i }, payload: Buffer.alloc(LARGE, i + 1) }));
  const path = join(await tempDir(), "large.index");
  await writeFrames(path, HEADER, frames);
  const probe = await open(path, "r");
  const handle = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  const read = handle.read;
  return { path, reads: vi.spyOn(handle, "read"), read };
}

/** Large frames whose payload reading began: the buffers of that size read into (each in pieces). */
const largeReads = (reads: ReturnType<typeof vi.spyOn>) => new Set(reads.mock.calls.map((call) => call[0] as Buffer).filter((into) => into.length === LARGE)).size;

/** Turns of the loop until `done` holds (at most `turns`). */
async function turnsUntil(done: () => boolean, turns = 500): Promise<void> {
  for (let i = 0; i < turns && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 1));
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("frames read ahead", () => {
  it("are read while the caller works on the frame before, unasked", async () => {
    const { path, reads } = await largeFrames(3);
    const file = await open(path, "r");
    try {
      const reader = new FrameReader(file, (await file.stat()).size);
      await reader.header([FORMAT_VERSION]);
      expect((await reader.next())?.meta.i).toBe(0);
      // The caller works on frame 0 (turns of the loop pass): frames 1 and 2 are read meanwhile.
      await turnsUntil(() => largeReads(reads) === 3);
      expect(largeReads(reads)).toBe(3);
      expect((await reader.next())?.meta.i).toBe(1);
      expect((await reader.next())?.meta.i).toBe(2);
      expect(await reader.next()).toBeUndefined();
      expect(await reader.next()).toBeUndefined();
    } finally {
      await file.close();
    }
  });

  it("read the next heads while a large payload is still coming", async () => {
    const { path, reads, read } = await largeFrames(4);
    // Large reads held back a while: the heads after them are read meanwhile, not after each payload.
    let largeUnderWay = 0;
    let headsMeanwhile = 0;
    reads.mockImplementation(async function (this: FileHandle, ...args: unknown[]) {
      const large = (args[0] as Buffer).length === LARGE;
      if (!large && largeUnderWay > 0) headsMeanwhile++;
      if (large) largeUnderWay++;
      try {
        if (large) await new Promise((resolve) => setTimeout(resolve, 30));
        return await (read as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } finally {
        if (large) largeUnderWay--;
      }
    } as FileHandle["read"]);
    const file = await open(path, "r");
    try {
      const reader = new FrameReader(file, (await file.stat()).size);
      await reader.header([FORMAT_VERSION]);
      for (let i = 0; i < 4; i++) expect((await reader.next())?.payload.equals(Buffer.alloc(LARGE, i + 1)), `frame ${i}`).toBe(true);
      expect(await reader.next()).toBeUndefined();
      expect(headsMeanwhile).toBeGreaterThanOrEqual(3);
    } finally {
      await file.close();
    }
  });

  it("fail at a damaged frame, after the frames before it, with nothing left unhandled", async () => {
    const frames: Frame[] = Array.from({ length: 4 }, (_, i) => ({ name: "data", meta: { i }, payload: Buffer.alloc(1000, i) }));
    const path = join(await tempDir(), "damaged.index");
    await writeFrames(path, HEADER, frames);
    // A byte of frame 2's payload changed: its checksum fails as it is read ahead.
    const file = await open(path, "r+");
    const { size } = await file.stat();
    const bytes = Buffer.alloc(size);
    await file.read(bytes, 0, size, 0);
    const at = bytes.indexOf(Buffer.alloc(1000, 2));
    await file.write(Buffer.of(7), 0, 1, at + 10);
    const unhandled = vi.fn();
    process.on("unhandledRejection", unhandled);
    try {
      const reader = new FrameReader(file, size);
      await reader.header([FORMAT_VERSION]);
      expect((await reader.next())?.meta.i).toBe(0);
      await turnsUntil(() => false, 20);
      expect((await reader.next())?.meta.i).toBe(1);
      await expect(reader.next()).rejects.toThrow(/frame 3 does not match its checksum/);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off("unhandledRejection", unhandled);
      await file.close();
    }
  });

  it("stop when closed: the read under way ends first, and none follows", async () => {
    const { path, reads, read } = await largeFrames(4);
    const file = await open(path, "r");
    // The reads of the first large payload go through; those of the next ones wait until released, so that one is under way when the reader closes.
    let firstPayload: Buffer | undefined;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let underWay = 0;
    reads.mockImplementation(async function (this: FileHandle, ...args: unknown[]) {
      const into = args[0] as Buffer;
      if (into.length === LARGE) firstPayload ??= into;
      underWay++;
      try {
        if (into.length === LARGE && into !== firstPayload) await released;
        return await (read as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      } finally {
        underWay--;
      }
    } as FileHandle["read"]);
    const reader = new FrameReader(file, (await file.stat()).size);
    await reader.header([FORMAT_VERSION]);
    expect((await reader.next())?.meta.i).toBe(0);
    await turnsUntil(() => underWay > 0);
    expect(underWay).toBeGreaterThan(0);
    let closed = false;
    const closing = reader.close().then(() => (closed = true));
    await turnsUntil(() => closed, 20);
    expect(closed).toBe(false);
    release();
    await closing;
    expect(underWay).toBe(0);
    const after = reads.mock.calls.length;
    await turnsUntil(() => false, 20);
    expect(reads.mock.calls.length).toBe(after);
    await expect(reader.next()).rejects.toThrow(/closed/);
    await file.close();
  });
});
