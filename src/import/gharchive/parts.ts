/**
 * The parts of dump records that payload objects and event envelopes give:
 * accounts, repositories (full objects or stubs), issues and pull requests in
 * the REST issue shape, issue comments and labels. Keys are the site's ids, so
 * that a renamed account or repository stays one record whose newest name wins.
 */
import type { RecordLike } from "../../kinds/types.js";
import { arr, obj, str } from "../../records/read.js";
import type { ArchivedEvent } from "./event.js";
import { CARRIED, DERIVED, MARK, element, nested, optional, plainFields, type Part } from "./fields.js";

const SITE = "https://github.com";

/** An account from any user object of a payload (author, assignee, member, owner…); undefined without id and login. */
export function userPart(user: unknown): Part | undefined {
  const u = obj(user);
  if (!u || typeof u.id !== "number" || !str(u.login)) return undefined;
  return { kind: "users", key: String(u.id), rank: CARRIED, fields: plainFields(u) };
}

/** The event's actor: an account, a bot when its login ends in `[bot]` (actors are never organisations). */
export function actorPart(event: ArchivedEvent): Part | undefined {
  return accountStub(event.actor, str(event.actor?.login)?.endsWith("[bot]") ? "Bot" : "User");
}

/** The organisation an event's repository belongs to. */
export function orgPart(event: ArchivedEvent): Part | undefined {
  return accountStub(event.org, "Organization");
}

function accountStub(account: RecordLike | undefined, type: string): Part | undefined {
  if (!account || typeof account.id !== "number" || !str(account.login)) return undefined;
  const { login, id, avatar_url, gravatar_id, url } = account;
  return { kind: "users", key: String(id), rank: DERIVED, fields: defined({ login, id, avatar_url, gravatar_id, url, type }) };
}

/**
 * The repository named by the envelope: what its id, name and URL tell, plus
 * its owner's id and type when the owner is the event's organisation or actor.
 * Every archived repository is public.
 */
export function repositoryStubPart(event: ArchivedEvent): Part {
  const { repo } = event;
  const owner = ownerOf(event);
  const fields: RecordLike = {
    id: repo.id,
    name: repo.name,
    full_name: repo.fullName,
    url: repo.url,
    html_url: `${SITE}/${repo.fullName}`,
    private: false,
    visibility: "public",
    [nested("owner", "login")]: repo.owner,
  };
  if (owner) {
    fields[nested("owner", "id")] = owner.id;
    fields[nested("owner", "type")] = owner.type;
  }
  return { kind: "repositories", key: String(repo.id), rank: DERIVED, fields };
}

function ownerOf(event: ArchivedEvent): { id: unknown; type: string } | undefined {
  const owner = event.repo.owner.toLowerCase();
  if (str(event.org?.login)?.toLowerCase() === owner) return { id: event.org!.id, type: "Organization" };
  if (str(event.actor?.login)?.toLowerCase() === owner) return { id: event.actor!.id, type: owner.endsWith("[bot]") ? "Bot" : "User" };
  return undefined;
}

/** Facts about the event's repository that a payload states (a description, a default branch, a push time). */
export function repositoryFacts(event: ArchivedEvent, fields: RecordLike): Part {
  return { kind: "repositories", key: String(event.repo.id), rank: CARRIED, fields };
}

/** A full repository object (a fork, a pull request's head or base) and its owner; [] for stubs and nulls. */
export function fullRepositoryParts(repository: unknown, extra: RecordLike = {}): Part[] {
  const r = obj(repository);
  const owner = obj(r?.owner);
  if (!r || typeof r.id !== "number" || !str(r.full_name) || !owner) return [];
  const fields: RecordLike = { ...plainFields(r, new Set(["owner"])), ...extra, private: false, visibility: "public", [MARK.full]: true };
  for (const [name, value] of Object.entries(plainFields(owner))) fields[nested("owner", name)] = value;
  return [{ kind: "repositories", key: String(r.id), rank: CARRIED, fields }, ...optional(userPart(owner))];
}

/** The key of an issue or pull request: its repository's id and its number. */
function issueKey(event: ArchivedEvent, number: number): string {
  return `${event.repo.id}#${number}`;
}

const ISSUE_NESTED = new Set(["pull_request"]);

/** An issue object (issues and issue-comment payloads) with its people and labels. */
export function issueParts(event: ArchivedEvent, issue: RecordLike, number: number, deleted = false): Part[] {
  const fields = plainFields(issue, ISSUE_NESTED);
  if (deleted) fields[MARK.deleted] = true;
  fields.repository_url ??= event.repo.url;
  // Flattened so that an older event's merge time survives a newer comment event whose object lacks it.
  for (const [name, value] of Object.entries(plainFields(obj(issue.pull_request) ?? {}))) fields[nested("pull_request", name)] = value;
  return [{ kind: "issues", key: issueKey(event, number), rank: CARRIED, fields }, ...peopleAndLabels(event, issue)];
}

// The pulls API fields that the issue shape shares; the rest (ids, diff statistics, merge details) are the pull request's own.
const PULL_AS_ISSUE = [
  "number", "state", "locked", "title", "user", "body", "labels", "assignee", "assignees", "milestone", "comments",
  "created_at", "updated_at", "closed_at", "author_association", "active_lock_reason", "draft",
  "requested_reviewers", "requested_teams", "comments_url",
] as const;
const PULL_LINKS = ["url", "html_url", "diff_url", "patch_url", "merged_at"] as const;
const BRANCH = ["label", "ref", "sha"] as const;

/** A pull request object (pulls API shape, full or trimmed) as the issue it is, with its people, labels and repositories. */
export function pullParts(event: ArchivedEvent, pull: RecordLike, number: number): Part[] {
  const fields: RecordLike = { number };
  for (const name of PULL_AS_ISSUE) if (name in pull) fields[name] = pull[name];
  const url = str(pull.issue_url) ?? str(pull.url)?.replace(/\/pulls\/(\d+)$/, "/issues/$1");
  if (url) fields.url = url;
  if ("html_url" in pull) fields.html_url = pull.html_url;
  fields.repository_url = event.repo.url;
  for (const name of PULL_LINKS) if (name in pull) fields[nested("pull_request", name)] = pull[name];
  for (const side of ["head", "base"] as const) {
    const branch = obj(pull[side]);
    if (branch) fields[side] = pick(branch, BRANCH);
  }
  const parts: Part[] = [{ kind: "issues", key: issueKey(event, number), rank: CARRIED, fields }, ...peopleAndLabels(event, pull)];
  for (const person of [pull.merged_by, ...arr(pull.requested_reviewers)]) parts.push(...optional(userPart(person)));
  parts.push(...fullRepositoryParts(obj(pull.head)?.repo), ...fullRepositoryParts(obj(pull.base)?.repo));
  return parts;
}

/** A review, kept on its pull request as the `reviews` extension of the dump format (state in the pulls API's capitals). */
export function reviewParts(event: ArchivedEvent, review: RecordLike, number: number): Part[] {
  const user = obj(review.user);
  if (typeof review.id !== "number" || !user || !str(review.state)) return [];
  const entry = defined({
    id: review.id,
    user: pick(user, ["login", "id", "type"]),
    state: str(review.state)!.toUpperCase(),
    submitted_at: review.submitted_at,
    body: review.body,
    html_url: review.html_url,
    commit_id: review.commit_id,
  });
  const name = element("reviews", String(review.id).padStart(20, "0"));
  return [{ kind: "issues", key: issueKey(event, number), rank: CARRIED, fields: { [name]: entry } }, ...optional(userPart(user))];
}

/** An issue comment; undefined without its id. */
export function commentParts(event: ArchivedEvent, comment: RecordLike, issueUrl: string | undefined, deleted: boolean): Part[] {
  if (typeof comment.id !== "number") return [];
  const fields = plainFields(comment);
  if (issueUrl) fields.issue_url ??= issueUrl;
  if (deleted) fields[MARK.deleted] = true;
  return [{ kind: "comments", key: String(comment.id), rank: CARRIED, fields }, ...optional(userPart(comment.user))];
}

/** The derived state of a pull request that only a trimmed payload names: what its action and the event say. */
export function trimmedPullState(event: ArchivedEvent, action: string | undefined, number: number): Part | undefined {
  const fields: RecordLike = {};
  if (action === "opened") Object.assign(fields, { state: "open", created_at: event.createdAt, closed_at: null, user: actorAsUser(event) });
  else if (action === "reopened") Object.assign(fields, { state: "open", closed_at: null });
  else if (action === "closed") Object.assign(fields, { state: "closed", closed_at: event.createdAt });
  else return undefined;
  return { kind: "issues", key: issueKey(event, number), rank: DERIVED, fields: defined(fields) };
}

function actorAsUser(event: ArchivedEvent): RecordLike | undefined {
  const part = actorPart(event);
  return part && pick(part.fields, ["login", "id", "avatar_url", "url", "type"]);
}

function peopleAndLabels(event: ArchivedEvent, item: RecordLike): Part[] {
  const parts: Part[] = [];
  for (const person of [item.user, ...arr(item.assignees)]) parts.push(...optional(userPart(person)));
  for (const label of arr(item.labels)) parts.push(...optional(labelPart(event, label)));
  return parts;
}

/** A label of the event's repository, keyed by its id (its name may change). */
function labelPart(event: ArchivedEvent, label: unknown): Part | undefined {
  const l = obj(label);
  if (!l || !str(l.name)) return undefined;
  const key = typeof l.id === "number" ? String(l.id) : `${event.repo.id}:${str(l.name)!.toLowerCase()}`;
  return { kind: "labels", key, rank: CARRIED, fields: { ...plainFields(l), repository_id: event.repo.id } };
}

function pick(source: RecordLike, names: readonly string[]): RecordLike {
  const out: RecordLike = {};
  for (const name of names) if (name in source) out[name] = source[name];
  return out;
}

function defined(fields: RecordLike): RecordLike {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
