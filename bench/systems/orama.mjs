/**
 * Orama (full-text, BM25) over the kind's flat documents: text fields as
 * `string`, keywords as `enum`/`enum[]`, counts and dates as `number`. Several
 * terms use `threshold: 0` (every term in one property), OR uses `threshold: 1`;
 * qualifiers and excluded words become `where` clauses; sorts use `sortBy`.
 * Text fields are marked unsortable: sorting by a body is never wanted and
 * would cost memory. No phrases, and no OR inside AND.
 */
import { create, insertMultiple, search } from "@orama/orama";
import { kindSpec } from "../schema.mjs";

const ORAMA_TYPE = { keyword: "enum", list: "enum[]", number: "number" };

function rangeClause(f) {
  if (Number.isFinite(f.min) && Number.isFinite(f.max)) return { between: [f.min, f.max] };
  return Number.isFinite(f.min) ? { gte: f.min } : { lte: f.max };
}

/** The `where` clause of a query's filters and excluded words, or undefined. */
export function oramaWhere(q, spec) {
  const clauses = q.filters.map((f) => {
    let c;
    if (f.op === "range") c = { [f.field]: rangeClause(f) };
    else c = { [f.field]: spec.values[f.field].type === "list" ? { containsAll: [f.value] } : { eq: f.value } };
    return f.negate ? { not: c } : c;
  });
  const fields = q.fields.length ? q.fields : spec.defaultFields;
  if (q.text?.type === "and") {
    for (const item of q.text.items) if (item.type === "not") for (const field of fields) clauses.push({ not: { [field]: item.item.text } });
  }
  if (clauses.length === 0) return undefined;
  return clauses.length === 1 ? clauses[0] : { and: clauses };
}

/** The search parameters Orama gets for a query. */
export function oramaParams(q, spec, limit) {
  const params = { limit };
  if (q.text) {
    const positive = q.text.type === "term" ? [q.text] : q.text.items.filter((i) => i.type !== "not");
    params.term = positive.map((i) => i.text).join(" ");
    params.threshold = q.text.type === "or" ? 1 : 0;
    params.properties = q.fields.length ? q.fields : spec.defaultFields;
  }
  const where = oramaWhere(q, spec);
  if (where) params.where = where;
  if (q.sort) params.sortBy = { property: q.sort.by, order: q.sort.order === "asc" ? "ASC" : "DESC" };
  return params;
}

export function createOrama() {
  let db;
  let spec;
  return {
    name: "orama",
    input: "docs",
    features: new Set(["term", "and", "or", "not", "in-one-field", "in-fields", "filter", "negated-filter", "no-text", "sort"]),
    refuses: (q) => q.text?.type === "not",
    async build({ kind, docs }) {
      spec = kindSpec(kind);
      const schema = {};
      for (const f of Object.keys(spec.text)) schema[f] = "string";
      for (const [name, v] of Object.entries(spec.values)) schema[name] = ORAMA_TYPE[v.type];
      db = create({
        schema,
        sort: { unsortableProperties: Object.keys(spec.text) },
        // Orama wants string ids; numbering them here spares copying every document.
        components: { getDocumentIndexId: (doc) => String(doc.id) },
      });
      await insertMultiple(db, docs, 1000);
    },
    describe: (q) => `search(db, ${JSON.stringify(oramaParams(q, spec ?? kindSpec(q.kind), 30))})`,
    async query(q, { limit = 30 } = {}) {
      const first = await search(db, oramaParams(q, spec, Number.isFinite(limit) ? limit : 30));
      const result = Number.isFinite(limit) || first.count <= first.hits.length ? first : await search(db, oramaParams(q, spec, first.count));
      return { total: result.count, ids: result.hits.map((h) => h.id) };
    },
    release() {
      db = undefined;
    },
  };
}
