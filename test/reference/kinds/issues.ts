/**
 * Issues and pull requests (qualifiers.md §3), read from plain issue and
 * comment records. Where the reference leaves a choice, the engine's
 * documented one (docs/dump-format.md) is the rule here:
 *
 * - `type:issue|pr|pull-request` picks the kind; any other `type:` value is an
 *   issue-type name.
 * - `author:app/NAME` is the bot account `NAME[bot]`.
 * - `team:` finds nothing for a caller outside the organisation and the team.
 * - `label:a,b` (or `"a","b"`) is either label; `label:a label:b` both.
 * - `involves:` repeated side by side (whitespace) is either user.
 * - `no:` cannot be excluded (422).
 * - `is:unmerged` and `draft:false` are pull requests only; `is:unlocked`
 *   covers issues too.
 * - A bare word of 7 to 40 hex digits also finds pull requests with a commit
 *   whose SHA starts with it.
 * - An app acting for a user must confine the query to issues or to pull
 *   requests (422): a positive `is:`/`type:` issue, pr or pull-request at the
 *   top level, or in a group there.
 */
import { canSee } from "../access.js";
import type { IssueRecord } from "../dataset.js";
import type { OracleKind, QualifierRule } from "../kind.js";
import type { Query } from "../query.js";
import { instant, reject } from "../values.js";
import {
  booleanRule,
  dateRule,
  languageName,
  literalRule,
  lower,
  numberRule,
  required,
  scopeRules,
  userValue,
  visibilityCases,
  type Reader,
} from "./common.js";
import {
  assigneesOf,
  authorOf,
  belongsTo,
  commentCount,
  commentersOf,
  commentsOf,
  commitShasOf,
  involvedIn,
  isLinked,
  isPull,
  issueTypeOf,
  labelNames,
  mentionsOf,
  mergedAt,
  projectsOf,
  REACTION_KEYS,
  reactionCount,
  repositoryNameOf,
  repositoryOfIssue,
  requestedTeamsOf,
  requestedUsersOf,
  reviewersOf,
  reviewRequestedOf,
  reviewStatesOf,
  statusOf,
  totalReactions,
} from "./issue-facts.js";

const KIND_VALUES: Record<string, Reader<IssueRecord, boolean>> = {
  issue: (i) => !isPull(i),
  pr: isPull,
  "pull-request": isPull,
};

/** A login-valued qualifier over the logins a record lists. */
const usersRule = (logins: Reader<IssueRecord, string[]>, extra: Partial<QualifierRule<IssueRecord>> = {}): QualifierRule<IssueRecord> => ({
  ...extra,
  build: (text, ctx) => {
    const login = userValue(text, ctx);
    return (i) => logins(i, ctx).includes(login);
  },
});

/** Equality with one lower-cased value of the record; the value is required. */
const equalsRule = (value: (i: IssueRecord) => string): QualifierRule<IssueRecord> => ({
  build: (text) => {
    const wanted = required(text);
    return (i) => value(i) === wanted;
  },
});

/** `ORG/TEAM`, lower-cased, or a 422. */
function teamValue(text: string): string {
  const v = text.trim();
  if (!/^[^/\s]+\/[^/\s]+$/.test(v)) reject(`"${v}" is not ORG/TEAM`);
  return v.toLowerCase();
}

/** Whether the query as a whole is confined to issues or to pull requests. */
function picksOneKind(q: Query): boolean {
  switch (q.type) {
    case "qualifier":
      return !q.negated && ["is", "type"].includes(q.name.toLowerCase()) && Object.prototype.hasOwnProperty.call(KIND_VALUES, q.value.trim().toLowerCase());
    case "and":
      return q.parts.some(picksOneKind);
    case "group":
      return picksOneKind(q.part);
    default:
      return false;
  }
}

/** The one-value field an `is:` value tests: the kind of item, its state or its repository's visibility. */
function isField(value: string): string | undefined {
  if (Object.prototype.hasOwnProperty.call(KIND_VALUES, value)) return "kind";
  if (value === "open" || value === "closed") return "state";
  return ["public", "private", "internal"].includes(value) ? "visibility" : undefined;
}

const SHA_PREFIX = /^[0-9a-f]{7,40}$/i;

const visibilityOf = visibilityCases<IssueRecord>((i, ctx) => repositoryOfIssue(i, ctx.data));

export const issues: OracleKind<IssueRecord> = {
  name: "issues",
  records: (ctx) => ctx.data.issues,
  key: (i) => `${repositoryNameOf(i)}#${i.number}`,
  itemKey: (item) => {
    const m = /\/repos\/([^/]+\/[^/]+)\/issues\/(\d+)$/.exec(String(item.url));
    return m ? `${m[1]}#${m[2]}` : String(item.url);
  },
  fields: {
    title: (i) => [i.title],
    body: (i) => [i.body],
    comments: (i, ctx) => commentsOf(i, ctx.data).map((c) => c.body),
  },
  defaultFields: ["title", "body", "comments"],
  inValues: { title: ["title"], body: ["body"], comments: ["comments"], comment: ["comments"] },
  keywordsCombine: "and",
  term: (text, asText) => {
    if (!SHA_PREFIX.test(text)) return asText;
    const prefix = text.toLowerCase();
    return (i) => asText(i) || commitShasOf(i).some((sha) => sha.startsWith(prefix));
  },
  qualifiers: {
    ...scopeRules(repositoryNameOf),
    type: {
      oneValue: (v) => (Object.prototype.hasOwnProperty.call(KIND_VALUES, v) ? "kind" : "issue type"),
      build: (text, ctx) => {
        const v = required(text);
        if (Object.prototype.hasOwnProperty.call(KIND_VALUES, v)) return (i) => KIND_VALUES[v](i, ctx);
        return (i) => issueTypeOf(i) === v;
      },
    },
    is: {
      ...literalRule<IssueRecord>({
        ...KIND_VALUES,
        open: (i) => lower(i.state) === "open",
        closed: (i) => lower(i.state) === "closed",
        merged: (i) => isPull(i) && mergedAt(i) !== undefined,
        unmerged: (i) => isPull(i) && mergedAt(i) === undefined,
        locked: (i) => i.locked === true,
        unlocked: (i) => i.locked !== true,
        draft: (i) => isPull(i) && i.draft === true,
        queued: (i) => isPull(i) && i.queued === true,
        ...visibilityOf,
      }),
      oneValue: isField,
    },
    state: { ...literalRule<IssueRecord>({ open: (i) => lower(i.state) === "open", closed: (i) => lower(i.state) === "closed" }), oneValue: "state" },
    reason: {
      ...literalRule<IssueRecord>({
        completed: (i) => lower(i.state_reason) === "completed",
        "not planned": (i) => lower(i.state_reason) === "not_planned",
        not_planned: (i) => lower(i.state_reason) === "not_planned",
      }),
      oneValue: "reason",
    },
    archived: booleanRule((i, ctx) => repositoryOfIssue(i, ctx.data)?.archived === true),
    language: {
      oneValue: "language",
      build: (text, ctx) => {
        const wanted = languageName(required(text));
        return (i) => lower(repositoryOfIssue(i, ctx.data)?.language) === wanted;
      },
    },
    author: {
      oneValue: "author",
      build: (text, ctx) => {
        const login = userValue(text, ctx);
        const wanted = login.startsWith("app/") ? `${login.slice(4)}[bot]` : login;
        return (i) => authorOf(i) === wanted;
      },
    },
    assignee: {
      build: (text, ctx) => {
        if (text.trim() === "*") return (i) => assigneesOf(i).length > 0;
        const login = userValue(text, ctx);
        return (i) => assigneesOf(i).includes(login);
      },
    },
    mentions: usersRule((i, ctx) => mentionsOf(i, ctx.data).users),
    commenter: usersRule((i, ctx) => commentersOf(i, ctx.data)),
    involves: usersRule((i, ctx) => involvedIn(i, ctx.data), { repeats: "or" }),
    team: {
      build: (text, ctx) => {
        const team = teamValue(text);
        if (!ctx.caller || !belongsTo(ctx.data, ctx.caller.login, team)) return () => false;
        return (i) => mentionsOf(i, ctx.data).teams.includes(team);
      },
    },
    // A comma list is any of its labels (empty items aside; a value with none is a 422); quotes keep a comma inside one label.
    label: {
      build: (_text, _ctx, list) => {
        const wanted = list.map((l) => l.trim().toLowerCase()).filter(Boolean);
        if (!wanted.length) reject("a label is required");
        return (i) => labelNames(i).some((l) => wanted.includes(l));
      },
    },
    milestone: { ...equalsRule((i) => lower(i.milestone?.title)), oneValue: "milestone" },
    project: {
      build: (text) => {
        const v = text.trim();
        if (!/^[^/\s]+\/(?:[^/\s]+\/)?\d+$/.test(v)) reject(`"${v}" is not OWNER/NUMBER or OWNER/REPO/NUMBER`);
        return (i) => projectsOf(i).includes(v.toLowerCase());
      },
    },
    linked: literalRule<IssueRecord>({ pr: (i, ctx) => isLinked(i, ctx.data, "pr"), issue: (i, ctx) => isLinked(i, ctx.data, "issue") }),
    no: {
      negatable: false,
      ...literalRule<IssueRecord>({
        label: (i) => labelNames(i).length === 0,
        milestone: (i) => !lower(i.milestone?.title),
        assignee: (i) => assigneesOf(i).length === 0,
        project: (i) => projectsOf(i).length === 0,
      }),
    },
    status: {
      ...literalRule<IssueRecord>({
        pending: (i) => statusOf(i) === "pending",
        success: (i) => statusOf(i) === "success",
        failure: (i) => statusOf(i) === "failure",
      }),
      oneValue: "status",
    },
    head: {
      build: (text) => {
        const prefix = required(text);
        return (i) => lower(i.head?.ref).startsWith(prefix);
      },
    },
    base: { ...equalsRule((i) => lower(i.base?.ref)), oneValue: "base" },
    draft: literalRule<IssueRecord>({ true: (i) => isPull(i) && i.draft === true, false: (i) => isPull(i) && i.draft !== true }),
    review: literalRule<IssueRecord>(
      Object.fromEntries(["none", "required", "approved", "changes_requested"].map((s) => [s, (i: IssueRecord) => reviewStatesOf(i).includes(s)])),
    ),
    "reviewed-by": usersRule((i) => reviewersOf(i)),
    "review-requested": usersRule((i, ctx) => reviewRequestedOf(i, ctx.data)),
    "user-review-requested": usersRule((i) => requestedUsersOf(i)),
    "team-review-requested": {
      build: (text) => {
        const team = teamValue(text);
        return (i) => requestedTeamsOf(i).includes(team);
      },
    },
    comments: numberRule((i, ctx) => commentCount(i, ctx.data)),
    interactions: numberRule((i, ctx) => totalReactions(i) + commentCount(i, ctx.data)),
    reactions: numberRule((i) => totalReactions(i)),
    created: dateRule((i) => instant(i.created_at)),
    updated: dateRule((i) => instant(i.updated_at)),
    closed: dateRule((i) => instant(i.closed_at)),
    merged: dateRule((i) => instant(mergedAt(i))),
  },
  sorts: {
    comments: (i, ctx) => commentCount(i, ctx.data),
    reactions: (i) => totalReactions(i),
    ...Object.fromEntries(Object.entries(REACTION_KEYS).map(([name, key]) => [`reactions-${name}`, (i: IssueRecord) => reactionCount(i, key)])),
    interactions: (i, ctx) => totalReactions(i) + commentCount(i, ctx.data),
    created: (i) => instant(i.created_at),
    updated: (i) => instant(i.updated_at),
  },
  queryOnlySorts: ["reactions-rocket", "reactions-eyes"],
  check: (query, ctx) => {
    if (ctx.caller?.via === "app-user" && !picksOneKind(query)) reject("an app acting for a user must pick issues or pull requests");
  },
  visible: (i, ctx) => {
    const repo = repositoryOfIssue(i, ctx.data);
    return !repo || canSee(ctx.data, repo, ctx.caller);
  },
};
