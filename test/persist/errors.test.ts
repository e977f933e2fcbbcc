/**
 * Opening what is not a good saved index: missing, another format version,
 * another shape of kinds, or damaged (flipped bytes, cut short, not an index at
 * all). Each rejects with a SavedIndexError naming the problem; none crashes.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SavedIndexError, SearchEngine } from "../../src/index.js";
import { FORMAT_VERSION } from "../../src/persist/index.js";
import { tempDir } from "./support.js";

let saved: Buffer;

beforeAll(async () => {
  const engine = new SearchEngine({ rateLimit: false });
  await engine.load("data/sample");
  const dir = await tempDir();
  await engine.save(dir);
  saved = await readFile(join(dir, "forgesearch.index"));
});

/** Writes `bytes` as a saved index and opens it. */
async function openBytes(bytes: Buffer): Promise<unknown> {
  const dir = await tempDir();
  await writeFile(join(dir, "forgesearch.index"), bytes);
  return SearchEngine.open(dir).then(
    () => undefined,
    (error: unknown) => error,
  );
}

function expectProblem(error: unknown, problem: string): void {
  expect(error).toBeInstanceOf(SavedIndexError);
  expect((error as SavedIndexError).problem).toBe(problem);
  expect((error as SavedIndexError).path).toMatch(/forgesearch\.index$/);
}

describe("opening a bad saved index", () => {
  it("the saved bytes themselves open", async () => {
    expect(await openBytes(saved)).toBeUndefined();
  });

  it("no saved index in the folder", async () => {
    const error = await SearchEngine.open(await tempDir()).catch((e: unknown) => e);
    expectProblem(error, "missing");
    expect(String(error)).toMatch(/no saved index/);
  });

  it("a folder that does not exist", async () => {
    expectProblem(await SearchEngine.open(join(await tempDir(), "nowhere")).catch((e: unknown) => e), "missing");
  });

  it("another format version", async () => {
    const bytes = Buffer.from(saved);
    bytes.writeUInt32LE(FORMAT_VERSION + 1, 8);
    const error = await openBytes(bytes);
    expectProblem(error, "version");
    expect(String(error)).toMatch(new RegExp(`format version ${FORMAT_VERSION + 1}.*reads format version ${FORMAT_VERSION}`));
  });

  it("kinds saved with other columns", async () => {
    // The header names each kind's fields and columns; one renamed column makes the index unusable.
    const text = saved.toString("latin1");
    const at = text.indexOf(",state:keyword");
    expect(at).toBeGreaterThan(0);
    const bytes = Buffer.from(saved);
    bytes.write(",stat3:keyword", at, "latin1");
    expectProblem(await openBytes(bytes), "version");
  });

  it("not a saved index at all", async () => {
    expectProblem(await openBytes(Buffer.from('{"login":"octocat"}\n')), "corrupt");
    expectProblem(await openBytes(Buffer.alloc(0)), "corrupt");
  });

  it("a file cut short, anywhere", async () => {
    for (const fraction of [0.001, 0.1, 0.5, 0.9, 0.999]) {
      expectProblem(await openBytes(saved.subarray(0, Math.floor(saved.length * fraction))), "corrupt");
    }
    expectProblem(await openBytes(saved.subarray(0, saved.length - 1)), "corrupt");
  });

  it("a flipped byte, anywhere past the header", async () => {
    const headerEnd = 16 + saved.readUInt32LE(12);
    for (const fraction of [0, 0.05, 0.3, 0.6, 0.95]) {
      const bytes = Buffer.from(saved);
      const at = headerEnd + Math.floor((saved.length - headerEnd - 1) * fraction);
      bytes[at] ^= 0x20;
      expectProblem(await openBytes(bytes), "corrupt");
    }
  });

  it("a damaged header", async () => {
    const bytes = Buffer.from(saved);
    bytes[20] = 0x7b; // a brace inside the header's JSON
    expectProblem(await openBytes(bytes), "corrupt");
    const wrongMagic = Buffer.from(saved);
    wrongMagic[0] = 0x58;
    expectProblem(await openBytes(wrongMagic), "corrupt");
  });

  it("bytes after the end", async () => {
    expectProblem(await openBytes(Buffer.concat([saved, Buffer.from("extra")])), "corrupt");
  });
});
