/**
 * Commits (qualifiers.md §2), read from plain commit records, with the
 * engine's documented choices (docs/code-search.md, commit search) as rules:
 *
 * - `author-name:`/`committer-name:`: every word of the value is a word of
 *   the git name; a value without a word is a 422.
 * - `author-email:`/`committer-email:`: the whole address, case-insensitive.
 * - `hash:`, `parent:`, `tree:`: 7 to 40 hexadecimal digits, a prefix of the
 *   SHA; anything else is a 422.
 * - Commits of forks are never found; the request must accept the
 *   cloak-preview media type (415).
 */
import { canSee, findRepository } from "../access.js";
import type { CommitRecord, GitPerson } from "../dataset.js";
import type { OracleKind, QualifierRule } from "../kind.js";
import { words } from "../text.js";
import { instant, reject } from "../values.js";
import { booleanRule, dateRule, literalRule, lower, required, scopeRules, userValue, visibilityCases } from "./common.js";

type Role = "author" | "committer";

const person = (c: CommitRecord, role: Role): GitPerson | undefined => c.commit[role];
const parentShas = (c: CommitRecord): string[] => c.parents.map((p) => lower(p.sha)).filter(Boolean);
const repositoryOfCommit = (c: CommitRecord, data: Parameters<typeof findRepository>[0]) => findRepository(data, c.repository);

const accountRule = (role: Role): QualifierRule<CommitRecord> => ({
  build: (text, ctx) => {
    const login = userValue(text, ctx);
    return (c) => lower(c[role]?.login) === login;
  },
});

const nameRule = (role: Role): QualifierRule<CommitRecord> => ({
  build: (text) => {
    const wanted = words(text);
    if (!wanted.length) reject("a name needs a word");
    return (c) => {
      const name = words(person(c, role)?.name);
      return wanted.every((w) => name.includes(w));
    };
  },
});

const emailRule = (role: Role): QualifierRule<CommitRecord> => ({
  build: (text) => {
    const wanted = required(text);
    return (c) => lower(person(c, role)?.email).trim() === wanted;
  },
});

const shaRule = (shas: (c: CommitRecord) => string[]): QualifierRule<CommitRecord> => ({
  build: (text) => {
    const prefix = text.trim().toLowerCase();
    if (!/^[0-9a-f]{7,40}$/.test(prefix)) reject(`"${text}" is not 7 to 40 hexadecimal digits`);
    return (c) => shas(c).some((sha) => sha.startsWith(prefix));
  },
});

export const commits: OracleKind<CommitRecord> = {
  name: "commits",
  records: (ctx) => ctx.data.commits,
  key: (c) => `${c.repository}@${c.sha}`,
  itemKey: (item) => `${String((item.repository as { full_name?: string } | undefined)?.full_name)}@${String(item.sha)}`,
  fields: { message: (c) => [c.commit.message] },
  defaultFields: ["message"],
  keywordsCombine: "and",
  preview: "cloak-preview",
  qualifiers: {
    ...scopeRules((c: CommitRecord) => c.repository),
    author: { ...accountRule("author"), oneValue: "author" },
    committer: { ...accountRule("committer"), oneValue: "committer" },
    "author-name": nameRule("author"),
    "committer-name": nameRule("committer"),
    "author-email": { ...emailRule("author"), oneValue: "author-email" },
    "committer-email": { ...emailRule("committer"), oneValue: "committer-email" },
    "author-date": dateRule((c) => instant(person(c, "author")?.date)),
    "committer-date": dateRule((c) => instant(person(c, "committer")?.date)),
    merge: booleanRule((c) => parentShas(c).length > 1),
    hash: { ...shaRule((c) => [lower(c.sha)]), oneValue: "hash" },
    parent: shaRule(parentShas),
    tree: { ...shaRule((c) => [lower(c.commit.tree.sha)]), oneValue: "tree" },
    is: { ...literalRule(visibilityCases<CommitRecord>((c, ctx) => repositoryOfCommit(c, ctx.data))), oneValue: "visibility" },
  },
  sorts: {
    "author-date": (c) => instant(person(c, "author")?.date),
    "committer-date": (c) => instant(person(c, "committer")?.date),
  },
  defaults: (_present, ctx) => [(c) => repositoryOfCommit(c, ctx.data)?.fork !== true],
  visible: (c, ctx) => {
    const repo = repositoryOfCommit(c, ctx.data);
    return !repo || canSee(ctx.data, repo, ctx.caller);
  },
};
