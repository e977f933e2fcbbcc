/**
 * The steps a load ends with, bounded by their work: lists frozen count each short list as the map
 * entry and array it costs, and the impact writer takes its terms' lists 65,536 entries a step.
 */
import { describe, expect, it } from "vitest";
import type { FieldIndex } from "../../src/index/collection.js";
import { Postings } from "../../src/index/postings.js";
import { ImpactWriter } from "../../src/score/impacts.js";

describe("freezing posting lists", () => {
  it("pauses within a few thousand short lists, each counted as at least 32 entries", () => {
    const terms = new Map<number, string[]>();
    const postings = new Postings(
      () => terms.entries(),
      (doc, term) => terms.get(doc)?.includes(term) ?? false,
    );
    // 10,000 terms of one document each: 10,000 entries, far below a step's 65,536.
    for (let doc = 0; doc < 10_000; doc++) {
      terms.set(doc, [`t${doc}`]);
      postings.set(doc, [`t${doc}`], []);
    }
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
        view: (term: string) => {
          read += lists[term].length;
          return lists[term];
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
});
