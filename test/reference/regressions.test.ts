/**
 * Cases where the engine once disagreed with the reference reading, one
 * focused case each: the engine must now answer as the reference does.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Caller } from "./access.js";
import type { Dataset, RepositoryRecord } from "./dataset.js";
import { engineWith } from "./engine-with.js";
import { evaluate, type Outcome } from "./evaluator.js";
import type { OracleKindName } from "./kinds/index.js";
import { phrase, qualifier, render, term, type Query } from "./query.js";

interface KnownBug {
  kind: OracleKindName;
  data: Dataset;
  query: Query;
  caller?: Caller;
  repositoryId?: number;
  /** What the reference answers, written out, so that the case fails if the reference drifts too. */
  expected: string[] | string;
}

const EMPTY: Dataset = { users: [], repositories: [], topics: [], labels: [], issues: [] };
const ada = { login: "ada", id: 1, type: "User" as const };
let nextId = 100;
const repo = (name: string, extra: Partial<RepositoryRecord> = {}): RepositoryRecord => ({
  id: nextId++,
  name,
  full_name: `ada/${name}`,
  owner: { login: "ada" },
  ...extra,
});

const keysOf = (o: Outcome) => (o.status === 200 ? [...o.keys].sort() : `status ${o.status}`);

function regression(title: string, bug: KnownBug): void {
  describe(title, () => {
    let engine: string[] | string;
    let reference: string[] | string;
    beforeAll(async () => {
      const request = { query: bug.query, caller: bug.caller, repositoryId: bug.repositoryId };
      reference = keysOf(evaluate(bug.kind, bug.data, request));
      try {
        const r = await engineWith(bug.data).search(
          bug.kind,
          { q: render(bug.query), per_page: 100, repository_id: bug.repositoryId },
          { caller: bug.caller, accept: bug.kind === "topics" ? "application/vnd.github.mercy-preview+json" : undefined },
        );
        engine = r.items.map((i) => String(bug.kind === "repositories" ? i.full_name : bug.kind === "users" ? i.login : i.name)).sort();
      } catch (err) {
        engine = `status ${(err as { status?: number }).status}`;
      }
    });
    it(`the engine answers ${render(bug.query)} as the reference does`, () => {
      expect(reference).toEqual(bug.expected);
      expect(engine).toEqual(reference);
    });
  });
}

/*
 * A phrase is "these words, together" (query-syntax.md §2), and a
 * repository's topics are separate values: "cli web" is in no topic of a
 * repository tagged cli and web. Topics are cut one by one.
 */
regression("a phrase runs across two topics of a repository", {
  kind: "repositories",
  data: { ...EMPTY, users: [ada], repositories: [repo("alpha", { description: "one", topics: ["cli", "web"] })] },
  query: phrase("cli web"),
  expected: [],
});

/*
 * Label search joins whitespace-separated keywords with OR (qualifiers.md §4),
 * but AND is an operator of the query language (query-syntax.md §8): `bug AND
 * thing` asks for both words.
 */
regression("an explicit AND in label search means OR", {
  kind: "labels",
  data: {
    ...EMPTY,
    users: [ada],
    repositories: [repo("alpha", { id: 10 })],
    labels: [
      { id: 1, name: "bug", description: "broken thing", color: "d73a4a", repository_id: 10 },
      { id: 2, name: "feature", description: "new thing", color: "a2eeef", repository_id: 10 },
    ],
  },
  query: { type: "and", parts: [term("bug"), term("thing")], explicit: [true] },
  repositoryId: 10,
  expected: ["bug"],
});

/*
 * qualifiers.md §5: `props.PROPERTY:VALUE` applies "only when the query is
 * limited to one organization, otherwise ignored".
 */
regression("props.NAME:VALUE filters a query that is not limited to one organisation", {
  kind: "repositories",
  data: {
    ...EMPTY,
    users: [ada],
    repositories: [repo("alpha", { custom_properties: { env: "prod" } }), repo("beta", { custom_properties: { env: "dev" } })],
  },
  query: qualifier("props.env", "prod"),
  expected: ["ada/alpha", "ada/beta"],
});

/*
 * Results contain only what the caller may access (spec part 1, rule 7); a
 * count derived from hidden repositories lets anyone learn that a private
 * repository carries a topic (`repositories:2` finds the topic although only
 * one repository tagged with it is visible).
 */
regression("a topic's repositories: count includes private repositories", {
  kind: "topics",
  data: {
    ...EMPTY,
    users: [ada],
    repositories: [repo("alpha", { topics: ["web"] }), repo("secret", { topics: ["web"], private: true })],
    topics: [{ name: "web" }],
  },
  query: qualifier("repositories", "2"),
  expected: [],
});

/*
 * Same rule for users: `language:rust` finds ada for an anonymous caller
 * although every Rust repository she owns is private, which discloses what
 * her private repositories are written in.
 */
regression("a user's language: counts private repositories", {
  kind: "users",
  data: {
    ...EMPTY,
    users: [ada],
    repositories: [
      repo("alpha", { language: "Go" }),
      repo("secret", { language: "Rust", private: true }),
      repo("hidden", { language: "Rust", visibility: "internal" }),
    ],
  },
  query: qualifier("language", "rust"),
  expected: [],
});

/*
 * good-first-issues: / help-wanted-issues: count issues (qualifiers.md §5:
 * "number of issues labelled …"); an issue carrying two spellings of the
 * label ("help wanted" and "help_wanted") is still one issue.
 */
regression("an issue with two spellings of a label counts twice", {
  kind: "repositories",
  data: {
    ...EMPTY,
    users: [ada],
    repositories: [repo("alpha")],
    issues: [
      {
        id: 1,
        number: 1,
        title: "x",
        repository_url: "https://api.github.com/repos/ada/alpha",
        state: "open",
        labels: [{ name: "help wanted" }, { name: "help_wanted" }],
      },
    ],
  },
  query: qualifier("help-wanted-issues", "2"),
  expected: [],
});
