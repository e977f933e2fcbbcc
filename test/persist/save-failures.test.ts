/**
 * A save that fails, whatever the cause, rejects with a SavedIndexError (`problem: "write"`, the
 * cause attached), leaves no temporary file behind, and leaves an index saved before untouched.
 */
import { mkdir, readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SavedIndexError, SearchEngine } from "../../src/index.js";
import { saveIndex } from "../../src/persist/index.js";
import { tempDir } from "./support.js";

let engine: SearchEngine;

beforeAll(() => {
  engine = new SearchEngine({ rateLimit: false });
  engine.add("users", { login: "octocat", id: 1, type: "User", name: "The Octocat" });
});

async function failureOf(save: Promise<unknown>): Promise<SavedIndexError> {
  const error = await save.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SavedIndexError);
  expect((error as SavedIndexError).problem).toBe("write");
  return error as SavedIndexError;
}

describe("a failed save", () => {
  it("records that fail while written are a SavedIndexError, not a raw RangeError, and the earlier index stays", async () => {
    const dir = await tempDir();
    await engine.save(dir);
    // Records are kept as JSON text, so nothing the store holds fails to write; a failing source stands in for any such failure.
    const failing = {
      count: 1,
      *[Symbol.iterator](): Generator<[string, string, null]> {
        throw new RangeError("Maximum call stack size exceeded");
      },
    };
    const error = await failureOf(saveIndex(dir, { records: [{ kind: "users", entries: failing }], collections: [] }));
    expect(error.cause).toBeInstanceOf(RangeError);
    expect(await readdir(dir)).toEqual(["forgesearch.index"]);
    const opened = await SearchEngine.open(dir, { rateLimit: false });
    expect(opened.counts().users).toBe(1);
  });

  it("a failed rename (a folder where the file goes) leaves no temporary file", async () => {
    const dir = await tempDir();
    await mkdir(join(dir, "forgesearch.index"));
    await writeFile(join(dir, "forgesearch.index", "keep"), "x");
    const error = await failureOf(engine.save(dir));
    expect((error.cause as NodeJS.ErrnoException).syscall).toBe("rename");
    expect((await readdir(dir)).sort()).toEqual(["forgesearch.index"]);
    expect(await readdir(join(dir, "forgesearch.index"))).toEqual(["keep"]);
  });

  it("a folder that cannot be made (a file in its place)", async () => {
    const parent = await tempDir();
    await writeFile(join(parent, "taken"), "x");
    await failureOf(engine.save(join(parent, "taken")));
    expect(await readdir(parent)).toEqual(["taken"]);
  });

  it("a write failing part-way (an index state that cannot be written) leaves no temporary file", async () => {
    const dir = await tempDir();
    const broken = { get kind(): never { throw new Error("state unavailable"); } };
    const spec = { kind: "users", source: "users", textFields: [], columns: [] };
    await failureOf(saveIndex(dir, { records: [], collections: [{ spec, state: broken }] } as never));
    expect(await readdir(dir)).toEqual([]);
  });
});
