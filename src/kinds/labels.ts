/**
 * Label search (`/search/labels`): the labels of one repository (the
 * `repository_id` parameter), by keywords only, any keyword matching.
 */
import { missingParameter, notFound, validationFailed } from "../errors.js";
import { str } from "../records/read.js";
import { keyword, type Match } from "../logical/match.js";
import { count, time } from "./shared.js";
import type { KindSpec, RecordLike, RenderContext, ScopeContext } from "./types.js";

function labelUrl(l: RecordLike, ctx: RenderContext): string {
  const repo = ctx.store.repositoryById(l.repository_id);
  const full = str(repo?.full_name) ?? "unknown/unknown";
  return `${ctx.baseUrl}/repos/${full}/labels/${encodeURIComponent(str(l.name) ?? "")}`;
}

function labelKey(l: RecordLike): string | undefined {
  const rid = l.repository_id;
  const name = str(l.name);
  return (typeof rid === "number" || typeof rid === "string") && name ? `${rid}:${name.toLowerCase()}` : undefined;
}

/** `repository_id`: required, a whole number, naming a repository the caller can see (404 otherwise). */
function repositoryScope(value: unknown, ctx: ScopeContext): Match {
  if (value === undefined || value === null || value === "") throw missingParameter("repository_id");
  const id = Number(value);
  if (!Number.isInteger(id)) throw validationFailed(`"${String(value)}" is not a repository id`, "repository_id");
  const repo = ctx.store.repositoryById(id);
  if (!repo || !ctx.canSee(repo)) throw notFound();
  return keyword("repository_id", String(id));
}

export const labels: KindSpec<RecordLike> = {
  kind: "labels",
  source: "labels",
  records: [{ kind: "labels", file: "labels.ndjson", loadOrder: 3, key: labelKey, keyFields: "name and repository_id" }],
  // Label search reaches one repository, named by a parameter the caller must be able to see.
  visibility: "public",
  scopeParameters: [{ name: "repository_id", filter: repositoryScope }],
  keywordsOnly: true,
  keywordsCombine: "or",
  textFields: [
    { name: "name", tokenizer: "prose", weight: 3, b: 0.2, text: (l) => str(l.name), fromRecordAlone: true },
    { name: "description", tokenizer: "prose", weight: 1, b: 0.5, text: (l) => str(l.description), fromRecordAlone: true },
  ],
  defaultFields: ["name", "description"],
  columns: [
    { name: "repository_id", type: "keyword", value: (l) => (l.repository_id == null ? null : String(l.repository_id)) },
    { name: "created", type: "number", value: (l) => time(l.created_at) },
    { name: "updated", type: "number", value: (l) => time(l.updated_at) },
  ],
  qualifiers: [],
  sorts: { created: { column: "created" }, updated: { column: "updated" } },
  signals: [],
  textMatches: [
    { property: "name", objectType: "Label", field: "name", sources: (l, ctx) => [{ objectUrl: labelUrl(l, ctx), value: str(l.name) }] },
    { property: "description", objectType: "Label", field: "description", sources: (l, ctx) => [{ objectUrl: labelUrl(l, ctx), value: str(l.description) }] },
  ],
  order: (l) => count(l.id) ?? 0,
  repository: (l, store) => str(store.repositoryById(l.repository_id)?.full_name) ?? null,
  render: (l, ctx) => ({
    id: count(l.id) ?? 0,
    node_id: str(l.node_id) ?? "",
    url: labelUrl(l, ctx),
    name: str(l.name) ?? "",
    color: str(l.color) ?? "ededed",
    default: l.default === true,
    description: str(l.description) ?? null,
  }),
};
