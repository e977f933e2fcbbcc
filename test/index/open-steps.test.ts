/**
 * The steps an open takes, bounded by the work each does rather than by one size for all: counting a
 * column's values (a string made and looked up each), filing a table's keys, putting documents in
 * FlexSearch's register, reading a chunk of occurrences, and looking through the lists whose saved
 * frequencies are adopted. Each test drives the steps by hand and counts the work between two pauses.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Collection } from "../../src/index/collection.js";
import { KeywordColumn } from "../../src/index/columns.js";
import { Occurrences } from "../../src/index/occurrences.js";
import { Postings } from "../../src/index/postings.js";
import { finish, type Steps } from "../../src/index/steps.js";
import { KINDS } from "../../src/kinds/index.js";
import type { KindSpec, RecordLike } from "../../src/kinds/types.js";
import { defaultRanking } from "../../src/score/ranking-config.js";
import { adoptingBounds, savingBounds } from "../../src/score/saved-bounds.js";
import { preparingMaxima } from "../../src/score/block-maxima.js";
import { Store, Unparsed } from "../../src/store.js";
import { IdSet } from "../../src/structures/id-set.js";
import { EncodedStrings, StringList } from "../../src/structures/string-list.js";

/** Drives `steps` to the end; the most that `done()` grew between two pauses (or before the first, or after the last). */
function mostBetweenPauses<T>(steps: Steps<T>, done: () => number): { most: number; pauses: number; value: T } {
  let [most, pauses, before] = [0, 0, done()];
  for (;;) {
    const step = steps.next();
    const now = done();
    most = Math.max(most, now - before);
    before = now;
    if (step.done) return { most, pauses, value: step.value };
    pauses++;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("counting a keyword column's values", () => {
  it("pauses after at most 1,024 values, and after at most 1,024 documents holding their own key", () => {
    const keys = Array.from({ length: 5000 }, (_, doc) => `o/r#${doc}`);
    const docKeys = {
      keyOf: (doc: number) => keys[doc],
      isLive: (doc: number) => doc < keys.length,
      slotOf: (key: string) => (keys.indexOf(key) >= 0 ? keys.indexOf(key) : undefined),
      hasKey: (doc: number, key: string) => keys[doc] === key,
      copyKeyTo: (doc: number, list: StringList) => list.push(keys[doc]),
    };
    const column = new KeywordColumn(docKeys);
    for (let doc = 0; doc < 3000; doc++) column.set(doc, [`v${doc}`]);
    // Each its own key: kept as a mark, counted in the pass over the documents.
    for (let doc = 3000; doc < 5000; doc++) column.set(doc, [keys[doc]]);
    let counted = 0;
    const seen = new Map<string, number>();
    const { most, pauses } = mostBetweenPauses(
      column.counting((value, n) => {
        counted++;
        seen.set(value, n);
      }),
      () => counted,
    );
    expect(seen.size).toBe(5000);
    expect(seen.get("v2999")).toBe(1);
    expect(seen.get("o/r#4999")).toBe(1);
    expect(most).toBeLessThanOrEqual(1024);
    expect(pauses).toBeGreaterThanOrEqual(4);
  });
});

describe("filing a saved table's keys", () => {
  /** A saved table of issues `o/r#0` to `o/r#(n - 1)`, each `{}`, its keys as strings or as bytes (as read from a file). */
  function tableOf(store: Store, n: number, asBytes: boolean) {
    const keys = new StringList();
    for (let i = 0; i < n; i++) keys.push(`o/r#${i}`);
    const chunk = store.restoreChunk({ raw: Buffer.from("{}".repeat(n)) });
    const lengths = new Uint32Array(n).fill(2);
    return { kind: "issues" as const, keys: asBytes ? new EncodedStrings(keys.encode(0, n)) : keys, chunks: new Uint32Array(n).fill(chunk), starts: Uint32Array.from({ length: n }, (_, i) => 2 * i), lengths };
  }

  it("pauses after at most 256 keys, given as strings or as bytes", () => {
    for (const asBytes of [false, true]) {
      const store = new Store();
      const n = 1000;
      const { most } = mostBetweenPauses(store.restoringRecords(tableOf(store, n, asBytes)), () => store.size("issues"));
      expect(store.size("issues")).toBe(n);
      expect(most).toBeLessThanOrEqual(256);
    }
  });

  it("places the keys of a large table among the table's keys a part at a time, each found after", () => {
    const store = new Store();
    const n = 20_000;
    finish(store.restoringRecords(tableOf(store, n, true)));
    let pauses = 0;
    for (const _ of store.filingRestored()) pauses++;
    // A pause after each of the table's 256 parts (20,000 keys leave none empty).
    expect(pauses).toBe(256);
    for (const i of [0, 1, 9_999, n - 1]) expect(store.textAt(store.refOf("issues", `o/r#${i}`)!)).toBe("{}");
    expect(store.refOf("issues", `o/r#${n}`)).toBeUndefined();
  });
});

const issues = KINDS.issues as KindSpec<RecordLike>;
const WORDS = ["crash", "on", "windows", "linux", "again", "error"];

/** A collection of `n` public issues whose titles and bodies are common words, and a copy of its store to restore it into. */
function indexed(n: number): { collection: Collection; copy: Store } {
  const store = new Store();
  const copy = new Store();
  for (const s of [store, copy]) s.put("repositories", "o/r", { full_name: "o/r", private: false });
  const collection = new Collection(issues, store);
  for (let i = 0; i < n; i++) {
    const record = { number: i, id: i, title: `${WORDS[i % 6]} ${WORDS[(i + 1) % 6]}`, body: WORDS.join(" "), repository: "o/r", state: "open", user: { login: "ada" } };
    store.put("issues", `o/r#${i}`, record);
    copy.putUnparsed("issues", `o/r#${i}`, new Unparsed(JSON.stringify(record), null));
    collection.touch(`o/r#${i}`);
  }
  collection.flush();
  return { collection, copy };
}

describe("restoring a collection", () => {
  it("puts at most 8,192 documents in a field's register between two pauses", () => {
    const { collection, copy } = indexed(20_000);
    let added = 0;
    const add = IdSet.prototype.add;
    vi.spyOn(IdSet.prototype, "add").mockImplementation(function (this: IdSet, id: number) {
      added++;
      return add.call(this, id);
    });
    const { most, value: restored } = mostBetweenPauses(Collection.restoring(issues, copy, collection.state()), () => added);
    // Every field's register holds every document.
    expect(added).toBeGreaterThanOrEqual(2 * 20_000);
    expect(most).toBeLessThanOrEqual(8192);
    expect([...restored.fields.get("title")!.postings.docs("crash")].length).toBe([...collection.fields.get("title")!.postings.docs("crash")].length);
  });

  it("reads and narrows a chunk of occurrences in steps", () => {
    // One chunk of 2^18 occurrences, every position below 2^16: read for its largest, then copied into two bytes each.
    const docs = 64;
    const per = 4096;
    const ids = new Uint32Array(docs * per);
    for (let doc = 0; doc < docs; doc++) for (let i = 0; i < per; i++) ids[doc * per + i] = i;
    const positions = ids.slice();
    const state = { counts: new Uint32Array(docs).fill(per), ids: [ids], positions: [positions], widths: undefined };
    const { pauses, value } = mostBetweenPauses(Occurrences.restoring(state), () => 0);
    // The largest position and the copy pause 8 times each (steps of 2^15).
    expect(pauses).toBeGreaterThanOrEqual(16);
    const same = Occurrences.of(state);
    expect(value.state(docs)).toEqual(same.state(docs));
  });

  it("looks through at most 65,536 list entries between two pauses when it adopts saved frequencies", () => {
    const { collection, copy } = indexed(20_000);
    const ranking = defaultRanking().issues;
    finish(preparingMaxima(collection, ranking, 1));
    const bounds = finish(savingBounds(collection, ranking))!;
    expect(bounds.fields.some((f) => f.impactTerms.length > 0)).toBe(true);
    const restored = Collection.restore(issues, copy, collection.state());
    let entries = 0;
    const viewing = Postings.prototype.viewing;
    vi.spyOn(Postings.prototype, "viewing").mockImplementation(function* (this: Postings, term: string) {
      const list = yield* viewing.call(this, term);
      entries += list.length;
      return list;
    });
    const { most, value: adopted } = mostBetweenPauses(adoptingBounds(restored, ranking, 1, bounds), () => entries);
    expect(adopted).toBe(true);
    // Six words in every body and most titles: some 200,000 entries looked through in all.
    expect(entries).toBeGreaterThan(150_000);
    // A step ends with the list that reached the bound: at most the bound and one list of 20,000.
    expect(most).toBeLessThanOrEqual(65_536 + 20_000);
  });
});
