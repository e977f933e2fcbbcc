/**
 * Issue and pull-request search (`/search/issues`): text fields, columns,
 * sorts and text-match properties as data. Qualifiers are in ./qualifiers.ts,
 * what a record says in ./facts.ts, the item in ./render.ts.
 */
import type { QueryNode } from "../../parse/ast.js";
import { or } from "../../logical/match.js";
import { issueKeyOf, lower, obj, repositoryOf, str } from "../../records/read.js";
import type { StoreReader } from "../../records/store-reader.js";
import { count, logins, repositoryColumns, time } from "../shared.js";
import type { ColumnSpec, KindSpec, RecordLike, SortSpec } from "../types.js";
import {
  assigneeLogins,
  authorLogin,
  commentCount,
  commenterLogins,
  commentsOf,
  commitShas,
  commitStatus,
  isPull,
  issueTypeName,
  labelNames,
  mentionsOf,
  mergedAt,
  ownLinks,
  projectKeys,
  REACTIONS,
  reactionCount,
  requestedTeams,
  reviewerLogins,
  reviewRequested,
  reviewStates,
  totalReactions,
} from "./facts.js";
import { issueQualifiers, KIND_VALUES } from "./qualifiers.js";
import { commentRecords } from "./comments.js";
import { commentApiUrl, issueApiUrl, renderIssue } from "./render.js";

/** A bare word of seven or more hex digits may be the start of a pull request's commit SHA. */
const SHA_PREFIX = /^[0-9a-f]{7,40}$/i;

const APP_USER_MESSAGE = "Query must include 'is:issue' or 'is:pull-request'";

/** Whether the query as a whole is confined to issues or to pull requests. */
function picksOneKind(node: QueryNode): boolean {
  switch (node.type) {
    case "qualifier":
      return !node.negated && (node.name === "is" || node.name === "type") && Object.prototype.hasOwnProperty.call(KIND_VALUES, node.raw.trim().toLowerCase());
    case "and":
      return node.children.some(picksOneKind);
    case "group":
      return picksOneKind(node.child);
    default:
      return false;
  }
}

/** A number column per reaction, named as the sorts name them (`reactions_smile` counts `laugh`). */
const reactionColumns: ColumnSpec<RecordLike>[] = Object.entries(REACTIONS).map(([name, key]) => ({
  name: `reactions_${name}`,
  type: "number",
  value: (d: RecordLike) => reactionCount(d, key),
}));

const reactionSorts: Record<string, SortSpec> = Object.fromEntries(
  Object.keys(REACTIONS).map((name) => [`reactions-${name}`, { column: `reactions_${name}`, ...(name === "rocket" || name === "eyes" ? { queryOnly: true } : {}) }]),
);

export const issues: KindSpec<RecordLike> = {
  kind: "issues",
  source: "issues",
  records: [{ kind: "issues", file: "issues.ndjson", loadOrder: 4, key: issueKeyOf, keyFields: "number and repository_url", packed: true }, commentRecords],
  visibility: "repository",
  textFields: [
    { name: "title", tokenizer: "prose", weight: 2, b: 0.3, text: (d) => str(d.title), fromRecordAlone: true },
    { name: "body", tokenizer: "prose", weight: 1, b: 0.75, text: (d) => str(d.body), fromRecordAlone: true },
    { name: "comments", tokenizer: "prose", weight: 0.5, b: 0.75, text: (d, s) => commentsOf(d, s).map((c) => str(c.body) ?? "") },
  ],
  defaultFields: ["title", "body", "comments"],
  columns: [
    ...repositoryColumns((d) => repositoryOf(d)),
    { name: "kind", type: "keyword", value: (d) => (isPull(d) ? "pr" : "issue") },
    { name: "state", type: "keyword", value: (d) => lower(d.state) },
    { name: "state_reason", type: "keyword", value: (d) => lower(d.state_reason) },
    { name: "issue_type", type: "keyword", value: issueTypeName },
    { name: "locked", type: "keyword", value: (d) => d.locked === true },
    { name: "merged", type: "keyword", value: (d) => isPull(d) && mergedAt(d) !== undefined },
    { name: "draft", type: "keyword", value: (d) => isPull(d) && d.draft === true },
    { name: "queued", type: "keyword", value: (d) => isPull(d) && d.queued === true },
    { name: "author", type: "keyword", value: authorLogin },
    { name: "assignee", type: "keyword", value: assigneeLogins },
    { name: "mentions", type: "keyword", value: (d, s) => mentionsOf(d, s).users },
    { name: "team_mentions", type: "keyword", value: (d, s) => mentionsOf(d, s).teams },
    { name: "commenter", type: "keyword", value: commenterLogins },
    { name: "label", type: "keyword", value: (d) => labelNames(d).map((l) => l.toLowerCase()) },
    { name: "milestone", type: "keyword", value: (d) => lower(obj(d.milestone)?.title) },
    { name: "project", type: "keyword", value: projectKeys },
    { name: "key", type: "keyword", value: (d) => issueKeyOf(d) },
    { name: "linked", type: "keyword", value: ownLinks },
    { name: "status", type: "keyword", value: (d) => (isPull(d) ? commitStatus(d) : "") },
    { name: "head", type: "keyword", value: (d) => lower(obj(d.head)?.ref) },
    { name: "base", type: "keyword", value: (d) => lower(obj(d.base)?.ref) },
    { name: "commit", type: "keyword", value: (d) => (isPull(d) ? commitShas(d) : []) },
    { name: "review", type: "keyword", value: reviewStates },
    { name: "reviewed_by", type: "keyword", value: reviewerLogins },
    { name: "review_requested", type: "keyword", dependsOn: ["users"], value: reviewRequested },
    { name: "user_review_requested", type: "keyword", value: (d) => logins(d.requested_reviewers) },
    { name: "team_review_requested", type: "keyword", value: requestedTeams },
    { name: "comments", type: "number", value: commentCount },
    { name: "reactions", type: "number", value: totalReactions },
    { name: "interactions", type: "number", value: (d, s) => totalReactions(d) + commentCount(d, s) },
    ...reactionColumns,
    { name: "created", type: "number", value: (d) => time(d.created_at) },
    { name: "updated", type: "number", value: (d) => time(d.updated_at) },
    { name: "closed", type: "number", value: (d) => time(d.closed_at) },
    { name: "merged_at", type: "number", value: (d) => time(mergedAt(d)) },
  ],
  // `involves` is read from the author, assignee, mentions and commenter columns now.
  retiredColumns: ["involves"],
  qualifiers: issueQualifiers,
  sorts: {
    comments: { column: "comments" },
    reactions: { column: "reactions" },
    ...reactionSorts,
    interactions: { column: "interactions" },
    created: { column: "created" },
    updated: { column: "updated" },
  },
  term: (word, text) => (SHA_PREFIX.test(word) ? or([text, { op: "prefix", column: "commit", prefix: word.toLowerCase() }]) : text),
  // Apps acting for a user cannot mix issues and pull requests in one search.
  rules: [{ message: APP_USER_MESSAGE, holds: (tree, { caller }) => caller?.via !== "app-user" || picksOneKind(tree) }],
  signals: [
    { name: "comments", weight: 0.05, value: (d, s) => commentCount(d, s) },
    { name: "reactions", weight: 0.05, value: totalReactions },
  ],
  textMatches: [
    { property: "title", objectType: "Issue", field: "title", sources: (d, ctx) => [{ objectUrl: issueApiUrl(d, ctx), value: str(d.title) }] },
    { property: "body", objectType: "Issue", field: "body", sources: (d, ctx) => [{ objectUrl: issueApiUrl(d, ctx), value: str(d.body) }] },
    {
      property: "body",
      objectType: "IssueComment",
      field: "comments",
      sources: (d, ctx) => commentsOf(d, ctx.store).map((c) => ({ objectUrl: commentApiUrl(c, d, ctx), value: str(c.body) })),
    },
  ],
  order: (d) => count(d.id) ?? 0,
  repository: (d) => repositoryOf(d) ?? null,
  render: renderIssue,
};
