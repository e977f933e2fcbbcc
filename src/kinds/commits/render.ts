/** The commit result item (2.5), every URL built from the engine's bases. */
import { legacyNodeId } from "../../records/node-id.js";
import { idOf, repoNames, repositoryObject, userObject } from "../../render/objects.js";
import { arr, obj, str } from "../../records/read.js";
import type { StoreReader } from "../../records/store-reader.js";
import { count, ownerLogin, repositoryRecordOf } from "../shared.js";
import type { RecordLike, RenderContext } from "../types.js";
import { gitPerson, type Role } from "./people.js";

/** `owner/name` as the repository record spells it. */
function commitRepositoryName(commit: RecordLike, store: StoreReader): string {
  return repoNames(repositoryRecordOf(commit, store)).fullName;
}

/** The API URL of a commit (also the object URL of its text matches). */
export function commitUrl(commit: RecordLike, ctx: RenderContext): string {
  return `${ctx.baseUrl}/repos/${commitRepositoryName(commit, ctx.store)}/commits/${str(commit.sha) ?? ""}`;
}

function gitSignature(commit: RecordLike, role: Role): Record<string, unknown> {
  const person = gitPerson(commit, role);
  return { name: str(person?.name) ?? null, email: str(person?.email) ?? null, date: str(person?.date) ?? null };
}

/** The linked account as a user object (2.2), from its user record when the dump has one; undefined when none is linked. */
function account(commit: RecordLike, role: Role, ctx: RenderContext): Record<string, unknown> | undefined {
  const linked = obj(commit[role]);
  const login = str(linked?.login);
  if (!login) return undefined;
  return userObject(ctx.store.user(login) ?? linked, ctx);
}

export function commitItem(commit: RecordLike, ctx: RenderContext): Record<string, unknown> {
  const repo = repositoryRecordOf(commit, ctx.store);
  const { fullName } = repoNames(repo);
  const api = `${ctx.baseUrl}/repos/${fullName}`;
  const web = `${ctx.htmlUrl}/${fullName}`;
  const sha = str(commit.sha) ?? "";
  const details = obj(commit.commit) ?? {};
  const treeSha = str(obj(details.tree)?.sha) ?? "";
  const repositoryId = idOf(repo, `repo:${fullName.toLowerCase()}`);
  return {
    url: `${api}/commits/${sha}`,
    sha,
    node_id: str(commit.node_id) ?? legacyNodeId("Commit", `${repositoryId}:${sha}`),
    html_url: `${web}/commit/${sha}`,
    comments_url: `${api}/commits/${sha}/comments`,
    commit: {
      url: `${api}/git/commits/${sha}`,
      author: gitSignature(commit, "author"),
      committer: gitSignature(commit, "committer"),
      message: str(details.message) ?? "",
      tree: { url: `${api}/git/trees/${treeSha}`, sha: treeSha },
      comment_count: count(details.comment_count) ?? 0,
    },
    author: account(commit, "author", ctx) ?? null,
    // The interface gives an empty object, not null, for a commit without a linked committer.
    committer: account(commit, "committer", ctx) ?? {},
    parents: arr(commit.parents).flatMap((p) => {
      const parentSha = str(obj(p)?.sha);
      return parentSha ? [{ url: `${api}/commits/${parentSha}`, html_url: `${web}/commit/${parentSha}`, sha: parentSha }] : [];
    }),
    repository: repositoryObject(repo, ctx, ctx.store.user(ownerLogin(repo, fullName))),
  };
}
