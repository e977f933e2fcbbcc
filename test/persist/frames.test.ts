/**
 * Frames read back byte for byte whatever their size: those that fit a span of the file read in one
 * go are parts of it, a frame may begin inside a span and end past it, the largest are read on their
 * own; every payload lies at a multiple of 8 of its memory, a file's payloads written there and an
 * older file's (anywhere) copied there.
 */
import { open, readFile, writeFile, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FORMAT_VERSION, type SavedHeader } from "../../src/persist/format.js";
import { crc32 } from "../../src/persist/checksum.js";
import { FrameWriter, PAYLOAD_ALIGN, type Frame } from "../../src/persist/frames.js";
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

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("frames", () => {
  it("read back exactly, from a few bytes to past a span, in any order of sizes", async () => {
    const sizes = [3, 70_000, 65_535, 65_536, 1, 3_000_000, 5, 1_048_575, 1_048_577, 200_000, 0, 9, 7_000_000, 9_000_001, 17_000_000, 13, 6_000_000];
    const frames: Frame[] = sizes.map((n, i) => ({ name: "data", meta: { i }, payload: payload(n, i + 1) }));
    const path = join(await tempDir(), "frames.index");
    const header = { format: "forgesearch-index", version: FORMAT_VERSION } as unknown as SavedHeader;
    await writeFrames(path, header, frames);
    const read = await framesOf(path);
    expect(read.frames.map((f) => f.meta.i)).toEqual(sizes.map((_, i) => i));
    read.frames.forEach((f, i) => {
      expect(f.payload.length).toBe(sizes[i]);
      expect(f.payload.equals(frames[i].payload)).toBe(true);
      // Typed arrays of any width can view a payload where it lies, in shared memory (see the next test).
      expect(f.payload.byteOffset % PAYLOAD_ALIGN, `${sizes[i]} bytes`).toBe(0);
      expect(f.payload.buffer instanceof SharedArrayBuffer, `${sizes[i]} bytes`).toBe(true);
    });
  });

  it("of an older file, whose payloads lie anywhere, are copied to multiples of 8", async () => {
    const sizes = [3, 70_000, 5, 1_000, 9];
    const path = join(await tempDir(), "unaligned.index");
    const file = await open(path, "w");
    // The header as written today, then frames laid out as before: no spaces after their meta.
    const writer = new FrameWriter(file);
    await writer.header(FORMAT_VERSION, { format: "forgesearch-index", version: FORMAT_VERSION } as unknown as SavedHeader);
    const frame = (name: string, meta: object, body: Buffer) => {
      const [nameBytes, metaBytes] = [Buffer.from(name), Buffer.from(JSON.stringify(meta))];
      const length = Buffer.alloc(8);
      length.writeBigUInt64LE(BigInt(body.length));
      const head = Buffer.concat([u32(nameBytes.length), nameBytes, u32(metaBytes.length), metaBytes, length, body]);
      return Buffer.concat([head, u32(crc32(head, 0))]);
    };
    const bodies = sizes.map((n, i) => payload(n, i + 7));
    await file.write(Buffer.concat([...bodies.map((body, i) => frame("data", { i }, body)), frame("end", { frames: sizes.length }, Buffer.alloc(0))]));
    await file.close();
    const read = await framesOf(path);
    expect(read.frames.map((f) => f.payload.byteOffset % PAYLOAD_ALIGN)).toEqual(sizes.map(() => 0));
    expect(read.frames.every((f, i) => f.payload.equals(bodies[i]))).toBe(true);
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

  it("read many small frames in a few reads of the file", async () => {
    // 800 frames of 3 KB: one span. Read each part by part, they were thousands of reads, each waiting
    // for a turn of the loop while an open's steps held it.
    const frames: Frame[] = Array.from({ length: 800 }, (_, i) => ({ name: "data", meta: { i }, payload: payload(3_000, i + 1) }));
    const path = join(await tempDir(), "small.index");
    await writeFrames(path, { format: "forgesearch-index", version: FORMAT_VERSION } as unknown as SavedHeader, frames);
    const probe = await open(path, "r");
    const handle = Object.getPrototypeOf(probe) as FileHandle;
    await probe.close();
    const reads = vi.spyOn(handle, "read");
    const read = await framesOf(path);
    expect(read.frames.every((f, i) => f.payload.equals(frames[i].payload))).toBe(true);
    expect(reads.mock.calls.length).toBeLessThanOrEqual(4);
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
