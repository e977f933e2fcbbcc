/**
 * The issue / pull-request search item (spec 2.6) with its milestone (2.6.1),
 * every URL built from the engine's baseUrl / htmlUrl.
 */
import { legacyNodeId } from "../../records/node-id.js";
import { idOf, userObject } from "../../render/objects.js";
import { arr, issueKeyOf, obj, repositoryOf, str } from "../../records/read.js";
import type { StoreReader } from "../../records/store-reader.js";
import { count } from "../shared.js";
import type { RecordLike, RenderContext } from "../types.js";
import { commentCount, isPull, mergedAt, REACTIONS, reactionCount, totalReactions } from "./facts.js";

/** The repository's full name as the repository record spells it. */
function repositoryName(d: RecordLike, store: StoreReader): string {
  const name = repositoryOf(d) ?? "unknown/unknown";
  return str(store.repository(name)?.full_name) ?? name;
}

export function issueApiUrl(d: RecordLike, ctx: RenderContext): string {
  return `${ctx.baseUrl}/repos/${repositoryName(d, ctx.store)}/issues/${String(d.number)}`;
}

export function commentApiUrl(c: RecordLike, d: RecordLike, ctx: RenderContext): string {
  const id = c.id;
  if (typeof id !== "number" && typeof id !== "string") return str(c.url) ?? issueApiUrl(d, ctx);
  return `${ctx.baseUrl}/repos/${repositoryName(d, ctx.store)}/issues/comments/${id}`;
}

/** A user object (2.2): the account's own record when the store has it, else the embedded one. */
function person(source: unknown, ctx: RenderContext): Record<string, unknown> | null {
  const embedded = typeof source === "string" ? { login: source } : obj(source);
  if (!embedded || typeof embedded.login !== "string") return null;
  return userObject(ctx.store.user(embedded.login) ?? embedded, ctx);
}

function labelObjects(d: RecordLike, repo: string, ctx: RenderContext): Array<Record<string, unknown>> {
  const repoId = ctx.store.repository(repo)?.id;
  return arr(d.labels).flatMap((l) => {
    const embedded: RecordLike = typeof l === "string" ? { name: l } : (obj(l) ?? {});
    const name = str(embedded.name);
    if (!name) return [];
    // A label given by name alone takes its colour and description from the label records.
    const known = repoId === undefined ? undefined : ctx.store.get("labels", `${String(repoId)}:${name.toLowerCase()}`);
    const label = { ...known, ...embedded };
    const id = idOf(label, `label:${repo.toLowerCase()}:${name.toLowerCase()}`);
    return [
      {
        id,
        node_id: str(label.node_id) ?? legacyNodeId("Label", id),
        url: `${ctx.baseUrl}/repos/${repo}/labels/${encodeURIComponent(name)}`,
        name,
        color: str(label.color) ?? "ededed",
        default: label.default === true,
        description: str(label.description) ?? null,
      },
    ];
  });
}

function milestoneObject(d: RecordLike, repo: string, ctx: RenderContext): Record<string, unknown> | null {
  const m = obj(d.milestone);
  if (!m) return null;
  const number = count(m.number) ?? 0;
  const id = idOf(m, `milestone:${repo.toLowerCase()}#${number}`);
  const url = `${ctx.baseUrl}/repos/${repo}/milestones/${number}`;
  return {
    url,
    html_url: `${ctx.htmlUrl}/${repo}/milestone/${number}`,
    labels_url: `${url}/labels`,
    id,
    node_id: str(m.node_id) ?? legacyNodeId("Milestone", id),
    number,
    state: str(m.state) ?? "open",
    title: str(m.title) ?? "",
    description: str(m.description) ?? null,
    creator: person(m.creator, ctx),
    open_issues: count(m.open_issues) ?? 0,
    closed_issues: count(m.closed_issues) ?? 0,
    created_at: str(m.created_at) ?? null,
    updated_at: str(m.updated_at) ?? null,
    closed_at: str(m.closed_at) ?? null,
    due_on: str(m.due_on) ?? null,
  };
}

function reactionsObject(d: RecordLike, url: string): Record<string, unknown> {
  const out: Record<string, unknown> = { url: `${url}/reactions`, total_count: totalReactions(d) };
  for (const key of Object.values(REACTIONS)) out[key] = reactionCount(d, key);
  return out;
}

export function renderIssue(d: RecordLike, ctx: RenderContext): Record<string, unknown> {
  const repo = repositoryName(d, ctx.store);
  const number = count(Number(d.number)) ?? 0;
  const url = `${ctx.baseUrl}/repos/${repo}/issues/${number}`;
  const pull = isPull(d);
  const id = idOf(d, issueKeyOf(d) ?? url);
  const assignees = [...arr(d.assignees), ...(arr(d.assignees).length ? [] : [d.assignee])]
    .map((a) => person(a, ctx))
    .filter((a): a is Record<string, unknown> => a !== null);
  const item: Record<string, unknown> = {
    url,
    repository_url: `${ctx.baseUrl}/repos/${repo}`,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${ctx.htmlUrl}/${repo}/${pull ? "pull" : "issues"}/${number}`,
    id,
    node_id: str(d.node_id) ?? (pull ? legacyNodeId("PullRequest", id) : legacyNodeId("Issue", id)),
    number,
    title: str(d.title) ?? "",
    user: person(d.user, ctx),
    labels: labelObjects(d, repo, ctx),
    state: str(d.state) ?? "open",
    locked: d.locked === true,
    assignee: person(d.assignee, ctx) ?? assignees.at(0) ?? null,
    assignees,
    milestone: milestoneObject(d, repo, ctx),
    comments: commentCount(d, ctx.store),
    created_at: str(d.created_at) ?? null,
    updated_at: str(d.updated_at) ?? null,
    closed_at: str(d.closed_at) ?? null,
    author_association: str(d.author_association) ?? "NONE",
    active_lock_reason: str(d.active_lock_reason) ?? null,
    body: str(d.body) ?? null,
    reactions: reactionsObject(d, url),
    timeline_url: `${url}/timeline`,
    performed_via_github_app: null,
    state_reason: str(d.state_reason) ?? null,
  };
  if (pull) {
    const html = `${ctx.htmlUrl}/${repo}/pull/${number}`;
    item.draft = d.draft === true;
    item.pull_request = {
      url: `${ctx.baseUrl}/repos/${repo}/pulls/${number}`,
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      merged_at: mergedAt(d) ?? null,
    };
  }
  return item;
}
