/**
 * A short fuzzing run on a fixed seed over data/sample, the same generators and checks as
 * `npm run fuzz` (bench/fuzz/): no non-typed throw, no 500, no logged internal failure. Wall time
 * is measured by `npm run fuzz`, not here.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { fuzzContext } from "../../bench/fuzz/cases.mjs";
import { KNOWN_OPEN } from "../../bench/fuzz/known.mjs";
import { runFuzz } from "../../bench/fuzz/run.mjs";
import { dumpVocabulary } from "../../bench/fuzz/vocabulary.mjs";
import { SearchEngine } from "../../src/engine.js";
import { SearchError } from "../../src/errors.js";
import { KINDS, SEARCH_KINDS } from "../../src/kinds/index.js";
import { constructs, documented } from "../parse/tables.js";

const SEED = 20_261_123;
const CASES = 3000;
const logged: unknown[] = [];
let engine: SearchEngine;

beforeAll(async () => {
  engine = new SearchEngine({
    rateLimit: { authenticated: 100_000, unauthenticated: 100_000, windowMs: 1000 },
    logger: { warn() {}, error: (_message, cause) => logged.push(cause) },
  });
  await engine.load("data/sample");
});

describe("fuzzing search() and request() on a fixed seed", () => {
  it(`${CASES} generated and mutated cases: typed errors only, never a 500`, async () => {
    const examples = [...constructs, ...documented].map(([q]) => q);
    const ctx = fuzzContext({ kinds: KINDS, examples, vocab: dumpVocabulary("data/sample") });
    const result = await runFuzz({ engine, SearchError, logged, ctx, seed: SEED, count: CASES, endpoints: SEARCH_KINDS, skip: KNOWN_OPEN, slowMs: Infinity });
    expect(result.failures).toEqual([]);
    const skipped = Object.values(result.skipped as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(result.count + skipped).toBe(CASES);
    // The run reaches answers as well as refusals: found items, every family of refusal.
    const statuses = result.statuses as Record<string, number>;
    for (const status of ["200", "400", "404", "415", "422"]) expect(statuses[status], `answers with status ${status}`).toBeGreaterThan(50);
    expect(statuses["500"]).toBeUndefined();
  });
});
