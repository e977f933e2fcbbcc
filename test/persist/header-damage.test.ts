/**
 * Damage to a saved index's header is "corrupt", never "version": the header carries its own
 * checksum, so only a well-formed header naming another format version reads as another version.
 * The saved index here is small (a few records), so that every bit of its header can be flipped.
 */
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SavedIndexError, SearchEngine } from "../../src/index.js";
import { headerBytes, tempDir } from "./support.js";

let saved: Buffer;
let dir: string;

beforeAll(async () => {
  const engine = new SearchEngine({ rateLimit: false });
  engine.add("users", { login: "octocat", id: 1, type: "User", name: "The Octocat" });
  engine.add("repositories", { id: 2, full_name: "octocat/hello", name: "hello", owner: { login: "octocat" }, private: false, description: "hi" });
  const source = await tempDir();
  await engine.save(source);
  saved = await readFile(join(source, "forgesearch.index"));
  dir = await tempDir();
});

/** The problem opening `bytes` reports ("ok" when it opens). */
async function problemOf(bytes: Buffer): Promise<string> {
  await writeFile(join(dir, "forgesearch.index"), bytes);
  try {
    await SearchEngine.open(dir);
    return "ok";
  } catch (error) {
    expect(error).toBeInstanceOf(SavedIndexError);
    return (error as SavedIndexError).problem;
  }
}

describe("a damaged header", () => {
  it("the undamaged file opens", async () => {
    expect(await problemOf(saved)).toBe("ok");
  });

  it("a flipped bit anywhere in the header (magic, version, length, JSON, checksum) is corrupt", async () => {
    const end = headerBytes(saved);
    const seen = new Map<string, number>();
    // Every bit of the fixed fields (magic, version, length) and of the checksum; one bit of every third byte of the JSON.
    const fixed = (at: number) => at < 16 || at >= end - 4;
    for (let at = 0; at < end; at++) {
      if (!fixed(at) && at % 3 !== 0) continue;
      for (const bit of fixed(at) ? [0, 1, 2, 3, 4, 5, 6, 7] : [at % 8]) {
        const bytes = Buffer.from(saved);
        bytes[at] ^= 1 << bit;
        const problem = await problemOf(bytes);
        seen.set(problem, (seen.get(problem) ?? 0) + 1);
        if (problem !== "corrupt") expect.fail(`flipping bit ${bit} of header byte ${at} gave "${problem}"`);
      }
    }
    expect([...seen.keys()]).toEqual(["corrupt"]);
  });
});
