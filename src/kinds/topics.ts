/** Topic search (`/search/topics`, mercy-preview only). */
import { arr, lower, str } from "../records/read.js";
import type { StoreReader } from "../records/store-reader.js";
import { dateQualifier, enumQualifier, keyword, not, numberQualifier } from "./qualifiers.js";
import { count, time, visibilityOf } from "./shared.js";
import type { KindSpec, RecordLike } from "./types.js";

/** Repositories tagged with each topic (the topic item carries no such count). */
function repositoriesPerTopic(store: StoreReader): Map<string, number> {
  return store.derived("repositoriesPerTopic", ["repositories"], (s) => {
    const m = new Map<string, number>();
    for (const r of s.all("repositories")) {
      // Only public repositories count: the number is shown to every caller.
      if (visibilityOf(r) !== "public") continue;
      for (const t of new Set(arr(r.topics).map(lower))) if (t) m.set(t, (m.get(t) ?? 0) + 1);
    }
    return m;
  });
}

export const topics: KindSpec<RecordLike> = {
  kind: "topics",
  source: "topics",
  records: [{ kind: "topics", file: "topics.ndjson", loadOrder: 2, key: (t) => str(t.name)?.toLowerCase(), keyFields: "name" }],
  visibility: "public",
  preview: { media: "mercy", requiredFor: "Topics" },
  textFields: [
    { name: "name", tokenizer: "prose", weight: 3, b: 0.2, text: (t) => str(t.name), fromRecordAlone: true },
    { name: "display_name", tokenizer: "prose", weight: 2, b: 0.2, text: (t) => str(t.display_name), fromRecordAlone: true },
    { name: "short_description", tokenizer: "prose", weight: 1, b: 0.5, text: (t) => str(t.short_description), fromRecordAlone: true },
    { name: "description", tokenizer: "prose", weight: 0.7, b: 0.75, text: (t) => str(t.description), fromRecordAlone: true },
  ],
  defaultFields: ["name", "display_name", "short_description", "description"],
  columns: [
    { name: "featured", type: "keyword", value: (t) => t.featured === true },
    { name: "curated", type: "keyword", value: (t) => t.curated === true },
    { name: "created", type: "number", value: (t) => time(t.created_at) },
    { name: "repositories", type: "number", dependsOn: ["repositories"], value: (t, s) => repositoriesPerTopic(s).get(lower(t.name)) ?? 0 },
  ],
  qualifiers: [
    enumQualifier("is", {
      featured: () => keyword("featured", "true"),
      "not-featured": () => not(keyword("featured", "true")),
      curated: () => keyword("curated", "true"),
      "not-curated": () => not(keyword("curated", "true")),
    }),
    numberQualifier("repositories", "repositories"),
    dateQualifier("created", "created"),
  ],
  sorts: {},
  signals: [
    { name: "featured", weight: 0.5, value: (t) => (t.featured === true ? 1 : 0) },
    { name: "curated", weight: 0.3, value: (t) => (t.curated === true ? 1 : 0) },
    { name: "repositories", weight: 0.05, value: (t, s) => repositoriesPerTopic(s).get(lower(t.name)) ?? 0 },
  ],
  textMatches: (["name", "display_name", "short_description", "description"] as const).map((property) => ({
    property,
    objectType: "Topic",
    field: property,
    sources: (t: RecordLike, ctx) => [{ objectUrl: `${ctx.baseUrl}/topics/${str(t.name)}`, value: str(t[property]) }],
  })),
  order: (t) => count(t.id) ?? 0,
  render: (t) => ({
    name: str(t.name) ?? "",
    display_name: str(t.display_name) ?? null,
    short_description: str(t.short_description) ?? null,
    description: str(t.description) ?? null,
    created_by: str(t.created_by) ?? null,
    released: str(t.released) ?? null,
    created_at: str(t.created_at) ?? null,
    updated_at: str(t.updated_at) ?? null,
    featured: t.featured === true,
    curated: t.curated === true,
  }),
};
