/**
 * MiniSearch with its defaults (BM25, no prefix or fuzzy matching), over the
 * kind's text fields. Boolean queries become its query trees (AND, OR,
 * AND_NOT); qualifiers become a `filter` over stored fields; a query with no
 * text searches `MiniSearch.wildcard`. It cannot match phrases or sort.
 */
import MiniSearch from "minisearch";
import { filterMatches } from "../query-ir.mjs";
import { kindSpec } from "../schema.mjs";

/** The MiniSearch query tree of a text expression (phrases were ruled out by `features`). */
export function miniSearchQuery(expr) {
  switch (expr.type) {
    case "term":
      return expr.text;
    case "or":
      return { combineWith: "OR", queries: expr.items.map(miniSearchQuery) };
    case "and": {
      const positive = expr.items.filter((i) => i.type !== "not").map(miniSearchQuery);
      const negative = expr.items.filter((i) => i.type === "not").map((i) => miniSearchQuery(i.item));
      const base = positive.length === 1 ? positive[0] : { combineWith: "AND", queries: positive };
      return negative.length ? { combineWith: "AND_NOT", queries: [base, ...negative] } : base;
    }
  }
  throw new Error(`MiniSearch cannot express ${expr.type} here`);
}

export function createMiniSearch() {
  let index;
  return {
    name: "minisearch",
    input: "docs",
    features: new Set(["term", "and", "or", "not", "nested", "in-one-field", "in-fields", "filter", "negated-filter", "no-text"]),
    /** A lone NOT has nothing to subtract from in MiniSearch. */
    refuses: (q) => q.text?.type === "not",
    build({ kind, docs }) {
      const spec = kindSpec(kind);
      index = new MiniSearch({ fields: Object.keys(spec.text), storeFields: Object.keys(spec.values) });
      index.addAll(docs);
    },
    /** The call as MiniSearch sees it, for the query table. */
    describe(q) {
      const tree = q.text ? JSON.stringify(miniSearchQuery(q.text)) : "MiniSearch.wildcard";
      const opts = ['combineWith: "AND"'];
      if (q.fields.length) opts.push(`fields: ${JSON.stringify(q.fields)}`);
      if (q.filters.length) opts.push("filter: (stored fields)");
      return `search(${tree}, { ${opts.join(", ")} })`;
    },
    query(q, { limit = 30 } = {}) {
      const options = { combineWith: "AND" };
      if (q.fields.length) options.fields = q.fields;
      if (q.filters.length) options.filter = (r) => q.filters.every((f) => filterMatches(f, r[f.field]));
      const results = index.search(q.text ? miniSearchQuery(q.text) : MiniSearch.wildcard, options);
      return { total: results.length, ids: results.slice(0, limit).map((r) => r.id) };
    },
    release() {
      index = undefined;
    },
  };
}
