/**
 * FlexSearch's own `add` in isolation, with and without its update register (`fastupdate`): CPU per document and
 * heap per document for N generated issues' distinct title and body terms, set up as forgesearch sets it up.
 *
 * Usage: node --expose-gc bench/flexsearch-add.mjs [N, default 200000]
 */
import FlexSearch from "flexsearch";
import { createWorld } from "./generate.mjs";
const N = Number(process.argv[2] ?? 200000);
const world = createWorld();
const docs = [];
for (const issue of world.issues(N)) docs.push([...new Set(`${issue.title} ${issue.body}`.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])]);
const terms = docs.reduce((n, d) => n + d.length, 0);
const keep = [];
for (const fastupdate of [true, false]) {
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  const index = new FlexSearch.Index({ tokenize: "strict", resolution: 1, cache: false, fastupdate, encode: (c) => (Array.isArray(c) ? c : c.split(" ")) });
  const t = process.cpuUsage();
  for (let i = 0; i < docs.length; i++) index.add(i, docs[i]);
  const cpu = process.cpuUsage(t);
  keep.push(index);
  globalThis.gc?.();
  const heap = process.memoryUsage().heapUsed - before;
  console.log(`fastupdate ${fastupdate}: ${N} docs, ${(terms / N).toFixed(1)} distinct terms each: add ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms CPU (${((cpu.user + cpu.system) / N).toFixed(1)} µs per doc, ${Math.round(N / ((cpu.user + cpu.system) / 1e6))} docs/s), heap ${(heap / N).toFixed(0)} B per doc`);
}
