/**
 * One archived event → the parts of dump records it tells. Every event names
 * its actor, its repository and sometimes its organisation; each event type
 * adds what its payload carries that the dump format has a place for, or
 * nothing (stars, branches, wiki pages, releases, commit comments, review
 * comments and pushes have no file in a dump: see docs/import-gharchive.md).
 *
 * Payloads trimmed since 2025-10-07 keep what they carry: a pull request stub
 * (no title, body, author or merge flag) still gives its number, branches and,
 * through the event's action, its state.
 */
import type { RecordLike } from "../../kinds/types.js";
import { obj, str } from "../../records/read.js";
import type { ArchivedEvent } from "./event.js";
import { optional, type Part } from "./fields.js";
import {
  actorPart,
  commentParts,
  fullRepositoryParts,
  issueParts,
  orgPart,
  pullParts,
  repositoryFacts,
  repositoryStubPart,
  reviewParts,
  trimmedPullState,
  userPart,
} from "./parts.js";

/** The trimmed shapes, counted per event. */
export type Trimmed = "pullRequestStub" | "pushWithoutCommits" | "withoutAuthorAssociation";

export interface EventParts {
  readonly parts: Part[];
  readonly trimmed: Trimmed[];
}

export type EventMapping = EventParts | { skip: string };

type Mapper = (event: ArchivedEvent, out: EventParts) => string | void;

/** The event types the archive holds, each with its mapper; a mapper returns a reason to skip the event. */
const MAPPERS: Readonly<Partial<Record<string, Mapper>>> = {
  IssuesEvent: (event, out) => {
    const issue = obj(event.payload.issue);
    const number = numberOf(issue?.number);
    if (!issue || number === undefined) return "IssuesEvent without payload.issue.number";
    out.parts.push(...issueParts(event, issue, number, str(event.payload.action) === "deleted"));
    noteAuthorAssociation(out, issue);
  },
  IssueCommentEvent: (event, out) => {
    const issue = obj(event.payload.issue);
    const comment = obj(event.payload.comment);
    const number = numberOf(issue?.number);
    if (!issue || number === undefined) return "IssueCommentEvent without payload.issue.number";
    if (!comment || typeof comment.id !== "number") return "IssueCommentEvent without payload.comment.id";
    out.parts.push(...issueParts(event, issue, number));
    out.parts.push(...commentParts(event, comment, str(issue.url), str(event.payload.action) === "deleted"));
    noteAuthorAssociation(out, issue, comment);
  },
  PullRequestEvent: (event, out) => {
    const found = pullOf(event, event.payload.number);
    if (!found) return "PullRequestEvent without a pull request number";
    addPull(event, out, found);
    const state = isStub(found.pull) ? trimmedPullState(event, str(event.payload.action), found.number) : undefined;
    if (state) out.parts.push(state);
  },
  PullRequestReviewEvent: (event, out) => {
    const found = pullOf(event);
    const review = obj(event.payload.review);
    if (!found) return "PullRequestReviewEvent without payload.pull_request.number";
    if (!review) return "PullRequestReviewEvent without payload.review";
    addPull(event, out, found, review);
    out.parts.push(...reviewParts(event, review, found.number));
  },
  PullRequestReviewCommentEvent: (event, out) => {
    const found = pullOf(event);
    if (!found) return "PullRequestReviewCommentEvent without payload.pull_request.number";
    // A review comment is a comment on a diff line, not an issue comment: only its author has a place.
    const comment = obj(event.payload.comment);
    addPull(event, out, found, ...optional(comment));
    out.parts.push(...optional(userPart(comment?.user)));
  },
  ForkEvent: (event, out) => {
    const forkee = obj(event.payload.forkee);
    if (!forkee) return "ForkEvent without payload.forkee";
    const { repo } = event;
    const parent = { id: repo.id, name: repo.name, full_name: repo.fullName, owner: { login: repo.owner }, url: repo.url };
    out.parts.push(...fullRepositoryParts(forkee, { fork: true, parent }));
  },
  CreateEvent: (event, out) => {
    const facts: RecordLike = {};
    if ("description" in event.payload) facts.description = event.payload.description;
    if (str(event.payload.master_branch)) facts.default_branch = event.payload.master_branch;
    if (event.payload.ref_type === "repository") facts.created_at = event.createdAt;
    out.parts.push(repositoryFacts(event, facts));
  },
  PushEvent: (event, out) => {
    if (!Array.isArray(event.payload.commits)) out.trimmed.push("pushWithoutCommits");
    out.parts.push(repositoryFacts(event, { pushed_at: event.createdAt }));
  },
  MemberEvent: (event, out) => {
    out.parts.push(...optional(userPart(event.payload.member)));
  },
  ReleaseEvent: (event, out) => {
    out.parts.push(...optional(userPart(obj(event.payload.release)?.author)));
  },
  CommitCommentEvent: (event, out) => {
    const comment = obj(event.payload.comment);
    out.parts.push(...optional(userPart(comment?.user)));
    if (comment) noteAuthorAssociation(out, comment);
  },
  // The actor and the repository are all these carry that a dump can hold.
  WatchEvent: () => {},
  DeleteEvent: () => {},
  GollumEvent: () => {},
  PublicEvent: () => {},
  SponsorshipEvent: () => {},
};

/** The parts of one event; an event type not listed still gives its actor and repository. */
export function mapEvent(event: ArchivedEvent): EventMapping {
  const out: EventParts = { parts: [], trimmed: [] };
  const skip = MAPPERS[event.type]?.(event, out);
  if (skip) return { skip };
  out.parts.unshift(repositoryStubPart(event), ...optional(actorPart(event)), ...optional(orgPart(event)));
  return out;
}

interface FoundPull {
  pull: RecordLike;
  number: number;
}

/** The payload's pull request and its number (from the object, else from the payload). */
function pullOf(event: ArchivedEvent, fallbackNumber?: unknown): FoundPull | undefined {
  const pull = obj(event.payload.pull_request);
  const number = numberOf(pull?.number ?? fallbackNumber);
  return pull && number !== undefined ? { pull, number } : undefined;
}

/** The pull request's parts; a stub is counted as trimmed, and so is any carried object without `author_association`. */
function addPull(event: ArchivedEvent, out: EventParts, { pull, number }: FoundPull, ...carried: RecordLike[]): void {
  out.parts.push(...pullParts(event, pull, number));
  const stub = isStub(pull);
  if (stub) out.trimmed.push("pullRequestStub");
  noteAuthorAssociation(out, ...(stub ? carried : [pull, ...carried]));
}

/** A pull request object without title and state: the archive's trimmed stub. */
function isStub(pull: RecordLike): boolean {
  return !("title" in pull) && !("state" in pull);
}

/** Counts the event once when an issue, comment, review or pull request object lacks `author_association`. */
function noteAuthorAssociation(out: EventParts, ...objects: RecordLike[]): void {
  if (objects.some((o) => !("author_association" in o))) out.trimmed.push("withoutAuthorAssociation");
}

function numberOf(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}
