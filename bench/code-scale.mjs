// Code search at scale: index the source files of the installed npm packages
// (tens of thousands of files) and time indexing, heap and query latency.
// Usage: npm run build && node --expose-gc bench/code-scale.mjs [--count 40000] [--root DIR]...
// (each --root is a node_modules folder; default: the project's own)
import { Bench } from "tinybench";
import { codeCorpus, packageRepositories } from "./code-corpus.mjs";
import { offHeapBytes } from "./memory.mjs";

const { SearchEngine, growableBytes = () => 0 } = await import(process.env.FORGESEARCH_DIST ? `${process.env.FORGESEARCH_DIST}/index.js` : "../dist/index.js");

const countArg = process.argv.indexOf("--count");
const count = countArg > 0 ? Number(process.argv[countArg + 1]) : 40_000;
const heap = () => {
  globalThis.gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + offHeapBytes(m, growableBytes());
};

const roots = process.argv.flatMap((a, i) => (a === "--root" ? [process.argv[i + 1]] : []));
const files = roots.length ? roots.flatMap((root) => codeCorpus({ root, count })) : codeCorpus({ count });
// Packages from other roots get a repository without a description (their package.json is not read).
const repositories = packageRepositories(files);
const bytes = files.reduce((n, f) => n + Buffer.byteLength(f.content ?? ""), 0);
console.log(`code corpus: ${files.length} files, ${repositories.length} packages, ${(bytes / 2 ** 20).toFixed(1)} MiB of source`);

const before = heap();
const engine = new SearchEngine({ rateLimit: false });
const t0 = performance.now();
for (const r of repositories) engine.add("repositories", r);
for (const f of files) engine.add("code", f);
await engine.search("code", { q: "function" }); // indexing is finished by the first search
const ms = performance.now() - t0;
const grown = heap() - before;
console.log(`indexing: ${(ms / 1000).toFixed(1)} s, ${Math.round(files.length / (ms / 1000))} files/s, heap ${(grown / 2 ** 20).toFixed(0)} MiB (${Math.round(grown / files.length)} B/file)`);

const queries = [
  "function",
  "createServer",
  "parse_query",
  "readFileSync language:js",
  "\"module.exports\"",
  "Promise extension:ts",
  "TODO path:lib",
  "render filename:index",
  "async size:>10000",
  "tokenizer OR lexer",
];
const bench = new Bench({ time: 300, iterations: 5 });
for (const q of queries) bench.add(q, async () => engine.search("code", { q, per_page: 30 }));
await bench.run();
console.log("| query | total_count | p50 ms | p99 ms |\n| --- | ---: | ---: | ---: |");
for (const task of bench.tasks) {
  const total = (await engine.search("code", { q: task.name, per_page: 1 })).total_count;
  const r = task.result;
  const p50 = r.latency?.p50 ?? r.p50;
  const p99 = r.latency?.p99 ?? r.p99;
  console.log(`| \`${task.name}\` | ${total} | ${p50?.toFixed(2)} | ${p99?.toFixed(2)} |`);
}
