/**
 * Who may see what. A private (or internal) repository, and everything in it,
 * is visible to its owner, its collaborators (dump extension `collaborators`)
 * and the members of its owning organisation (extension `members`).
 */
import type { RecordLike } from "./kinds/types.js";
import { logins, ownerLogin, visibilityOf } from "./kinds/shared.js";
import { keyword, or, type Match } from "./logical/match.js";
import type { Access } from "./resolve/resolve.js";
import { lower, str } from "./records/read.js";
import type { StoreReader } from "./records/store-reader.js";
import { defineTally } from "./records/tally.js";
import { keyOf } from "./kinds/index.js";
import type { Caller } from "./types.js";

export function canSeeRepository(repo: RecordLike, caller: Caller | undefined, store: StoreReader): boolean {
  if (visibilityOf(repo) === "public") return true;
  if (!caller) return false;
  const login = caller.login.toLowerCase();
  const owner = ownerLogin(repo, str(repo.full_name));
  if (owner === login) return true;
  if (logins(repo.collaborators).includes(login)) return true;
  const org = store.user(owner);
  return !!org && logins(org.members).includes(login);
}

/** The non-public repositories by key, and the owners of public ones: kept as repositories come and go, never by a scan. */
const hiddenRepositories = defineTally("hidden-repositories", "repositories", (r) => (visibilityOf(r) === "public" ? [] : [["hidden", keyOf("repositories", r) ?? ""]]));
const publicOwners = defineTally("public-owners", "repositories", (r) => (visibilityOf(r) === "public" ? [["owner", ownerLogin(r, str(r.full_name))]] : []));

/** Full names (lower-cased) of the non-public repositories the caller may see. */
function hiddenRepositoriesVisibleTo(caller: Caller | undefined, store: StoreReader): string[] {
  if (!caller) return [];
  // Only the non-public repositories are examined per caller; nothing is kept per caller, so memory does not grow with callers.
  const out: string[] = [];
  for (const key of store.tally(hiddenRepositories).items("hidden")) {
    const repo = store.repository(key);
    if (repo && canSeeRepository(repo, caller, store)) out.push(key);
  }
  return out;
}

/** The filter that keeps only what the caller may see, on a kind with `visibility` and `repo` columns. */
export function visibilityFilter(caller: Caller | undefined, store: StoreReader): Match {
  const visible = hiddenRepositoriesVisibleTo(caller, store);
  const publicOnly = keyword("visibility", "public");
  return visible.length ? or([publicOnly, keyword("repo", ...visible)]) : publicOnly;
}

export function accessFor(caller: Caller | undefined, store: StoreReader): Access {
  return {
    repository(fullName) {
      const repo = store.repository(fullName);
      return !!repo && canSeeRepository(repo, caller, store);
    },
    owner(login) {
      if (store.user(login)) return true;
      // An account known only through repositories the caller cannot see must look like one that does not exist.
      const wanted = login.toLowerCase();
      return store.tally(publicOwners).has("owner", wanted) || hiddenRepositoriesVisibleTo(caller, store).some((fullName) => fullName.split("/")[0] === wanted);
    },
  };
}
