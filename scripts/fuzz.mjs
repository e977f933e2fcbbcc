/**
 * npm run fuzz [-- --count N --seed S --from I --endpoints issues,code --data DIR --all]
 *
 * Generated and mutated queries, parameters, headers, callers and URLs through search() and
 * request() of the built engine (dist/) over a dump (data/sample by default). Fails (exit 1) on a
 * non-typed throw, a 500 or a call slower than 1 s, printing the seed, the case's index and the
 * exact input; `--seed S --from I --count 1` replays that one case. Cases of the known open
 * failures (bench/fuzz/known.mjs) are counted and left out unless `--all` is given.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { fuzzContext } from "../bench/fuzz/cases.mjs";
import { KNOWN_OPEN } from "../bench/fuzz/known.mjs";
import { runFuzz } from "../bench/fuzz/run.mjs";
import { dumpVocabulary } from "../bench/fuzz/vocabulary.mjs";
import { SearchEngine, SearchError } from "../dist/index.js";
import { KINDS, SEARCH_KINDS } from "../dist/kinds/index.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const { values: args } = parseArgs({
  options: {
    count: { type: "string", default: "1000000" },
    seed: { type: "string" },
    from: { type: "string", default: "0" },
    endpoints: { type: "string", default: SEARCH_KINDS.join(",") },
    data: { type: "string", default: `${root}data/sample` },
    all: { type: "boolean", default: false },
  },
});
const count = Number(args.count);
const from = Number(args.from);
const seed = args.seed === undefined ? (Math.random() * 2 ** 32) >>> 0 : Number(args.seed) >>> 0;
const endpoints = args.endpoints.split(",").filter(Boolean);
for (const e of endpoints) if (!SEARCH_KINDS.includes(e)) throw new Error(`unknown endpoint ${e}; known: ${SEARCH_KINDS.join(", ")}`);
if (!(Number.isInteger(count) && count > 0 && Number.isInteger(from) && from >= 0)) throw new Error("--count and --from take whole numbers");

/** The example queries of the grammar tables (array literals of [query, printed] pairs). */
function exampleQueries() {
  const text = readFileSync(`${root}test/parse/tables.ts`, "utf8");
  const queries = [];
  for (const m of text.matchAll(/export const \w+: Array<\[string, string\]> = (\[[\s\S]*?\n\]);/g)) {
    for (const [q] of new Function(`return ${m[1]};`)()) queries.push(q);
  }
  return queries;
}

console.log(`fuzz: seed ${seed}, cases ${from}..${from + count - 1}, endpoints ${endpoints.join(",")}, data ${args.data}`);
const logged = [];
const engine = new SearchEngine({
  rateLimit: { authenticated: 100_000, unauthenticated: 100_000, windowMs: 1000 },
  logger: { warn() {}, error: (_message, cause) => logged.push(cause) },
});
await engine.load(args.data);
const accept = "application/vnd.github.cloak-preview, application/vnd.github.mercy-preview+json";
// Indexes built before the clock starts: the first search of a kind indexes the whole dump.
for (const kind of endpoints) await engine.search(kind, { q: "x", repository_id: 1 }, { accept }).catch(() => {});

const examples = exampleQueries();
const ctx = fuzzContext({ kinds: KINDS, examples, vocab: dumpVocabulary(args.data) });
console.log(`fuzz: ${examples.length} example queries, ${ctx.qualifiers.length} qualifier names, ${ctx.sorts.length} sort values`);
const t0 = performance.now();
const step = Math.max(1, Math.min(100_000, Math.floor(count / 20)));
const result = await runFuzz({
  engine, SearchError, logged, ctx, seed, count, from, endpoints,
  skip: args.all ? [] : KNOWN_OPEN,
  onProgress(done) {
    if (done % step === 0) console.log(`fuzz: ${done} cases, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  },
});

console.log(`fuzz: ${result.count} cases (${result.searches} search, ${result.requests} request) in ${(result.elapsedMs / 1000).toFixed(1)} s, seed ${seed}`);
for (const [name, n] of Object.entries(result.skipped)) if (n > 0) console.log(`fuzz: ${n} cases left out (known open: ${name}; --all runs them)`);
console.log(`fuzz: answers by status: ${JSON.stringify(result.statuses)}`);
console.log("fuzz: slowest calls:");
for (const s of result.slowest) console.log(`  ${s.ms.toFixed(1)} ms  #${s.index}  ${s.input.slice(0, 300)}`);
if (result.failures.length) {
  console.log(`fuzz: ${result.failures.length} FAILURES (seed ${seed}); replay one with: npm run fuzz -- --seed ${seed} --from INDEX --count 1`);
  for (const f of result.failures) console.log(`\n#${f.index} (${f.count} cases alike): ${f.problem}\n  input: ${f.input}`);
  process.exitCode = 1;
} else {
  console.log("fuzz: no failures");
}
