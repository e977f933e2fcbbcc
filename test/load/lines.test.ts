import { open, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { CHUNK_BYTES, readLines, splitLines } from "../../src/load/lines.js";
import { tempDump } from "./temp-dump.js";

async function collect(path: string, chunkBytes?: number): Promise<Array<[number, string]>> {
  const lines: Array<[number, string]> = [];
  for await (const line of readLines(path, { chunkBytes })) lines.push([line.number, line.text]);
  return lines;
}

async function fileWith(content: string | Buffer): Promise<string> {
  const dir = await tempDump({ "f.ndjson": content });
  return join(dir, "f.ndjson");
}

/** A file of 100 lines of ten digits, and the file handles' shared prototype with its own `read`, for a spy on every read. */
async function fileOfTenDigitLines(): Promise<{ path: string; handle: FileHandle; read: (...args: unknown[]) => Promise<unknown> }> {
  const path = await fileWith("0123456789\n".repeat(100));
  const probe = await open(path, "r");
  const handle = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  return { path, handle, read: handle.read as (...args: unknown[]) => Promise<unknown> };
}

describe("readLines", () => {
  it("gives the same lines from a reused buffer as from fresh ones, lines straddling chunks included", async () => {
    const text = Array.from({ length: 300 }, (_, i) => `{"n":${i},"t":"${"é×".repeat(i % 17)}"}`).join("\n");
    const bytes = Buffer.from(text);
    for (const size of [1, 3, 7, 64, 1000]) {
      const reused = Buffer.alloc(size);
      async function* chunks(): AsyncGenerator<Buffer> {
        for (let at = 0; at < bytes.length; at += size) {
          const n = bytes.copy(reused, 0, at, at + size);
          yield reused.subarray(0, n);
          // What the reader does next: overwrite the buffer.
          reused.fill(0x41);
        }
      }
      const lines: string[] = [];
      for await (const line of splitLines(chunks())) lines.push(line.text);
      expect(lines).toEqual(text.split("\n"));
    }
    expect((await collect(await fileWith(text), 5)).map(([, t]) => t)).toEqual(text.split("\n"));
  });

  it("numbers lines from 1 and keeps empty ones", async () => {
    expect(await collect(await fileWith("a\n\nb\n"))).toEqual([
      [1, "a"],
      [2, ""],
      [3, "b"],
    ]);
  });

  it("yields a last line that has no line ending", async () => {
    expect(await collect(await fileWith("a\nb"))).toEqual([
      [1, "a"],
      [2, "b"],
    ]);
  });

  it("drops CR of CRLF endings, also when CR and LF fall in different chunks", async () => {
    const path = await fileWith("ab\r\ncd\r\nef");
    for (const chunkBytes of [1, 2, 3, 64]) {
      expect(await collect(path, chunkBytes)).toEqual([
        [1, "ab"],
        [2, "cd"],
        [3, "ef"],
      ]);
    }
  });

  it("joins a multi-byte character cut by a chunk boundary", async () => {
    const text = "Reykjavík ☃ 𝄞";
    const path = await fileWith(`${text}\n${text}\n`);
    for (const chunkBytes of [1, 3, 5, 7]) {
      expect((await collect(path, chunkBytes)).map(([, line]) => line)).toEqual([text, text]);
    }
  });

  it("drops a byte-order mark at the start of the file only", async () => {
    expect((await collect(await fileWith("\uFEFFa\n\uFEFFb\n"))).map(([, line]) => line)).toEqual(["a", "\uFEFFb"]);
  });

  it("reads lines longer than a chunk and files of many chunks", async () => {
    const long = "x".repeat(CHUNK_BYTES * 2 + 17);
    const short = Array.from({ length: 5000 }, (_, i) => `line ${i}`);
    const path = await fileWith([long, ...short, long].join("\n"));
    const lines = (await collect(path)).map(([, line]) => line);
    expect(lines).toEqual([long, ...short, long]);
  });

  it("reads the next chunk while the caller works on one, and closes the file after that read when the caller stops", async () => {
    const { path, handle, read } = await fileOfTenDigitLines();
    const events: string[] = [];
    let reader: FileHandle | undefined;
    const reads = vi.spyOn(handle, "read").mockImplementation(async function (this: FileHandle, ...args: unknown[]) {
      reader = this;
      events.push("read");
      const done = await read.apply(this, args);
      // Still open when its read ends.
      events.push(`read done, fd open ${this.fd >= 0}`);
      return done;
    } as FileHandle["read"]);
    try {
      for await (const line of readLines(path, { chunkBytes: 64 })) {
        expect(line.text).toBe("0123456789");
        // The first chunk's lines are handed over while the second chunk is being read.
        expect(events).toEqual(["read", "read done, fd open true", "read"]);
        break;
      }
      expect(events).toEqual(["read", "read done, fd open true", "read", "read done, fd open true"]);
      expect(reader!.fd).toBe(-1);
    } finally {
      reads.mockRestore();
    }
  });

  it("throws a read that failed while the caller worked on the chunk before where the next chunk is asked for", async () => {
    const { path, handle, read } = await fileOfTenDigitLines();
    let reads = 0;
    const failing = vi.spyOn(handle, "read").mockImplementation(function (this: FileHandle, ...args: unknown[]) {
      return ++reads === 2 ? Promise.reject(new Error("disk gone")) : read.apply(this, args);
    } as FileHandle["read"]);
    const seen: string[] = [];
    try {
      const reading = (async () => {
        for await (const line of readLines(path, { chunkBytes: 64 })) {
          seen.push(line.text);
          // The failed read settles while the first chunk's lines are still being worked on.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      await expect(reading).rejects.toThrow("disk gone");
      expect(seen).toEqual(Array(5).fill("0123456789"));
    } finally {
      failing.mockRestore();
    }
  });

  it("reports the size of every chunk it reads", async () => {
    const content = "0123456789\n".repeat(100);
    const path = await fileWith(content);
    const chunks: number[] = [];
    for await (const _ of readLines(path, { chunkBytes: 64, onChunk: (n) => chunks.push(n) })) void _;
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(content.length);
  });
});
