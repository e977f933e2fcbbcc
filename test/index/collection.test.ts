/**
 * A collection indexes what was touched, once, when flushed; its document
 * frequencies agree with FlexSearch's posting lists; and its saved state
 * restores an index that answers and changes as the original does.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Collection } from "../../src/index/collection.js";
import { fieldLists, inverting, listAt, takingSaved } from "../../src/index/inverted.js";
import { eachDocument } from "../../src/index/occurrences.js";
import { Postings } from "../../src/index/postings.js";
import { finish } from "../../src/index/steps.js";
import { KINDS } from "../../src/kinds/index.js";
import type { KindSpec, RecordLike } from "../../src/kinds/types.js";
import { Store, Unparsed } from "../../src/store.js";

const issues = KINDS.issues as KindSpec<RecordLike>;

function issue(number: number, title: string, body = ""): RecordLike {
  return { number, id: number, title, body, repository: "o/r", state: "open", user: { login: "ada" } };
}

function withIssues(...records: RecordLike[]): { store: Store; collection: Collection } {
  const store = new Store();
  // A public repository: statistics count public documents only.
  store.put("repositories", "o/r", { full_name: "o/r", private: false });
  const collection = new Collection(issues, store);
  for (const r of records) {
    const key = `o/r#${r.number}`;
    store.put("issues", key, r);
    collection.touch(key);
  }
  return { store, collection };
}

const field = (c: Collection, name: string) => c.fields.get(name)!;

/** Every term's document frequency, and what FlexSearch's posting list says. */
function frequencies(c: Collection, name: string): Array<[string, number, number]> {
  const f = field(c, name);
  const out: Array<[string, number, number]> = [];
  for (const term of ["crash", "on", "windows", "linux", "again", "error"]) {
    out.push([term, c.documentFrequency(f, c.termIdOf(term)), f.postings.docs(term).length]);
  }
  return out;
}

describe("Collection", () => {
  it("indexes touched records when flushed, each once, and drops removed ones", () => {
    const { store, collection } = withIssues(issue(1, "crash on windows"), issue(2, "crash on linux"));
    expect(collection.size).toBe(0);
    expect(collection.pendingCount).toBe(2);
    expect(collection.flush(1)).toBe(1);
    expect(collection.size).toBe(1);
    expect(collection.flush()).toBe(0);
    expect(collection.size).toBe(2);

    store.put("issues", "o/r#1", issue(1, "error again"));
    collection.touch("o/r#1");
    collection.touch("o/r#1");
    store.delete("issues", "o/r#2");
    collection.touch("o/r#2");
    collection.flush();
    expect(collection.size).toBe(1);
    expect(field(collection, "title").postings.docs("crash").length).toBe(0);
    expect([...field(collection, "title").postings.docs("again")]).toEqual([collection.slotOf("o/r#1")]);
    expect(collection.slotOf("o/r#2")).toBeUndefined();
  });

  it("keeps document frequencies equal to FlexSearch's posting lists through changes", () => {
    const { store, collection } = withIssues(issue(1, "crash on windows", "crash crash"), issue(2, "crash on linux"), issue(3, "error"));
    collection.flush();
    for (const [, df, postings] of frequencies(collection, "title")) expect(df).toBe(postings);
    store.put("issues", "o/r#2", issue(2, "windows again"));
    store.delete("issues", "o/r#3");
    collection.touch("o/r#2");
    collection.touch("o/r#3");
    collection.flush();
    for (const name of ["title", "body"]) for (const [, df, postings] of frequencies(collection, name)) expect(df).toBe(postings);
    expect(collection.termFrequency(field(collection, "body"), collection.slotOf("o/r#1")!, collection.termIdOf("crash"))).toBe(2);
  });

  it("restores the statistics, and keeps them through changes, whether every document counts or some are private", () => {
    /** Every term's document frequency and every field's average length, and the documents counted. */
    const statistics = (c: Collection) => {
      const out: unknown[] = [c.statisticsSize];
      for (const name of ["title", "body"]) {
        const f = field(c, name);
        out.push(c.averageLength(f), ["crash", "on", "windows", "linux", "again", "error", "hidden"].map((t) => c.documentFrequency(f, c.termIdOf(t))));
      }
      return out;
    };
    for (const withPrivate of [false, true]) {
      const store = new Store();
      store.put("repositories", "o/r", { full_name: "o/r", private: false });
      store.put("repositories", "p/q", { full_name: "p/q", private: true });
      const collection = new Collection(issues, store);
      const records: Array<[string, RecordLike]> = [
        ["o/r#1", issue(1, "crash on windows", "crash crash again")],
        ["o/r#2", issue(2, "crash on linux", "error")],
        ["o/r#3", issue(3, "error on windows")],
      ];
      if (withPrivate) records.push(["p/q#4", { ...issue(4, "hidden crash on linux", "hidden"), repository: "p/q" }]);
      for (const [key, r] of records) {
        store.put("issues", key, r);
        collection.touch(key);
      }
      collection.flush();
      const copy = new Store();
      for (const key of ["o/r", "p/q"]) copy.put("repositories", key, store.byKey("repositories", key)!);
      for (const [key] of records) copy.putUnparsed("issues", key, new Unparsed(JSON.stringify(store.byKey("issues", key)), null));
      const restored = Collection.restore(issues, copy, collection.state());
      expect(statistics(restored), `private: ${withPrivate}`).toEqual(statistics(collection));
      expect(collection.statisticsSize).toBe(3);
      // Indexed anew and removed after the restore: each counted document is taken out once.
      for (const [st, c] of [
        [store, collection],
        [copy, restored],
      ] as const) {
        st.put("issues", "o/r#1", issue(1, "again", "windows"));
        st.delete("issues", "o/r#2");
        c.touch("o/r#1");
        c.touch("o/r#2");
        c.flush();
      }
      expect(statistics(restored), `private: ${withPrivate}, changed`).toEqual(statistics(collection));
    }
  });

  it("restores from its state an index that reads and changes alike", () => {
    const { store, collection } = withIssues(issue(1, "crash on windows"), issue(2, "crash on linux"), issue(3, "error on windows"));
    collection.flush();
    store.delete("issues", "o/r#2");
    collection.touch("o/r#2");
    collection.flush();

    const copy = new Store();
    copy.put("repositories", "o/r", store.byKey("repositories", "o/r")!);
    for (const key of ["o/r#1", "o/r#3"]) copy.putUnparsed("issues", key, new Unparsed(JSON.stringify(store.byKey("issues", key)), null));
    const restored = Collection.restore(issues, copy, collection.state());
    expect(restored.size).toBe(2);
    expect(frequencies(restored, "title")).toEqual(frequencies(collection, "title"));
    expect(restored.record(restored.slotOf("o/r#3")!)).toEqual(store.byKey("issues", "o/r#3"));
    expect(restored.keywordColumn("author").get(0)).toEqual(["ada"]);

    // A change after restoring: FlexSearch's imported lists are rebuilt and stay right.
    for (const [s, c] of [
      [store, collection],
      [copy, restored],
    ] as const) {
      s.put("issues", "o/r#3", issue(3, "linux again"));
      c.touch("o/r#3");
      s.put("issues", "o/r#4", issue(4, "crash"));
      c.touch("o/r#4");
      c.flush();
    }
    expect(frequencies(restored, "title")).toEqual(frequencies(collection, "title"));
    for (const term of ["crash", "windows", "linux", "again"]) {
      expect([...field(restored, "title").postings.docs(term)]).toEqual([...field(collection, "title").postings.docs(term)]);
    }
    // The free slot of o/r#2 was taken by o/r#4 in both.
    expect(restored.slotOf("o/r#4")).toBe(collection.slotOf("o/r#4"));
  });

  it("passes over a saved keyword column the kind has retired, and refuses an unknown one, one saved twice or one missing", () => {
    const { store, collection } = withIssues(issue(1, "crash on windows"), issue(2, "crash on linux"));
    collection.flush();
    const state = collection.state();
    const author = state.keywords.find((k) => k.name === "author")!;
    expect(issues.retiredColumns).toContain("involves");
    const retired = { ...state, keywords: [...state.keywords, { ...author, name: "involves" }] };
    const restored = Collection.restore(issues, store, retired);
    expect(restored.keywordColumn("author").get(restored.slotOf("o/r#1")!)).toEqual(collection.keywordColumn("author").get(collection.slotOf("o/r#1")!));
    expect(() => restored.keywordColumn("involves")).toThrow();
    expect(() => Collection.restore(issues, store, { ...state, keywords: [...state.keywords, { ...author, name: "unheard_of" }] })).toThrow(/unknown keyword column/);
    expect(() => Collection.restore(issues, store, { ...state, keywords: [...state.keywords, author] })).toThrow(/repeats/);
    expect(() => Collection.restore(issues, store, { ...state, keywords: state.keywords.filter((k) => k !== author) })).toThrow(/missing/);
  });

  it("refuses a state whose records the store does not hold", () => {
    const { collection } = withIssues(issue(1, "crash"));
    collection.flush();
    expect(() => Collection.restore(issues, new Store(), collection.state())).toThrow(RangeError);
  });
});

describe("Postings", () => {
  /** Postings over a term table, as the collection gives them: its documents' current terms. */
  function postingsOver(terms: Map<number, string[]>) {
    let rebuilt = 0;
    const source = () => {
      rebuilt++;
      return terms.entries();
    };
    const holds = (doc: number, term: string) => terms.get(doc)?.includes(term) ?? false;
    return { source, holds, rebuilds: () => rebuilt };
  }

  it("drops removed and replaced documents' old entries without FlexSearch's update register", () => {
    const terms = new Map<number, string[]>([
      [0, ["a", "b"]],
      [1, ["b"]],
      [2, ["c"]],
    ]);
    const { source, holds, rebuilds } = postingsOver(terms);
    const postings = new Postings(source, holds);
    for (const [doc, t] of terms) postings.set(doc, t);
    expect([...postings.docs("b")]).toEqual([0, 1]);
    // Document 0 loses "b", gains "c"; document 1 leaves; its slot comes back with "b" and "a".
    terms.set(0, ["a", "c"]);
    postings.set(0, ["a", "c"], ["a", "b"]);
    terms.delete(1);
    postings.remove(1, ["b"]);
    expect([...postings.docs("b")]).toEqual([]);
    expect([...postings.docs("c")]).toEqual([0, 2]);
    terms.set(1, ["a", "b"]);
    postings.set(1, ["a", "b"]);
    expect([...postings.docs("a")]).toEqual([0, 1]);
    expect([...postings.docs("b")]).toEqual([1]);
    expect(rebuilds()).toBe(0);
  });

  it("views a list as docs() reads it, clean or with stale entries, repeats and re-added slots", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(30), fc.uniqueArray(fc.constantFrom("a", "b", "c", "d"), { maxLength: 3 })), { maxLength: 80 }),
        (edits) => {
          const terms = new Map<number, string[]>();
          const { source, holds } = postingsOver(terms);
          const postings = new Postings(source, holds);
          for (const [doc, next] of edits) {
            const previous = terms.get(doc) ?? [];
            if (next.length) terms.set(doc, next);
            else terms.delete(doc);
            postings.set(doc, next, previous);
            for (const term of ["a", "b", "c", "d", "e", ""]) expect(Array.from(postings.view(term)), term).toEqual(Array.from(postings.docs(term)));
          }
        },
      ),
    );
  });

  it("lists computed from occurrences answer as the documents' terms do, and take later changes", () => {
    const dictionary = ["a", "b", "c"];
    const terms = new Map<number, string[]>([
      [0, ["a", "b"]],
      [2, ["b", "c"]],
    ]);
    const { source, holds } = postingsOver(terms);
    // Document 0 holds a, b, b; slot 1 is empty; document 2 holds b, c.
    const occurrences = { counts: Uint32Array.of(3, 0, 2), ids: [Uint32Array.of(0, 1, 1), Uint32Array.of(1, 2)] };
    const imported = Postings.import(finish(inverting(occurrences, dictionary.length)), (id) => dictionary[id], source, holds);
    expect([...imported.docs("a")]).toEqual([0]);
    expect([...imported.docs("b")]).toEqual([0, 2]);
    expect([...imported.docs("c")]).toEqual([2]);
    terms.delete(0);
    imported.remove(0, ["a", "b"]);
    terms.set(1, ["a"]);
    imported.set(1, ["a"]);
    expect([...imported.docs("a")]).toEqual([1]);
    expect([...imported.docs("b")]).toEqual([2]);
  });

  it("inverts occurrences into each term's documents, ascending, each once", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(7), { maxLength: 6 }), { maxLength: 40 }), fc.array(fc.boolean()), (docs, cutAfter) => {
        const sorted = docs.map((ids) => [...ids].sort((x, y) => x - y));
        // The occurrences in chunks cut after some documents, as a saved index holds them.
        const chunks: number[][] = [[]];
        sorted.forEach((ids, doc) => {
          chunks.at(-1)!.push(...ids);
          if (cutAfter[doc] && chunks.at(-1)!.length) chunks.push([]);
        });
        const occurrences = { counts: Uint32Array.from(sorted, (ids) => ids.length), ids: chunks.filter((c) => c.length).map((c) => Uint32Array.from(c)) };
        const lists = finish(inverting(occurrences, 8));
        const { terms, documents } = lists;
        for (let t = 0; t < 8; t++) {
          const expected = sorted.flatMap((ids, doc) => (ids.includes(t) ? [doc] : []));
          const i = terms.indexOf(t);
          expect(i === -1 ? [] : [...listAt(lists, i)]).toEqual(expected);
        }
        expect([...documents]).toEqual(sorted.flatMap((ids, doc) => (ids.length ? [doc] : [])));
      }),
    );
  });

  it("inverts only occurrences that fit: term ids known and in order, in documents held, counted whole", () => {
    // Document 0 holds a, b, b; slot 1 is empty; document 2 holds b, c.
    const good = { counts: Uint32Array.of(3, 0, 2), ids: [Uint32Array.of(0, 1, 1), Uint32Array.of(1, 2)] };
    expect(finish(inverting(good, 3, (doc) => doc !== 1)).occurrences).toBe(5);
    const refused: Array<[string, typeof good, number, (doc: number) => boolean]> = [
      ["a term id past the dictionary", good, 2, () => true],
      ["term ids out of order", { ...good, ids: [Uint32Array.of(1, 0, 1), Uint32Array.of(1, 2)] }, 3, () => true],
      ["terms in a document not held", good, 3, (doc) => doc !== 2],
    ];
    for (const [what, occurrences, terms, held] of refused) expect(() => finish(inverting(occurrences, terms, held)), what).toThrow(RangeError);
  });

  it("takes saved lists that match the occurrences, in whatever pieces, as the inversion gives them", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(7), { maxLength: 6 }), { maxLength: 40 }), fc.array(fc.boolean()), (docs, cutAfter) => {
        const sorted = docs.map((ids) => [...ids].sort((x, y) => x - y));
        const occurrences = { counts: Uint32Array.from(sorted, (ids) => ids.length), ids: [Uint32Array.from(sorted.flat())].filter((c) => c.length) };
        const inverted = finish(inverting(occurrences, 8));
        // The lists end to end, in pieces cut after some lists.
        const pieces: number[][] = [[]];
        for (let i = 0; i < inverted.terms.length; i++) {
          pieces.at(-1)!.push(...listAt(inverted, i));
          if (cutAfter[i]) pieces.push([]);
        }
        const saved = {
          terms: inverted.terms,
          lengths: Uint32Array.from(inverted.terms, (_, i) => inverted.to[i] - inverted.from[i]),
          pieces: pieces.filter((p) => p.length).map((p) => Uint32Array.from(p)),
        };
        const taken = finish(takingSaved(occurrences, saved, 8));
        expect([...taken.terms]).toEqual([...inverted.terms]);
        for (let i = 0; i < inverted.terms.length; i++) expect([...listAt(taken, i)]).toEqual([...listAt(inverted, i)]);
        expect([...taken.documents]).toEqual([...inverted.documents]);
        expect(taken.occurrences).toBe(inverted.occurrences);
      }),
    );
  });

  it("takes saved lists only where they match the occurrences, and checks them in steps", () => {
    // Document 0 holds a, b, b; slot 1 is empty; document 2 holds b, c.
    const occurrences = { counts: Uint32Array.of(3, 0, 2), ids: [Uint32Array.of(0, 1, 1), Uint32Array.of(1, 2)] };
    const good = { terms: Uint32Array.of(0, 1, 2), lengths: Uint32Array.of(1, 2, 1), pieces: [Uint32Array.of(0, 0, 2), Uint32Array.of(2)] };
    expect([...finish(takingSaved(occurrences, good, 3)).documents]).toEqual([0, 2]);
    const refused: Array<[string, typeof good, RegExp]> = [
      ["a list longer than its documents", { ...good, lengths: Uint32Array.of(2, 2, 1), pieces: [Uint32Array.of(0, 2, 0, 2), Uint32Array.of(2)] }, /does not match/],
      ["a term left out", { terms: Uint32Array.of(0, 1), lengths: Uint32Array.of(1, 2), pieces: [Uint32Array.of(0, 0, 2)] }, /leave out terms/],
      ["a term listed without documents in place of one left out", { terms: Uint32Array.of(0, 1, 3), lengths: Uint32Array.of(1, 2, 0), pieces: [Uint32Array.of(0, 0, 2)] }, /does not match/],
      ["terms out of order", { ...good, terms: Uint32Array.of(0, 2, 1), lengths: Uint32Array.of(1, 1, 2), pieces: [Uint32Array.of(0, 2, 0, 2)] }, /does not match/],
      ["documents out of order", { ...good, pieces: [Uint32Array.of(0, 2, 0), Uint32Array.of(2)] }, /out of order/],
      ["a document listed twice", { ...good, pieces: [Uint32Array.of(0, 2, 2), Uint32Array.of(2)] }, /out of order/],
      ["a document without terms", { ...good, pieces: [Uint32Array.of(0, 1, 2), Uint32Array.of(2)] }, /without terms/],
      ["a list across two pieces", { ...good, pieces: [Uint32Array.of(0, 0), Uint32Array.of(2, 2)] }, /do not lie in their pieces/],
      ["pieces holding more", { ...good, pieces: [Uint32Array.of(0, 0, 2), Uint32Array.of(2, 2)] }, /hold more/],
      ["lengths not matching the terms", { ...good, lengths: Uint32Array.of(1, 2) }, /lengths do not match/],
    ];
    for (const [what, saved, message] of refused) expect(() => finish(takingSaved(occurrences, saved, 4)), what).toThrow(message);
    // A document not held is refused as the inversion refuses it.
    expect(() => finish(takingSaved(occurrences, good, 3, (doc) => doc !== 2))).toThrow(/not held/);
    // A long list is checked over several steps.
    const many = 1 << 20;
    const wide = { counts: new Uint32Array(many).fill(1), ids: [new Uint32Array(many)] };
    const everyDocument = { terms: Uint32Array.of(0), lengths: Uint32Array.of(many), pieces: [Uint32Array.from({ length: many }, (_, i) => i)] };
    const pausesOf = (steps: Generator<unknown>) => {
      let pauses = 0;
      while (!steps.next().done) pauses++;
      return pauses;
    };
    // Beyond the pauses of the pass over the occurrences: some while the list is checked, some while the documents are gathered.
    const counting = pausesOf(eachDocument(wide.counts, wide.ids, () => undefined));
    expect(pausesOf(takingSaved(wide, everyDocument, 1)) - counting).toBeGreaterThanOrEqual(8);
  });

  it("makes every field's lists at once as the restore does, a document held where its slot is not free", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(7), { maxLength: 6 }), { maxLength: 40 }), fc.array(fc.boolean()), fc.boolean(), (docs, saveLists, free) => {
        const sorted = docs.map((ids) => [...ids].sort((x, y) => x - y));
        // Empty documents' slots free, or only some of them (a slot may be held and empty).
        const freeSlots = sorted.flatMap((ids, doc) => (!ids.length && (free || doc % 2) ? [doc] : []));
        const held = (doc: number) => !freeSlots.includes(doc);
        const occurrences = { counts: Uint32Array.from(sorted, (ids) => ids.length), ids: [Uint32Array.from(sorted.flat())].filter((c) => c.length) };
        const inverted = finish(inverting(occurrences, 8, held));
        const listed = Array.from(inverted.terms, (_, i) => [...listAt(inverted, i)]).flat();
        const saved = {
          terms: inverted.terms,
          lengths: Uint32Array.from(inverted.terms, (_, i) => inverted.to[i] - inverted.from[i]),
          pieces: listed.length ? [Uint32Array.from(listed)] : [],
        };
        const fields = [
          { name: "title", occurrences, lists: saveLists[0] ? saved : undefined },
          { name: "body", occurrences, lists: saveLists[1] ? undefined : saved },
        ];
        const made = fieldLists({ fields, terms: 8, capacity: sorted.length, free: freeSlots });
        expect([...made.keys()]).toEqual(["title", "body"]);
        for (const { name, lists } of fields) {
          const expected = finish(lists ? takingSaved(occurrences, lists, 8, held) : inverting(occurrences, 8, held));
          const got = made.get(name)!;
          expect([...got.terms]).toEqual([...expected.terms]);
          for (let i = 0; i < expected.terms.length; i++) expect([...listAt(got, i)]).toEqual([...listAt(expected, i)]);
          expect([...got.documents]).toEqual([...expected.documents]);
          expect(got.occurrences).toBe(expected.occurrences);
        }
      }),
    );
    // A free slot holding terms is refused as the restore refuses a document it does not hold.
    const occurrences = { counts: Uint32Array.of(1, 2), ids: [Uint32Array.of(0, 0, 1)] };
    expect(() => fieldLists({ fields: [{ name: "title", occurrences }], terms: 2, capacity: 2, free: [1] })).toThrow(/not held/);
    expect(fieldLists({ fields: [{ name: "title", occurrences }], terms: 2, capacity: 2, free: [] }).get("title")!.occurrences).toBe(3);
  });

  it("merges once stale documents outnumber half the live ones", () => {
    const terms = new Map<number, string[]>();
    for (let doc = 0; doc < 10_000; doc++) terms.set(doc, [`w${doc % 7}`]);
    const { source, holds, rebuilds } = postingsOver(terms);
    const postings = new Postings(source, holds);
    for (const [doc, t] of terms) postings.set(doc, t);
    for (let doc = 0; doc < 6_000 && !postings.merging; doc++) {
      const old = terms.get(doc)!;
      terms.set(doc, ["x"]);
      postings.set(doc, ["x"], old);
    }
    // The merge runs when its steps are taken.
    expect(rebuilds()).toBe(0);
    while (postings.mergeStep());
    expect(rebuilds()).toBe(1);
    expect(postings.docs("x").length).toBe(5_000);
    expect(postings.docs("w1").length).toBe([...terms.values()].filter((t) => t[0] === "w1").length);
  });
});

describe("a collection merges its posting lists in steps", () => {
  it("begins a merge once stale documents are many, merges when maintained, and answers exactly throughout", () => {
    const records = Array.from({ length: 6_000 }, (_, i) => issue(i + 1, i % 2 ? "crash on windows" : "error on linux"));
    const { store, collection } = withIssues(...records);
    collection.drain();
    const change = (number: number, title: string) => {
      store.put("issues", `o/r#${number}`, issue(number, title));
      collection.touch(`o/r#${number}`);
    };
    const holders = (term: string) => {
      const out: number[] = [];
      for (let doc = 0; doc < collection.capacity; doc++) {
        const title = collection.record(doc)?.title;
        if (typeof title === "string" && title.split(" ").includes(term)) out.push(doc);
      }
      return out;
    };
    const exact = () => {
      for (const term of ["crash", "error", "windows", "linux", "again"]) expect([...field(collection, "title").postings.docs(term)]).toEqual(holders(term));
    };
    for (let n = 1; n <= 4_200; n++) change(n, "crash again");
    collection.drain();
    expect(collection.hasMaintenance()).toBe(true);
    expect(collection.hasPendingWork()).toBe(false);
    exact();
    // Changes after the merge began: carried over into the merged lists.
    for (let n = 4_201; n <= 4_400; n++) change(n, "crash on linux");
    collection.drain();
    exact();
    while (collection.maintain(1));
    expect(collection.hasMaintenance()).toBe(false);
    exact();
  });

  it("counts changes of signal values and keeps the latest slots changed, then lets go of them", () => {
    const { store, collection } = withIssues(issue(1, "crash"), issue(2, "crash"));
    const start = collection.signalVersion;
    collection.flush();
    expect(collection.signalVersion).toBe(start + 2);
    const slotOf = (n: number) => collection.slotOf(`o/r#${n}`)!;
    expect(collection.signalChangesSince(start)).toEqual([slotOf(1), slotOf(2)]);
    const afterAdds = collection.signalVersion;
    store.put("issues", "o/r#2", { ...issue(2, "crash"), comments: 5 });
    collection.touch("o/r#2");
    const two = slotOf(2);
    store.delete("issues", "o/r#1");
    const one = slotOf(1);
    collection.touch("o/r#1");
    collection.flush();
    expect([...collection.signalChangesSince(afterAdds)!].sort()).toEqual([one, two].sort());
    expect(collection.signalChangesSince(collection.signalVersion)).toEqual([]);
    // Past what is kept, older versions are no longer answered; the latest still are.
    for (let n = 0; n < 70_000; n++) {
      store.put("issues", "o/r#2", { ...issue(2, "crash"), comments: n });
      collection.touch("o/r#2");
      collection.flush();
    }
    expect(collection.signalChangesSince(afterAdds)).toBeUndefined();
    const now = collection.signalVersion;
    store.put("issues", "o/r#2", { ...issue(2, "crash"), comments: 1 });
    collection.touch("o/r#2");
    collection.flush();
    expect(collection.signalChangesSince(now)).toEqual([two]);
  });
});
