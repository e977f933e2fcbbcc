/**
 * What an issue or pull-request record says, read from the plain records by
 * the rules of qualifiers.md §3 and docs/dump-format.md: its repository, its
 * comments (linked by `issue_url`), who it mentions, who reviewed it and who
 * is asked to, what it links to.
 */
import { findRepository, findUser } from "../access.js";
import type { CommentRecord, Dataset, IssueRecord, Login, RepositoryRecord } from "../dataset.js";
import { amount } from "../values.js";
import { lower, perDataset } from "./common.js";

const loginsOf = (people: Array<Login | null | undefined> | undefined): string[] =>
  (people ?? []).map((p) => lower(p?.login)).filter(Boolean);

/** `owner/name` of the issue's repository: `repository`, else the path of `repository_url`. */
export function repositoryNameOf(i: IssueRecord): string {
  return i.repository ?? /\/repos\/([^/]+\/[^/]+)/.exec(i.repository_url ?? "")?.[1] ?? "";
}

export function repositoryOfIssue(i: IssueRecord, data: Dataset): RepositoryRecord | undefined {
  return findRepository(data, repositoryNameOf(i));
}

/** `owner/name#number`, lower-cased: how comments and links name an issue. */
export const issueKey = (i: IssueRecord): string => `${repositoryNameOf(i)}#${i.number}`.toLowerCase();

export const isPull = (i: IssueRecord): boolean => typeof i.pull_request === "object" && i.pull_request !== null;

export const mergedAt = (i: IssueRecord): string | undefined =>
  typeof i.pull_request?.merged_at === "string" ? i.pull_request.merged_at : undefined;

/** The comments of each issue, by issue key (`…/repos/o/r/issues/n`). */
export function commentsOf(i: IssueRecord, data: Dataset): CommentRecord[] {
  const byIssue = perDataset(data, "commentsByIssue", () => {
    const map = new Map<string, CommentRecord[]>();
    for (const c of data.comments) {
      const m = /\/repos\/([^/]+)\/([^/]+)\/(?:issues|pulls)\/(\d+)/.exec(c.issue_url);
      if (!m) continue;
      const key = `${m[1]}/${m[2]}#${m[3]}`.toLowerCase();
      map.set(key, [...(map.get(key) ?? []), c]);
    }
    return map;
  });
  return byIssue.get(issueKey(i)) ?? [];
}

/** The `comments` count, else the number of comments the dump holds. */
export const commentCount = (i: IssueRecord, data: Dataset): number => amount(i.comments) ?? commentsOf(i, data).length;

export const labelNames = (i: IssueRecord): string[] => i.labels.map((l) => lower(l.name)).filter(Boolean);

export const authorOf = (i: IssueRecord): string => lower(i.user?.login);

export const assigneesOf = (i: IssueRecord): string[] => [...new Set([...loginsOf(i.assignees), ...loginsOf([i.assignee])])];

export const commentersOf = (i: IssueRecord, data: Dataset): string[] => [...new Set(loginsOf(commentsOf(i, data).map((c) => c.user)))];

/**
 * `@login` mentions a user and `@org/team` a team, in the body and in the
 * comments; an `@` right after a letter, digit, `.`, `-` or `_` (an e-mail
 * address) mentions nobody. A login is letters and digits with single inner
 * hyphens; a team's trailing dots end the sentence, not the name.
 */
export function mentionsOf(i: IssueRecord, data: Dataset): { users: string[]; teams: string[] } {
  const users = new Set<string>();
  const teams = new Set<string>();
  for (const text of [i.body, ...commentsOf(i, data).map((c) => c.body)]) {
    for (const m of (text ?? "").matchAll(/(?<![\p{L}\p{N}._-])@([A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)(?:\/([A-Za-z0-9][\w.-]*))?/gu)) {
      if (m[2]) teams.add(`${m[1]}/${m[2].replace(/\.+$/, "")}`.toLowerCase());
      else users.add(m[1].toLowerCase());
    }
  }
  return { users: [...users], teams: [...teams] };
}

/** Author, assignees, mentioned users and commenters. */
export const involvedIn = (i: IssueRecord, data: Dataset): string[] => [
  ...new Set([authorOf(i), ...assigneesOf(i), ...mentionsOf(i, data).users, ...commentersOf(i, data)].filter(Boolean)),
];

/** The members of `org/team` (slug or name), as the organisation's record lists them. */
export function teamMembers(data: Dataset, team: string): string[] {
  const [org, slug] = team.toLowerCase().split("/");
  const found = (findUser(data, org)?.teams ?? []).find((t) => lower(t.slug) === slug || lower(t.name) === slug);
  return (found?.members ?? []).map((m) => m.toLowerCase());
}

/** Whether the login is a member of the team's organisation or of the team itself. */
export function belongsTo(data: Dataset, login: string, team: string): boolean {
  const who = login.toLowerCase();
  const orgMembers = (findUser(data, team.split("/")[0])?.members ?? []).map((m) => m.toLowerCase());
  return orgMembers.includes(who) || teamMembers(data, team).includes(who);
}

/** Reviews submitted (a pending one is an unpublished draft). */
const submittedReviews = (i: IssueRecord) => (i.reviews ?? []).filter((r) => lower(r.state) !== "pending");

export const reviewersOf = (i: IssueRecord): string[] => [...new Set(loginsOf(submittedReviews(i).map((r) => r.user)))];

/** review: values a pull request answers: its decision, and `none` while no review is submitted. */
export function reviewStatesOf(i: IssueRecord): string[] {
  if (!isPull(i)) return [];
  const decision = lower(i.review_decision);
  const states = decision === "review_required" ? ["required"] : decision === "approved" || decision === "changes_requested" ? [decision] : [];
  return submittedReviews(i).length ? states : [...states, "none"];
}

/** Requested teams as `org/slug`: the repository's organisation unless `organization` names another. */
export function requestedTeamsOf(i: IssueRecord): string[] {
  const owner = repositoryNameOf(i).split("/")[0];
  return (i.requested_teams ?? []).map((t) => {
    const org = typeof t.organization === "string" ? t.organization : (t.organization?.login ?? owner);
    return `${org}/${t.slug}`.toLowerCase();
  });
}

export const requestedUsersOf = (i: IssueRecord): string[] => loginsOf(i.requested_reviewers);

/** Asked directly, or through a requested team they belong to, until they review. */
export function reviewRequestedOf(i: IssueRecord, data: Dataset): string[] {
  const reviewed = reviewersOf(i);
  const viaTeams = requestedTeamsOf(i).flatMap((t) => teamMembers(data, t).filter((m) => !reviewed.includes(m)));
  return [...new Set([...requestedUsersOf(i), ...viaTeams])];
}

/** The combined commit status of a pull request; an error counts as a failure. */
export function statusOf(i: IssueRecord): string {
  if (!isPull(i)) return "";
  const s = lower(typeof i.status === "string" ? i.status : i.status?.state);
  return s === "error" ? "failure" : s;
}

export const commitShasOf = (i: IssueRecord): string[] =>
  isPull(i) ? (i.commits ?? []).map((c) => lower(typeof c === "string" ? c : c.sha)).filter(Boolean) : [];

export const projectsOf = (i: IssueRecord): string[] => (i.projects ?? []).map((p) => p.toLowerCase());

/** The key of a link: a number in the listing item's repository, or an issue / pull-request URL. */
function linkKey(link: number | string, repositoryName: string): string | undefined {
  if (typeof link === "number" || /^\d+$/.test(link)) return `${repositoryName}#${link}`.toLowerCase();
  const m = /([^/]+)\/([^/]+)\/(?:issues|pulls?)\/(\d+)/.exec(link);
  return m ? `${m[1]}/${m[2]}#${m[3]}`.toLowerCase() : undefined;
}

/**
 * `linked:pr` for an issue, `linked:issue` for a pull request: it lists a
 * link of that kind, or an item of the other kind lists it (either side).
 */
export function isLinked(i: IssueRecord, data: Dataset, to: "pr" | "issue"): boolean {
  if (isPull(i) !== (to === "issue")) return false;
  const own = to === "pr" ? i.linked_pull_requests : i.linked_issues;
  if ((own ?? []).length) return true;
  const listed = perDataset(data, `listedBy:${to}`, () => {
    const keys = new Set<string>();
    for (const other of data.issues) {
      for (const link of (to === "pr" ? other.linked_issues : other.linked_pull_requests) ?? []) {
        const key = linkKey(link, repositoryNameOf(other));
        if (key) keys.add(key);
      }
    }
    return keys;
  });
  return listed.has(issueKey(i));
}

/** Reaction names of the sorts and the REST keys they count. */
export const REACTION_KEYS = {
  "+1": "+1",
  "-1": "-1",
  smile: "laugh",
  thinking_face: "confused",
  heart: "heart",
  tada: "hooray",
  rocket: "rocket",
  eyes: "eyes",
} as const;

export const reactionCount = (i: IssueRecord, key: (typeof REACTION_KEYS)[keyof typeof REACTION_KEYS]): number => amount(i.reactions?.[key]) ?? 0;

/** `total_count`, else the sum of the single reactions. */
export const totalReactions = (i: IssueRecord): number =>
  amount(i.reactions?.total_count) ?? Object.values(REACTION_KEYS).reduce((n, k) => n + reactionCount(i, k), 0);

/** The issue type's name (`type.name`, or a plain string), lower-cased. */
export const issueTypeOf = (i: IssueRecord): string => lower(typeof i.type === "string" ? i.type : i.type?.name);
