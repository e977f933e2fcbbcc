#!/usr/bin/env node
/**
 * The longest single record of keyword columns filled as a load fills them: room reserved for every
 * document first, then one document after another, each record setting every column. A long record
 * is a stall of the load that makes it: an array grown or widened at once. Three shapes:
 *   labels: one column, two to four values of 200 on two documents in three (lists of value ids);
 *   logins: one column, one value of 100,000 per document (cells widened past two bytes, short lists);
 *   dense:  four columns of two values, one held by a third of the documents and the other by two
 *           thirds (as `is:issue` and `is:pr`), at ten million documents by default.
 *
 * Usage (build first): node bench/column-stalls.mjs [--docs 1000000] [--dense-docs 10000000] [--runs 3] [--shapes labels,logins,dense]
 * `FORGESEARCH_DIST=DIR` measures another build (for before/after pairs).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { mulberry32 } from "./random.mjs";

const { values: opts } = parseArgs({
  options: {
    docs: { type: "string", default: "1000000" },
    "dense-docs": { type: "string", default: "10000000" },
    runs: { type: "string", default: "3" },
    shapes: { type: "string", default: "labels,logins,dense" },
  },
});
const dist = process.env.FORGESEARCH_DIST ? path.resolve(process.env.FORGESEARCH_DIST) : new URL("../dist", import.meta.url).pathname;
const { KeywordColumn } = await import(pathToFileURL(path.join(dist, "index", "columns.js")).href);

const KINDS = [["issue"], ["pr"]];
const shapes = {
  labels: { columns: 1, docs: Number(opts.docs), values: (rng, doc) => [doc % 3 === 0 ? [`label-${Math.floor(rng() * 200)}`] : Array.from({ length: 2 + Math.floor(rng() * 3) }, () => `label-${Math.floor(rng() * 200)}`)] },
  logins: { columns: 1, docs: Number(opts.docs), values: (rng) => [[`login-${Math.floor(rng() * 100_000)}`]] },
  dense: { columns: 4, docs: Number(opts["dense-docs"]), values: (_, doc) => [0, 1, 2, 3].map((k) => KINDS[(doc * (k + 1)) % 3 === 0 ? 1 : 0]) },
};

for (const name of opts.shapes.split(",")) {
  const shape = shapes[name];
  if (!shape) throw new Error(`unknown shape ${name} (known: ${Object.keys(shapes).join(", ")})`);
  for (let run = 0; run < Number(opts.runs); run++) {
    const rng = mulberry32(run + 1);
    const columns = Array.from({ length: shape.columns }, () => new KeywordColumn());
    for (const column of columns) column.reserve(shape.docs);
    let longest = 0;
    let over10 = 0;
    const start = performance.now();
    for (let doc = 0; doc < shape.docs; doc++) {
      const values = shape.values(rng, doc);
      const t = performance.now();
      for (let c = 0; c < columns.length; c++) columns[c].set(doc, values[c]);
      const took = performance.now() - t;
      if (took > longest) longest = took;
      if (took > 10) over10++;
    }
    const all = performance.now() - start;
    console.log(`${name} (${shape.docs.toLocaleString("en-US")} documents), run ${run + 1}: longest record ${longest.toFixed(1)} ms, records over 10 ms ${over10}, all ${all.toFixed(0)} ms`);
  }
}
