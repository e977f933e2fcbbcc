/** User search (`/search/users`): personal accounts and organisations. */
import { userObject } from "../render/objects.js";
import { lower, str } from "../records/read.js";
import type { StoreReader } from "../records/store-reader.js";
import { dateQualifier, enumQualifier, inQualifier, keyword, keywordQualifier, numberQualifier } from "./qualifiers.js";
import { count, languageValue, normalizeLanguage, ownerLogin, time, visibilityOf } from "./shared.js";
import type { KindSpec, QualifierSpec, RecordLike } from "./types.js";

const isOrg = (u: RecordLike) => str(u.type) === "Organization";

/** Full names compare by case and runs of spaces only. */
const fullName = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");

/** The local part of a public e-mail: the hosting site does not match e-mail domains. */
const emailLocal = (u: RecordLike) => str(u.email)?.split("@")[0];

/** Most common language among the account's repositories (ties: alphabetical). */
function mainLanguage(u: RecordLike, store: StoreReader): string {
  if (typeof u.language === "string") return languageValue(u.language);
  const byOwner = store.derived("languagesByOwner", ["repositories"], (s) => {
    const m = new Map<string, Map<string, number>>();
    for (const r of s.all("repositories")) {
      const owner = ownerLogin(r, str(r.full_name));
      const lang = lower(r.language);
      // Public repositories only: an account's language is shown to every caller.
      if (!owner || !lang || r.fork === true || visibilityOf(r) !== "public") continue;
      let c = m.get(owner);
      if (!c) m.set(owner, (c = new Map()));
      c.set(lang, (c.get(lang) ?? 0) + 1);
    }
    return m;
  });
  const counts = byOwner.get(lower(u.login));
  if (!counts) return "";
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0][0];
}

function accountQualifier(name: "user" | "org", type: string): QualifierSpec {
  return {
    name,
    scope: true,
    columns: { login: "keyword", type: "keyword" },
    build(node, ctx) {
      const login = ctx.login(node.raw.trim(), node);
      if (!login) ctx.invalid(node, `"${node.rawName}:" needs a login`);
      ctx.requireScope(name, login, node);
      return { op: "and", children: [keyword("login", login.toLowerCase()), keyword("type", type)] };
    },
  };
}

export const users: KindSpec<RecordLike> = {
  kind: "users",
  source: "users",
  records: [{ kind: "users", file: "users.ndjson", loadOrder: 0, key: (u) => str(u.login)?.toLowerCase(), keyFields: "login", grantsAccess: true }],
  visibility: "public",
  textFields: [
    { name: "login", tokenizer: "prose", weight: 3, b: 0.2, text: (u) => str(u.login), fromRecordAlone: true },
    { name: "name", tokenizer: "prose", weight: 2, b: 0.3, text: (u) => str(u.name), fromRecordAlone: true },
    { name: "email", tokenizer: "prose", weight: 1, b: 0.2, text: emailLocal, fromRecordAlone: true },
  ],
  defaultFields: ["login", "email", "name"],
  columns: [
    { name: "login", type: "keyword", value: (u) => lower(u.login) },
    { name: "type", type: "keyword", value: (u) => (isOrg(u) ? "org" : "user") },
    { name: "fullname", type: "keyword", value: (u) => fullName(str(u.name) ?? "") },
    {
      name: "location",
      type: "keyword",
      // The whole location and each of its words, so `location:iceland` finds "Reykjavík, Iceland".
      value: (u) => {
        const loc = lower(u.location).trim();
        return loc ? [loc, ...loc.split(/[^\p{L}\p{N}]+/u).filter(Boolean)] : [];
      },
    },
    { name: "language", type: "keyword", dependsOn: ["repositories"], value: mainLanguage },
    { name: "sponsorable", type: "keyword", value: (u) => u.is_sponsorable === true },
    { name: "repos", type: "number", value: (u) => count(u.public_repos) },
    { name: "followers", type: "number", value: (u) => count(u.followers) },
    { name: "created", type: "number", value: (u) => time(u.created_at) },
  ],
  qualifiers: [
    inQualifier({ login: ["login"], username: ["login"], name: ["name"], fullname: ["name"], email: ["email"] }),
    enumQualifier(
      "type",
      {
        user: () => keyword("type", "user"),
        users: () => keyword("type", "user"),
        org: () => keyword("type", "org"),
        organization: () => keyword("type", "org"),
      },
      { oneValue: "type" },
    ),
    accountQualifier("user", "user"),
    accountQualifier("org", "org"),
    keywordQualifier("fullname", "fullname", { normalize: (v) => fullName(v), oneValue: "fullname" }),
    keywordQualifier("location", "location", { normalize: (v) => v.trim().toLowerCase().replace(/\s+/g, " ") }),
    keywordQualifier("language", "language", { normalize: normalizeLanguage, oneValue: "language" }),
    numberQualifier("repos", "repos"),
    numberQualifier("followers", "followers"),
    dateQualifier("created", "created"),
    enumQualifier("is", { sponsorable: () => keyword("sponsorable", "true") }),
  ],
  sorts: {
    followers: { column: "followers" },
    repositories: { column: "repos" },
    joined: { column: "created" },
  },
  signals: [
    { name: "followers", weight: 0.08, value: (u) => count(u.followers) ?? 0 },
    { name: "repositories", weight: 0.03, value: (u) => count(u.public_repos) ?? 0 },
  ],
  textMatches: [
    { property: "login", objectType: "User", field: "login", sources: (u, ctx) => [{ objectUrl: `${ctx.baseUrl}/users/${str(u.login)}`, value: str(u.login) }] },
    { property: "email", objectType: "User", field: "email", sources: (u, ctx) => [{ objectUrl: `${ctx.baseUrl}/users/${str(u.login)}`, value: str(u.email) }] },
    { property: "name", objectType: "User", field: "name", sources: (u, ctx) => [{ objectUrl: `${ctx.baseUrl}/users/${str(u.login)}`, value: str(u.name) }] },
  ],
  order: (u) => count(u.id) ?? 0,
  render: (u, ctx) => userObject(u, ctx),
};
