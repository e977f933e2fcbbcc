#!/usr/bin/env node
/**
 * Posting lists filled as a load fills them (`Postings.addNew`, one document after another, 50
 * distinct terms each drawn Zipf-like from 30,000: the commonest term in nearly every document), then
 * frozen as a load's end freezes them. Prints the fill's time, its longest single document (a long
 * one is a stall of the load that makes it: a list grown by a copy of all of it), a full collection's
 * time with the lists held (what a collection during a load pays for them), the freezing's longest
 * step, and one document of the commonest terms added after it with a search of the commonest.
 *
 * Usage (build first): node --expose-gc --max-old-space-size=16000 bench/posting-stalls.mjs [--docs 3000000] [--runs 1]
 * `FORGESEARCH_DIST=DIR` measures another build (for before/after pairs).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { mulberry32 } from "./random.mjs";
import { offHeapBytes } from "./memory.mjs";

const { values: opts } = parseArgs({
  options: {
    docs: { type: "string", default: "3000000" },
    runs: { type: "string", default: "1" },
  },
});
const dist = process.env.FORGESEARCH_DIST ? path.resolve(process.env.FORGESEARCH_DIST) : new URL("../dist", import.meta.url).pathname;
const { Postings } = await import(pathToFileURL(path.join(dist, "index", "postings.js")).href);
const { growableBytes = () => 0 } = await import(pathToFileURL(path.join(dist, "structures", "lasting-memory.js")).href);

const DOCS = Number(opts.docs);
const VOCABULARY = 30_000;
const TERMS_PER_DOC = 50;
const termOf = (id) => `t${id}`;
const ms = (n) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));

for (let run = 0; run < Number(opts.runs); run++) {
  const rng = mulberry32(7 + run);
  const postings = new Postings(() => [], () => true);
  const ids = new Uint32Array(TERMS_PER_DOC);
  const seen = new Uint8Array(VOCABULARY);
  let longest = 0;
  let longestAt = 0;
  const start = performance.now();
  for (let doc = 0; doc < DOCS; doc++) {
    let n = 0;
    while (n < TERMS_PER_DOC) {
      const id = Math.floor(VOCABULARY ** rng()) - 1;
      if (seen[id]) continue;
      seen[id] = 1;
      ids[n++] = id;
    }
    for (let i = 0; i < n; i++) seen[ids[i]] = 0;
    const before = performance.now();
    postings.addNew(doc, ids, n, termOf);
    const took = performance.now() - before;
    if (took > longest) [longest, longestAt] = [took, doc];
  }
  const fill = performance.now() - start;
  globalThis.gc?.();
  const collect = performance.now();
  globalThis.gc?.();
  const collection = performance.now() - collect;
  let longestStep = 0;
  const freezing = postings.trimming();
  for (;;) {
    const before = performance.now();
    const done = freezing.next().done;
    longestStep = Math.max(longestStep, performance.now() - before);
    if (done) break;
  }
  // A record added after the load, holding the commonest terms (their lists are typed now), then a
  // search of the commonest; searched twice before, so that the search's own code is warm.
  for (let i = 0; i < 2; i++) postings.view(termOf(0));
  const common = Uint32Array.from({ length: TERMS_PER_DOC }, (_, i) => i);
  const add = performance.now();
  postings.addNew(DOCS, common, TERMS_PER_DOC, termOf);
  const firstAdd = performance.now() - add;
  const search = performance.now();
  postings.view(termOf(0));
  const searchAfter = performance.now() - search;
  globalThis.gc?.();
  const memory = process.memoryUsage();
  console.log(
    `${DOCS.toLocaleString("en-US")} documents, ${postings.entryCount.toLocaleString("en-US")} entries: fill ${(fill / 1000).toFixed(1)} s, ` +
      `longest document ${ms(longest)} ms (at ${longestAt.toLocaleString("en-US")}), full collection with the lists held ${ms(collection)} ms, ` +
      `freezing's longest step ${ms(longestStep)} ms, an add after it ${ms(firstAdd)} ms and a search then ${ms(searchAfter)} ms; heap + external after ${((memory.heapUsed + offHeapBytes(memory, growableBytes())) / 2 ** 20).toFixed(0)} MB`,
  );
}
