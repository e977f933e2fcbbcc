/**
 * forgesearch through its public API only: `new SearchEngine(...)`, `add(kind,
 * record)` for each REST-shaped record, `search(kind, { q, sort, order,
 * per_page, page }, { accept, caller })`. The engine comes from the built
 * package (`npm run build` → dist/, or FORGESEARCH_DIST=folder), or is handed
 * in (a stand-in for tests).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { SORT_PARAM } from "../queries.mjs";
import { kindSpec } from "../schema.mjs";

/** The built package: dist/ of this repository, or the build folder named by FORGESEARCH_DIST. */
export function distEntry() {
  const dir = process.env.FORGESEARCH_DIST ? path.resolve(process.env.FORGESEARCH_DIST) : fileURLToPath(new URL("../../dist", import.meta.url));
  return path.join(dir, "index.js");
}

/** True, or why the engine cannot be loaded. */
export async function engineAvailable() {
  const entry = distEntry();
  if (!existsSync(entry)) return `${entry} is missing (run npm run build)`;
  try {
    const mod = await import(pathToFileURL(entry).href);
    return typeof mod.SearchEngine === "function" ? true : `${entry} exports no SearchEngine`;
  } catch (error) {
    return `${entry} does not load: ${error.message}`;
  }
}
/** Commit search answers only under its preview media type (415 otherwise). */
const ACCEPT = { commits: "application/vnd.github.cloak-preview+json" };
const CALLER = { login: "bench" };
const PAGE = 100;
/** The REST API never returns more than 1,000 results of one search. */
const RESULT_CAP = 1000;

export async function loadEngineClass() {
  return (await import(pathToFileURL(distEntry()).href)).SearchEngine;
}

export function searchParams(q, perPage, page = 1) {
  const params = { q: q.q, per_page: perPage, page };
  if (q.sort) {
    params.sort = SORT_PARAM[q.kind][q.sort.by];
    params.order = q.sort.order;
  }
  return params;
}

export async function createForgesearch({ SearchEngine, now } = {}) {
  const Engine = SearchEngine ?? (await loadEngineClass());
  const { growableBytes = () => 0 } = await import(pathToFileURL(distEntry()).href);
  // The clock is fixed so that answers do not depend on the day the benchmark runs.
  const engine = new Engine({ rateLimit: false, timeLimitMs: 600_000, now: () => now ?? Date.UTC(2026, 11, 31) });
  const search = (kind, params) => engine.search(kind, params, { accept: ACCEPT[kind], caller: CALLER });
  let kind;
  return {
    name: "forgesearch",
    input: "records",
    features: "all",
    /** Records the searched kind refers to (an issue's repository), added before measuring. */
    prepare({ related = {} }) {
      for (const [relatedKind, records] of Object.entries(related)) for (const r of records) engine.add(relatedKind, r);
    },
    /** Adds every record, then searches once so that indexing left for the first query counts here. */
    async build({ kind: k, records }) {
      kind = k;
      for (const r of records) engine.add(kind, r);
      await search(kind, { q: "benchmark", per_page: 1 });
    },
    describe: (q) => `search(${JSON.stringify(q.kind)}, ${JSON.stringify(searchParams(q, 30))})`,
    /** Top `limit` ids; with `limit: Infinity`, every page up to the 1,000-result cap. */
    async query(q, { limit = 30 } = {}) {
      const itemId = kindSpec(kind).itemId;
      if (Number.isFinite(limit)) {
        const res = await search(kind, searchParams(q, limit));
        return { total: res.total_count, ids: res.items.map(itemId), incomplete: res.incomplete_results };
      }
      const ids = [];
      let res;
      for (let page = 1; page <= RESULT_CAP / PAGE; page++) {
        res = await search(kind, searchParams(q, PAGE, page));
        ids.push(...res.items.map(itemId));
        if (res.items.length < PAGE || ids.length >= res.total_count) break;
      }
      return { total: res.total_count, ids, incomplete: res.incomplete_results, capped: ids.length < res.total_count };
    },
    /** Bytes the engine holds that Node's memory figures leave out: its growable buffers. */
    uncountedBytes: () => growableBytes(),
    release() {},
  };
}
