/**
 * Commit search (`/search/commits`): commit messages, filtered by the people
 * of the commit, its dates, its object ids and its repository. Commits of
 * forks are never searched. The endpoint's preview media type is enforced by
 * the engine.
 */
import { stableId } from "../../render/objects.js";
import { arr, lower, obj, repositoryOf, str } from "../../records/read.js";
import {
  booleanQualifier,
  dateQualifier,
  enumQualifier,
  keyword,
  keywordQualifier,
  not,
  ownerQualifier,
  repoQualifier,
  userQualifier,
  visibilityCases,
} from "../qualifiers.js";
import { repositoryColumns, time } from "../shared.js";
import type { KindSpec, RecordLike } from "../types.js";
import { accountLogin, emailOf, gitPerson, nameWords } from "./people.js";
import { nameQualifier, shaQualifier } from "./qualifiers.js";
import { commitItem, commitUrl } from "./render.js";

const message = (c: RecordLike) => str(obj(c.commit)?.message);
const parentShas = (c: RecordLike) => arr(c.parents).map((p) => lower(obj(p)?.sha)).filter(Boolean);

function commitKey(c: RecordLike): string | undefined {
  const repo = repositoryOf(c);
  const sha = str(c.sha);
  return repo && sha ? `${repo}@${sha}`.toLowerCase() : undefined;
}

export const commits: KindSpec<RecordLike> = {
  kind: "commits",
  source: "commits",
  records: [{ kind: "commits", file: "commits.ndjson", loadOrder: 6, key: commitKey, keyFields: "sha and repository", packed: true }],
  visibility: "repository",
  preview: { media: "cloak", requiredFor: "Commit Search" },
  textFields: [{ name: "message", tokenizer: "prose", weight: 1, b: 0.75, text: message, fromRecordAlone: true }],
  defaultFields: ["message"],
  columns: [
    ...repositoryColumns((c) => repositoryOf(c)),
    { name: "author", type: "keyword", value: (c) => accountLogin(c, "author") },
    { name: "committer", type: "keyword", value: (c) => accountLogin(c, "committer") },
    { name: "author_name", type: "keyword", value: (c) => nameWords(c, "author") },
    { name: "committer_name", type: "keyword", value: (c) => nameWords(c, "committer") },
    { name: "author_email", type: "keyword", value: (c) => emailOf(c, "author") },
    { name: "committer_email", type: "keyword", value: (c) => emailOf(c, "committer") },
    { name: "author_date", type: "number", value: (c) => time(gitPerson(c, "author")?.date) },
    { name: "committer_date", type: "number", value: (c) => time(gitPerson(c, "committer")?.date) },
    { name: "merge", type: "keyword", value: (c) => parentShas(c).length > 1 },
    { name: "sha", type: "keyword", value: (c) => lower(c.sha) },
    { name: "parent", type: "keyword", value: parentShas },
    { name: "tree", type: "keyword", value: (c) => lower(obj(obj(c.commit)?.tree)?.sha) },
  ],
  qualifiers: [
    userQualifier("author", "author", { oneValue: "author" }),
    userQualifier("committer", "committer", { oneValue: "committer" }),
    nameQualifier("author-name", "author_name"),
    nameQualifier("committer-name", "committer_name"),
    keywordQualifier("author-email", "author_email", { oneValue: "author-email" }),
    keywordQualifier("committer-email", "committer_email", { oneValue: "committer-email" }),
    dateQualifier("author-date", "author_date"),
    dateQualifier("committer-date", "committer_date"),
    booleanQualifier("merge", "merge"),
    { ...shaQualifier("hash", "sha"), oneValue: "hash" },
    shaQualifier("parent", "parent"),
    { ...shaQualifier("tree", "tree"), oneValue: "tree" },
    enumQualifier("is", visibilityCases("visibility"), { oneValue: "visibility" }),
    repoQualifier("repo"),
    ownerQualifier("user", "owner"),
    ownerQualifier("org", "owner"),
  ],
  sorts: {
    "author-date": { column: "author_date" },
    "committer-date": { column: "committer_date" },
  },
  // Commit search does not cover forks, whatever the query says.
  defaults: () => [not(keyword("repo_fork", "true"))],
  signals: [],
  textMatches: [{ property: "message", objectType: "Commit", field: "message", sources: (c, ctx) => [{ objectUrl: commitUrl(c, ctx), value: message(c) }] }],
  order: (c) => stableId(`commit:${lower(repositoryOf(c))}@${lower(c.sha)}`),
  repository: (c) => repositoryOf(c) ?? null,
  render: commitItem,
};
