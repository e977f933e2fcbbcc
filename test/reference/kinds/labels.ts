/**
 * Labels (qualifiers.md §4): the labels of one repository the caller can see
 * (`repository_id`; unknown or hidden: 404), searched by keywords only, any
 * keyword matching. Having no qualifiers, every `name:value` is a keyword.
 */
import { canSee } from "../access.js";
import type { LabelRecord } from "../dataset.js";
import type { OracleKind } from "../kind.js";
import { instant, reject } from "../values.js";

export const labels: OracleKind<LabelRecord> = {
  name: "labels",
  records: (ctx, scope) => {
    if (scope.repositoryId === undefined) reject("repository_id is required");
    const repo = ctx.data.repositories.find((r) => r.id === scope.repositoryId);
    if (!repo || !canSee(ctx.data, repo, ctx.caller)) reject("no such repository", 404);
    return ctx.data.labels.filter((l) => l.repository_id === scope.repositoryId);
  },
  key: (l) => l.name,
  itemKey: (item) => String(item.name),
  fields: {
    name: (l) => [l.name],
    description: (l) => [l.description],
  },
  defaultFields: ["name", "description"],
  keywordsCombine: "or",
  qualifiers: {},
  sorts: {
    created: (l) => instant(l.created_at),
    updated: (l) => instant(l.updated_at),
  },
};
