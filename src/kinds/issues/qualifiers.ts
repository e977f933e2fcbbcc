/** The qualifiers of issue and pull-request search, as data (qualifiers.md §3). */
import type { QualifierNode } from "../../parse/ast.js";
import { and, or, type Match } from "../../logical/match.js";
import {
  booleanQualifier,
  dateQualifier,
  enumQualifier,
  inQualifier,
  keyword,
  keywordQualifier,
  none,
  not,
  numberQualifier,
  oneValueOf,
  ownerQualifier,
  repoQualifier,
  userQualifier,
  VISIBILITY_VALUES,
  visibilityCases,
} from "../qualifiers.js";
import { normalizeLanguage } from "../shared.js";
import type { QualifierSpec, ResolveContext } from "../types.js";
import { belongsTo, linkedFromOtherSide } from "./facts.js";

const ISSUE = () => keyword("kind", "issue");
const PULL = () => keyword("kind", "pr");
const exists = (column: string): Match => ({ op: "exists", column });

/** `type:` / `is:` values that pick issues or pull requests. */
export const KIND_VALUES: Record<string, () => Match> = { issue: ISSUE, pr: PULL, "pull-request": PULL };

/** `linked:pr` / `linked:issue`: the item lists a link of that kind, or an item of that kind lists it. */
function linked(ctx: ResolveContext, to: "pr" | "issue"): Match {
  const listedBy = linkedFromOtherSide(ctx.store, to === "pr" ? "linked_issues" : "linked_pull_requests");
  const either = listedBy.length ? or([keyword("linked", to), keyword("key", ...listedBy)]) : keyword("linked", to);
  return and([to === "pr" ? ISSUE() : PULL(), either]);
}

/** `ORG/TEAM`, lower-cased, or a 422. */
function teamValue(node: QualifierNode, ctx: ResolveContext): string {
  const v = node.raw.trim();
  if (!/^[^/\s]+\/[^/\s]+$/.test(v)) ctx.invalid(node, `"${v}" is not a team: use ${node.rawName}:ORG/TEAM`);
  return v.toLowerCase();
}

/** `app/NAME` names the integration's bot account, `NAME[bot]`. */
const authorLogin = (v: string, node: QualifierNode, ctx: ResolveContext): string => {
  const login = ctx.login(v, node).toLowerCase();
  return login.startsWith("app/") ? `${login.slice(4)}[bot]` : login;
};

const assigneeLogin = userQualifier("assignee", "assignee");
/** `involves:` is any of these: the author, an assignee, a mention or a commenter. */
const INVOLVED = ["author", "assignee", "mentions", "commenter"];
/** Reads the login (`@me` the caller) into a match on one column, which `involves:` spreads over all four. */
const involvesLogin = userQualifier("involves", INVOLVED[0]);

/** `type:issue` / `type:pr` test the kind of item; any other type tests the issue type. */
const typeField = (value: string) => (Object.prototype.hasOwnProperty.call(KIND_VALUES, value.trim().toLowerCase()) ? "kind" : "issue_type");

export const issueQualifiers: QualifierSpec[] = [
  inQualifier({ title: ["title"], body: ["body"], comments: ["comments"], comment: ["comments"] }),
  repoQualifier("repo"),
  ownerQualifier("user", "owner"),
  ownerQualifier("org", "owner"),
  {
    // `issue` / `pr` / `pull-request` pick the kind; any other value names an issue type.
    name: "type",
    oneValue: typeField,
    columns: { kind: "keyword", issue_type: "keyword" },
    build(node, ctx) {
      const v = node.raw.trim().toLowerCase();
      if (!v) ctx.invalid(node, `"${node.rawName}:" needs a value: issue, pr or an issue type name`);
      return Object.prototype.hasOwnProperty.call(KIND_VALUES, v) ? KIND_VALUES[v]() : keyword("issue_type", v);
    },
  },
  enumQualifier(
    "is",
    {
      ...KIND_VALUES,
      open: () => keyword("state", "open"),
      closed: () => keyword("state", "closed"),
      merged: () => keyword("merged", "true"),
      unmerged: () => and([PULL(), not(keyword("merged", "true"))]),
      locked: () => keyword("locked", "true"),
      unlocked: () => not(keyword("locked", "true")),
      draft: () => keyword("draft", "true"),
      queued: () => keyword("queued", "true"),
      ...visibilityCases("visibility"),
    },
    { oneValue: oneValueOf({ kind: Object.keys(KIND_VALUES), state: ["open", "closed"], visibility: VISIBILITY_VALUES }) },
  ),
  enumQualifier("state", { open: () => keyword("state", "open"), closed: () => keyword("state", "closed") }, { oneValue: "state" }),
  enumQualifier(
    "reason",
    {
      completed: () => keyword("state_reason", "completed"),
      "not planned": () => keyword("state_reason", "not_planned"),
      not_planned: () => keyword("state_reason", "not_planned"),
    },
    { oneValue: "reason" },
  ),
  booleanQualifier("archived", "archived"),
  keywordQualifier("language", "repo_language", { normalize: normalizeLanguage, oneValue: "language" }),
  keywordQualifier("author", "author", { normalize: authorLogin, oneValue: "author" }),
  {
    name: "assignee",
    columns: { assignee: "keyword" },
    build: (node, ctx) => (node.raw.trim() === "*" ? exists("assignee") : assigneeLogin.build!(node, ctx)),
  },
  userQualifier("mentions", "mentions"),
  userQualifier("commenter", "commenter"),
  {
    name: "involves",
    repeats: "or",
    columns: Object.fromEntries(INVOLVED.map((column) => [column, "keyword" as const])),
    // The union of four columns, read from them at search time: as a fifth column of its own it was the costliest of an issue's indexing.
    build(node, ctx) {
      const match = involvesLogin.build!(node, ctx);
      return match.op === "keyword" ? or(INVOLVED.map((column) => ({ ...match, column }))) : match;
    },
  },
  {
    // Team mentions are searchable by the members of the organisation or the team only.
    name: "team",
    columns: { team_mentions: "keyword" },
    build(node, ctx) {
      const team = teamValue(node, ctx);
      if (!ctx.caller || !belongsTo(ctx.store, ctx.caller.login, team)) return none(`the caller does not belong to ${team}`);
      return keyword("team_mentions", team);
    },
  },
  keywordQualifier("label", "label", { commaList: true }),
  keywordQualifier("milestone", "milestone", { oneValue: "milestone" }),
  {
    name: "project",
    columns: { project: "keyword" },
    build(node, ctx) {
      const v = node.raw.trim();
      if (!/^[^/\s]+\/(?:[^/\s]+\/)?\d+$/.test(v)) ctx.invalid(node, `"${v}" is not a project: use project:OWNER/NUMBER or project:OWNER/REPO/NUMBER`);
      return keyword("project", v.toLowerCase());
    },
  },
  enumQualifier(
    "linked",
    { pr: (ctx) => linked(ctx, "pr"), issue: (ctx) => linked(ctx, "issue") },
    { columns: { kind: "keyword", linked: "keyword", key: "keyword" } },
  ),
  enumQualifier(
    "no",
    { label: () => not(exists("label")), milestone: () => not(exists("milestone")), assignee: () => not(exists("assignee")), project: () => not(exists("project")) },
    { negatable: false },
  ),
  enumQualifier(
    "status",
    { pending: () => keyword("status", "pending"), success: () => keyword("status", "success"), failure: () => keyword("status", "failure") },
    { oneValue: "status" },
  ),
  {
    name: "head",
    columns: { head: "keyword" },
    build(node, ctx) {
      const v = node.raw.trim();
      if (!v) ctx.invalid(node, `"${node.rawName}:" needs a branch name`);
      return { op: "prefix", column: "head", prefix: v.toLowerCase() };
    },
  },
  keywordQualifier("base", "base", { oneValue: "base" }),
  enumQualifier("draft", { true: () => keyword("draft", "true"), false: () => and([PULL(), not(keyword("draft", "true"))]) }),
  enumQualifier("review", {
    none: () => keyword("review", "none"),
    required: () => keyword("review", "required"),
    approved: () => keyword("review", "approved"),
    changes_requested: () => keyword("review", "changes_requested"),
  }),
  userQualifier("reviewed-by", "reviewed_by"),
  userQualifier("review-requested", "review_requested"),
  userQualifier("user-review-requested", "user_review_requested"),
  { name: "team-review-requested", columns: { team_review_requested: "keyword" }, build: (node, ctx) => keyword("team_review_requested", teamValue(node, ctx)) },
  numberQualifier("comments", "comments"),
  numberQualifier("interactions", "interactions"),
  numberQualifier("reactions", "reactions"),
  dateQualifier("created", "created"),
  dateQualifier("updated", "updated"),
  dateQualifier("closed", "closed"),
  dateQualifier("merged", "merged_at"),
];
