/**
 * Lunr with its defaults (stop-word filter, English stemmer, trimmer) over the
 * kind's text fields. Queries use its query string: `+a +b` for AND, `-c` to
 * exclude, bare terms for OR, `field:term` for one field. It has no phrases,
 * filters or sorting, and OR cannot sit inside AND.
 */
import lunr from "lunr";
import { kindSpec } from "../schema.mjs";

/** The Lunr query string of a query (only the shapes `features` admits). */
export function lunrQuery(q) {
  const field = q.fields.length === 1 ? `${q.fields[0]}:` : "";
  const expr = q.text;
  if (expr.type === "term") return `+${field}${expr.text}`;
  if (expr.type === "or") return expr.items.map((i) => `${field}${i.text}`).join(" ");
  return expr.items.map((i) => (i.type === "not" ? `-${field}${i.item.text}` : `+${field}${i.text}`)).join(" ");
}

export function createLunr() {
  let index;
  let ids;
  return {
    name: "lunr",
    input: "docs",
    features: new Set(["term", "and", "or", "not", "in-one-field"]),
    /** A lone exclusion matches nothing in Lunr: it needs something to exclude from. */
    refuses: (q) => q.text?.type === "not",
    build({ kind, docs }) {
      const fields = Object.keys(kindSpec(kind).text);
      // Lunr hands refs back as strings; keep the original ids to answer with.
      ids = new Map();
      index = lunr(function () {
        this.ref("id");
        for (const f of fields) this.field(f);
        for (const doc of docs) {
          ids.set(String(doc.id), doc.id);
          this.add(doc);
        }
      });
    },
    describe: (q) => `search(${JSON.stringify(lunrQuery(q))})`,
    query(q, { limit = 30 } = {}) {
      const results = index.search(lunrQuery(q));
      return { total: results.length, ids: results.slice(0, limit).map((r) => ids.get(r.ref)) };
    },
    release() {
      index = undefined;
      ids = undefined;
    },
  };
}
