/**
 * Postings fill FlexSearch's lists directly (without `add`'s per-document dictionary of repeats): the
 * lists must be exactly those `add` builds, or saved indexes and answers would differ.
 */
import fc from "fast-check";
import FlexSearch from "flexsearch";
import { describe, expect, it } from "vitest";
import { Postings } from "../../src/index/postings.js";

/** FlexSearch set up as Postings sets it up, filled through its own `add`. */
function reference() {
  return new FlexSearch.Index({ tokenize: "strict", resolution: 1, cache: false, fastupdate: false, encode: ((c: string | string[]) => (Array.isArray(c) ? c : c.split(" "))) as (c: string) => string[] });
}
type AddUnchecked = (id: number, content: unknown, append: boolean, skipUpdate: boolean) => unknown;

function exportOf(index: ReturnType<typeof reference>): Array<[string, string]> {
  const parts: Array<[string, string]> = [];
  index.export((key: string, data: string) => {
    parts.push([key, data]);
  });
  return parts;
}

describe("Postings fill FlexSearch's lists as its add does", () => {
  const vocabulary = ["a", "b", "c", "the", "issue", "crash", "x1", "_", "bug"];
  const op = fc.record({ doc: fc.nat(40), terms: fc.uniqueArray(fc.constantFrom(...vocabulary), { maxLength: 6 }), byIds: fc.boolean(), trim: fc.boolean() });

  it("gives the same export and the same documents per term over documents added and changed, and lists cut to size", () => {
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
        for (const { doc, terms, byIds, trim } of ops) {
          if (trim) trimming ??= postings.trimming(1);
          if (trimming?.next().done) trimming = undefined;
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
        expect(postings.export()).toEqual(exportOf(flex));
        for (const term of vocabulary) {
          const holders = [...current].filter(([, t]) => t.includes(term)).map(([doc]) => doc).sort((x, y) => x - y);
          expect([...postings.docs(term)]).toEqual(holders);
        }
      }),
    );
  });
});
