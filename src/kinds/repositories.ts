/** Repository search (`/search/repositories`): qualifiers, fields and sorts as data. */
import { collectQualifiers } from "../parse/measure.js";
import { arr, lower, obj, repositoryOf, str } from "../records/read.js";
import { defineTally } from "../records/tally.js";
import { repositoryItem } from "../render/objects.js";
import {
  booleanQualifier,
  dateQualifier,
  enumQualifier,
  inQualifier,
  keyword,
  keywordQualifier,
  not,
  numberQualifier,
  oneValueOf,
  ownerQualifier,
  repoQualifier,
  VISIBILITY_VALUES,
  visibilityCases,
} from "./qualifiers.js";
import { count, normalizeLanguage, ownerLogin, repositoryKey, time, visibilityDoubt, visibilityOf } from "./shared.js";
import type { KindSpec, RecordLike } from "./types.js";
import type { StoreReader } from "../records/store-reader.js";

/** License keywords that stand for a family of licenses. */
const LICENSE_FAMILIES: Array<[RegExp, string]> = [
  [/^gpl-/, "gpl"],
  [/^lgpl-/, "lgpl"],
  [/^cc(-|0)/, "cc"],
];

function licenseKeys(record: RecordLike): string[] {
  const key = lower(obj(record.license)?.key) || lower(obj(record.license)?.spdx_id);
  if (!key) return [];
  return [key, ...LICENSE_FAMILIES.filter(([re]) => re.test(key)).map(([, family]) => family)];
}

const topicsOf = (r: RecordLike): string[] => arr(r.topics).filter((t): t is string => typeof t === "string");

/** Open issues per repository carrying a label, by normalised label name ("good first issue" = "good-first-issue"). */
const openIssuesByLabel = defineTally("open-issues-by-label", "issues", (issue) => {
  if (issue.state !== "open" || obj(issue.pull_request)) return [];
  const repo = repositoryOf(issue)?.toLowerCase();
  if (!repo) return [];
  // Two spellings of one label on one issue count the issue once.
  const names = new Set(
    arr(issue.labels).map((label) => (typeof label === "string" ? label : str(obj(label)?.name))?.toLowerCase().replace(/[\s_]+/g, "-")),
  );
  return [...names].filter((name): name is string => !!name).map((name) => [name, repo]);
});

const labelCount = (label: string) => (r: RecordLike, s: StoreReader) => {
  const repo = lower(r.full_name);
  return repo ? s.tally(openIssuesByLabel).count(label, repo) : 0;
};

/** An issue's change reaches only its own repository's counts. */
const joinedByIssues = { dependsOn: ["issues" as const], joinedBy: { column: "repo", key: (issue: RecordLike) => repositoryOf(issue)?.toLowerCase() } };

export const repositories: KindSpec<RecordLike> = {
  kind: "repositories",
  source: "repositories",
  records: [
    { kind: "repositories", file: "repositories.ndjson", loadOrder: 1, key: repositoryKey, keyFields: "full_name", grantsAccess: true, doubt: visibilityDoubt },
  ],
  visibility: "own",
  // Clients get the topics preview by default, so that results carry `topics` and the `topic:` qualifiers work.
  preview: { media: "mercy" },
  textFields: [
    { name: "name", tokenizer: "prose", weight: 3, b: 0.3, text: (r) => str(r.name), fromRecordAlone: true },
    { name: "description", tokenizer: "prose", weight: 1, b: 0.75, text: (r) => str(r.description), fromRecordAlone: true },
    { name: "topics", tokenizer: "prose", weight: 2, b: 0.3, text: topicsOf, fromRecordAlone: true },
    { name: "readme", tokenizer: "prose", weight: 0.5, b: 0.75, text: (r) => str(r.readme), fromRecordAlone: true },
  ],
  defaultFields: ["name", "description", "topics"],
  columns: [
    { name: "repo", type: "keyword", value: (r) => lower(r.full_name) },
    { name: "owner", type: "keyword", value: (r) => ownerLogin(r, str(r.full_name)) },
    { name: "visibility", type: "keyword", value: (r) => visibilityOf(r) },
    { name: "fork", type: "keyword", value: (r) => r.fork === true },
    { name: "archived", type: "keyword", value: (r) => r.archived === true },
    { name: "template", type: "keyword", value: (r) => r.is_template === true },
    { name: "mirror", type: "keyword", value: (r) => typeof r.mirror_url === "string" && r.mirror_url !== "" },
    { name: "funding", type: "keyword", value: (r) => r.has_funding_file === true },
    {
      name: "sponsorable",
      type: "keyword",
      dependsOn: ["users"],
      joinedBy: { column: "owner", key: (user) => str(user.login)?.toLowerCase() },
      value: (r, s) => s.user(ownerLogin(r, str(r.full_name)))?.is_sponsorable === true,
    },
    { name: "language", type: "keyword", value: (r) => lower(r.language) },
    { name: "topic", type: "keyword", value: (r) => topicsOf(r).map((t) => t.toLowerCase()) },
    { name: "license", type: "keyword", value: licenseKeys },
    {
      name: "props",
      type: "keyword",
      value: (r) => {
        const props = obj(r.custom_properties) ?? {};
        return Object.keys(props).flatMap((k) => [props[k]].flat().map((v) => `${k}:${String(v)}`.toLowerCase()));
      },
    },
    { name: "stars", type: "number", value: (r) => count(r.stargazers_count) },
    { name: "forks", type: "number", value: (r) => count(r.forks_count) },
    { name: "size", type: "number", value: (r) => count(r.size) },
    { name: "followers", type: "number", value: (r) => count(r.subscribers_count) ?? count(r.watchers_count) },
    { name: "topics_count", type: "number", value: (r) => topicsOf(r).length },
    { name: "created", type: "number", value: (r) => time(r.created_at) },
    { name: "pushed", type: "number", value: (r) => time(r.pushed_at) },
    { name: "updated", type: "number", value: (r) => time(r.updated_at) },
    { name: "good_first_issues", type: "number", ...joinedByIssues, value: labelCount("good-first-issue") },
    { name: "help_wanted_issues", type: "number", ...joinedByIssues, value: labelCount("help-wanted") },
  ],
  qualifiers: [
    inQualifier({ name: ["name"], description: ["description"], topics: ["topics"], readme: ["readme"] }),
    repoQualifier("repo"),
    ownerQualifier("user", "owner"),
    ownerQualifier("org", "owner"),
    numberQualifier("size", "size"),
    numberQualifier("followers", "followers"),
    numberQualifier("forks", "forks"),
    numberQualifier("stars", "stars"),
    numberQualifier("topics", "topics_count"),
    numberQualifier("good-first-issues", "good_first_issues"),
    numberQualifier("help-wanted-issues", "help_wanted_issues"),
    dateQualifier("created", "created"),
    dateQualifier("pushed", "pushed"),
    keywordQualifier("language", "language", { normalize: normalizeLanguage, oneValue: "language" }),
    keywordQualifier("topic", "topic"),
    keywordQualifier("license", "license", { oneValue: "license" }),
    enumQualifier(
      "is",
      { ...visibilityCases("visibility"), sponsorable: () => keyword("sponsorable", "true") },
      { oneValue: oneValueOf({ visibility: VISIBILITY_VALUES }) },
    ),
    enumQualifier("has", { "funding-file": () => keyword("funding", "true") }),
    booleanQualifier("mirror", "mirror"),
    booleanQualifier("template", "template"),
    booleanQualifier("archived", "archived"),
    enumQualifier("fork", {
      true: () => ({ op: "all" }),
      false: () => not(keyword("fork", "true")),
      only: () => keyword("fork", "true"),
    }),
    {
      name: "props",
      namePrefix: "props.",
      columns: { props: "keyword" },
      build: (node, ctx) => {
        const property = node.name.slice("props.".length);
        if (!property || !node.raw) return ctx.invalid(node, `"${node.rawName}:${node.raw}" needs the form props.PROPERTY:VALUE`);
        // Custom properties belong to one organisation: unless the query is limited to exactly one org:, the filter is ignored.
        const scopes = collectQualifiers(ctx.tree).filter((q) => !q.negated && (q.name === "org" || q.name === "user" || q.name === "repo"));
        const orgs = new Set(scopes.map((q) => `${q.name}:${q.raw.toLowerCase()}`));
        if (orgs.size !== 1 || scopes[0].name !== "org") return { op: "all" };
        return keyword("props", `${property}:${node.raw.toLowerCase()}`);
      },
    },
  ],
  sorts: {
    stars: { column: "stars" },
    forks: { column: "forks" },
    "help-wanted-issues": { column: "help_wanted_issues" },
    updated: { column: "updated" },
  },
  defaults: (_ctx, present) => (present.has("fork") ? [] : [not(keyword("fork", "true"))]),
  signals: [
    { name: "stars", weight: 0.08, value: (r) => count(r.stargazers_count) ?? 0 },
    { name: "forks", weight: 0.03, value: (r) => count(r.forks_count) ?? 0 },
  ],
  textMatches: [
    { property: "name", objectType: "Repository", field: "name", sources: (r, ctx) => [{ objectUrl: `${ctx.baseUrl}/repos/${str(r.full_name)}`, value: str(r.name) }] },
    { property: "description", objectType: "Repository", field: "description", sources: (r, ctx) => [{ objectUrl: `${ctx.baseUrl}/repos/${str(r.full_name)}`, value: str(r.description) }] },
  ],
  order: (r) => count(r.id) ?? 0,
  repository: (r) => str(r.full_name) ?? null,
  render: (r, ctx) => repositoryItem(r, ctx, ctx.store.user(ownerLogin(r, str(r.full_name))), ctx.mercy),
};
