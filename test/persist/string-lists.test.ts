/**
 * Lists of strings on disk: as bytes (`StringList.encode`), the store's links and tallies from
 * format 10 on, the rest from format 9 on; as JSON before. An index laid out as format 8 or 9 laid
 * it out still opens and answers the same; a list of strings whose bytes are not laid out as an
 * encoding is refused as damaged.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import type { SavedHeader } from "../../src/persist/format.js";
import type { Frame } from "../../src/persist/frames.js";
import { SavedIndexError } from "../../src/persist/index.js";
import { answers, asFormat8, asFormat9, linksRows, openFrames, savedSample, tallyRows } from "./support.js";

let header: SavedHeader;
let frames: Frame[];
let expected: string[];

beforeAll(async () => {
  ({ header, frames, expected } = await savedSample());
});

describe("lists of strings in a saved index", () => {
  it("are bytes: every strings section, table, links and tally frame says so", () => {
    const sections = frames.filter((f) => ["strings", "table", "links", "tally"].includes(f.name));
    expect(sections.length).toBeGreaterThan(20);
    for (const f of sections) expect(f.meta.encoding).toBe("bytes");
  });

  it("in format 9's layout (JSON links and tallies, number columns as doubles, keyword lists in four bytes) open and answer the same", async () => {
    // The sample has links of both kinds and tallies with rows: each layout is read.
    const links = frames.filter((f) => f.name === "links");
    expect(links.map((f) => f.meta.kind).sort()).toEqual(["comments", "repositories"]);
    for (const f of links) expect(linksRows(f).keys.length).toBeGreaterThan(10);
    expect(frames.filter((f) => f.name === "tally").some((f) => tallyRows(f).counts.length > 10)).toBe(true);
    const old = asFormat9(frames);
    expect(old.some((f) => f.name === "links" && Array.isArray(f.meta.keys))).toBe(true);
    expect(old.filter((f) => f.name === "array" && f.meta.of === "orders").every((f) => f.meta.type === "f64" && f.meta.form === undefined)).toBe(true);
    expect(old.filter((f) => f.name === "array" && /^keyword\./.test(String(f.meta.of))).every((f) => f.meta.type === "u32")).toBe(true);
    const engine = await openFrames(header, old, 9);
    expect(engine).toBeInstanceOf(SearchEngine);
    expect(await answers(engine as SearchEngine)).toEqual(expected);
  });

  it("in format 8's JSON open and answer the same", async () => {
    const old = asFormat8(frames);
    expect(old.some((f) => f.name === "data" && f.payload[0] === "[".charCodeAt(0))).toBe(true);
    const engine = await openFrames(header, old, 8);
    expect(engine).toBeInstanceOf(SearchEngine);
    expect(await answers(engine as SearchEngine)).toEqual(expected);

    // A format 8 table's numbers are exactly three per key.
    const table = old.findIndex((f) => f.name === "table");
    const cut = old.map((f, i) => (i === table ? { ...f, payload: f.payload.subarray(4) } : f));
    expect(String(await openFrames(header, cut, 8))).toMatch(/has the wrong length/);
  });

  it("whose bytes are not an encoding are damaged", async () => {
    const dictionaryAt = frames.findIndex((f) => f.name === "strings" && f.meta.of === "dictionary");
    const cut = frames.map((f, i) => (i === dictionaryAt + 1 ? { ...f, payload: f.payload.subarray(0, f.payload.length - 1) } : f));
    const error = await openFrames(header, cut);
    expect(error).toBeInstanceOf(SavedIndexError);
    expect((error as SavedIndexError).problem).toBe("corrupt");
    expect(String(error)).toMatch(/dictionary: encoded strings: past the end/);

    const unknown = frames.map((f, i) => (i === dictionaryAt ? { ...f, meta: { ...f.meta, encoding: "zip" } } : f));
    expect(String(await openFrames(header, unknown))).toMatch(/unknown encoding/);
  });
});
