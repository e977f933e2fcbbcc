/**
 * Reading a branch's history with `git log -z`: every field is NUL-terminated,
 * so messages may hold any character but NUL (which git cannot store in a
 * message either).
 */
import { gitOutput, nulTerminated, spawnGit, type Clone } from "./git.js";

export interface Signature {
  readonly name: string;
  readonly email: string;
  /** ISO 8601, UTC, whole seconds: "2020-01-01T00:00:00Z". */
  readonly date: string;
}

export interface GitCommit {
  readonly sha: string;
  readonly tree: string;
  readonly parents: readonly string[];
  readonly author: Signature;
  readonly committer: Signature;
  /** The full message, its trailing newline removed. */
  readonly message: string;
}

// Unix timestamps (%at, %ct) rather than %aI: the UTC conversion needs no date parsing.
const FORMAT = ["%H", "%T", "%P", "%an", "%ae", "%at", "%cn", "%ce", "%ct", "%B"].join("%x00");
const FIELD_COUNT = 10;

/** Every commit reachable from `commit`, newest first, as git log orders them. */
export async function* readHistory(clone: Clone, commit: string): AsyncGenerator<GitCommit> {
  const git = spawnGit(clone, ["log", "-z", `--format=${FORMAT}`, commit, "--"]);
  try {
    let fields: string[] = [];
    for await (const piece of nulTerminated(git.stdout)) {
      fields.push(piece.toString("utf8"));
      if (fields.length === FIELD_COUNT) {
        yield toCommit(fields);
        fields = [];
      }
    }
    await git.exited;
  } finally {
    git.kill();
  }
}

/** Number of commits reachable from `commit` (cheap next to formatting them). */
export async function countCommits(clone: Clone, commit: string): Promise<number> {
  return Number(await gitOutput(clone, ["rev-list", "--count", commit, "--"]));
}

function toCommit([sha, tree, parents, authorName, authorEmail, authorTime, committerName, committerEmail, committerTime, message]: string[]): GitCommit {
  return {
    sha,
    tree,
    parents: parents === "" ? [] : parents.split(" "),
    author: { name: authorName, email: authorEmail, date: isoFromUnix(authorTime) },
    committer: { name: committerName, email: committerEmail, date: isoFromUnix(committerTime) },
    message: message.endsWith("\n") ? message.slice(0, -1) : message,
  };
}

function isoFromUnix(seconds: string): string {
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}Z`;
}
