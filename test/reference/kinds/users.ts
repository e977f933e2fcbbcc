/** Users and organisations (qualifiers.md §7), read from plain user records. */
import { accountExists, ownerOf, visibility } from "../access.js";
import type { UserRecord } from "../dataset.js";
import type { OracleContext, OracleKind, QualifierRule } from "../kind.js";
import { words } from "../text.js";
import { amount, instant, reject } from "../values.js";
import { dateRule, languageName, literalRule, lower, numberRule, required } from "./common.js";

const isOrganisation = (u: UserRecord) => u.type === "Organization";

/** Full names and places compare ignoring case and runs of spaces. */
const spaced = (s: string | null | undefined) => lower(s).trim().replace(/\s+/g, " ");

/**
 * The account's language: the explicit one, else the most common language of
 * the public repositories it owns that are not forks (ties: alphabetical).
 */
function mainLanguage(u: UserRecord, ctx: OracleContext): string {
  if (typeof u.language === "string") return languageName(u.language);
  const counts = new Map<string, number>();
  for (const r of ctx.data.repositories) {
    if (lower(ownerOf(r)) !== lower(u.login) || r.fork === true || !r.language) continue;
    if (visibility(r) !== "public") continue;
    counts.set(lower(r.language), (counts.get(lower(r.language)) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? "";
}

const accountRule = (type: "user" | "org"): QualifierRule<UserRecord> => ({
  scope: true,
  build: (text, ctx) => {
    const login = ctx.login(text.trim());
    if (!login) reject("a login is required");
    if (!accountExists(ctx.data, login)) reject(`no account ${login}`);
    return (u) => lower(u.login) === login.toLowerCase() && isOrganisation(u) === (type === "org");
  },
});

export const users: OracleKind<UserRecord> = {
  name: "users",
  records: (ctx) => ctx.data.users,
  key: (u) => u.login,
  itemKey: (item) => String(item.login),
  fields: {
    login: (u) => [u.login],
    name: (u) => [u.name],
    // Only the local part: the hosting site never matches an e-mail domain.
    email: (u) => [typeof u.email === "string" ? u.email.split("@")[0] : undefined],
  },
  defaultFields: ["login", "email", "name"],
  inValues: { login: ["login"], username: ["login"], name: ["name"], fullname: ["name"], email: ["email"] },
  keywordsCombine: "and",
  qualifiers: {
    type: {
      ...literalRule<UserRecord>({
        user: (u) => !isOrganisation(u),
        users: (u) => !isOrganisation(u),
        org: isOrganisation,
        organization: isOrganisation,
      }),
      oneValue: "type",
    },
    user: accountRule("user"),
    org: accountRule("org"),
    fullname: {
      oneValue: "fullname",
      build: (text) => {
        const wanted = spaced(required(text));
        return (u) => spaced(u.name) === wanted;
      },
    },
    // The whole place or one of its words: `location:iceland` finds "Reykjavik, Iceland".
    location: {
      build: (text) => {
        const wanted = spaced(required(text));
        return (u) => spaced(u.location) !== "" && (spaced(u.location) === wanted || words(u.location).includes(wanted));
      },
    },
    language: {
      oneValue: "language",
      build: (text, ctx) => {
        const wanted = languageName(required(text));
        return (u) => mainLanguage(u, ctx) === wanted;
      },
    },
    repos: numberRule((u) => amount(u.public_repos)),
    followers: numberRule((u) => amount(u.followers)),
    created: dateRule((u) => instant(u.created_at)),
    is: literalRule<UserRecord>({ sponsorable: (u) => u.is_sponsorable === true }),
  },
  sorts: {
    followers: (u) => amount(u.followers),
    repositories: (u) => amount(u.public_repos),
    joined: (u) => instant(u.created_at),
  },
};
