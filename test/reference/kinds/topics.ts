/** Topics (qualifiers.md §6), read from plain topic records. */
import { visibility } from "../access.js";
import type { TopicRecord } from "../dataset.js";
import type { OracleContext, OracleKind } from "../kind.js";
import { instant } from "../values.js";
import { dateRule, literalRule, lower, numberRule } from "./common.js";

/** Public repositories tagged with the topic: hidden repositories must not show through a count. */
function repositoriesTagged(t: TopicRecord, ctx: OracleContext): number {
  return ctx.data.repositories.filter(
    (r) =>
      visibility(r) === "public" &&
      (r.topics ?? []).some((name) => lower(name) === lower(t.name)),
  ).length;
}

export const topics: OracleKind<TopicRecord> = {
  name: "topics",
  records: (ctx) => ctx.data.topics,
  key: (t) => t.name,
  itemKey: (item) => String(item.name),
  fields: {
    name: (t) => [t.name],
    display_name: (t) => [t.display_name],
    short_description: (t) => [t.short_description],
    description: (t) => [t.description],
  },
  defaultFields: ["name", "display_name", "short_description", "description"],
  keywordsCombine: "and",
  qualifiers: {
    is: literalRule<TopicRecord>({
      featured: (t) => t.featured === true,
      "not-featured": (t) => t.featured !== true,
      curated: (t) => t.curated === true,
      "not-curated": (t) => t.curated !== true,
    }),
    repositories: numberRule(repositoriesTagged),
    created: dateRule((t) => instant(t.created_at)),
  },
  sorts: {},
  preview: "mercy-preview",
};
