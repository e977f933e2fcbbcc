/**
 * One scoring path: over generated corpora, queries and ranking configurations,
 * every item's explanation sums to its score exactly (`explain.total === score`),
 * and the explanation's parts add up to its text, boost and total.
 */
import fc from "fast-check";
import { describe, it } from "vitest";
import { SearchEngine, SearchError, type KindRankingOptions, type ScoreExplanation } from "../../src/index.js";
import { KINDS } from "../../src/kinds/index.js";
import { datasetFor, queryArb } from "./arbitraries.js";
import { acceptFor } from "./evaluator.js";
import { runs } from "./harness.js";
import type { OracleKindName } from "./kinds/index.js";
import { render } from "./query.js";
import type { Dataset } from "./dataset.js";

function rankingArb(kind: OracleKindName): fc.Arbitrary<KindRankingOptions> {
  const spec = KINDS[kind]!;
  const field = fc.record({ weight: fc.double({ min: 0, max: 5, noNaN: true }), b: fc.double({ min: 0, max: 1, noNaN: true }) });
  const signal = fc.oneof(
    fc.record({ weight: fc.double({ min: 0, max: 2, noNaN: true }), transform: fc.constantFrom("log" as const, "none" as const) }),
    fc.record({ weight: fc.double({ min: 0, max: 2, noNaN: true }), transform: fc.constant("saturation" as const), pivot: fc.double({ min: 0.1, max: 100, noNaN: true }) }),
  );
  return fc.record({
    k1: fc.double({ min: 0, max: 10, noNaN: true }),
    fields: fc.record(Object.fromEntries(spec.textFields.map((f) => [f.name, field]))),
    signals: fc.record(Object.fromEntries(spec.signals.map((s) => [s.name, signal]))),
    tieBreak: fc.constantFrom("id" as const, "key" as const),
  });
}

function engineWith(data: Dataset, kind: OracleKindName, ranking: KindRankingOptions): SearchEngine {
  const engine = new SearchEngine({ rateLimit: false, ranking: { [kind]: ranking } });
  for (const [dumpKind, records] of Object.entries(data) as Array<[Parameters<SearchEngine["add"]>[0], object[]]>) {
    for (const r of records) engine.add(dumpKind, { ...r });
  }
  return engine;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

const KINDS_TESTED: OracleKindName[] = ["repositories", "users", "topics", "issues", "commits", "code"];

describe("explain is the score's breakdown", () => {
  for (const kind of KINDS_TESTED) {
    it(`${kind}: explain.total === score, and the parts sum up`, async () => {
      await fc.assert(
        fc.asyncProperty(
          datasetFor(kind).chain((data) => fc.tuple(fc.constant(data), queryArb(kind, data), rankingArb(kind))),
          async ([data, query, ranking]) => {
            const engine = engineWith(data, kind, ranking);
            let items: Array<Record<string, unknown>>;
            try {
              items = (await engine.search(kind, { q: render(query), per_page: 100 }, { explain: true, accept: acceptFor(kind) })).items;
            } catch (err) {
              if (err instanceof SearchError && err.status === 422) return;
              throw err;
            }
            for (const item of items) {
              const e = item.explain as ScoreExplanation;
              if (e.total !== item.score) throw new Error(`total ${e.total} ≠ score ${String(item.score)}`);
              const text = e.words.reduce((s, w) => s + w.score, 0);
              const boost = Object.values(e.signals).reduce((s, x) => s + x.score, 0);
              if (!near(text, e.text) || !near(boost, e.boost)) throw new Error(`parts do not sum: ${JSON.stringify(e)}`);
              for (const w of e.words) if (!near(w.tf, w.fields.reduce((s, f) => s + f.tf, 0))) throw new Error(`tf of ${w.word} does not sum`);
              const expected = e.words.length ? e.text * (1 + e.boost) : 1 + e.boost;
              if (!near(expected, e.total)) throw new Error(`total ${e.total} ≠ ${expected}`);
            }
          },
        ),
        runs(25),
      );
    });
  }
});
