/**
 * Who may see what (spec part 1, rule 7), read from the plain records: a
 * public repository is visible to everyone; a private or internal one only to
 * its owner, its collaborators and the members of the organisation that owns
 * it. Logins compare case-insensitively.
 */
import type { Dataset, RepositoryRecord, UserRecord } from "./dataset.js";

export interface Caller {
  login: string;
  /** How the caller authenticated; an app acting for a user ("app-user") has rules of its own. */
  via?: "oauth" | "app-user";
}

const same = (a: string | undefined | null, b: string | undefined | null) => !!a && !!b && a.toLowerCase() === b.toLowerCase();

export function ownerOf(repo: RepositoryRecord): string {
  return repo.owner?.login ?? repo.full_name.split("/")[0];
}

/** Doubtful data fails closed: a visibility word not exactly known, a non-boolean `private`, or the two disagreeing, reads as private. */
export function visibility(repo: RepositoryRecord): "public" | "private" | "internal" {
  const v: unknown = repo.visibility;
  const p: unknown = repo.private;
  if (v != null && v !== "public" && v !== "private" && v !== "internal") return "private";
  if (p != null && typeof p !== "boolean") return "private";
  if (v != null) return v === "public" && p === true ? "private" : v !== "public" && p === false ? "private" : (v as "public" | "private" | "internal");
  return p === true ? "private" : "public";
}

export function findUser(data: Dataset, login: string): UserRecord | undefined {
  return data.users.find((u) => same(u.login, login));
}

export function findRepository(data: Dataset, fullName: string): RepositoryRecord | undefined {
  return data.repositories.find((r) => same(r.full_name, fullName));
}

export function canSee(data: Dataset, repo: RepositoryRecord, caller: Caller | undefined): boolean {
  if (visibility(repo) === "public") return true;
  if (!caller) return false;
  const owner = ownerOf(repo);
  if (same(owner, caller.login)) return true;
  if ((repo.collaborators ?? []).some((c) => same(c, caller.login))) return true;
  return (findUser(data, owner)?.members ?? []).some((m) => same(m, caller.login));
}

/** An account a user:/org: qualifier may name: a user record, or the owner of some repository. */
export function accountExists(data: Dataset, login: string): boolean {
  return !!findUser(data, login) || data.repositories.some((r) => same(ownerOf(r), login));
}
