/**
 * Term occurrences on disk: chunks that end where a document ends, one frame each. A file whose
 * chunks are cut elsewhere is refused as damaged; chunks cut at other document boundaries open and
 * answer the same.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import type { SavedHeader } from "../../src/persist/format.js";
import type { Frame } from "../../src/persist/frames.js";
import { SavedIndexError } from "../../src/persist/index.js";
import { answers, openFrames, savedSample, framesOf } from "./support.js";

let header: SavedHeader;
let frames: Frame[];
let expected: string[];

beforeAll(async () => {
  ({ header, frames, expected } = await savedSample());
});

/** Index of the section frame of `of` (a "chunks" or "array" frame) in `all`. */
const sectionAt = (all: Frame[], of: string) => all.findIndex((f) => (f.name === "chunks" || f.name === "array") && f.meta.of === of);

/** The issues' body occurrences: their counts per document, and where the chunks' section starts. */
function bodyOf(all: Frame[]) {
  // The issues collection's frames come after its "collection" frame; the body field is named "body".
  const from = all.findIndex((f) => f.name === "collection" && f.meta.kind === "issues");
  const within = all.slice(from);
  const countsAt = from + sectionAt(within, "counts.body");
  const counts = new Uint32Array(all[countsAt + 1].payload.buffer, all[countsAt + 1].payload.byteOffset, all[countsAt + 1].payload.length / 4);
  return { counts, termsAt: from + sectionAt(within, "terms.body"), positionsAt: from + sectionAt(within, "positions.body") };
}

/** Cuts the one data frame after section frame `at` in two, after `elements` values (of four bytes, or two where the frame says `u16`). */
function split(all: Frame[], at: number, elements: number): Frame[] {
  const data = all[at + 1].payload;
  const size = all[at + 1].meta.type === "u16" ? 2 : 4;
  const first = Buffer.from(data.subarray(0, elements * size));
  const second = Buffer.from(data.subarray(elements * size));
  const section = { ...all[at], meta: { ...all[at].meta, count: (all[at].meta.count as number) + 1 } };
  return [...all.slice(0, at), section, { ...all[at + 1], payload: first }, { ...all[at + 1], payload: second }, ...all.slice(at + 2)];
}

describe("occurrences in chunks", () => {
  it("the sample's body occurrences are one chunk of one frame", () => {
    const { termsAt } = bodyOf(frames);
    expect(frames[termsAt].meta.count).toBe(1);
    expect(frames[termsAt + 2].name).not.toBe("data");
  });

  it("chunks cut at another document boundary open and answer the same", async () => {
    const { counts, termsAt, positionsAt } = bodyOf(frames);
    // After the first two documents with occurrences.
    const withTerms = [...counts].filter((n) => n > 0);
    const boundary = withTerms[0] + withTerms[1];
    // Positions come after the terms: cut them first, so that the terms' index stays right.
    const edited = split(split(frames, positionsAt, boundary), termsAt, boundary);
    const opened = await openFrames(header, edited);
    expect(opened).toBeInstanceOf(SearchEngine);
    expect(await answers(opened as SearchEngine)).toEqual(expected);
  });

  it("a chunk that ends inside a document is refused as damaged", async () => {
    const { counts, termsAt, positionsAt } = bodyOf(frames);
    const first = [...counts].find((n) => n > 1)!;
    const inside = [...counts].slice(0, counts.indexOf(first)).reduce((a, b) => a + b, 0) + 1;
    const opened = await openFrames(header, split(split(frames, positionsAt, inside), termsAt, inside));
    expect(opened).toBeInstanceOf(SavedIndexError);
    expect((opened as SavedIndexError).problem).toBe("corrupt");
    expect(String(opened)).toMatch(/chunks/);
  });

  it("terms and positions cut differently are refused as damaged", async () => {
    const { counts, termsAt } = bodyOf(frames);
    const withTerms = [...counts].filter((n) => n > 0);
    const opened = await openFrames(header, split(frames, termsAt, withTerms[0]));
    expect(opened).toBeInstanceOf(SavedIndexError);
    expect((opened as SavedIndexError).problem).toBe("corrupt");
  });
});
