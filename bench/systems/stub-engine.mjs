/**
 * A stand-in with forgesearch's public API (add, search → envelope), answering
 * from the linear scan. It knows only the benchmark's own queries, looked up by
 * their query string and sort, and lets the harness run end to end without a
 * built engine.
 */
import { SORT_PARAM } from "../queries.mjs";
import { flatten, kindSpec } from "../schema.mjs";
import { createScan } from "./scan.mjs";

const key = (q, sort, order) => `${q}\u0000${sort ?? ""}\u0000${sort ? (order ?? "desc") : ""}`;

export function stubEngineClass(queries) {
  const known = new Map(queries.map((q) => [key(q.q, q.sort && SORT_PARAM[q.kind][q.sort.by], q.sort?.order), q]));
  return class StubSearchEngine {
    constructor() {
      this.records = new Map();
      this.scans = new Map();
    }

    add(kind, record) {
      if (!this.records.has(kind)) this.records.set(kind, new Map());
      this.records.get(kind).set(String(kindSpec(kind).id(record)), record);
      this.scans.delete(kind);
    }

    async search(kind, params = {}) {
      const q = known.get(key(params.q, params.sort, params.order));
      const records = this.records.get(kind) ?? new Map();
      if (!q) return { total_count: 0, incomplete_results: false, items: [] };
      let scan = this.scans.get(kind);
      if (!scan) {
        scan = createScan();
        scan.build({ kind, docs: [...records.values()].map((r) => flatten(kind, r)) });
        this.scans.set(kind, scan);
      }
      const all = scan.query(q, { limit: Infinity });
      const perPage = Number(params.per_page ?? 30);
      const page = Number(params.page ?? 1);
      const ids = all.ids.slice(0, 1000).slice((page - 1) * perPage, page * perPage);
      return { total_count: all.total, incomplete_results: false, items: ids.map((id) => records.get(String(id))) };
    }
  };
}
