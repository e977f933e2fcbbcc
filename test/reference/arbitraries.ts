/**
 * fast-check arbitraries: small random datasets whose words, numbers, dates
 * and names collide on purpose, random queries over every qualifier family of
 * repositories, users, topics and labels (mostly valid, some invalid on
 * purpose), and random callers.
 */
import fc from "fast-check";
import { ownerOf, visibility, type Caller } from "./access.js";
import type { Dataset, IssueRecord, LabelRecord, RepositoryRecord, TopicRecord, UserRecord } from "./dataset.js";
import { API } from "./dataset.js";
import type { OracleKindName } from "./kinds/index.js";
import { group, not, qualifier, type Query } from "./query.js";
import { words } from "./text.js";

// ---------------------------------------------------------------- vocabulary

/** Few words, so that records and queries share them. */
export const WORDS = ["alpha", "beta", "web", "search", "engine", "fast", "tool", "data", "graph", "café"] as const;
const TOPIC_NAMES = ["web", "search", "cli", "graph", "data-science", "search-engine", "fast", "tool"] as const;
const LANGUAGES_IN_DATA = ["Go", "JavaScript", "Python", "Rust", "TypeScript", "Zork"] as const;
/** Names and aliases (js, golang, py, rs, ts), in any case, plus values no language has. */
const LANGUAGE_VALUES = ["go", "Golang", "javascript", "JS", "python", "py", "Rust", "rs", "typescript", "ts", "zork", "cobol"] as const;
const LICENSES = ["mit", "apache-2.0", "gpl-2.0", "gpl-3.0", "lgpl-2.1", "agpl-3.0", "cc0-1.0", "cc-by-4.0"] as const;
const LICENSE_VALUES = ["mit", "MIT", "apache-2.0", "gpl", "gpl-3.0", "lgpl", "cc", "cc0-1.0", "agpl-3.0", "wtfpl"] as const;
const PEOPLE = ["ada", "bob", "cyd", "dee", "eve", "fay", "search-bot", "web-dev"] as const;
const ORGANISATIONS = ["acme", "orbit", "data-co", "web"] as const;
const FULL_NAMES = ["Ada Lovelace", "Bob  Search", "Grace Hopper", "Alan Web", "Cyd Engine", "ada lovelace"] as const;
const PLACES = ["London", "Reykjavik, Iceland", "San Francisco", "Paris, France", "paris"] as const;
const PLACE_VALUES = ["london", "iceland", "Reykjavik, Iceland", "paris", "San Francisco", "francisco", "nowhere"] as const;
const LABEL_NAMES = ["bug", "Bug fix", "good first issue", "help wanted", "enhancement", "search", "web ui", "wontfix", "data-loss"] as const;
const ISSUE_LABELS = ["good first issue", "good-first-issue", "Help Wanted", "help_wanted", "bug"] as const;

/** Five days around a leap day, so that bare dates, day ends and offsets matter. */
const DAYS = ["2020-02-27", "2020-02-28", "2020-02-29", "2020-03-01", "2020-03-02"] as const;
const QUERY_DAYS = ["2020-02-26", ...DAYS, "2020-03-03"] as const;
const TIMES = ["00:00:00", "00:30:00", "12:00:00", "23:30:00", "23:59:59"] as const;
const ZONES = ["Z", "+00:00", "+01:00", "-05:00", "+05:30"] as const;

const withCase = (word: string) => fc.constantFrom(word, word[0].toUpperCase() + word.slice(1), word.toUpperCase());
const word = fc.constantFrom(...WORDS).chain(withCase);

/** Free text of 1–4 words with assorted separators. */
const prose = fc
  .array(fc.tuple(word, fc.constantFrom(" ", " ", "-", ", ", ". ", " / ")), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([w, sep], i) => (i === 0 ? w : sep + w)).join(""));

const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
const small = fc.integer({ min: 0, max: 12 });
const stamp = fc.tuple(fc.constantFrom(...DAYS), fc.constantFrom(...TIMES), fc.constantFrom("Z", "Z", "Z", "+02:00")).map(([d, t, z]) => `${d}T${t}${z}`);

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

export const datasetArb: fc.Arbitrary<Dataset> = userRecords().chain((users) =>
  repositoryRecords(users).chain((repositories) =>
    fc.record({
      users: fc.constant(users),
      repositories: fc.constant(repositories),
      topics: topicRecords,
      labels: labelRecords(repositories),
      issues: issueRecords(repositories),
    }),
  ),
);

// ---------------------------------------------------------------- callers

/** Anonymous, a stranger, or an account, often one with rights on a hidden repository (owner, collaborator, member). */
export function callerArb(data: Dataset): fc.Arbitrary<Caller | undefined> {
  const privileged = data.repositories
    .filter((r) => visibility(r) !== "public")
    .flatMap((r) => [ownerOf(r), ...(r.collaborators ?? []), ...(data.users.find((u) => u.login === ownerOf(r))?.members ?? [])]);
  const login = (pool: string[]) => fc.constantFrom(...pool).chain(withCase).map((l) => ({ login: l }));
  return fc.oneof(
    fc.constant(undefined),
    fc.constant({ login: "zed-stranger" }),
    login(data.users.map((u) => u.login)),
    ...(privileged.length ? [login(privileged), login(privileged)] : []),
  );
}

// ---------------------------------------------------------------- query values

const numberValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 40, arbitrary: fc.tuple(fc.constantFrom("", ">", ">=", "<", "<="), small).map(([op, n]) => `${op}${n}`) },
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.option(small, { nil: undefined }), fc.option(small, { nil: undefined }))
      .map(([a, b]) => `${a ?? "*"}..${b ?? "*"}`),
  },
  { weight: 1, arbitrary: fc.constantFrom("abc", "1.5", "-1", "10kb", "1,000", ">=", "5..", "") },
);

const dayOrStamp = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...QUERY_DAYS) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...QUERY_DAYS), fc.constantFrom(...TIMES), fc.constantFrom(...ZONES), fc.boolean())
      // The "+" of a zone may arrive as a space (a carelessly encoded query).
      .map(([d, t, z, spaced]) => `${d}T${t}${spaced && z.startsWith("+") ? " " + z.slice(1) : z}`),
  },
);

const dateValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 40, arbitrary: fc.tuple(fc.constantFrom("", ">", ">=", "<", "<="), dayOrStamp).map(([op, d]) => `${op}${d}`) },
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.option(dayOrStamp, { nil: undefined }), fc.option(dayOrStamp, { nil: undefined }))
      .map(([a, b]) => `${a ?? "*"}..${b ?? "*"}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom("2020-13-01", "2020-02-30", "2021-02-29", "2020-1-1", "2020-01-01T24:00:00Z", "2020-01-01T10:00", "2020-01-01T10:00:00", "2020-01-01T10:00:00+0700", "yesterday"),
  },
);

/** A qualifier atom: name (sometimes capitalised), value, sometimes `-`, sometimes quoted. */
function q(name: string, value: fc.Arbitrary<string>, options: { quote?: "maybe" | "always"; negatable?: boolean } = {}): fc.Arbitrary<Query> {
  const { quote = "maybe", negatable = true } = options;
  return fc
    .tuple(fc.constantFrom(name, name, name[0].toUpperCase() + name.slice(1)), value, negatable ? fc.boolean() : fc.constant(false), fc.boolean())
    .map(([n, v, negated, quoted]) => qualifier(n, v, { negated, quoted: quote === "always" || (quote === "maybe" && quoted && !v.includes(",") && v !== "") }));
}

const literal = (...values: string[]) => fc.constantFrom(...values);
const bogus = (...values: string[]) => fc.oneof({ weight: 30, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fc.constant("bogus") });

/** `in:` with one or more fields (a comma list), rarely a value the kind lacks. */
const inQualifier = (fields: string[]) =>
  fc.uniqueArray(bogus(...fields), { minLength: 1, maxLength: 3 }).map((fs) => qualifier("in", fs.join(",")));

function sortQualifier(fields: string[]): fc.Arbitrary<Query> {
  const field = fc.oneof({ weight: 20, arbitrary: fc.constantFrom("relevance", ...fields) }, { weight: 1, arbitrary: fc.constant("nope") });
  return fc.tuple(field, fc.constantFrom("", "-asc", "-desc")).map(([f, dir]) => qualifier("sort", f + dir));
}

/** A name the kind does not know: its text is searched as a phrase. */
const unknownQualifier = (names: string[]) => fc.tuple(fc.constantFrom(...names), word).map(([n, v]) => qualifier(n, v));

// ---------------------------------------------------------------- terms and phrases

const LONG = "x".repeat(250);

const termArb: fc.Arbitrary<Query> = fc.oneof(
  { weight: 60, arbitrary: word.map((text) => ({ type: "term" as const, text })) },
  { weight: 8, arbitrary: fc.tuple(word, fc.constantFrom("-", ".", "_"), word).map(([a, sep, b]) => ({ type: "term" as const, text: `${a}${sep}${b}` })) },
  { weight: 1, arbitrary: fc.constantFrom("!!", "@me", LONG, `${LONG}xxxxxxx`).map((text) => ({ type: "term" as const, text })) },
);

const phraseArb: fc.Arbitrary<Query> = fc
  .array(fc.tuple(word, fc.constantFrom(" ", " ", ", ")), { minLength: 1, maxLength: 3 })
  .map((parts) => ({ type: "phrase" as const, text: parts.map(([w, sep], i) => (i === 0 ? w : sep + w)).join("") }));

/**
 * Keywords and phrases cut from the records' own text: a run of 1–3
 * consecutive words of one value, so that phrases find something. The values
 * of a many-valued field are also offered joined, so a run may cross from one
 * value into the next (which must not match).
 */
function textFromData(values: Array<string | null | undefined>): fc.Arbitrary<Query> {
  const runs = values.map((v) => words(v)).filter((ws) => ws.length > 0);
  if (!runs.length) return termArb;
  return fc.constantFrom(...runs).chain((ws) =>
    fc
      .tuple(fc.nat({ max: ws.length - 1 }), fc.integer({ min: 1, max: 3 }), fc.constantFrom("phrase", "phrase", "joined"), fc.constantFrom("-", ".", "_"))
      .chain(([start, length, form, sep]) => {
        const run = ws.slice(start, start + length);
        if (run.length === 1 || form === "phrase") return fc.constant<Query>(run.length === 1 ? { type: "term", text: run[0] } : { type: "phrase", text: run.join(" ") });
        return fc.constant<Query>({ type: "term", text: run.join(sep) });
      }),
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
  }
}

// ---------------------------------------------------------------- per kind

export interface QueryFamilies {
  /** Keywords and phrases. */
  terms: fc.Arbitrary<Query>;
  /** Keywords, phrases and qualifiers other than ownership scopes: they may appear anywhere. */
  conditions: fc.Arbitrary<Query>;
  /** Conditions, and now and then a scope where scopes are not expected (an error, or a plain condition). */
  atoms: fc.Arbitrary<Query>;
  /** repo:/user:/org: (top level; elsewhere they are errors or plain conditions). */
  scopes?: fc.Arbitrary<Query>;
  /** Options of the whole query (in:, sort:), put at the top level. */
  options?: fc.Arbitrary<Query>;
  /** Numeric and date qualifiers by name, for the range equivalences. */
  numbers: string[];
  dates: string[];
}

const negated = (q: Query): Query => (q.type === "qualifier" ? { ...q, negated: true } : q);
/** Deterministic in the query's own text, so that shrinking keeps it stable. */
const maybeNegated = (q: Query): Query => (q.type === "qualifier" && q.value.length % 2 === 0 ? negated(q) : q);

function login(pool: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 20, arbitrary: fc.constantFrom(...pool).chain(withCase) },
    { weight: 1, arbitrary: fc.constantFrom("@me", "nobody-here") },
  );
}

export function families(kind: OracleKindName, data: Dataset): QueryFamilies {
  const text = fc.oneof({ weight: 5, arbitrary: termArb }, { weight: 1, arbitrary: phraseArb }, { weight: 5, arbitrary: textFromData(dataText(kind, data)) });
  const logins = data.users.map((u) => u.login);
  switch (kind) {
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
      const scopes = fc.oneof(
        { weight: 4, arbitrary: q("repo", fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...names).chain(withCase) }, { weight: 1, arbitrary: literal("nobody/none", "justaname") }), { negatable: false }) },
        { weight: 3, arbitrary: q("user", login(logins), { negatable: false }) },
        { weight: 3, arbitrary: q("org", login(logins), { negatable: false }) },
      );
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

/** A whole query for a kind: a tree, with scopes and options often added at the top level. */
export function queryArb(kind: OracleKindName, data: Dataset): fc.Arbitrary<Query> {
  const f = families(kind, data);
  const extras = fc.tuple(
    f.scopes ? fc.array(f.scopes, { maxLength: 2 }) : fc.constant([]),
    f.options ? fc.array(f.options, { maxLength: 1 }) : fc.constant([]),
  );
  const tree = fc.oneof({ weight: 3, arbitrary: treeArb(f.atoms, 1) }, { weight: 1, arbitrary: treeArb(f.atoms, 2) });
  return fc.tuple(tree, extras, fc.boolean()).map(([tree, [scopes, options], scopesFirst]) => {
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
}
