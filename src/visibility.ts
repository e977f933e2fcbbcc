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

const hidden = (r: RecordLike) => visibilityOf(r) !== "public";
/** The non-public repositories under each login that may see them as their owner or a collaborator. */
const hiddenByViewer = defineTally(
  "hidden-repositories-by-viewer",
  "repositories",
  (r) => {
    if (!hidden(r)) return [];
    const key = keyOf("repositories", r) ?? "";
    return [...new Set([ownerLogin(r, str(r.full_name)), ...logins(r.collaborators)])].map((login) => [login, key]);
  },
  { byGroup: true },
);
/** The non-public repositories under their owner's login: what an organisation's members may see. */
const hiddenByOwner = defineTally("hidden-repositories-by-owner", "repositories", (r) => (hidden(r) ? [[ownerLogin(r, str(r.full_name)), keyOf("repositories", r) ?? ""]] : []), {
  byGroup: true,
});
/** The accounts (organisations) each login is a member of, by the accounts' `members`. */
const memberships = defineTally("memberships", "users", (u) => [...new Set(logins(u.members))].map((member) => [member, keyOf("users", u) ?? ""]), { byGroup: true });
/** The owners of public repositories. */
const publicOwners = defineTally("public-owners", "repositories", (r) => (hidden(r) ? [] : [["owner", ownerLogin(r, str(r.full_name))]]));

/**
 * Keys (lower-cased full names) of the non-public repositories the caller may see, sorted: the ones it
 * owns or collaborates on, and those of the accounts it is a member of. Read from tallies kept as
 * records come and go, so a search costs what the caller may see, not every non-public repository.
 */
function hiddenRepositoriesVisibleTo(caller: Caller | undefined, store: StoreReader): string[] {
  if (!caller) return [];
  const login = caller.login.toLowerCase();
  const visible = new Set(store.tally(hiddenByViewer).items(login));
  const owned = store.tally(hiddenByOwner);
  for (const account of store.tally(memberships).items(login)) for (const key of owned.items(account)) visible.add(key);
  return [...visible].sort();
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
