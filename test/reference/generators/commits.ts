/**
 * Commits for a dataset: messages, linked accounts (or none), git names,
 * e-mail addresses and dates, parents (none, one, several) and trees whose
 * SHAs share prefixes; and queries over every commit qualifier family.
 */
import fc from "fast-check";
import type { CommitRecord, Dataset } from "../dataset.js";
import type { Query } from "../query.js";
import { bogus, dateValue, literal, login, maybeNegated, negated, prose, q, type QueryFamilies, scopeAtoms, sortQualifier, stamp, unknownQualifier } from "./atoms.js";
import { prefixOf, PREFIX_LENGTHS, shaPool } from "./shas.js";

const COMMITS = shaPool("commit", 24);
const TREES = shaPool("tree", 4);
/** Parents outside the dataset (history that was not loaded). */
const FOREIGN = shaPool("foreign", 3);

const NAMES = ["Chris Wanstrath", "Ada Lovelace", "ada lovelace", "Bob  Search", "GitHub", "Grace O'Hopper"] as const;
const EMAILS = ["chris@github.com", "Ada@Example.com", "bob@web.dev", " ada@example.com ", "noreply@github.com"] as const;

const gitPerson = fc.record({ name: fc.constantFrom(...NAMES), email: fc.constantFrom(...EMAILS), date: stamp }, { requiredKeys: ["name", "email"] });

function commitRecords(data: Dataset): fc.Arbitrary<CommitRecord[]> {
  const people = data.users.filter((u) => u.type === "User").map((u) => u.login);
  const account = fc.option(fc.constantFrom(...people, "Ada").map((l) => ({ login: l })), { nil: null, freq: 4 });
  const one = fc.record({
    repository: fc.constantFrom(...data.repositories.map((r) => r.full_name)),
    message: fc.tuple(prose, fc.option(prose, { nil: undefined })).map(([subject, body]) => (body ? `${subject}\n\n${body}` : subject)),
    author: gitPerson,
    committer: gitPerson,
    account,
    committerAccount: account,
    parents: fc.array(fc.nat({ max: 40 }), { maxLength: 3 }),
    tree: fc.constantFrom(...TREES),
  });
  return fc.array(one, { maxLength: COMMITS.length }).map((drafts) =>
    drafts.map((d, i): CommitRecord => ({
      sha: COMMITS[i],
      repository: d.repository,
      commit: { message: d.message, author: d.author, committer: d.committer, tree: { sha: d.tree } },
      author: d.account,
      committer: d.committerAccount,
      // Parents are earlier commits, or history the dump does not hold.
      parents: [...new Set(d.parents.map((n) => (n < i ? COMMITS[n] : FOREIGN[n % FOREIGN.length])))].map((sha) => ({ sha })),
    })),
  );
}

/** A dataset for commit search. */
export function commitDataset(base: Dataset): fc.Arbitrary<Dataset> {
  return commitRecords(base).map((commits) => ({ ...base, commits }));
}

/** A SHA value as a query writes it: a prefix of a real one (too short, long enough, whole, too long), upper-case, or no SHA at all. */
const shaValue = (shas: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 12, arbitrary: fc.tuple(fc.constantFrom(...shas), fc.constantFrom(...PREFIX_LENGTHS), fc.boolean()).map(([sha, length, upper]) => prefixOf(sha, length, upper)) },
    { weight: 1, arbitrary: literal("xyz1234", "1234567g", "") },
  );

export function commitFamilies(data: Dataset, keywords: fc.Arbitrary<Query>): QueryFamilies {
  const user = login(data.users.map((u) => u.login));
  const shas = data.commits.map((c) => c.sha);
  const parents = data.commits.flatMap((c) => c.parents.map((p) => p.sha));
  const dates = ["author-date", "committer-date"];
  const qualifiers = fc.oneof(
    ...dates.map((d) => q(d, dateValue)),
    q("author", user),
    q("committer", user),
    q("author-name", literal("wanstrath", "Chris Wanstrath", "chris wanstrath", "lovelace", "ada", "search", "o", "hopper", "!!", ""), { quote: "always" }),
    q("committer-name", literal("wanstrath", "Ada Lovelace", "lovelace ada", "github", "bob search", "!!")),
    q("author-email", literal(...EMAILS.map((e) => e.trim()), "ADA@example.com", "github.com", "chris", "")),
    q("committer-email", literal(...EMAILS.map((e) => e.trim()), "CHRIS@GITHUB.COM", "web.dev")),
    q("merge", bogus("true", "false")),
    q("hash", shaValue(shas.length ? shas : COMMITS)),
    q("parent", shaValue(parents.length ? parents : FOREIGN)),
    q("tree", shaValue(TREES)),
    q("is", bogus("public", "private", "internal")),
    unknownQualifier(["in", "foo", "stars"]),
  );
  const conditions = fc.oneof({ weight: 1, arbitrary: keywords }, { weight: 1, arbitrary: qualifiers });
  const scopes = scopeAtoms(
    data.repositories.map((r) => r.full_name),
    data.users.map((u) => u.login),
  );
  return {
    terms: keywords,
    conditions,
    atoms: fc.oneof({ weight: 16, arbitrary: conditions }, { weight: 1, arbitrary: scopes.map(maybeNegated) }),
    scopes: fc.oneof({ weight: 12, arbitrary: scopes }, { weight: 1, arbitrary: scopes.map(negated) }),
    options: sortQualifier(["author-date", "committer-date"]),
    numbers: [],
    dates,
  };
}
