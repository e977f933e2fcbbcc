/**
 * fast-check arbitraries: small random datasets whose words, numbers, dates
 * and names collide on purpose, random queries over every qualifier family of
 * every kind (mostly valid, some invalid on purpose), and random callers.
 * The building blocks are in generators/atoms.ts; issues, code and commits
 * have their own generators next to it.
 */
import fc from "fast-check";
import { ownerOf, visibility, type Caller } from "./access.js";
import type { Dataset, IssueRecord, LabelRecord, RepositoryRecord, TopicRecord, UserRecord } from "./dataset.js";
import { API } from "./dataset.js";
import {
  bogus,
  dateValue,
  FULL_NAMES,
  inQualifier,
  ISSUE_LABELS,
  LABEL_NAMES,
  LANGUAGE_VALUES,
  LANGUAGES_IN_DATA,
  LICENSE_VALUES,
  LICENSES,
  literal,
  login,
  maybe,
  maybeNegated,
  negated,
  numberValue,
  ORGANISATIONS,
  PEOPLE,
  phraseArb,
  PLACE_VALUES,
  PLACES,
  prose,
  q,
  type QueryFamilies,
  scopeAtoms,
  small,
  sortQualifier,
  stamp,
  termArb,
  textFromData,
  TOPIC_NAMES,
  unknownQualifier,
  withCase,
  word,
  WORDS,
} from "./generators/atoms.js";
import { codeDataset, codeFamilies } from "./generators/code.js";
import { commitDataset, commitFamilies } from "./generators/commits.js";
import { issueDataset, issueFamilies } from "./generators/issues.js";
import type { OracleKindName } from "./kinds/index.js";
import { hitsKnownBug } from "./known-bugs.js";
import { group, not, qualifier, type Query } from "./query.js";

export type { QueryFamilies } from "./generators/atoms.js";

// ---------------------------------------------------------------- datasets

const repositoryName = fc
  .tuple(word, fc.constantFrom("-", "_", ".", ""), fc.option(word, { nil: undefined }), fc.constantFrom("", "", "2"))
  .map(([a, sep, b, suffix]) => (b ? `${a}${sep}${b}` : a) + suffix);

function userRecords(): fc.Arbitrary<UserRecord[]> {
  const logins = fc.tuple(
    fc.uniqueArray(fc.constantFrom(...PEOPLE), { minLength: 4, maxLength: PEOPLE.length }),
    fc.uniqueArray(fc.constantFrom(...ORGANISATIONS), { minLength: 1, maxLength: ORGANISATIONS.length }),
  );
  return logins.chain(([people, orgs]) =>
    fc.tuple(
      ...[...people.map((login) => ({ login, org: false })), ...orgs.map((login) => ({ login, org: true }))].map(({ login, org }, i) =>
        fc.record({
          login: fc.constant(login),
          id: fc.constant(100 + i),
          type: fc.constant(org ? ("Organization" as const) : ("User" as const)),
          name: maybe(fc.constantFrom(...FULL_NAMES)),
          email: maybe(fc.tuple(word, word, fc.constantFrom(...WORDS)).map(([a, b, domain]) => `${a}.${b}@${domain}.com`)),
          location: maybe(fc.constantFrom(...PLACES)),
          followers: maybe(small),
          public_repos: maybe(small),
          created_at: maybe(stamp),
          is_sponsorable: fc.boolean(),
          // Rarely an explicit main language, by name or alias.
          language: fc.option(fc.constantFrom("Go", "python", "JS"), { nil: undefined, freq: 1 }),
          members: org ? fc.subarray(people) : fc.constant(undefined),
        }),
      ),
    ),
  );
}

function repositoryRecords(users: UserRecord[]): fc.Arbitrary<RepositoryRecord[]> {
  const logins = users.map((u) => u.login);
  const people = users.filter((u) => u.type === "User").map((u) => u.login);
  const one = fc.record({
    owner: fc.constantFrom(...logins),
    name: repositoryName,
    description: fc.option(prose, { nil: null, freq: 4 }),
    topics: maybe(fc.uniqueArray(fc.constantFrom(...TOPIC_NAMES), { maxLength: 4 })),
    readme: maybe(prose),
    stargazers_count: maybe(small),
    forks_count: maybe(small),
    size: maybe(fc.integer({ min: 0, max: 40 })),
    followers: fc.oneof(fc.constant({}), small.map((n) => ({ subscribers_count: n })), small.map((n) => ({ watchers_count: n }))),
    created_at: maybe(stamp),
    pushed_at: maybe(stamp),
    updated_at: maybe(stamp),
    language: fc.option(fc.constantFrom(...LANGUAGES_IN_DATA), { nil: null, freq: 4 }),
    license: fc.option(
      fc.constantFrom(...LICENSES).chain((key) => fc.constantFrom({ key }, { spdx_id: key.toUpperCase() })),
      { nil: null, freq: 3 },
    ),
    fork: fc.constantFrom(false, false, false, true),
    access: fc.constantFrom<Partial<RepositoryRecord>>({}, {}, {}, { private: false }, { visibility: "public" }, { private: true }, { visibility: "private" }, { visibility: "internal" }),
    archived: fc.boolean(),
    is_template: fc.boolean(),
    mirror_url: fc.constantFrom(null, null, "", "https://example.com/mirror.git"),
    has_funding_file: fc.boolean(),
    collaborators: fc.subarray(people, { maxLength: 2 }),
    custom_properties: maybe(fc.record({ env: fc.constantFrom("prod", "dev"), team: fc.subarray(["core", "web"]) })),
  });
  return fc.array(one, { minLength: 5, maxLength: 35 }).map((drafts) => {
    const seen = new Set<string>();
    return drafts.map((d, i) => {
      // Names are unique per owner (case-insensitively); a repeated one gets a suffix.
      const name = seen.has(`${d.owner}/${d.name}`.toLowerCase()) ? `${d.name}-${i}` : d.name;
      seen.add(`${d.owner}/${name}`.toLowerCase());
      const { owner, access, followers, ...rest } = d;
      return { ...rest, ...access, ...followers, name, id: 1000 + i, full_name: `${owner}/${name}`, owner: { login: owner } };
    });
  });
}

const topicRecords: fc.Arbitrary<TopicRecord[]> = fc
  .uniqueArray(fc.constantFrom(...TOPIC_NAMES, "alpha", "beta", "engine"), { minLength: 5, maxLength: 11 })
  .chain((names) =>
    fc.tuple(
      ...names.map((name) =>
        fc.record({
          name: fc.constant(name),
          display_name: maybe(fc.constantFrom(name.toUpperCase(), name.replace(/-/g, " "))),
          short_description: maybe(prose),
          description: maybe(prose),
          featured: fc.boolean(),
          curated: fc.boolean(),
          created_at: maybe(stamp),
        }),
      ),
    ),
  );

function labelRecords(repositories: RepositoryRecord[]): fc.Arbitrary<LabelRecord[]> {
  const labelsOf = (repo: RepositoryRecord) =>
    fc
      .uniqueArray(fc.constantFrom(...LABEL_NAMES), { minLength: 5, maxLength: LABEL_NAMES.length, selector: (n) => n.toLowerCase() })
      .chain((names) =>
        fc.tuple(
          ...names.map((name) =>
            fc.record({
              name: fc.constant(name),
              description: fc.option(prose, { nil: null, freq: 3 }),
              color: fc.constant("ededed"),
              repository_id: fc.constant(repo.id),
              created_at: maybe(stamp),
              updated_at: maybe(stamp),
            }),
          ),
        ),
      );
  return fc
    .subarray(repositories, { minLength: 1, maxLength: 3 })
    .chain((owners) => fc.tuple(...owners.map(labelsOf)))
    .map((perRepository) => perRepository.flat().map((l, i) => ({ ...l, id: 5000 + i })));
}

function issueRecords(repositories: RepositoryRecord[]): fc.Arbitrary<IssueRecord[]> {
  const one = fc.record({
    repo: fc.constantFrom(...repositories),
    state: fc.constantFrom("open" as const, "open" as const, "closed" as const),
    pr: fc.boolean(),
    labels: fc.subarray([...ISSUE_LABELS], { maxLength: 3 }),
  });
  return fc.array(one, { maxLength: 15 }).map((drafts) =>
    drafts.map((d, i) => ({
      id: 9000 + i,
      number: i + 1,
      title: `issue ${i + 1}`,
      repository_url: `${API}/repos/${d.repo.full_name}`,
      state: d.state,
      labels: d.labels.map((name) => ({ name })),
      ...(d.pr ? { pull_request: { url: `${API}/repos/${d.repo.full_name}/pulls/${i + 1}` } } : {}),
    })),
  );
}

/** Accounts, repositories, topics, labels and the issues repository counts read. */
export const datasetArb: fc.Arbitrary<Dataset> = userRecords().chain((users) =>
  repositoryRecords(users).chain((repositories) =>
    fc.record({
      users: fc.constant(users),
      repositories: fc.constant(repositories),
      topics: topicRecords,
      labels: labelRecords(repositories),
      issues: issueRecords(repositories),
      comments: fc.constant([]),
      commits: fc.constant([]),
      code: fc.constant([]),
    }),
  ),
);

/** A dataset for searching a kind: the common records, and what that kind searches. */
export function datasetFor(kind: OracleKindName): fc.Arbitrary<Dataset> {
  switch (kind) {
    case "issues":
      return datasetArb.chain(issueDataset);
    case "code":
      return datasetArb.chain(codeDataset);
    case "commits":
      return datasetArb.chain(commitDataset);
    default:
      return datasetArb;
  }
}

// ---------------------------------------------------------------- callers

/**
 * Anonymous, a stranger, or an account, often one with rights on a hidden
 * repository (owner, collaborator, member); now and then an app acting for
 * the account.
 */
export function callerArb(data: Dataset): fc.Arbitrary<Caller | undefined> {
  const privileged = data.repositories
    .filter((r) => visibility(r) !== "public")
    .flatMap((r) => [ownerOf(r), ...(r.collaborators ?? []), ...(data.users.find((u) => u.login === ownerOf(r))?.members ?? [])]);
  const account = (pool: string[]) =>
    fc
      .tuple(fc.constantFrom(...pool).chain(withCase), fc.constantFrom<Caller["via"]>(undefined, undefined, undefined, "oauth", undefined, undefined, undefined, "app-user"))
      .map(([l, via]): Caller => (via ? { login: l, via } : { login: l }));
  return fc.oneof(
    fc.constant(undefined),
    fc.constant({ login: "zed-stranger" }),
    account(data.users.map((u) => u.login)),
    ...(privileged.length ? [account(privileged), account(privileged)] : []),
  );
}


function dataText(kind: OracleKindName, data: Dataset): Array<string | null | undefined> {
  switch (kind) {
    case "repositories":
      return data.repositories.flatMap((r) => [r.name, r.description, r.readme, ...(r.topics ?? []), (r.topics ?? []).join(" ")]);
    case "users":
      return data.users.flatMap((u) => [u.login, u.name, u.email]);
    case "topics":
      return data.topics.flatMap((t) => [t.name, t.display_name, t.short_description, t.description]);
    case "labels":
      return data.labels.flatMap((l) => [l.name, l.description]);
    case "issues":
      return [...data.issues.flatMap((i) => [i.title, i.body]), ...data.comments.map((c) => c.body)];
    case "code":
      return data.code.flatMap((f) => [f.content?.slice(0, 200), f.path]);
    case "commits":
      return data.commits.map((c) => c.commit.message);
  }
}


// ---------------------------------------------------------------- per kind

export function families(kind: OracleKindName, data: Dataset): QueryFamilies {
  const text = fc.oneof({ weight: 5, arbitrary: termArb }, { weight: 1, arbitrary: phraseArb }, { weight: 5, arbitrary: textFromData(dataText(kind, data)) });
  const logins = data.users.map((u) => u.login);
  switch (kind) {
    case "issues":
      return issueFamilies(data, text);
    case "code":
      return codeFamilies(data);
    case "commits":
      return commitFamilies(data, text);
    case "repositories": {
      const names = data.repositories.map((r) => r.full_name);
      const numbers = ["stars", "forks", "size", "followers", "topics", "good-first-issues", "help-wanted-issues"];
      const dates = ["created", "pushed"];
      const qualifiers = fc.oneof(
        ...numbers.map((n) => q(n, numberValue)),
        ...dates.map((d) => q(d, dateValue)),
        q("language", literal(...LANGUAGE_VALUES)),
        q("topic", literal(...TOPIC_NAMES, "nope")),
        q("license", literal(...LICENSE_VALUES)),
        q("is", bogus("public", "private", "internal", "sponsorable")),
        q("has", bogus("funding-file")),
        q("mirror", bogus("true", "false")),
        q("template", bogus("true", "false")),
        q("archived", bogus("true", "false")),
        q("fork", bogus("true", "false", "only")),
        unknownQualifier(["foo", "label", "state"]),
      );
      const scopes = scopeAtoms(names, logins);
      // props.* applies only to a query limited to one organisation, so it comes with one.
      const orgs = data.users.filter((u) => u.type === "Organization").map((u) => u.login);
      const props = fc
        .tuple(fc.constantFrom("env", "team"), fc.constantFrom("prod", "dev", "core", "web"), fc.constantFrom(...orgs), fc.boolean())
        .map(([p, v, org, negated]) => ({ type: "and" as const, parts: [qualifier(`props.${p}`, v, { negated }), qualifier("org", org)] }));
      const conditions = fc.oneof({ weight: 1, arbitrary: text }, { weight: 1, arbitrary: qualifiers });
      return {
        terms: text,
        conditions,
        atoms: fc.oneof({ weight: 16, arbitrary: conditions }, { weight: 1, arbitrary: scopes.map(maybeNegated) }),
        scopes: fc.oneof({ weight: 12, arbitrary: scopes }, { weight: 1, arbitrary: scopes.map(negated) }, { weight: 2, arbitrary: props }),
        options: fc.oneof(inQualifier(["name", "description", "topics", "readme"]), sortQualifier(["stars", "forks", "help-wanted-issues", "updated"])),
        numbers,
        dates,
      };
    }
    case "users": {
      const numbers = ["repos", "followers"];
      const qualifiers = fc.oneof(
        ...numbers.map((n) => q(n, numberValue)),
        q("created", dateValue),
        q("type", bogus("user", "users", "org", "organization")),
        q("fullname", literal(...FULL_NAMES, "Nobody Atall"), { quote: "always" }),
        q("location", literal(...PLACE_VALUES), { quote: "always" }),
        q("language", literal(...LANGUAGE_VALUES)),
        q("is", bogus("sponsorable")),
        unknownQualifier(["foo", "stars"]),
      );
      const scopes = fc.oneof(q("user", login(logins), { negatable: false }), q("org", login(logins), { negatable: false }));
      const conditions = fc.oneof({ weight: 1, arbitrary: text }, { weight: 1, arbitrary: qualifiers });
      return {
        terms: text,
        conditions,
        atoms: fc.oneof({ weight: 16, arbitrary: conditions }, { weight: 1, arbitrary: scopes.map(maybeNegated) }),
        scopes: fc.oneof({ weight: 12, arbitrary: scopes }, { weight: 1, arbitrary: scopes.map(negated) }),
        options: fc.oneof(inQualifier(["login", "username", "name", "fullname", "email"]), sortQualifier(["followers", "repositories", "joined"])),
        numbers,
        dates: ["created"],
      };
    }
    case "topics": {
      const qualifiers = fc.oneof(
        q("is", bogus("featured", "not-featured", "curated", "not-curated")),
        q("repositories", numberValue),
        q("created", dateValue),
        unknownQualifier(["foo", "in", "topic"]),
      );
      const conditions = fc.oneof({ weight: 4, arbitrary: text }, { weight: 3, arbitrary: qualifiers });
      return {
        terms: text,
        conditions,
        atoms: conditions,
        options: sortQualifier([]),
        numbers: ["repositories"],
        dates: ["created"],
      };
    }
    case "labels": {
      const conditions = fc.oneof({ weight: 10, arbitrary: text }, { weight: 1, arbitrary: unknownQualifier(["is", "in", "foo"]) });
      return {
        terms: text,
        conditions,
        atoms: conditions,
        options: sortQualifier(["created", "updated"]),
        numbers: [],
        dates: [],
      };
    }
  }
}

// ---------------------------------------------------------------- query trees

/**
 * A boolean tree over atoms, built so that its rendering parses back to the
 * same tree: an OR inside an AND is always parenthesised, `-` only excludes
 * terms, phrases and groups.
 */
export function treeArb(atoms: fc.Arbitrary<Query>, depth: number): fc.Arbitrary<Query> {
  const unit = (d: number): fc.Arbitrary<Query> => {
    const options: Array<fc.WeightedArbitrary<Query>> = [
      { weight: 16, arbitrary: atoms },
      { weight: 2, arbitrary: atoms.map((a) => not(a, "NOT")) },
      { weight: 2, arbitrary: fc.oneof(termArb, phraseArb).map((a) => not(a, "-")) },
    ];
    // Rarely, parentheses nested around the limit of five levels.
    options.push({ weight: 1, arbitrary: fc.tuple(atoms, fc.integer({ min: 3, max: 7 })).map(([a, n]) => Array.from({ length: n }).reduce<Query>((inner) => group(inner), a)) });
    if (d > 0) {
      options.push({ weight: 2, arbitrary: expression(d - 1).map((e) => group(e)) });
      options.push({ weight: 1, arbitrary: expression(d - 1).map((e) => not(group(e), "-")) });
      options.push({ weight: 1, arbitrary: expression(d - 1).map((e) => not(group(e), "NOT")) });
    }
    return fc.oneof(...options);
  };
  const conjunction = (d: number) =>
    fc.array(fc.tuple(unit(d), fc.constantFrom(false, false, false, true)), { minLength: 1, maxLength: 3 }).map((items): Query =>
      items.length === 1 ? items[0][0] : { type: "and", parts: items.map(([p]) => p), explicit: items.slice(1).map(([, e]) => e) },
    );
  const expression = (d: number): fc.Arbitrary<Query> =>
    fc.oneof(
      { weight: 5, arbitrary: conjunction(d) },
      { weight: 1, arbitrary: fc.array(conjunction(d), { minLength: 2, maxLength: 3 }).map((parts): Query => ({ type: "or", parts })) },
    );
  return expression(depth);
}

/**
 * A whole query for a kind: a tree, with scopes and options often added at
 * the top level; never one of the known disagreements (known-bugs.ts).
 */
export function queryArb(kind: OracleKindName, data: Dataset): fc.Arbitrary<Query> {
  const f = families(kind, data);
  const extras = fc.tuple(
    f.scopes ? fc.array(f.scopes, { maxLength: 2 }) : fc.constant([]),
    f.options ? fc.array(f.options, { maxLength: 1 }) : fc.constant([]),
  );
  // One or two atoms now and then, so that results are often not empty; otherwise a tree.
  const simple = fc.array(f.atoms, { minLength: 1, maxLength: 2 }).map((parts): Query => (parts.length === 1 ? parts[0] : { type: "and", parts }));
  const tree = fc.oneof({ weight: 2, arbitrary: simple }, { weight: 3, arbitrary: treeArb(f.atoms, 1) }, { weight: 1, arbitrary: treeArb(f.atoms, 2) });
  const whole = fc.tuple(tree, extras, fc.boolean()).map(([tree, [scopes, options], scopesFirst]): Query => {
    const extra = [...scopes, ...options].flatMap((p) => (p.type === "and" ? p.parts : [p]));
    if (!extra.length) return tree;
    // An OR at the top must be grouped before anything is juxtaposed with it.
    const body = tree.type === "or" ? group(tree) : tree;
    const bodyParts = body.type === "and" ? body.parts : [body];
    const bodyJoins = body.type === "and" ? (body.explicit ?? bodyParts.slice(1).map(() => false)) : [];
    const spaces = (n: number) => Array.from({ length: n }, () => false);
    return scopesFirst
      ? { type: "and", parts: [...extra, ...bodyParts], explicit: [...spaces(extra.length), ...bodyJoins] }
      : { type: "and", parts: [...bodyParts, ...extra], explicit: [...bodyJoins, ...spaces(extra.length)] };
  });
  return whole.filter((q) => !hitsKnownBug(kind, q));
}
