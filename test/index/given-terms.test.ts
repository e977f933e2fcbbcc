/**
 * Text fields read on a load's reading thread: local ids translate to a collection's as it meets
 * them, a field taken from a batch is the field read from its text, a collection takes offered terms
 * for the very record they were read from only, and the fields marked as read from the record alone
 * read nothing else.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Collection } from "../../src/index/collection.js";
import { FieldTerms } from "../../src/index/field-terms.js";
import { asKeywords, asNumber, columnsFromRecordAlone } from "../../src/index/column-values.js";
import { TermTranslation, type GivenBatch } from "../../src/index/given-terms.js";
import { TermDictionary } from "../../src/index/term-dictionary.js";
import { KINDS, RECORD_KINDS } from "../../src/kinds/index.js";
import type { KindSpec, RecordLike, SearchKind } from "../../src/kinds/types.js";
import type { StoreReader } from "../../src/records/store-reader.js";
import { Store } from "../../src/store.js";
import type { TokenizerName } from "../../src/text/tokenize.js";

/** A batch of one field over `texts`, read as the reading thread reads it: into a dictionary of its own. */
function batchOf(texts: Array<string | string[] | null>, tokenizer: TokenizerName = "prose", fields = ["title"]): GivenBatch {
  const local = new TermDictionary();
  const terms = new FieldTerms();
  const [starts, ids, positions, widths] = [[0], [] as number[], [] as number[], [] as number[]];
  for (const text of texts) {
    terms.read(text, tokenizer, local);
    for (let i = 0; i < terms.count; i++) [ids, positions, widths].forEach((list, k) => list.push([terms.ids, terms.positions, terms.widths][k][i]));
    starts.push(ids.length);
  }
  const localTerms = Array.from({ length: local.size }, (_, id) => local.term(id));
  return { fields, starts: Uint32Array.from(starts), ids: Uint32Array.from(ids), positions: Uint32Array.from(positions), widths: Uint32Array.from(widths), local: localTerms };
}

const occurrences = (terms: FieldTerms, dictionary: TermDictionary) =>
  Array.from({ length: terms.count }, (_, i) => [dictionary.term(terms.ids[i]), terms.positions[i], terms.widths[i]]);

describe("TermTranslation", () => {
  it("numbers local terms in a collection's dictionary as it first meets them, each once", () => {
    const local = ["zero", "one", "two"];
    const dictionary = new TermDictionary();
    dictionary.idOf("two");
    const translation = new TermTranslation(local, dictionary);
    const out = new Uint32Array(4);
    translation.translate(Uint32Array.of(9, 1, 2, 1, 1), 1, 5, out);
    expect([...out]).toEqual([1, 0, 1, 1]);
    expect(dictionary.size).toBe(2);
    expect(dictionary.term(1)).toBe("one");
    // Terms that come later are met later.
    local.push("three");
    translation.translate(Uint32Array.of(3, 0), 0, 2, out);
    expect([...out.subarray(0, 2)]).toEqual([2, 3]);
    expect(dictionary.term(3)).toBe("zero");
  });

  it("refuses a local id it was never sent", () => {
    const local = ["a"];
    expect(() => new TermTranslation(local, new TermDictionary()).translate(Uint32Array.of(1), 0, 1, new Uint32Array(1))).toThrow(RangeError);
  });
});

describe("FieldTerms.take", () => {
  const texts = fc.oneof(
    fc.constantFrom(null, "", "Crash on Windows", "東京 の バグ", "naïve café x_1", "a b a b a"),
    fc.array(fc.constantFrom("web", "東京", "two words", ""), { maxLength: 4 }),
    fc.string({ maxLength: 60 }),
  );

  it("takes a field as reading its text gives it, over any texts and both tokenizers", () => {
    fc.assert(
      fc.property(fc.array(texts, { minLength: 1, maxLength: 8 }), fc.constantFrom<TokenizerName>("prose", "code"), (values, tokenizer) => {
        const batch = batchOf(values, tokenizer);
        const translated = new TermDictionary();
        const translation = new TermTranslation(batch.local, translated);
        values.forEach((value, line) => {
          const [taken, read, own] = [new FieldTerms(), new FieldTerms(), new TermDictionary()];
          taken.take(batch, line, 0, translation);
          read.read(value, tokenizer, own);
          expect(occurrences(taken, translated)).toEqual(occurrences(read, own));
          expect([taken.wide, taken.maxPosition]).toEqual([read.wide, read.maxPosition]);
        });
      }),
    );
  });

  it("grows to take a field longer than its arrays", () => {
    const long = Array.from({ length: 3000 }, (_, i) => `w${i % 50}`).join(" ");
    const batch = batchOf([long]);
    const [taken, dictionary] = [new FieldTerms(), new TermDictionary()];
    taken.take(batch, 0, 0, new TermTranslation(batch.local, dictionary));
    expect(taken.count).toBe(3000);
    expect(dictionary.term(taken.ids[2999])).toBe("w49");
  });
});

describe("Collection.offerTerms", () => {
  const issues = KINDS.issues as KindSpec<RecordLike>;
  const issue = (number: number, title: string): RecordLike => ({ number, title, repository: "o/r", state: "open" });

  function collection(): { store: Store; c: Collection } {
    const store = new Store();
    store.put("repositories", "o/r", { full_name: "o/r", private: false });
    return { store, c: new Collection(issues, store) };
  }

  it("indexes a record's fields from the terms offered for its version, and reads the others itself", () => {
    const { store, c } = collection();
    // Offered terms unlike the text tell which was indexed.
    const batch = batchOf(["offered words", "other offer"]);
    const { ref } = store.put("issues", "o/r#1", issue(1, "own title"));
    c.touch("o/r#1");
    c.offerTerms(ref, batch, 0);
    c.drain();
    const docsOf = (term: string) => c.fields.get("title")!.postings.docs(term).length;
    expect([docsOf("offered"), docsOf("own")]).toEqual([1, 0]);

    // Offered for another version of the record: the record's own text is read.
    const second = store.put("issues", "o/r#2", issue(2, "second title"));
    c.touch("o/r#2");
    c.offerTerms(second.ref + 1, batch, 1);
    c.drain();
    expect([docsOf("other"), docsOf("second")]).toEqual([0, 1]);

    // Taken once: the same record indexed again reads its text.
    store.put("issues", "o/r#1", issue(1, "own title"));
    c.touch("o/r#1");
    c.drain();
    expect([docsOf("offered"), docsOf("own")]).toEqual([0, 1]);
  });

  it("reads a field the batch does not hold from the record", () => {
    const { store, c } = collection();
    const batch = batchOf(["given title"]);
    const record = { ...issue(1, "given title"), body: "body words" };
    const { ref } = store.put("issues", "o/r#1", record);
    c.touch("o/r#1");
    c.offerTerms(ref, batch, 0);
    c.drain();
    expect(c.fields.get("body")!.postings.docs("words")).toHaveLength(1);
    expect(c.fields.get("title")!.postings.docs("given")).toHaveLength(1);
  });
});

describe("fields read from the record alone", () => {
  const sample = join(import.meta.dirname, "../../data/sample");
  const recordsOf = (kind: SearchKind): RecordLike[] => {
    const file = RECORD_KINDS[KINDS[kind].source].file;
    if (!readdirSync(sample).includes(file)) return [];
    return readFileSync(join(sample, file), "utf8").split("\n").filter(Boolean).map((line) => JSON.parse(line) as RecordLike);
  };
  const noStore = new Proxy({} as StoreReader, {
    get() {
      throw new Error("reached for the store");
    },
  });

  it("read nothing but their record, in every kind, and the fields that read the store are not marked", async () => {
    const store = new Store();
    const marked: string[] = [];
    for (const [kind, spec] of Object.entries(KINDS) as Array<[SearchKind, KindSpec<RecordLike>]>) {
      const records = recordsOf(kind);
      for (const field of spec.textFields) {
        if (!field.fromRecordAlone) continue;
        marked.push(`${kind}.${field.name}`);
        expect(records.length, kind).toBeGreaterThan(0);
        for (const record of records) expect(field.text(record, noStore)).toEqual(field.text(record, store));
      }
    }
    expect(marked).toContain("issues.title");
    expect(marked).not.toContain("issues.comments");
  });

  it("and so do the columns a reading thread reads (a value of one parameter, no join), in every kind", () => {
    const store = new Store();
    const read: string[] = [];
    for (const [kind, spec] of Object.entries(KINDS) as Array<[SearchKind, KindSpec<RecordLike>]>) {
      const records = recordsOf(kind);
      const { numbers, keywords } = columnsFromRecordAlone(spec);
      for (const column of spec.columns.filter((c) => numbers.includes(c.name) || keywords.includes(c.name))) {
        read.push(`${kind}.${column.name}`);
        const as = column.type === "number" ? asNumber : asKeywords;
        for (const record of records) expect(as(column.value(record, noStore)), `${kind}.${column.name}`).toEqual(as(column.value(record, store)));
      }
    }
    expect(read).toEqual(expect.arrayContaining(["issues.repo", "issues.label", "issues.created", "repositories.stars", "users.login", "commits.repo"]));
    // Read through the store or recomputed by a join: left to the main thread.
    for (const name of ["issues.visibility", "issues.owner", "issues.comments", "issues.mentions", "users.language", "topics.repositories"]) expect(read).not.toContain(name);
  });
});
