/**
 * FlexSearch used directly with its defaults: a Document index over the kind's
 * text fields, searched with a plain query string. Several words must all occur
 * in one field (it answers per field; the benchmark merges the fields' lists),
 * and its default encoder folds similar-sounding words together, so its match
 * sets differ from exact word matching. No NOT, OR, phrases, filters or sorting.
 */
import FlexSearch from "flexsearch";
import { positiveTerms } from "../query-ir.mjs";
import { kindSpec } from "../schema.mjs";

/** Far above any corpus size: FlexSearch needs a limit, and the correctness check wants every match. */
const EVERYTHING = 1e9;

export function createFlexSearch() {
  let index;
  let fields;
  return {
    name: "flexsearch",
    input: "docs",
    features: new Set(["term", "and", "in-one-field", "in-fields"]),
    build({ kind, docs }) {
      fields = Object.keys(kindSpec(kind).text);
      index = new FlexSearch.Document({ document: { id: "id", index: fields } });
      for (const doc of docs) index.add(doc);
    },
    describe: (q) => `search(${JSON.stringify(positiveTerms(q.text).join(" "))}, { limit${q.fields.length ? `, index: ${JSON.stringify(q.fields)}` : ""} })`,
    /** `total` is the merged match count only when asked for every match (`limit: Infinity`). */
    query(q, { limit = 30 } = {}) {
      const options = { limit: Number.isFinite(limit) ? limit : EVERYTHING };
      if (q.fields.length) options.index = q.fields;
      const perField = index.search(positiveTerms(q.text).join(" "), options);
      const merged = new Set();
      for (const { result } of perField) for (const id of result) merged.add(id);
      return { total: merged.size, ids: [...merged].slice(0, limit), totalIsLowerBound: Number.isFinite(limit) };
    },
    release() {
      index = undefined;
    },
  };
}
