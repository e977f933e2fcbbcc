/**
 * A collection indexes what was touched, once, when flushed; its document
 * frequencies agree with FlexSearch's posting lists; and its saved state
 * restores an index that answers and changes as the original does.
 */
import { describe, expect, it } from "vitest";
import { Collection } from "../../src/index/collection.js";
import { Postings } from "../../src/index/postings.js";
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

  it("restores from its state an index that reads and changes alike", () => {
    const { store, collection } = withIssues(issue(1, "crash on windows"), issue(2, "crash on linux"), issue(3, "error on windows"));
    collection.flush();
    store.delete("issues", "o/r#2");
    collection.touch("o/r#2");
    collection.flush();

    const copy = new Store();
    copy.put("repositories", "o/r", store.byKey("repositories", "o/r")!);
    for (const key of ["o/r#1", "o/r#3"]) copy.putUnparsed("issues", key, new Unparsed(JSON.stringify(store.byKey("issues", key)), JSON.parse, null));
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

  it("refuses a state whose records the store does not hold", () => {
    const { collection } = withIssues(issue(1, "crash"));
    collection.flush();
    expect(() => Collection.restore(issues, new Store(), collection.state())).toThrow(RangeError);
  });
});

describe("Postings", () => {
  it("imported lists answer as exported, and rebuild once a document leaves", () => {
    const postings = new Postings();
    // What the index holds per document, as the collection would give it for a rebuild.
    const terms = new Map<number, string[]>([
      [0, ["a", "b"]],
      [1, ["b"]],
      [2, ["c"]],
    ]);
    for (const [doc, t] of terms) postings.set(doc, t);
    let rebuilt = 0;
    const imported = Postings.import(postings.export(), 3, () => {
      rebuilt++;
      return terms.entries();
    });
    expect([...imported.docs("b")]).toEqual([0, 1]);
    terms.set(3, ["b"]);
    imported.set(3, ["b"]);
    expect(rebuilt).toBe(0);
    expect([...imported.docs("b")]).toEqual([0, 1, 3]);
    terms.delete(1);
    imported.remove(1);
    expect(rebuilt).toBe(1);
    expect([...imported.docs("b")]).toEqual([0, 3]);
    terms.delete(0);
    imported.remove(0);
    expect(rebuilt).toBe(1);
    expect([...imported.docs("a")]).toEqual([]);
    expect([...imported.docs("b")]).toEqual([3]);
  });
});
