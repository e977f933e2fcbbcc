/**
 * Postings fill FlexSearch's lists directly (without `add`'s per-document dictionary of repeats): the
 * lists must be exactly those `add` builds, or saved indexes and answers would differ.
 */
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import fc from "fast-check";
import FlexSearch from "flexsearch";
import { describe, expect, it } from "vitest";
import { Postings } from "../../src/index/postings.js";
import { finish } from "../../src/index/steps.js";
import { cut } from "../../src/persist/sections.js";
import { isGrowable } from "../support/typed-arrays.js";

/** FlexSearch set up as Postings sets it up, filled through its own `add`. */
function reference() {
  return new FlexSearch.Index({ tokenize: "strict", resolution: 1, cache: false, fastupdate: false, encode: ((c: string | string[]) => (Array.isArray(c) ? c : c.split(" "))) as (c: string) => string[] });
}
type AddUnchecked = (id: number, content: unknown, append: boolean, skipUpdate: boolean) => unknown;

/** Each term's list as the reference's own `export` writes it. */
function termListsOf(index: ReturnType<typeof reference>): Array<[string, number[]]> {
  const out: Array<[string, number[]]> = [];
  index.export((key: string, data: string) => {
    if (key.endsWith("map")) for (const [term, byScore] of JSON.parse(data) as Array<[string, number[][]]>) out.push([term, byScore[0]]);
  });
  return out;
}

describe("Postings fill FlexSearch's lists as its add does", () => {
  const vocabulary = ["a", "b", "c", "the", "issue", "crash", "x1", "_", "bug"];
  const op = fc.record({
    doc: fc.nat(40),
    terms: fc.uniqueArray(fc.constantFrom(...vocabulary), { maxLength: 6 }),
    byIds: fc.boolean(),
    trim: fc.boolean(),
    read: fc.option(fc.constantFrom(...vocabulary), { freq: 3 }),
  });
  const holdersOf = (current: Map<number, string[]>, term: string) =>
    [...current].filter(([, t]) => t.includes(term)).map(([doc]) => doc).sort((x, y) => x - y);

  it("gives the same export and the same documents per term over documents added, changed and read, and lists cut to size", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 120 }), (ops) => {
        const current = new Map<number, string[]>();
        const postings = new Postings(
          () => current.entries(),
          (doc, term) => current.get(doc)?.includes(term) ?? false,
        );
        const flex = reference();
        // Lists cut to size a step at a time, documents coming in between the steps.
        let trimming: Generator<void> | undefined;
        for (const { doc, terms, byIds, trim, read } of ops) {
          if (trim) trimming ??= postings.trimming(1);
          if (trimming?.next().done) trimming = undefined;
          // A search between the steps joins a list's appends itself, perhaps while the freezing copies them.
          if (read !== null) expect([...postings.docs(read)]).toEqual(holdersOf(current, read));
          const previous = current.get(doc) ?? [];
          if (terms.length) current.set(doc, terms);
          else current.delete(doc);
          // A document new to the lists may come as term ids (`addNew` declines any other).
          const ids = terms.map((t) => vocabulary.indexOf(t));
          const added = byIds && !previous.length && postings.addNew(doc, ids, ids.length, (id) => vocabulary[id]);
          expect(added).toBe(byIds && !previous.length && !flex.contain(doc));
          if (!added) postings.set(doc, terms, previous);
          // What `add` is asked for: a new document's terms, or the terms a changed one gained.
          if (!terms.length) continue;
          if (!flex.contain(doc)) flex.add(doc, terms as unknown as string);
          else {
            const added = terms.filter((t) => !previous.includes(t));
            if (added.length) (flex.add as AddUnchecked).call(flex, doc, added, false, true);
          }
        }
        while (trimming && !trimming.next().done);
        expect(postings.termLists()).toEqual(termListsOf(flex));
        for (const term of vocabulary) expect([...postings.docs(term)]).toEqual(holdersOf(current, term));
      }),
    );
  });
});

/** The documents of a bitmap over slots, ascending. */
function docsOfBitmap(bits: Uint32Array): number[] {
  const out: number[] = [];
  for (let d = 0; d < bits.length * 32; d++) if ((bits[d >>> 5] >>> (d & 31)) & 1) out.push(d);
  return out;
}

/** Postings over a map of each document's terms, and `put`, which replaces a document's terms in both. */
function postingsWithPut() {
  const current = new Map<number, string[]>();
  const postings = new Postings(() => current.entries(), (doc, term) => current.get(doc)?.includes(term) ?? false);
  const put = (doc: number, terms: string[]) => {
    const previous = current.get(doc) ?? [];
    current.set(doc, terms);
    postings.set(doc, terms, previous);
  };
  return { postings, put };
}

describe("a term's bitmap", () => {
  it("is kept while its list stays as it is, and made again after any change, for the few terms asked for last", () => {
    const { postings, put } = postingsWithPut();
    for (let doc = 0; doc < 40; doc++) put(doc, doc % 3 ? ["bug", "w" + (doc % 12)] : ["bug"]);
    const first = postings.bitmap("bug");
    expect(docsOfBitmap(first)).toEqual(Array.from({ length: 40 }, (_, d) => d));
    expect(postings.bitmap("bug")).toBe(first);
    // A document added to the list (appended in place) and one taken out of it.
    put(41, ["bug"]);
    put(7, ["w1"]);
    const after = docsOfBitmap(postings.bitmap("bug"));
    expect(after).toEqual([...Array.from({ length: 40 }, (_, d) => d).filter((d) => d !== 7), 41]);
    // Past the number kept, the term asked for longest ago is made again.
    const bug = postings.bitmap("bug");
    for (let w = 0; w < 12; w++) postings.bitmap("w" + w);
    expect(postings.bitmap("bug")).not.toBe(bug);
    expect(docsOfBitmap(postings.bitmap("bug"))).toEqual(after);
    expect(postings.bitmap("none").length).toBe(0);
  });
});

describe("a common term's list and bitmap made in steps", () => {
  it("gives what `view` and `bitmap` give, a step per 65,536 entries", () => {
    const docs = 200_000;
    const postings = new Postings(
      () => [],
      () => false,
    );
    for (let doc = 0; doc < docs; doc++) postings.set(doc, doc % 3 ? ["the"] : ["the", "bug"]);
    const run = <T>(steps: Generator<void, T>): { value: T; yields: number } => {
      let yields = 0;
      for (let step = steps.next(); ; step = steps.next(), yields++) if (step.done) return { value: step.value, yields };
    };
    const viewed = run(postings.viewing("the"));
    expect(viewed.yields).toBeGreaterThanOrEqual(3);
    expect(viewed.value.length).toBe(docs);
    const made = run(postings.bitmapping("bug"));
    expect(made.yields).toBeGreaterThanOrEqual(1);
    const bug = docsOfBitmap(made.value);
    expect(bug.length).toBe(Math.ceil(docs / 3));
    expect(bug.every((doc) => doc % 3 === 0)).toBe(true);
    // Kept as `bitmap` keeps it: asked for again, the same bits.
    expect(postings.bitmap("bug")).toBe(made.value);
  });
});

describe("a list checked in steps while the index changes between them", () => {
  it("gives the documents as they are at the end, as `view` does after it", () => {
    const { postings, put } = postingsWithPut();
    for (let doc = 0; doc < 200_000; doc++) put(doc, ["the"]);
    for (const _ of postings.trimming());
    const steps = postings.viewing("the");
    expect(steps.next().done).toBe(false);
    // Between the steps: a document checked already leaves the list, a new one joins it.
    put(5, ["other"]);
    put(250_000, ["the"]);
    let step = steps.next();
    while (!step.done) step = steps.next();
    const want = Array.from({ length: 200_000 }, (_, d) => d)
      .filter((d) => d !== 5)
      .concat(250_000);
    expect(Array.from(step.value)).toEqual(want);
    expect(Array.from(postings.view("the"))).toEqual(want);
  });
});

describe("long lists, once complete, are typed views", () => {
  const all = (postings: Postings) => Array.from(postings.view("a"));

  it("holds a long list as a Uint32Array after trimming, a short one as an array, and appends to either", () => {
    const current = new Map<number, string[]>();
    const postings = new Postings(() => current.entries(), (doc, term) => current.get(doc)?.includes(term) ?? false);
    for (let doc = 0; doc < 20; doc++) {
      current.set(doc, doc < 3 ? ["a", "b"] : ["a"]);
      postings.set(doc, current.get(doc)!);
    }
    const trimming = postings.trimming(4);
    while (!trimming.next().done);
    expect(postings.view("a")).toBeInstanceOf(Uint32Array);
    expect(Array.isArray(postings.view("b"))).toBe(true);
    current.set(25, ["a"]);
    postings.set(25, ["a"]);
    expect(postings.addNew(26, [0], 1, () => "a")).toBe(true);
    expect(all(postings)).toEqual([...Array.from({ length: 20 }, (_, i) => i), 25, 26]);
    expect([...postings.docs("b")]).toEqual([0, 1, 2]);
  });
});

describe("the lists a save writes", () => {
  it("hold a long clean typed list as it lies, which later appends and removals leave as it was", () => {
    const current = new Map<number, string[]>();
    const postings = new Postings(() => current.entries(), (doc, term) => current.get(doc)?.includes(term) ?? false);
    const many = 20_000;
    for (let doc = 0; doc < many; doc++) {
      current.set(doc, doc % 2 ? ["a"] : ["a", "b"]);
      if (doc === 1 || doc === 3) current.get(doc)!.push("c");
      postings.set(doc, current.get(doc)!);
    }
    finish(postings.trimming());
    // In id order: b (short: copied), a (long and typed: as it lies), c (copied after it).
    const terms = ["b", "a", "c", "d"];
    const saved = finish(postings.listing(terms.length, (id) => terms[id]));
    const lists = cut("lists", saved.pieces, saved.lengths);
    expect([...saved.terms]).toEqual([0, 1, 2]);
    const a = postings.view("a");
    expect(saved.pieces[1]).toBe(a);
    const evens = Array.from({ length: many / 2 }, (_, i) => 2 * i);
    expect([...lists[0]]).toEqual(evens);
    expect([...lists[2]]).toEqual([1, 3]);
    current.set(many, ["a", "d"]);
    postings.set(many, ["a", "d"]);
    current.delete(4);
    postings.remove(4, ["a", "b"]);
    expect(postings.docs("a").length).toBe(many);
    expect([...lists[1]]).toEqual(Array.from({ length: many }, (_, i) => i));
    // Saved again: the lists as they are now.
    const again = finish(postings.listing(terms.length, (id) => terms[id]));
    const now = cut("lists", again.pieces, again.lengths).map((list) => [...list]);
    expect([...again.terms]).toEqual([0, 1, 2, 3]);
    expect(now).toEqual([evens.filter((doc) => doc !== 4), [...Array.from({ length: many }, (_, i) => i).filter((doc) => doc !== 4), many], [1, 3], [many]]);
  });

  it("check and copy a long list a step of entries at a time", () => {
    const current = new Map<number, string[]>();
    const postings = new Postings(() => current.entries(), (doc, term) => current.get(doc)?.includes(term) ?? false, { entriesPerStep: 1000 });
    for (let doc = 0; doc < 5000; doc++) postings.set(doc, doc % 2 ? ["frozen"] : ["frozen", "grown"]);
    finish(postings.trimming());
    // 5,000 documents appended after the lists were frozen.
    for (let doc = 5000; doc < 10_000; doc++) postings.set(doc, ["grown"]);
    const pausesOf = (terms: string[]) => {
      const steps = postings.listing(terms.length, (id) => terms[id]);
      let pauses = 0;
      for (let step = steps.next(); !step.done; step = steps.next()) pauses++;
      return pauses;
    };
    // 5,000 entries checked in five steps and copied in five more; 7,500 in eight and eight.
    expect(pausesOf(["frozen"])).toBeGreaterThanOrEqual(10);
    expect(pausesOf(["grown"])).toBeGreaterThanOrEqual(16);
    const saved = finish(postings.listing(2, (id) => ["frozen", "grown"][id]));
    const [frozen, grown] = cut("lists", saved.pieces, saved.lengths);
    expect([...frozen]).toEqual(Array.from({ length: 5000 }, (_, i) => i));
    expect([...grown]).toEqual([...Array.from({ length: 2500 }, (_, i) => 2 * i), ...Array.from({ length: 5000 }, (_, i) => 5000 + i)]);
  });

  it("copy lists that are not typed end to end, a piece handed over once it is over half full", () => {
    const current = new Map<number, string[]>();
    const postings = new Postings(() => current.entries(), (doc, term) => current.get(doc)?.includes(term) ?? false);
    // Two lists of 600,000 documents each, left as appended (arrays): the second does not fit the first's piece.
    const half = 600_000;
    for (let doc = 0; doc < 2 * half; doc++) postings.set(doc, [doc < half ? "x" : "y"]);
    const saved = finish(postings.listing(2, (id) => ["x", "y"][id]));
    expect(saved.pieces.length).toBe(2);
    const [x, y] = cut("lists", saved.pieces, saved.lengths);
    expect(x.length).toBe(half);
    expect(x.every((doc, i) => doc === i)).toBe(true);
    expect(y.every((doc, i) => doc === half + i)).toBe(true);
  });
});

describe("a merge of the lists runs in steps", () => {
  const vocabulary = ["a", "b", "c", "the", "crash"];
  const op = fc.record({
    doc: fc.nat(30),
    terms: fc.uniqueArray(fc.constantFrom(...vocabulary), { maxLength: 4 }),
    byIds: fc.boolean(),
    mergeSteps: fc.nat(12),
    freezeSteps: fc.nat(3),
  });

  it.each([
    ["", {}],
    [", a list entry a step", { entriesPerStep: 1 }],
  ])("answers every term exactly before, during and after merges, with changes between the steps%s", (_, options) => {
    let merges = 0;
    let changedWhileMerging = 0;
    fc.assert(
      fc.property(fc.array(op, { minLength: 60, maxLength: 150 }), (ops) => {
        const current = new Map<number, string[]>();
        const postings = new Postings(
          () => [...current.entries()].sort(([x], [y]) => x - y),
          (doc, term) => current.get(doc)?.includes(term) ?? false,
          { minStaleForMerge: 2, entriesPerStep: 3, ...options },
        );
        const check = () => {
          for (const term of vocabulary) {
            const holders = [...current].filter(([, t]) => t.includes(term)).map(([doc]) => doc).sort((x, y) => x - y);
            expect([...postings.docs(term)]).toEqual(holders);
            expect(Array.from(postings.view(term))).toEqual(holders);
            // Made, then kept while nothing changes: both times the same documents.
            expect(docsOfBitmap(postings.bitmap(term))).toEqual(holders);
            expect(docsOfBitmap(postings.bitmap(term))).toEqual(holders);
          }
          // What a save writes: every term with documents, in id order, its exact list.
          const saved = finish(postings.listing(vocabulary.length, (id) => vocabulary[id]));
          const lists = cut("lists", saved.pieces, saved.lengths).map((list) => [...list]);
          const expected = vocabulary.map((term) => [...current].filter(([, t]) => t.includes(term)).map(([doc]) => doc).sort((x, y) => x - y));
          expect([...saved.terms]).toEqual(vocabulary.flatMap((_, id) => (expected[id].length ? [id] : [])));
          expect(lists).toEqual(expected.filter((holders) => holders.length));
        };
        // Lists frozen (a load's end) a few steps at a time, merges and changes coming between the steps.
        let freezing: Generator<void> | undefined;
        for (const { doc, terms, byIds, mergeSteps, freezeSteps } of ops) {
          freezing ??= freezeSteps ? postings.trimming() : undefined;
          for (let i = 0; i < freezeSteps && freezing; i++) if (freezing.next().done) freezing = undefined;
          const previous = current.get(doc) ?? [];
          if (terms.length) current.set(doc, terms);
          else current.delete(doc);
          if (postings.merging) changedWhileMerging++;
          const ids = terms.map((t) => vocabulary.indexOf(t));
          if (!(byIds && !previous.length && postings.addNew(doc, ids, ids.length, (id) => vocabulary[id]))) postings.set(doc, terms, previous);
          for (let i = 0; i < mergeSteps && postings.merging; i++) if (!postings.mergeStep()) merges++;
          check();
        }
        if (postings.merging) merges++;
        while (postings.mergeStep());
        while (freezing && !freezing.next().done);
        check();
      }),
    );
    // The runs did merge, with changes coming between the steps.
    expect(merges).toBeGreaterThan(10);
    expect(changedWhileMerging).toBeGreaterThan(100);
  });

  it("leaves lists without stale entries or repeats once a merge with no changes meanwhile ends", () => {
    const current = new Map<number, string[]>();
    const postings = new Postings(() => current.entries(), (doc, term) => current.get(doc)?.includes(term) ?? false, { minStaleForMerge: 4, entriesPerStep: 2 });
    for (let doc = 0; doc < 10; doc++) postings.set(doc, (current.set(doc, ["a", "b"]), ["a", "b"]));
    // Five documents change: stale ones come to half the live ones, and a merge begins.
    for (let doc = 0; doc < 5; doc++) {
      const previous = current.get(doc)!;
      current.set(doc, ["a", "c"]);
      postings.set(doc, ["a", "c"], previous);
    }
    expect(postings.merging).toBe(true);
    const before = postings.entryCount;
    let steps = 0;
    while (postings.mergeStep()) steps++;
    expect(steps).toBeGreaterThan(1);
    expect(postings.entryCount).toBe(20);
    expect(postings.entryCount).toBeLessThan(before);
    expect(new Map(postings.termLists())).toEqual(
      new Map([
        ["a", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]],
        ["c", [0, 1, 2, 3, 4]],
        ["b", [5, 6, 7, 8, 9]],
      ]),
    );
  });
});

describe("typed lists joined to their appends", () => {
  it("are packed again in steps once their unused room is half the entries, answering exactly throughout", () => {
    const current = new Map<number, string[]>();
    const postings = new Postings(() => current.entries(), (doc, term) => current.get(doc)?.includes(term) ?? false, {
      minUnusedForRepack: 32,
      entriesPerStep: 8,
    });
    const terms = ["a", "b", "c", "d"];
    for (let doc = 0; doc < 40; doc++) postings.set(doc, (current.set(doc, terms), terms));
    const freezing = postings.trimming();
    while (!freezing.next().done);
    const chunkBefore = (postings.view("d") as Uint32Array).buffer;
    const exact = () => {
      for (const term of terms) expect(Array.from(postings.view(term))).toEqual([...current].filter(([, t]) => t.includes(term)).map(([doc]) => doc));
    };
    // New documents holding a, b, c: once read, those three lists are copied out of their chunk (120 of 160 entries).
    for (let doc = 40; doc < 42; doc++) postings.set(doc, (current.set(doc, ["a", "b", "c"]), ["a", "b", "c"]));
    expect(postings.merging).toBe(false);
    exact();
    expect(postings.merging).toBe(true);
    let steps = 0;
    while (postings.mergeStep()) {
      steps++;
      // Appends between the steps land whichever form their list has then.
      postings.set(50 + steps, (current.set(50 + steps, ["a", "d"]), ["a", "d"]));
      exact();
    }
    expect(steps).toBeGreaterThan(1);
    exact();
    // Every long list now lies in fresh chunks: the old chunk is no longer held.
    for (const term of ["b", "c"]) {
      const view = postings.view(term);
      expect(view).toBeInstanceOf(Uint32Array);
      expect((view as Uint32Array).buffer).not.toBe(chunkBefore);
    }
  });
});

describe("lists hold doubles or typed entries, appends neither", () => {
  // A full collection walks an array of small integers slot by slot and an array of doubles not at
  // all. Element kinds are seen only through V8's natives syntax, so the built module is run in a
  // process of its own (`npm test` builds dist first).
  const built = path.join(path.dirname(fileURLToPath(import.meta.url)), "../../dist/index/postings.js");

  it("keeps appends out of FlexSearch's map until a list is read or frozen, then a short list an array of doubles and a long one typed", () => {
    const script = `
      const { Postings } = await import(${JSON.stringify(pathToFileURL(built).href)});
      const kinds = (p) => [...p.lists.map].map(([term, [list]]) => term + ":" + (list instanceof Uint32Array ? "typed" : %HasDoubleElements(list) ? "double" : "other") + list.length);
      const p = new Postings(() => [], () => true);
      p.addNew(0, [0, 1], 2, (id) => "t" + id);
      p.set(1, ["t0", "t2"]);
      for (let doc = 2; doc < 40; doc++) p.addNew(doc, [3], 1, () => "t3");
      const waiting = kinds(p);
      p.view("t0");
      const read = kinds(p);
      const trimming = p.trimming();
      while (!trimming.next().done);
      const frozen = kinds(p);
      p.addNew(40, [3], 1, () => "t3");
      p.addNew(41, [1], 1, () => "t1");
      const appended = kinds(p);
      p.view("t3");
      p.view("t1");
      const lists = { terms: Uint32Array.of(0), chunkOf: Uint32Array.of(0), from: Uint32Array.of(0), to: Uint32Array.of(2), chunks: [Uint32Array.of(4, 5)], documents: Uint32Array.of(4, 5) };
      const imported = Postings.import(lists, () => "u", () => [], () => true);
      console.log(JSON.stringify({ waiting, read, frozen, appended, readAgain: kinds(p), imported: kinds(imported) }));
    `;
    const out = execFileSync(process.execPath, ["--allow-natives-syntax", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(JSON.parse(out)).toEqual({
      waiting: ["t0:double0", "t1:double0", "t2:double0", "t3:double0"],
      read: ["t0:double2", "t1:double0", "t2:double0", "t3:double0"],
      frozen: ["t0:double2", "t1:double1", "t2:double1", "t3:typed38"],
      appended: ["t0:double2", "t1:double1", "t2:double1", "t3:typed38"],
      readAgain: ["t0:double2", "t1:double2", "t2:double1", "t3:typed39"],
      imported: ["u:double2"],
    });
  });
});

describe("appends to an opened index's lists", () => {
  it("leave its typed list as it is until the list is read, answering exactly", () => {
    const a = Uint32Array.from({ length: 40_000 }, (_, i) => i);
    const b = Uint32Array.from({ length: 20 }, (_, i) => 2 * i);
    const chunk = new Uint32Array([...a, ...b]);
    const lists = { terms: Uint32Array.of(0, 1), chunkOf: Uint32Array.of(0, 0), from: Uint32Array.of(0, 40_000), to: Uint32Array.of(40_000, 40_020), chunks: [chunk], documents: a };
    const postings = Postings.import(lists, (id) => ["a", "b"][id], () => [], () => true);
    const held = () => (postings as unknown as { lists: { map: Map<string, ArrayLike<number>[]> } }).lists.map.get("a")![0];
    for (let doc = 40_000; doc < 43_000; doc++) expect(postings.addNew(doc, [0], 1, () => "a")).toBe(true);
    postings.set(43_000, ["a", "b"]);
    // FlexSearch still holds the opened chunk's view, not a copy of its 40,000 entries.
    expect((held() as Uint32Array).buffer).toBe(chunk.buffer);
    const view = postings.view("a");
    expect(view).toBeInstanceOf(Uint32Array);
    expect(Array.from(view)).toEqual(Array.from({ length: 43_001 }, (_, i) => i));
    expect(Array.from(postings.view("b"))).toEqual([...b, 43_000]);
    // Frozen again at the end of a load, every append joined.
    postings.addNew(43_001, [0], 1, () => "a");
    const trimming = postings.trimming();
    while (!trimming.next().done);
    expect(postings.termLists().find(([term]) => term === "a")![1].length).toBe(43_002);
  });
});

describe("a list read between appends", () => {
  it("built by appends, takes later ones at its end: the same array, read after every append", () => {
    const postings = new Postings(() => [], () => true);
    for (let doc = 0; doc < 20; doc++) postings.addNew(doc, [0], 1, () => "a");
    const first = postings.view("a");
    expect(Array.isArray(first)).toBe(true);
    for (let doc = 20; doc < 2_000; doc++) {
      postings.addNew(doc, [0], 1, () => "a");
      const view = postings.view("a");
      expect(view).toBe(first);
      expect(view.length).toBe(doc + 1);
      expect(view[doc]).toBe(doc);
    }
  });

  it("takes the appends into the room after it, not a copy of the whole list at every read, and is frozen to its length", () => {
    const a = Uint32Array.from({ length: 40_000 }, (_, i) => i);
    const lists = { terms: Uint32Array.of(0), chunkOf: Uint32Array.of(0), from: Uint32Array.of(0), to: Uint32Array.of(40_000), chunks: [a], documents: a };
    const postings = Postings.import(lists, () => "a", () => [], () => true);
    const buffers = new Set<ArrayBufferLike>();
    for (let doc = 40_000; doc < 50_000; doc++) {
      expect(postings.addNew(doc, [0], 1, () => "a")).toBe(true);
      const view = postings.view("a") as Uint32Array;
      expect(view.length).toBe(doc + 1);
      expect(view[doc]).toBe(doc);
      buffers.add(view.buffer);
    }
    // Copied once, at the first read, into a buffer with half its length as room (60,002 entries).
    expect(buffers.size).toBe(1);
    for (let doc = 50_000; doc < 61_000; doc++) postings.addNew(doc, [0], 1, () => "a");
    const grown = postings.view("a") as Uint32Array;
    expect(buffers.has(grown.buffer)).toBe(false);
    expect(Array.from(grown)).toEqual(Array.from({ length: 61_000 }, (_, i) => i));
    const freezing = postings.trimming();
    while (!freezing.next().done);
    const frozen = postings.view("a") as Uint32Array;
    expect(frozen.buffer).not.toBe(grown.buffer);
    expect(frozen.buffer.byteLength).toBe(61_000 * 4);
    expect(Array.from(frozen)).toEqual(Array.from(grown));
  });
});

describe("stale marks", () => {
  it("grow in place past the documents (a removal past an opened index's slots copies nothing), each still honoured", () => {
    const current = new Map<number, string[]>();
    const postings = new Postings(() => current.entries(), (doc, term) => current.get(doc)?.includes(term) ?? false);
    const far = 200_000;
    for (const doc of [0, 1, far, far + 1, far + 2]) {
      current.set(doc, ["word"]);
      postings.set(doc, ["word"]);
    }
    const staleOf = () => (postings as unknown as { stale: Uint8Array }).stale;
    current.delete(far);
    postings.remove(far, ["word"]);
    // The first mark past its end: a growable array of the document's size at least (copied once, from a few bytes).
    const first = staleOf();
    expect(isGrowable(first)).toBe(true);
    current.delete(far + 2);
    postings.remove(far + 2, ["word"]);
    // The next grows within the same memory.
    expect([staleOf().length > first.length, staleOf().buffer === first.buffer]).toEqual([true, true]);
    expect([...postings.docs("word")]).toEqual([0, 1, far + 1]);
  });
});
