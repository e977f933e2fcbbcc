/**
 * Frames read back byte for byte whatever their size: small ones come out of the read-ahead, large
 * ones straight from the file, and a frame may begin inside the read-ahead and end past it.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FORMAT_VERSION, type SavedHeader } from "../../src/persist/format.js";
import { type Frame } from "../../src/persist/frames.js";
import { LASTING_SHARED_FROM } from "../../src/structures/lasting-memory.js";
import { framesOf, tempDir, writeFrames } from "./support.js";

/** Bytes that differ from frame to frame and along each frame, so that a shifted read shows. */
function payload(length: number, seed: number): Buffer {
  const out = Buffer.alloc(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("frames", () => {
  it("read back exactly, from a few bytes to several read-aheads and pieces, in any order of sizes", async () => {
    // From a few bytes to several pieces of 4 MB read at once (17 MB), the last piece short.
    const sizes = [3, 70_000, 65_535, 65_536, 1, 3_000_000, 5, 1_048_575, 1_048_577, 200_000, 0, 9, 17_000_001, 13];
    const frames: Frame[] = sizes.map((n, i) => ({ name: "data", meta: { i }, payload: payload(n, i + 1) }));
    const path = join(await tempDir(), "frames.index");
    const header = { format: "forgesearch-index", version: FORMAT_VERSION } as unknown as SavedHeader;
    await writeFrames(path, header, frames);
    const read = await framesOf(path);
    expect(read.frames.map((f) => f.meta.i)).toEqual(sizes.map((_, i) => i));
    read.frames.forEach((f, i) => {
      expect(f.payload.length).toBe(sizes[i]);
      expect(f.payload.equals(frames[i].payload)).toBe(true);
      // A payload is a buffer of its own, so that typed arrays can view it.
      expect(f.payload.byteOffset).toBe(0);
      // From LASTING_SHARED_FROM bytes on, in shared memory (see the next test).
      expect(f.payload.buffer instanceof SharedArrayBuffer, `${sizes[i]} bytes`).toBe(sizes[i] >= LASTING_SHARED_FROM);
    });
  });

  it("read large payloads into memory that does not count as the heap's external memory", async () => {
    // V8 starts a full collection after every 64 MB or so of new external memory: a file of 48 MB read
    // into ordinary buffers would count 48 MB.
    const sizes = [16, 16, 16].map((mb) => mb * 1024 * 1024);
    const frames: Frame[] = sizes.map((n, i) => ({ name: "data", meta: { i }, payload: Buffer.alloc(n, i + 1) }));
    const path = join(await tempDir(), "large.index");
    await writeFrames(path, { format: "forgesearch-index", version: FORMAT_VERSION } as unknown as SavedHeader, frames);
    // The frames written are held, so that a collection during the read cannot free 48 MB of them and hide an increase.
    const before = process.memoryUsage().external;
    const read = await framesOf(path);
    const after = process.memoryUsage().external;
    expect(read.frames.map((f, i) => f.payload.equals(frames[i].payload))).toEqual([true, true, true]);
    expect(after - before).toBeLessThan(8 * 1024 * 1024);
  });

  it("read small frames ahead into one buffer again and again", async () => {
    // 800 frames of 3 KB: the read-ahead of a megabyte is filled at least twice.
    const frames: Frame[] = Array.from({ length: 800 }, (_, i) => ({ name: "data", meta: { i }, payload: payload(3_000, i + 1) }));
    const path = join(await tempDir(), "small.index");
    await writeFrames(path, { format: "forgesearch-index", version: FORMAT_VERSION } as unknown as SavedHeader, frames);
    const allocations = vi.spyOn(Buffer, "allocUnsafeSlow");
    const read = await framesOf(path);
    expect(read.frames.every((f, i) => f.payload.equals(frames[i].payload))).toBe(true);
    expect(allocations.mock.calls.filter(([size]) => size >= 1024 * 1024)).toHaveLength(1);
  });

  it("check a frame of several checksum slices over all its bytes, the last slice included", async () => {
    const size = 9 * 1024 * 1024 + 7;
    const frames: Frame[] = [{ name: "data", meta: { i: 0 }, payload: payload(size, 3) }];
    const path = join(await tempDir(), "frames.index");
    const header = { format: "forgesearch-index", version: FORMAT_VERSION } as unknown as SavedHeader;
    await writeFrames(path, header, frames);
    const read = await framesOf(path);
    expect(read.frames[0].payload.equals(frames[0].payload)).toBe(true);
    // One byte changed in the third slice of 4 MB: the file's last bytes are the end frame and the checksum.
    const bytes = await readFile(path);
    bytes[bytes.length - 1024] ^= 0x40;
    await writeFile(path, bytes);
    await expect(framesOf(path)).rejects.toThrow(/does not match its checksum/);
  });
});
