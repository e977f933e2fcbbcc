/**
 * Each text field's posting lists saved as the save found them (format 14), and taken at an open once
 * checked against the field's occurrences: they are the lists the occurrences give, format 13's files
 * (without them) still open and answer the same, and lists that do not match their occurrences are damage.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import type { SavedHeader } from "../../src/persist/format.js";
import type { Frame } from "../../src/persist/frames.js";
import { inverting, listAt } from "../../src/index/inverted.js";
import { finish } from "../../src/index/steps.js";
import { answers, asFormat13, FIXED, openFrames, savedSample, tempDir } from "./support.js";

let header: SavedHeader;
let frames: Frame[];
let expected: string[];

beforeAll(async () => {
  ({ header, frames, expected } = await savedSample());
});

const numbers = (frame: Frame): Uint32Array => new Uint32Array(frame.payload.buffer.slice(frame.payload.byteOffset, frame.payload.byteOffset + frame.payload.length));

/** Where the section `of` of the issues' index begins. */
function sectionAt(of: string): number {
  const collection = frames.findIndex((f) => f.name === "collection" && f.meta.kind === "issues");
  const at = frames.findIndex((f, i) => i > collection && f.name !== "data" && f.meta.of === of);
  if (at < 0) throw new Error(`no ${of}`);
  return at;
}

/** The last data frame of the section at `at`. */
function lastDataOf(at: number): number {
  let last = at + 1;
  while (frames[last + 1]?.name === "data") last++;
  return last;
}

/** The frame with its section's length (`meta.length`) changed by `delta`. */
const lengthened = (frame: Frame, delta: number): Frame => ({ ...frame, meta: { ...frame.meta, length: (frame.meta.length as number) + delta } });

/** The frames with the first data frame of the section `of` of the issues' index changed by `edit`. */
function edited(of: string, edit: (values: Uint32Array) => void): Frame[] {
  const at = sectionAt(of) + 1;
  const values = numbers(frames[at]);
  edit(values);
  return frames.map((f, i) => (i === at ? { ...f, payload: Buffer.from(values.buffer) } : f));
}

/** The data frames of the section at `at`, as numbers end to end. */
function sectionNumbers(within: Frame[], at: number): number[] {
  const out: number[] = [];
  for (let i = at + 1; i < within.length && within[i].name === "data"; i++) out.push(...numbers(within[i]));
  return out;
}

describe("posting lists saved as found", () => {
  it("are, for every kind's every field, the lists its saved occurrences give", () => {
    const collections = frames.flatMap((f, i) => (f.name === "collection" ? [i] : []));
    let compared = 0;
    for (const at of collections) {
      const end = collections.find((c) => c > at) ?? frames.length;
      const within = frames.slice(at, end);
      const dictionarySize = within.find((f) => f.name === "strings" && f.meta.of === "dictionary")!.meta.count as number;
      for (const field of frames[at].meta.fields as Array<{ name: string; lists?: boolean }>) {
        expect(field.lists, `${String(frames[at].meta.kind)}.${field.name}`).toBe(true);
        const section = (of: string) => within.findIndex((f) => f.name !== "data" && f.meta.of === of);
        const counts = Uint32Array.from(sectionNumbers(within, section(`counts.${field.name}`)));
        const ids: Uint32Array[] = [];
        for (let i = section(`terms.${field.name}`) + 1; within[i].name === "data"; i++) ids.push(numbers(within[i]));
        const inverted = finish(inverting({ counts, ids }, dictionarySize));
        const terms = sectionNumbers(within, section(`lists.${field.name}.terms`));
        const lengths = sectionNumbers(within, section(`lists.${field.name}.lengths`));
        const docs = sectionNumbers(within, section(`lists.${field.name}`));
        expect(terms).toEqual([...inverted.terms]);
        let from = 0;
        for (let i = 0; i < terms.length; i++) {
          expect(docs.slice(from, (from += lengths[i]))).toEqual([...listAt(inverted, i)]);
          compared++;
        }
        expect(from).toBe(docs.length);
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("in format 13's files (no lists) open and answer the same", async () => {
    const old = asFormat13(frames);
    expect(old.some((f) => String(f.meta.of).startsWith("lists."))).toBe(false);
    expect(old.length).toBeLessThan(frames.length);
    const engine = await openFrames(header, old, 13);
    expect(engine).toBeInstanceOf(SearchEngine);
    expect(await answers(engine as SearchEngine)).toEqual(expected);
  });

  it("open, take changes and removals, and save again as the engine that saved them", async () => {
    const live = new SearchEngine(FIXED);
    await live.load("data/sample");
    await answers(live);
    const opened = await openFrames(header, frames);
    expect(opened).toBeInstanceOf(SearchEngine);
    const engines = [live, opened as SearchEngine];
    // Lists taken as they lie take appends, removals and new documents as lists computed at an open would.
    for (const engine of engines) {
      engine.add("issues", { number: 901, title: "A crash once more", body: "windows error", repository: "github/hub", id: 901901, state: "open", user: { login: "mdo" } });
      engine.add("issues", { number: 822, title: "Back again", body: "error", repository: "github/hub", id: 822822, state: "closed" });
      expect(engine.remove("issues", "github/hub#823")).toBe(true);
    }
    const more = ["crash", "error", "windows", "back again", "repo:github/hub", "is:closed"].map((q) => ({ kind: "issues" as const, params: { q } }));
    const changed = await answers(live, more);
    expect(await answers(opened as SearchEngine, more)).toEqual(changed);
    // Saved again from what they became: the lists saved are those of the changed documents.
    const dir = await tempDir();
    await (opened as SearchEngine).save(dir);
    const again = await SearchEngine.open(dir, FIXED);
    expect(await answers(again, more)).toEqual(changed);
    expect(await answers(again)).toEqual(await answers(live));
  });

  it("that do not match their occurrences are damage", async () => {
    const damaged = async (changed: Frame[], message: RegExp) => {
      const error = await openFrames(header, changed);
      expect(error, String(message)).not.toBeInstanceOf(SearchEngine);
      expect(String(error)).toMatch(message);
    };
    // A list one document longer or shorter than its term's documents.
    await damaged(edited("lists.title.lengths", (lengths) => lengths[0]++), /does not match its occurrences/);
    await damaged(edited("lists.title.lengths", (lengths) => lengths[0]--), /does not match its occurrences/);
    // Two terms out of order.
    await damaged(edited("lists.title.terms", (terms) => ([terms[0], terms[1]] = [terms[1], terms[0]])), /does not match its occurrences/);
    // A term past the dictionary.
    await damaged(edited("lists.title.terms", (terms) => (terms[terms.length - 1] = 1e9)), /does not match its occurrences/);
    // A document out of order, and one without terms in place of one with.
    const docs = numbers(frames[sectionAt("lists.title") + 1]);
    const longAt = (() => {
      const lengths = numbers(frames[sectionAt("lists.title.lengths") + 1]);
      let at = 0;
      for (const length of lengths) {
        if (length >= 2) return at;
        at += length;
      }
      throw new Error("no list of two documents");
    })();
    expect(docs.length).toBeGreaterThan(longAt + 1);
    await damaged(edited("lists.title", (d) => ([d[longAt], d[longAt + 1]] = [d[longAt + 1], d[longAt]])), /out of order or names a document without terms/);
    const capacity = frames.find((f) => f.name === "collection" && f.meta.kind === "issues")!.meta.capacity as number;
    await damaged(edited("lists.title", (d) => (d[d.length - 1] = capacity + 5)), /out of order or names a document without terms/);
    // The last term left out, with its documents.
    const lastLength = numbers(frames[lastDataOf(sectionAt("lists.title.lengths"))]).at(-1)!;
    const shorter = (at: number, cut: number) => (f: Frame, i: number) => (i === at ? { ...f, payload: f.payload.subarray(0, f.payload.length - 4 * cut) } : f);
    const [termsAt, lengthsAt, listsAt] = [sectionAt("lists.title.terms"), sectionAt("lists.title.lengths"), sectionAt("lists.title")];
    const leftOut = frames
      .map(shorter(lastDataOf(termsAt), 1))
      .map(shorter(lastDataOf(lengthsAt), 1))
      .map(shorter(lastDataOf(listsAt), lastLength))
      .map((f, i) => (i === termsAt || i === lengthsAt ? lengthened(f, -1) : i === listsAt ? lengthened(f, -lastLength) : f));
    await damaged(leftOut, /leave out terms/);
    // Pieces holding a document more than the lists name.
    const longer = frames.map((f, i) =>
      i === lastDataOf(listsAt) ? { ...f, payload: Buffer.concat([f.payload, Buffer.from(Uint32Array.of(capacity - 1).buffer)]) } : i === listsAt ? lengthened(f, 1) : f,
    );
    await damaged(longer, /pieces hold more than the lists/);
  });
});
