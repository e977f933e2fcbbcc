/**
 * The two people of a commit: the git author and committer (name, e-mail,
 * date in `commit.author` / `commit.committer`) and the site accounts linked
 * to them (top-level `author` / `committer`).
 */
import { lower, obj, str } from "../../records/read.js";
import { proseTokens } from "../../text/tokenize.js";
import type { RecordLike } from "../types.js";

export type Role = "author" | "committer";

/** `commit.author` or `commit.committer`: `{ name, email, date }`. */
export function gitPerson(commit: RecordLike, role: Role): RecordLike | undefined {
  return obj(obj(commit.commit)?.[role]);
}

/** The linked account's login, lower-cased; "" when the commit has none. */
export function accountLogin(commit: RecordLike, role: Role): string {
  return lower(obj(commit[role])?.login);
}

/** The words of the git name, lower-cased: what `author-name:` matches against. */
export function nameWords(commit: RecordLike, role: Role): string[] {
  return proseTokens(str(gitPerson(commit, role)?.name) ?? "").map((t) => t.term);
}

/** The whole git e-mail address, trimmed and lower-cased. */
export function emailOf(commit: RecordLike, role: Role): string {
  return lower(gitPerson(commit, role)?.email).trim();
}
