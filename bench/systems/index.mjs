/**
 * The systems under test, one adapter each with a common shape:
 *   { name, input: "docs" | "records", features: Set | "all", refuses?(q),
 *     prepare?({ related }), build({ kind, records, docs }), describe(q),
 *     query(q, { limit }) → { total, ids }, release() }
 * `docs` are flat documents (schema.mjs); `records` are the REST-shaped records.
 * A system answers only the queries whose features it has (supports()).
 */
import { featuresOf } from "../query-ir.mjs";
import { createFlexSearch } from "./flexsearch.mjs";
import { createForgesearch } from "./forgesearch.mjs";
import { createLunr } from "./lunr.mjs";
import { createMiniSearch } from "./minisearch.mjs";
import { createOrama } from "./orama.mjs";
import { createScan } from "./scan.mjs";
import { stubEngineClass } from "./stub-engine.mjs";

export const SYSTEMS = ["forgesearch", "minisearch", "orama", "lunr", "flexsearch", "scan"];
export const PEERS = ["minisearch", "orama", "lunr", "flexsearch", "scan"];

/** Options: `stub` (answer forgesearch's part from the scan, given `queries`), `now` (the engine's clock). */
export async function createSystem(name, { stub = false, queries = [], now } = {}) {
  switch (name) {
    case "forgesearch":
      return createForgesearch({ SearchEngine: stub ? stubEngineClass(queries) : undefined, now });
    case "minisearch":
      return createMiniSearch();
    case "orama":
      return createOrama();
    case "lunr":
      return createLunr();
    case "flexsearch":
      return createFlexSearch();
    case "scan":
      return createScan();
  }
  throw new Error(`unknown system "${name}" (known: ${SYSTEMS.join(", ")})`);
}

export function supports(system, q) {
  if (system.features !== "all") for (const f of featuresOf(q)) if (!system.features.has(f)) return false;
  return !system.refuses?.(q);
}
