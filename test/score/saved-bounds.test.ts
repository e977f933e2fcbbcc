/**
 * Block bounds and frequencies kept by a save (src/score/saved-bounds.ts): an open takes them when
 * computing them anew would give the same, and they then equal what a fresh computation gives;
 * another `b` or another least document count computes them anew; a removal before the save leaves
 * out the frequencies of the lists it changed, so that an opened engine scores as one that never
 * saved; damaged bounds are refused as a damaged index.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Collection } from "../../src/index/collection.js";
import { SearchEngine, type SearchEngineOptions } from "../../src/index.js";
import { SavedIndexError } from "../../src/persist/index.js";
import { maximaOf } from "../../src/score/block-maxima.js";
import { ndjson } from "../load/temp-dump.js";
import { asFormat10, framesOf, writeFrames } from "../persist/support.js";
import type { Frame } from "../../src/persist/frames.js";
import type { SavedHeader } from "../../src/persist/format.js";

const WORDS = ["rocket", "launch", "pad", "tower", "fuel", "tank", "orbit", "crew"];
const repo = { id: 1, name: "open", full_name: "acme/open", owner: { login: "acme", id: 1, type: "Organization" }, private: false };
const issue = (number: number) => ({
  id: number,
  number,
  title: `${WORDS[number % 8]} ${WORDS[(number * 3) % 8]}`,
  body: Array.from({ length: 1 + (number % 9) }, (_, i) => WORDS[(number * (i + 1)) % 7]).join(" "),
  state: number % 5 ? "open" : "closed",
  repository_url: "https://api.github.com/repos/acme/open",
  user: { login: number % 2 ? "ann" : "bob", id: 10 + (number % 2) },
  comments: number % 3,
  reactions: { total_count: number % 7 },
});
/** Bounds for every term (one document is enough), as the tests of the bounds keep them. */
const KEEP_ALL: SearchEngineOptions = { rateLimit: false, termBoundsFrom: 1, now: () => Date.UTC(2025, 0, 1) };
const QUERIES = ["fuel", "fuel orbit", "launch OR crew", "tank in:title", "pad tower author:ann", "rocket is:open"];

const collectionOf = (engine: SearchEngine) => engine["collections"].get("issues") as Collection;

/** Per field name: each bounded term's shares, and each kept term's frequencies, by term. */
function keptOf(engine: SearchEngine) {
  const collection = collectionOf(engine);
  const kept = maximaOf(collection, engine.ranking.issues)!;
  const out: Record<string, { shares: Record<string, number[]>; frequencies: Record<string, number[]> }> = {};
  for (const [field, maxima] of kept.fields) {
    const shares: Record<string, number[]> = {};
    maxima.tableOf.forEach((t, id) => {
      if (t) shares[collection.termOf(id)] = [...maxima.tables[t - 1]];
    });
    const frequencies: Record<string, number[]> = {};
    for (const [id, term] of kept.impacts?.fields.get(field) ?? []) frequencies[collection.termOf(id)] = [...term.frequencies];
    out[field.spec.name] = { shares, frequencies };
  }
  return out;
}

async function answersOf(engine: SearchEngine): Promise<unknown[]> {
  const out = [];
  for (const q of QUERIES) out.push((await engine.search("issues", { q, per_page: 20 })).items.map((i) => [i.number, i.score]));
  return out;
}

let dir: string;
let loaded: SearchEngine;
let header: SavedHeader;
let frames: Frame[];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "forgesearch-bounds-"));
  // Three blocks of slots.
  await writeFile(join(dir, "repositories.ndjson"), ndjson([repo]));
  await writeFile(join(dir, "issues.ndjson"), ndjson(Array.from({ length: 2500 }, (_, i) => issue(i + 1))));
  loaded = new SearchEngine(KEEP_ALL);
  await loaded.load(dir);
  await loaded.save(join(dir, "saved"));
  ({ header, frames } = await framesOf(join(dir, "saved", "forgesearch.index")));
});

afterAll(() => rm(dir, { recursive: true, force: true }));

let opens = 0;

/** Opens `edited` frames under the saved header with `options`; an open refused gives its SavedIndexError. */
async function openEdited(edited: Frame[], options = KEEP_ALL, version?: number): Promise<SearchEngine | SavedIndexError> {
  const path = join(dir, `edited-${++opens}`);
  await mkdir(path);
  await writeFrames(join(path, "forgesearch.index"), header, edited, version);
  return SearchEngine.open(path, options).catch((error: unknown) => {
    if (error instanceof SavedIndexError) return error;
    throw error;
  });
}

/** The frames with the `bounds.<field>.<part>` section of the issues' bounds changed by `edit` (its meta and data frames). */
function editSection(part: string, edit: (section: Frame[]) => Frame[]): Frame[] {
  const bounds = frames.findIndex((f) => f.name === "bounds" && frames.slice(0, frames.indexOf(f)).some((c) => c.name === "collection" && c.meta.kind === "issues"));
  const at = frames.findIndex((f, i) => i > bounds && f.meta.of === `bounds.body.${part}`);
  let end = at + 1;
  while (frames[end].name === "data") end++;
  return [...frames.slice(0, at), ...edit(frames.slice(at, end)), ...frames.slice(end)];
}

describe("bounds kept by a save", () => {
  it("are written after each kind's index, and taken by an open as computing them would give them", async () => {
    expect(frames.filter((f) => f.name === "bounds").length).toBeGreaterThan(1);
    const opened = await SearchEngine.open(join(dir, "saved"), KEEP_ALL);
    const expected = keptOf(loaded);
    expect(Object.keys(expected.body.shares).length).toBeGreaterThan(5);
    expect(Object.keys(expected.body.frequencies).length).toBeGreaterThan(5);
    expect(keptOf(opened)).toEqual(expected);
    expect(await answersOf(opened)).toEqual(await answersOf(loaded));
  });

  it("are what the open keeps: shares raised in the file are the shares kept, and answers do not change", async () => {
    // Higher shares are still bounds: taken, they show; computed anew, they would not.
    const raised = editSection("shares", (section) => section.map((f) => (f.name === "data" ? { ...f, payload: Buffer.from(new Float32Array(f.payload.length / 4).fill(1e6).buffer) } : f)));
    const opened = (await openEdited(raised)) as SearchEngine;
    expect(opened).toBeInstanceOf(SearchEngine);
    expect(Object.values(keptOf(opened).body.shares).every((shares) => shares.every((s) => s === 1e6))).toBe(true);
    expect(await answersOf(opened)).toEqual(await answersOf(loaded));
  });

  it("are computed at the open of an index saved without them (format 10)", async () => {
    const old = asFormat10(frames);
    expect(old.length).toBeLessThan(frames.length);
    expect(old.some((f) => f.name === "bounds" || String(f.meta.of).startsWith("bounds."))).toBe(false);
    const opened = (await openEdited(old, KEEP_ALL, 10)) as SearchEngine;
    expect(keptOf(opened)).toEqual(keptOf(loaded));
    expect(await answersOf(opened)).toEqual(await answersOf(loaded));
  });

  it("are computed anew under another b or another least document count", async () => {
    const raised = editSection("shares", (section) => section.map((f) => (f.name === "data" ? { ...f, payload: Buffer.from(new Float32Array(f.payload.length / 4).fill(1e6).buffer) } : f)));
    const otherB = { ...KEEP_ALL, ranking: { issues: { fields: { body: { b: 0.5 } } } } };
    for (const options of [otherB, { ...KEEP_ALL, termBoundsFrom: 2 }]) {
      const opened = (await openEdited(raised, options)) as SearchEngine;
      const fresh = new SearchEngine(options);
      await fresh.load(dir);
      expect(keptOf(opened)).toEqual(keptOf(fresh));
      expect(await answersOf(opened)).toEqual(await answersOf(fresh));
    }
  });

  it("leave out the frequencies of lists a removal changed, and the opened engine scores as one that never saved", async () => {
    const engine = new SearchEngine(KEEP_ALL);
    await engine.load(dir);
    // Issue 1's words lose a document each; no document is indexed anew, so the kept frequencies stay current.
    expect(engine.remove("issues", "acme/open#1")).toBe(true);
    const before = keptOf(engine);
    await engine.save(join(dir, "removed"));
    const opened = await SearchEngine.open(join(dir, "removed"), KEEP_ALL);
    const after = keptOf(opened);
    const words = new Set(issue(1).body.split(" "));
    for (const word of WORDS) {
      if (!before.body.frequencies[word]) continue;
      if (words.has(word)) expect(after.body.frequencies[word], word).toBeUndefined();
      else expect(after.body.frequencies[word], word).toEqual(before.body.frequencies[word]);
    }
    expect(await answersOf(opened)).toEqual(await answersOf(engine));
  });

  it("that do not fit the index are a damaged index", async () => {
    const damaged: Array<[string, Frame[]]> = [
      ["a share that is not a number", editSection("shares", (s) => s.map((f, i) => (i === 1 ? { ...f, payload: Buffer.from(new Float32Array(f.payload.length / 4).fill(NaN).buffer) } : f)))],
      ["shares cut short", editSection("shares", (s) => s.map((f, i) => (i === 1 ? { ...f, payload: f.payload.subarray(4) } : f)))],
      ["frequencies of another length than the list", editSection("lengths", (s) => s.map((f, i) => (i === 1 ? { ...f, payload: Buffer.from(new Uint32Array(new Uint32Array(f.payload.buffer, f.payload.byteOffset, f.payload.length / 4)).map((n, j) => (j === 0 ? n - 1 : n)).buffer) } : f)))],
      ["a term no document holds", editSection("terms", (s) => s.map((f, i) => (i === 1 ? { ...f, payload: Buffer.from(new Uint32Array(new Uint32Array(f.payload.buffer, f.payload.byteOffset, f.payload.length / 4)).map((n, j, all) => (j === all.length - 1 ? 1e9 : n)).buffer) } : f)))],
      ["terms out of order", editSection("impacts", (s) => s.map((f, i) => (i === 1 ? { ...f, payload: Buffer.from(new Uint32Array(new Uint32Array(f.payload.buffer, f.payload.byteOffset, f.payload.length / 4)).reverse().buffer) } : f)))],
    ];
    for (const [what, edited] of damaged) {
      const error = await openEdited(edited);
      expect(error, what).toBeInstanceOf(SavedIndexError);
      expect((error as SavedIndexError).problem, what).toBe("corrupt");
    }
  });
});
