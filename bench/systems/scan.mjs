/**
 * The linear scan: evaluates every query exactly, record by record, with the
 * hosting site's prose tokenisation (runs of letters, digits and `_`, lower-cased).
 * It is the reference answer for the correctness check and the floor on how
 * query cost grows with corpus size: no index, only lower-cased copies of the text.
 */
import { filterMatches } from "../query-ir.mjs";
import { kindSpec } from "../schema.mjs";

const WORD = "[\\p{L}\\p{N}_]";
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A test for one term or phrase inside lower-cased text, on token boundaries. */
function textTest(node) {
  const body = node.type === "term" ? escape(node.text) : node.words.map(escape).join(`(?:(?!${WORD})[^])+`);
  const re = new RegExp(`(?<!${WORD})${body}(?!${WORD})`, "u");
  return (text) => re.test(text);
}

/** Compiles a text expression into a predicate over (doc, fields). */
function compile(expr) {
  switch (expr.type) {
    case "term":
    case "phrase": {
      const test = textTest(expr);
      return (doc, fields) => fields.some((f) => test(doc.text[f]));
    }
    case "not": {
      const inner = compile(expr.item);
      return (doc, fields) => !inner(doc, fields);
    }
    case "and": {
      const parts = expr.items.map(compile);
      return (doc, fields) => parts.every((p) => p(doc, fields));
    }
    case "or": {
      const parts = expr.items.map(compile);
      return (doc, fields) => parts.some((p) => p(doc, fields));
    }
  }
  throw new Error(`unknown text node ${expr.type}`);
}

/** Descending or ascending by a value; documents without the value last; ties keep corpus order. */
export function sortComparator(sort) {
  const dir = sort.order === "asc" ? 1 : -1;
  return (a, b) => {
    const va = a.doc[sort.by];
    const vb = b.doc[sort.by];
    if (va === undefined || vb === undefined) return va === undefined ? (vb === undefined ? 0 : 1) : -1;
    return va === vb ? 0 : va < vb ? -dir : dir;
  };
}

export function createScan() {
  let spec;
  let rows = [];
  return {
    name: "scan",
    input: "docs",
    features: "all",
    build({ kind, docs }) {
      spec = kindSpec(kind);
      const fields = Object.keys(spec.text);
      rows = docs.map((doc) => {
        const text = {};
        for (const f of fields) text[f] = doc[f].toLowerCase();
        return { doc, text };
      });
    },
    describe: () => "every record, tested in turn",
    /** Every match (in corpus order, or sorted); `limit` cuts the returned ids only. */
    query(q, { limit = 30 } = {}) {
      const fields = q.fields.length ? q.fields : spec.defaultFields;
      const match = q.text ? compile(q.text) : () => true;
      const hits = [];
      for (const row of rows) {
        if (q.filters.every((f) => filterMatches(f, row.doc[f.field])) && match(row, fields)) hits.push(row);
      }
      if (q.sort) hits.sort(sortComparator(q.sort));
      return { total: hits.length, ids: hits.slice(0, limit).map((h) => h.doc.id) };
    },
    release() {
      rows = [];
    },
  };
}
