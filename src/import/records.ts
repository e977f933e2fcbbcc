/**
 * The dump's records, shaped like the hosting site's REST objects, built from
 * what git knows. Ids are not the hosting site's: they are derived from names
 * so that the same clone always gives the same dump.
 */
import { createHash } from "node:crypto";
import { legacyNodeId } from "../records/node-id.js";
import type { GitCommit } from "./history.js";

export type OwnerType = "User" | "Organization";

export interface FullName {
  readonly owner: string;
  readonly name: string;
  readonly fullName: string;
}

// The hosting site's rules: owners are alphanumerics and single inner dashes, repository names [A-Za-z0-9._-].
const OWNER = /^[A-Za-z0-9](?:-?[A-Za-z0-9])*$/;
const NAME = /^[A-Za-z0-9._-]+$/;

export function parseFullName(value: string): FullName {
  const [owner, name, ...rest] = value.split("/");
  if (rest.length > 0 || !owner || !name || !OWNER.test(owner) || owner.length > 39 || !NAME.test(name) || name.length > 100 || name === "." || name === "..") {
    throw new Error(`Invalid repository name "${value}": expected owner/name, e.g. octocat/hello-world`);
  }
  return { owner, name, fullName: `${owner}/${name}` };
}

/**
 * A positive 31-bit id: the first four bytes of SHA-1(`kind:` + key in lower
 * case), big-endian, top bit cleared. Repositories use kind "repo" and their
 * full name, accounts kind "user" and their login.
 */
export function derivedId(kind: "repo" | "user", key: string): number {
  return createHash("sha1").update(`${kind}:${key.toLowerCase()}`).digest().readUInt32BE(0) & 0x7fffffff;
}


export interface RepositoryFacts {
  readonly repo: FullName;
  readonly ownerType: OwnerType;
  readonly defaultBranch: string;
  readonly createdAt: string;
  readonly pushedAt: string;
  readonly blobBytes: number;
  readonly language: string | null;
}

export function repositoryRecord(facts: RepositoryFacts) {
  const { repo } = facts;
  const id = derivedId("repo", repo.fullName);
  return {
    id,
    node_id: legacyNodeId("Repository", String(id)),
    name: repo.name,
    full_name: repo.fullName,
    owner: { login: repo.owner, id: derivedId("user", repo.owner), type: facts.ownerType },
    private: false,
    html_url: `https://github.com/${repo.fullName}`,
    description: null,
    fork: false,
    size: Math.ceil(facts.blobBytes / 1024),
    language: facts.language,
    topics: [],
    default_branch: facts.defaultBranch,
    created_at: facts.createdAt,
    updated_at: facts.pushedAt,
    pushed_at: facts.pushedAt,
    stargazers_count: 0,
    watchers_count: 0,
    forks_count: 0,
    open_issues_count: 0,
    archived: false,
    visibility: "public",
  };
}

/** A commit as `GET /repos/{owner}/{repo}/commits/{sha}` shows it; its node id is keyed "<repository id>:<sha>". */
export function commitRecord(commit: GitCommit, repo: FullName, repositoryId: number) {
  return {
    sha: commit.sha,
    node_id: legacyNodeId("Commit", `${repositoryId}:${commit.sha}`),
    commit: {
      author: commit.author,
      committer: commit.committer,
      message: commit.message,
      tree: { sha: commit.tree },
      comment_count: 0,
    },
    // git knows names and e-mail addresses, not accounts
    author: null,
    committer: null,
    parents: commit.parents.map((sha) => ({ sha })),
    html_url: `https://github.com/${repo.fullName}/commit/${commit.sha}`,
    repository: repo.fullName,
  };
}

export interface CodeFile {
  readonly path: string;
  readonly sha: string;
  readonly size: number;
  /** Omitted for files too large for the engine to search. */
  readonly content?: string;
}

export function codeRecord(file: CodeFile, repo: FullName) {
  return {
    repository: repo.fullName,
    path: file.path,
    name: file.path.slice(file.path.lastIndexOf("/") + 1),
    sha: file.sha,
    size: file.size,
    ...(file.content === undefined ? {} : { content: file.content }),
  };
}
