/**
 * The steps a load ends with, bounded by their work: lists frozen count each short list as the map
 * entry and array it costs, and the impact writer takes its terms' lists 65,536 entries a step.
 */
import { describe, expect, it } from "vitest";
import type { FieldIndex } from "../../src/index/collection.js";
import { Postings } from "../../src/index/postings.js";
import { ImpactWriter } from "../../src/score/impacts.js";

/** Postings of `docs` documents, document d holding the terms `termsOf(d)`. */
function postingsOf(docs: number, termsOf: (doc: number) => string[]): Postings {
  const terms = new Map<number, string[]>();
  const postings = new Postings(
    () => terms.entries(),
    (doc, term) => terms.get(doc)?.includes(term) ?? false,
  );
  for (let doc = 0; doc < docs; doc++) {
    terms.set(doc, termsOf(doc));
    postings.set(doc, termsOf(doc), []);
  }
  return postings;
}

describe("freezing posting lists", () => {
  it("pauses within a few thousand short lists, each counted as at least 32 entries", () => {
    // 10,000 terms of one document each: 10,000 entries, far below a step's 65,536.
    const postings = postingsOf(10_000, (doc) => [`t${doc}`]);
    let pauses = 0;
    for (const _ of postings.trimming()) pauses++;
    expect(pauses).toBeGreaterThanOrEqual(4);
    expect([...postings.docs("t9999")]).toEqual([9999]);
  });
});

describe("ImpactWriter.starting", () => {
  it("takes at most 65,536 entries of lists and one more list between two pauses", () => {
    const lists: Record<string, number[]> = {};
    const ids: number[] = [];
    // Forty lists of 10,000 documents: 400,000 entries.
    for (let id = 0; id < 40; id++) {
      lists[`w${id}`] = Array.from({ length: 10_000 }, (_, doc) => doc);
      ids.push(id);
    }
    let read = 0;
    const field = {
      df: ids.map(() => 10_000),
      postings: {
        // As `Postings.viewing`: a pause every 65,536 entries checked.
        *viewing(term: string) {
          const list = lists[term];
          for (let from = 0; from < list.length; from += 65_536) {
            read += Math.min(65_536, list.length - from);
            yield;
          }
          return list;
        },
      },
    } as unknown as FieldIndex;
    const steps = ImpactWriter.starting(field, ids, (id) => `w${id}`);
    let [most, before] = [0, 0];
    for (let step = steps.next(); ; step = steps.next()) {
      most = Math.max(most, read - before);
      before = read;
      if (step.done) break;
    }
    expect(read).toBe(400_000);
    expect(most).toBeLessThanOrEqual(65_536 + 10_000);
  });

  it("pauses within one long list: a common word's at ten million is millions of entries", () => {
    const postings = postingsOf(300_000, () => ["common"]);
    for (const _ of postings.trimming());
    const field = { df: [300_000], postings } as unknown as FieldIndex;
    let pauses = 0;
    const steps = ImpactWriter.starting(field, [0], () => "common");
    while (!steps.next().done) pauses++;
    // 300,000 entries checked 65,536 a step.
    expect(pauses).toBeGreaterThanOrEqual(4);
  });
});
