/**
 * Which forks have their code indexed: the hosting site indexes a fork's code
 * only when the fork has more stars than the repository it was forked from.
 */
import { obj, str } from "../../records/read.js";
import type { StoreReader } from "../../records/store-reader.js";
import { count } from "../shared.js";
import type { RecordLike } from "../types.js";

/** Stars of the repository a fork came from (`parent`, else `source`): its own record wins over the embedded copy. */
function parentStars(fork: RecordLike, store: StoreReader): number | null {
  const parent = obj(fork.parent) ?? obj(fork.source);
  if (!parent) return null;
  return count(store.repository(str(parent.full_name))?.stargazers_count) ?? count(parent.stargazers_count);
}

/**
 * True for a repository that is not a fork, and for a fork with more stars
 * than its parent. A fork whose parent's stars cannot be found is not indexed.
 */
export function codeIndexed(repo: RecordLike | undefined, store: StoreReader): boolean {
  if (repo?.fork !== true) return true;
  const parent = parentStars(repo, store);
  return parent !== null && (count(repo.stargazers_count) ?? 0) > parent;
}
