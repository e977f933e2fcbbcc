/**
 * What an issue or pull-request record says, read once in one place: the REST
 * fields and the dump's extension fields (docs/dump-format.md), normalised
 * (logins, label names and branch names lower-cased) for the columns.
 */
import { arr, issueKeyOf, lower, obj, repositoryOf, str } from "../../records/read.js";
import type { StoreReader } from "../../records/store-reader.js";
import { count, logins } from "../shared.js";
import type { RecordLike } from "../types.js";

export const isPull = (d: RecordLike): boolean => obj(d.pull_request) !== undefined;

export const mergedAt = (d: RecordLike): string | undefined => str(obj(d.pull_request)?.merged_at) ?? str(d.merged_at);

/** Facts read from an issue's comments. */
interface CommentFacts {
  record: RecordLike;
  store: StoreReader;
  stamp: number;
  comments: RecordLike[];
  mentions?: { users: string[]; teams: string[]; body: unknown };
}

/**
 * The facts of the issue read last, while its comments are unchanged: several columns of one issue
 * read them in a row. One, not a weak map keyed by records: a load reads millions of records, and
 * going through a weak table of that many entries took 82 ms of one collection's pause at 1M issues.
 */
let lastFacts: CommentFacts | undefined;

function factsOf(d: RecordLike, store: StoreReader): CommentFacts {
  const stamp = store.versionOf("comments");
  const hit = lastFacts;
  if (hit && hit.record === d && hit.store === store && hit.stamp === stamp) return hit;
  const key = issueKeyOf(d);
  const comments = key
    ? store.commentsOf(key).sort((a, b) => (str(a.created_at) ?? "").localeCompare(str(b.created_at) ?? "") || (count(a.id) ?? 0) - (count(b.id) ?? 0))
    : [];
  const facts: CommentFacts = { record: d, store, stamp, comments };
  lastFacts = facts;
  return facts;
}

/** The comments of an issue, oldest first. */
export function commentsOf(d: RecordLike, store: StoreReader): RecordLike[] {
  return factsOf(d, store).comments;
}

export const commentCount = (d: RecordLike, store: StoreReader): number => count(d.comments) ?? commentsOf(d, store).length;

export const labelNames = (d: RecordLike): string[] =>
  arr(d.labels)
    .map((l) => (typeof l === "string" ? l : str(obj(l)?.name)))
    .filter((n): n is string => typeof n === "string" && n !== "");

export const authorLogin = (d: RecordLike): string => lower(obj(d.user)?.login);

export const assigneeLogins = (d: RecordLike): string[] => [...new Set([...logins(d.assignees), ...logins([d.assignee])])];

export function commenterLogins(d: RecordLike, store: StoreReader): string[] {
  const comments = commentsOf(d, store);
  // Most issues of a load have no comments yet: no set made for none.
  return comments.length ? [...new Set(comments.map((c) => lower(obj(c.user)?.login)).filter(Boolean))] : [];
}

/** Reaction keys of the REST `reactions` object, by the names sorts use. */
export const REACTIONS = {
  "+1": "+1",
  "-1": "-1",
  smile: "laugh",
  "thinking_face": "confused",
  heart: "heart",
  tada: "hooray",
  rocket: "rocket",
  eyes: "eyes",
} as const;

export function reactionCount(d: RecordLike, key: string): number {
  return count(obj(d.reactions)?.[key]) ?? 0;
}

export function totalReactions(d: RecordLike): number {
  const total = count(obj(d.reactions)?.total_count);
  return total ?? Object.values(REACTIONS).reduce((n, k) => n + reactionCount(d, k), 0);
}

// `@login` or `@org/team`; an `@` after a letter, digit, `.`, `-` or `_` (an e-mail address) mentions nobody.
const MENTION = /(?<![\p{L}\p{N}._-])@([A-Za-z0-9](?:-?[A-Za-z0-9])*)(?:\/([A-Za-z0-9][A-Za-z0-9_.-]*))?/gu;

/** Users and teams (`org/team`) @mentioned in the body and the comments. */
export function mentionsOf(d: RecordLike, store: StoreReader): { users: string[]; teams: string[] } {
  const facts = factsOf(d, store);
  if (!facts.mentions || facts.mentions.body !== d.body) {
    const { users, teams } = readMentions([str(d.body), ...facts.comments.map((c) => str(c.body))]);
    facts.mentions = { users, teams, body: d.body };
  }
  return facts.mentions;
}

function readMentions(texts: Array<string | undefined>): { users: string[]; teams: string[] } {
  // Most texts mention nobody: no sets made for them.
  if (!texts.some((text) => text?.includes("@"))) return { users: [], teams: [] };
  const users = new Set<string>();
  const teams = new Set<string>();
  for (const text of texts) {
    // Most texts mention nobody: the pattern (Unicode classes, a look-behind) is read only where an @ is.
    if (!text?.includes("@")) continue;
    for (const m of text.matchAll(MENTION)) {
      if (m[2]) teams.add(`${m[1]}/${m[2].replace(/[.]+$/, "")}`.toLowerCase());
      else users.add(m[1].toLowerCase());
    }
  }
  return { users: [...users], teams: [...teams] };
}

/** `org/slug` of each requested team: a team of the repository's organisation unless its `organization` names another. */
export function requestedTeams(d: RecordLike): string[] {
  const teams = arr(d.requested_teams);
  // Most records request no team: their repository's name (a pattern match of a URL) is not read.
  if (!teams.length) return [];
  const owner = (repositoryOf(d) ?? "").split("/")[0];
  return teams
    .map(obj)
    .map((t) => {
      const slug = str(t?.slug) ?? str(t?.name);
      const org = typeof t?.organization === "string" ? t.organization : (str(obj(t?.organization)?.login) ?? owner);
      return slug ? `${org}/${slug}`.toLowerCase() : undefined;
    })
    .filter((t): t is string => !!t);
}

/** Members of a team (`org/slug`) as the organisation's record lists them under `teams`. */
function teamMembers(store: StoreReader, team: string): Set<string> {
  const [org, slug] = team.toLowerCase().split("/");
  const record = arr(store.user(org)?.teams).map(obj).find((t) => lower(t?.slug) === slug || lower(t?.name) === slug);
  return new Set(logins(record?.members));
}

/** Whether `login` belongs to the organisation (its `members`) or to the team. */
export function belongsTo(store: StoreReader, login: string, team: string): boolean {
  const who = login.toLowerCase();
  const org = store.user(team.split("/")[0]);
  return logins(org?.members).includes(who) || teamMembers(store, team).has(who);
}

/** Submitted reviews (a pending review is the reviewer's unpublished draft). */
function submittedReviews(d: RecordLike): RecordLike[] {
  return arr(d.reviews)
    .map(obj)
    .filter((r): r is RecordLike => !!r && lower(r.state) !== "pending");
}

export const reviewerLogins = (d: RecordLike): string[] => [...new Set(submittedReviews(d).map((r) => lower(obj(r.user)?.login)).filter(Boolean))];

/** What `review:` tests: `review_decision` (approved, changes_requested, required), and `none` while no review was submitted. */
export function reviewStates(d: RecordLike): string[] {
  if (!isPull(d)) return [];
  const decision = lower(d.review_decision);
  const out = decision === "review_required" ? ["required"] : decision === "approved" || decision === "changes_requested" ? [decision] : [];
  if (!submittedReviews(d).length) out.push("none");
  return out;
}

/** `review-requested:`: asked directly, or through a requested team they belong to until they review. */
export function reviewRequested(d: RecordLike, store: StoreReader): string[] {
  const direct = logins(d.requested_reviewers);
  const teams = requestedTeams(d);
  // Most records request no team: their reviews are not read, and no set is made for no reviewer.
  if (!teams.length) return direct.length > 1 ? [...new Set(direct)] : direct;
  const reviewed = new Set(reviewerLogins(d));
  const viaTeams = teams.flatMap((t) => [...teamMembers(store, t)].filter((l) => !reviewed.has(l)));
  return [...new Set([...direct, ...viaTeams])];
}

/** Combined commit status: pending, success or failure (an error status counts as a failure). */
export function commitStatus(d: RecordLike): string {
  const s = lower(typeof d.status === "string" ? d.status : obj(d.status)?.state);
  return s === "error" ? "failure" : s;
}

/** SHAs of the pull request's commits (`commits`: SHAs, or commit objects with `sha`). */
export function commitShas(d: RecordLike): string[] {
  const shas = arr(d.commits).map((c) => (typeof c === "string" ? c : str(obj(c)?.sha)));
  return [...new Set(shas.filter((s): s is string => !!s).map((s) => s.toLowerCase()))];
}

/** Projects as `owner/number` (projects) or `owner/repo/number` (classic boards), lower-cased. */
export const projectKeys = (d: RecordLike): string[] => arr(d.projects).filter((p): p is string => typeof p === "string").map((p) => p.toLowerCase());

/** The key (`owner/name#number`) of a link: a number in the same repository, or an issue / pull-request URL. */
function linkKey(link: unknown, repo: string): string | undefined {
  if (typeof link === "number" || (typeof link === "string" && /^\d+$/.test(link))) return `${repo}#${link}`.toLowerCase();
  const m = typeof link === "string" ? /([^/]+)\/([^/]+)\/(?:issues|pulls?)\/(\d+)/.exec(link) : null;
  return m ? `${m[1]}/${m[2]}#${m[3]}`.toLowerCase() : undefined;
}

/** `pr` when the issue lists a linked pull request, `issue` when the pull request lists a linked issue. */
export function ownLinks(d: RecordLike): string[] {
  if (isPull(d)) return arr(d.linked_issues).length ? ["issue"] : [];
  return arr(d.linked_pull_requests).length ? ["pr"] : [];
}

/**
 * Keys of the items that the other side links to: the issues pull requests
 * list in `linked_issues`, or the pull requests issues list in
 * `linked_pull_requests` (a link may be written on either side). Computed
 * once per change of the issues, when a query asks.
 */
export function linkedFromOtherSide(store: StoreReader, field: "linked_issues" | "linked_pull_requests"): string[] {
  return store.derived(`issueLinks:${field}`, ["issues"], (s) => {
    const keys = new Set<string>();
    for (const d of s.all("issues")) {
      const repo = repositoryOf(d) ?? "";
      for (const l of arr(d[field])) {
        const key = linkKey(l, repo);
        if (key) keys.add(key);
      }
    }
    return [...keys];
  });
}

/** The issue type's name (`type.name`; a plain string is accepted too). */
export const issueTypeName = (d: RecordLike): string => lower(typeof d.type === "string" ? d.type : obj(d.type)?.name);
