/**
 * evaluate: run a query set through one or more engines (one per ranking
 * configuration), measure each run against the judgments and test each
 * system's per-query values against the first system's (the baseline) with a
 * paired significance test.
 */
import { SearchError } from "../errors.js";
import type { ScoreExplanation } from "../score/score.js";
import type { Caller, Envelope, SearchOptions, SearchParams } from "../types.js";
import type { SearchKind } from "../kinds/types.js";
import { MEASURES, meanOf, measure, relevantCount, type Measure, type Measures } from "./metrics.js";
import { pairedTest, type TestOptions } from "./significance.js";
import type { EvalQuery, Qrels, Run } from "./trec.js";

/** What evaluation needs of an engine. */
export interface Searcher {
  search(kind: SearchKind, params: SearchParams, options: SearchOptions): Promise<Envelope>;
}

/** Retrieved items per query: at most 1,000 (the result cap), as Anserini retrieves by default. */
export const DEFAULT_DEPTH = 1000;
const PAGE = 100;

/** Media types each endpoint needs: commits and topics answer only under their previews. */
const ACCEPT: Partial<Record<SearchKind, string>> = {
  commits: "application/vnd.github.cloak-preview+json",
  topics: "application/vnd.github.mercy-preview+json",
  repositories: "application/vnd.github.mercy-preview+json",
};

export interface RunOptions {
  depth?: number;
  caller?: Caller;
}

/** The run of one engine over a query set, and the queries it could not answer (an empty list each). */
export async function runQueries(engine: Searcher, queries: readonly EvalQuery[], options: RunOptions = {}): Promise<{ run: Run; errors: Map<string, string> }> {
  const depth = Math.min(options.depth ?? DEFAULT_DEPTH, DEFAULT_DEPTH);
  const run: Run = new Map();
  const errors = new Map<string, string>();
  for (const query of queries) {
    const entries: Array<{ key: string; score: number }> = [];
    run.set(query.id, entries);
    try {
      for (let page = 1; entries.length < depth; page++) {
        const perPage = Math.min(PAGE, depth);
        const res = await engine.search(
          query.endpoint,
          { ...query.params, q: query.q, per_page: perPage, page },
          { explain: true, caller: options.caller, accept: ACCEPT[query.endpoint] },
        );
        for (const item of res.items) {
          const key = (item.explain as ScoreExplanation | undefined)?.key;
          if (key !== undefined && entries.length < depth) entries.push({ key, score: item.score as number });
        }
        if (res.items.length < perPage || page * perPage >= res.total_count) break;
      }
    } catch (err) {
      errors.set(query.id, err instanceof SearchError ? err.message : String(err));
    }
  }
  return { run, errors };
}

export interface SystemResult {
  tag: string;
  run: Run;
  perQuery: Map<string, Measures>;
  mean: Measures;
  /** Against the baseline (absent for the baseline itself). */
  pValues?: Measures;
  /** Queries the system could not answer, with the reason. */
  errors: Map<string, string>;
}

export interface Evaluation {
  /** Queries measured: in the query set, judged, with at least one relevant item. */
  queries: string[];
  /** Queries of the set left out: no judgments at all, or none relevant. */
  unjudged: string[];
  test: NonNullable<TestOptions["test"]>;
  systems: SystemResult[];
}

export interface CompareOptions extends TestOptions {
  /** Query ids to measure, in order; default every judged query of the first run. */
  queries?: readonly string[];
}

/** Measures runs already made (the first is the baseline) and tests each against it. */
export function compareRuns(runs: ReadonlyArray<{ tag: string; run: Run; errors?: Map<string, string> }>, qrels: Qrels, options: CompareOptions = {}): Evaluation {
  const asked = options.queries ?? [...(runs[0]?.run.keys() ?? [])];
  const queries = asked.filter((id) => relevantCount(qrels.get(id) ?? new Map()) > 0);
  const unjudged = asked.filter((id) => !queries.includes(id));
  const systems: SystemResult[] = runs.map(({ tag, run, errors }) => {
    const perQuery = new Map(queries.map((id) => [id, measure(run.get(id) ?? [], qrels.get(id)!)]));
    return { tag, run, perQuery, mean: meanOf([...perQuery.values()]), errors: errors ?? new Map() };
  });
  const baseline = systems[0];
  for (const system of systems.slice(1)) {
    system.pValues = Object.fromEntries(
      MEASURES.map((m: Measure) => [m, pairedTest(queries.map((id) => system.perQuery.get(id)![m]), queries.map((id) => baseline.perQuery.get(id)![m]), options)]),
    ) as Measures;
  }
  return { queries, unjudged, test: options.test ?? "randomization", systems };
}

export interface EvaluateOptions extends TestOptions, RunOptions {
  queries: readonly EvalQuery[];
  qrels: Qrels;
  /** One engine per ranking configuration; the first is the baseline (the defaults, by convention). */
  systems: ReadonlyArray<{ tag: string; engine: Searcher }>;
}

/** Runs every system over the query set and compares them (see `compareRuns`). */
export async function evaluate(options: EvaluateOptions): Promise<Evaluation> {
  const runs = [];
  for (const { tag, engine } of options.systems) runs.push({ tag, ...(await runQueries(engine, options.queries, options)) });
  return compareRuns(runs, options.qrels, { ...options, queries: options.queries.map((q) => q.id) });
}
