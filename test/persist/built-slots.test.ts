/**
 * Each kind's slots saved as built (format 12): the table of keys as the collection holds it and each
 * slot's record as its row in the saved table of its kind, taken as they lie at an open. The keys are
 * the records' own; an index saved with slots let go (and their keys' bytes) opens and goes on
 * changing as the engine that saved it; format 11's list of keys still opens; rows that do not name
 * each record once are damage. Positions go in two bytes where a chunk's all fit (format 13).
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import type { SavedHeader } from "../../src/persist/format.js";
import { INDEX_FILE } from "../../src/persist/format.js";
import type { Frame } from "../../src/persist/frames.js";
import { SavedIndexError } from "../../src/persist/index.js";
import { answers, asFormat11, asFormat12, builtSlotKeys, FIXED, framesOf, openFrames, savedSample, tableKeys, tempDir } from "./support.js";

let header: SavedHeader;
let frames: Frame[];
let expected: string[];

beforeAll(async () => {
  ({ header, frames, expected } = await savedSample());
});

/** The frame index of the rows' data frame of the issues' slots. */
function issueRowsAt(): number {
  const collection = frames.findIndex((f) => f.name === "collection" && f.meta.kind === "issues");
  return frames.findIndex((f, i) => i > collection && f.meta.of === "slots.rows") + 1;
}

/** The frames with the issues' rows changed by `edit`. */
function withRows(edit: (rows: Uint32Array) => void): Frame[] {
  const at = issueRowsAt();
  const rows = new Uint32Array(frames[at].payload.buffer.slice(frames[at].payload.byteOffset, frames[at].payload.byteOffset + frames[at].payload.length));
  edit(rows);
  return frames.map((f, i) => (i === at ? { ...f, payload: Buffer.from(rows.buffer) } : f));
}

describe("slots saved as built", () => {
  it("hold, for every kind, the keys of the records of its kind and no list of keys", () => {
    expect(frames.some((f) => f.name === "strings" && f.meta.of === "keys")).toBe(false);
    const collections = frames.flatMap((f, i) => (f.name === "collection" ? [i] : []));
    expect(collections.length).toBe(header.collections.length);
    for (const at of collections) {
      const { source } = frames[at].meta.slots as { source: string };
      const stored = frames.filter((f) => f.name === "table" && f.meta.kind === source).flatMap(tableKeys);
      const { keys } = builtSlotKeys(frames, at);
      expect(keys.length, String(frames[at].meta.kind)).toBe(frames[at].meta.capacity);
      expect(keys.filter((k) => k !== null).sort(), String(frames[at].meta.kind)).toEqual(stored.sort());
      expect(stored.length, String(frames[at].meta.kind)).toBeGreaterThan(0);
    }
  });

  it("in format 11's list of keys open and answer the same", async () => {
    const old = asFormat11(frames);
    expect(old.filter((f) => f.name === "strings" && f.meta.of === "keys").length).toBe(header.collections.length);
    const engine = await openFrames(header, old, 11);
    expect(engine).toBeInstanceOf(SearchEngine);
    expect(await answers(engine as SearchEngine)).toEqual(expected);
  });

  it("saved with slots let go, open and change as the engine that saved them", async () => {
    const live = new SearchEngine(FIXED);
    await live.load("data/sample");
    // Indexed first, so that the removals let slots and their keys' bytes go.
    await answers(live);
    for (const key of ["github/hub#822", "github/hub#823"]) expect(live.remove("issues", key)).toBe(true);
    const dir = await tempDir();
    await live.save(dir);
    const saved = await framesOf(join(dir, INDEX_FILE));
    const collection = saved.frames.findIndex((f) => f.name === "collection" && f.meta.kind === "issues");
    expect((saved.frames[collection].meta.free as number[]).length).toBeGreaterThan(0);
    const freed = saved.frames.findIndex((f, i) => i > collection && f.meta.of === "slots.freed");
    expect(saved.frames[freed].meta.length).toBeGreaterThan(0);

    const opened = await SearchEngine.open(dir, FIXED);
    for (const engine of [live, opened]) {
      engine.add("issues", { number: 901, title: "A crash once more", body: "windows", repository: "github/hub", id: 901901, state: "open", user: { login: "mdo" } });
      engine.add("issues", { number: 822, title: "Back again", body: "error", repository: "github/hub", id: 822822, state: "closed" });
    }
    const more = [...["crash", "error", "windows", "repo:github/hub", "is:closed"].map((q) => ({ kind: "issues" as const, params: { q } }))];
    expect(await answers(opened, more)).toEqual(await answers(live, more));
    expect(await answers(opened)).toEqual(await answers(live));
  });

  it("whose rows name a record past the table, one record twice, or a key without a record, are damaged", async () => {
    const cases: Array<[string, (rows: Uint32Array) => void, RegExp]> = [
      ["past the table", (rows) => (rows[0] = 1_000_000), /past the table or named twice/],
      ["twice", (rows) => (rows[1] = rows[0]), /past the table or named twice/],
      ["a key without a record", (rows) => (rows[0] = 0xffffffff), /a key without a record/],
    ];
    for (const [what, edit, message] of cases) {
      const error = await openFrames(header, withRows(edit));
      expect(error, what).toBeInstanceOf(SavedIndexError);
      expect((error as SavedIndexError).problem, what).toBe("corrupt");
      expect(String(error), what).toMatch(message);
    }
    const at = frames.findIndex((f) => f.name === "collection" && f.meta.kind === "issues");
    const unknown = frames.map((f, i) => (i === at ? { ...f, meta: { ...f.meta, slots: { ...(f.meta.slots as object), source: "gists" } } } : f));
    expect(String(await openFrames(header, unknown))).toMatch(/the slots name no kind of records/);
    // Another kind's records are refused before any row is read.
    const other = frames.map((f, i) => (i === at ? { ...f, meta: { ...f.meta, slots: { ...(f.meta.slots as object), source: "repositories" } } } : f));
    expect(String(await openFrames(header, other))).toMatch(/the slots of issues name records of repositories/);
  });
});

describe("positions saved in two bytes", () => {
  it("where all of a chunk's fit, and in format 12's four bytes open and answer the same", async () => {
    const positions = frames.flatMap((f, i) => (f.name === "chunks" && String(f.meta.of).startsWith("positions.") ? [i] : []));
    expect(positions.length).toBeGreaterThan(0);
    for (const at of positions) expect(frames[at + 1].meta.type, String(frames[at].meta.of)).toBe("u16");
    const old = asFormat12(frames);
    expect(old.some((f) => f.name === "data" && f.meta.type === "u16")).toBe(false);
    const engine = await openFrames(header, old, 12);
    expect(engine).toBeInstanceOf(SearchEngine);
    expect(await answers(engine as SearchEngine)).toEqual(expected);
  });

  it("whose bytes do not make whole positions are damaged", async () => {
    const at = frames.findIndex((f) => f.name === "chunks" && String(f.meta.of).startsWith("positions.")) + 1;
    const cut = frames.map((f, i) => (i === at ? { ...f, payload: f.payload.subarray(0, f.payload.length - 1) } : f));
    const error = await openFrames(header, cut);
    expect((error as SavedIndexError).problem).toBe("corrupt");
    expect(String(error)).toMatch(/positions\.\w+ has the wrong length/);
  });
});
