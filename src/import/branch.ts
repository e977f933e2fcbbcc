/**
 * Which branch of a clone to import, and its head commit.
 */
import { gitOutputOrNull, type Clone } from "./git.js";

export interface BranchHead {
  /** The branch name as the dump records it (`default_branch`). */
  readonly name: string;
  readonly commit: string;
}

/**
 * The requested branch, or else the clone's default: the branch origin/HEAD
 * names (what the hosting site calls the default branch), falling back to
 * the branch checked out. A name is looked up as a local branch first, then
 * as origin's branch, then as any revision git understands.
 */
export async function resolveBranch(clone: Clone, requested?: string): Promise<BranchHead> {
  const name = requested ?? (await defaultBranchName(clone));
  if (name.startsWith("-")) throw new Error(`Invalid branch name: ${name}`);
  for (const ref of [`refs/heads/${name}`, `refs/remotes/origin/${name}`, name]) {
    const commit = await gitOutputOrNull(clone, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]);
    if (commit) return { name, commit };
  }
  if (requested === undefined) throw new Error(`Empty repository: ${clone.path} has no commits on its branch ${name}`);
  throw new Error(`Branch not found: ${requested} in ${clone.path}`);
}

async function defaultBranchName(clone: Clone): Promise<string> {
  const remoteHead = await gitOutputOrNull(clone, ["symbolic-ref", "--quiet", "refs/remotes/origin/HEAD"]);
  if (remoteHead?.startsWith("refs/remotes/origin/")) return remoteHead.slice("refs/remotes/origin/".length);
  const head = await gitOutputOrNull(clone, ["symbolic-ref", "--quiet", "HEAD"]);
  if (head?.startsWith("refs/heads/")) return head.slice("refs/heads/".length);
  throw new Error(`Cannot tell the default branch of ${clone.path}: HEAD is detached and origin/HEAD is not set; name the branch to import`);
}
