/**
 * The building blocks every kind's generators share: a small vocabulary that
 * records and queries draw from (so they collide on purpose), timestamps
 * around a leap day, number and date expressions (a few invalid on purpose),
 * qualifier atoms, keywords and phrases.
 */
import fc from "fast-check";
import { qualifier, type Query } from "../query.js";
import { words } from "../text.js";

// ---------------------------------------------------------------- vocabulary

/** Few words, so that records and queries share them. */
export const WORDS = ["alpha", "beta", "web", "search", "engine", "fast", "tool", "data", "graph", "café"] as const;
export const TOPIC_NAMES = ["web", "search", "cli", "graph", "data-science", "search-engine", "fast", "tool"] as const;
export const LANGUAGES_IN_DATA = ["Go", "JavaScript", "Python", "Rust", "TypeScript", "Zork"] as const;
/** Names and aliases (js, golang, py, rs, ts), in any case, plus values no language has. */
export const LANGUAGE_VALUES = ["go", "Golang", "javascript", "JS", "python", "py", "Rust", "rs", "typescript", "ts", "zork", "cobol"] as const;
export const LICENSES = ["mit", "apache-2.0", "gpl-2.0", "gpl-3.0", "lgpl-2.1", "agpl-3.0", "cc0-1.0", "cc-by-4.0"] as const;
export const LICENSE_VALUES = ["mit", "MIT", "apache-2.0", "gpl", "gpl-3.0", "lgpl", "cc", "cc0-1.0", "agpl-3.0", "wtfpl"] as const;
export const PEOPLE = ["ada", "bob", "cyd", "dee", "eve", "fay", "search-bot", "web-dev"] as const;
export const ORGANISATIONS = ["acme", "orbit", "data-co", "web"] as const;
export const FULL_NAMES = ["Ada Lovelace", "Bob  Search", "Grace Hopper", "Alan Web", "Cyd Engine", "ada lovelace"] as const;
export const PLACES = ["London", "Reykjavik, Iceland", "San Francisco", "Paris, France", "paris"] as const;
export const PLACE_VALUES = ["london", "iceland", "Reykjavik, Iceland", "paris", "San Francisco", "francisco", "nowhere"] as const;
export const LABEL_NAMES = ["bug", "Bug fix", "good first issue", "help wanted", "enhancement", "search", "web ui", "wontfix", "data-loss"] as const;
export const ISSUE_LABELS = ["good first issue", "good-first-issue", "Help Wanted", "help_wanted", "bug"] as const;

/** Five days around a leap day, so that bare dates, day ends and offsets matter. */
export const DAYS = ["2020-02-27", "2020-02-28", "2020-02-29", "2020-03-01", "2020-03-02"] as const;
export const QUERY_DAYS = ["2020-02-26", ...DAYS, "2020-03-03"] as const;
export const TIMES = ["00:00:00", "00:30:00", "12:00:00", "23:30:00", "23:59:59"] as const;
export const ZONES = ["Z", "+00:00", "+01:00", "-05:00", "+05:30"] as const;

export const withCase = (word: string) => fc.constantFrom(word, word[0].toUpperCase() + word.slice(1), word.toUpperCase());
export const word = fc.constantFrom(...WORDS).chain(withCase);

/** Free text of 1–4 words with assorted separators. */
export const prose = fc
  .array(fc.tuple(word, fc.constantFrom(" ", " ", "-", ", ", ". ", " / ")), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([w, sep], i) => (i === 0 ? w : sep + w)).join(""));

export const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 3 });
export const small = fc.integer({ min: 0, max: 12 });
export const stamp = fc.tuple(fc.constantFrom(...DAYS), fc.constantFrom(...TIMES), fc.constantFrom("Z", "Z", "Z", "+02:00")).map(([d, t, z]) => `${d}T${t}${z}`);

// ---------------------------------------------------------------- query values

export const numberValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 40, arbitrary: fc.tuple(fc.constantFrom("", ">", ">=", "<", "<="), small).map(([op, n]) => `${op}${n}`) },
  {
    weight: 8,
    arbitrary: fc
      .tuple(fc.option(small, { nil: undefined }), fc.option(small, { nil: undefined }))
      .map(([a, b]) => `${a ?? "*"}..${b ?? "*"}`),
  },
  { weight: 1, arbitrary: fc.constantFrom("abc", "1.5", "-1", "10kb", "1,000", ">=", "5..", "") },
);

export const dayOrStamp = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...QUERY_DAYS) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...QUERY_DAYS), fc.constantFrom(...TIMES), fc.constantFrom(...ZONES), fc.boolean())
      // The "+" of a zone may arrive as a space (a carelessly encoded query).
      .map(([d, t, z, spaced]) => `${d}T${t}${spaced && z.startsWith("+") ? " " + z.slice(1) : z}`),
  },
);

export const dateValue: fc.Arbitrary<string> = fc.oneof(
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

/**
 * A qualifier atom: name (sometimes capitalised), value, sometimes `-`
 * (`negatable: "rarely"`: now and then), sometimes quoted; a value with
 * whitespace always is.
 */
export function q(name: string, value: fc.Arbitrary<string>, options: { quote?: "maybe" | "always"; negatable?: boolean | "rarely" } = {}): fc.Arbitrary<Query> {
  const { quote = "maybe", negatable = true } = options;
  const negation = negatable === "rarely" ? fc.constantFrom(false, false, false, false, false, false, false, true) : negatable ? fc.boolean() : fc.constant(false);
  return fc
    .tuple(fc.constantFrom(name, name, name[0].toUpperCase() + name.slice(1)), value, negation, fc.boolean())
    .map(([n, v, negated, quoted]) =>
      qualifier(n, v, { negated, quoted: quote === "always" || /\s/.test(v) || (quote === "maybe" && quoted && !v.includes(",") && v !== "") }),
    );
}

export const literal = (...values: string[]) => fc.constantFrom(...values);
export const bogus = (...values: string[]) => fc.oneof({ weight: 30, arbitrary: fc.constantFrom(...values) }, { weight: 1, arbitrary: fc.constant("bogus") });

/** `in:` with one or more fields (a comma list), rarely a value the kind lacks. */
export const inQualifier = (fields: string[]) =>
  fc.uniqueArray(bogus(...fields), { minLength: 1, maxLength: 3 }).map((fs) => qualifier("in", fs.join(",")));

export function sortQualifier(fields: string[]): fc.Arbitrary<Query> {
  const field = fc.oneof({ weight: 20, arbitrary: fc.constantFrom("relevance", ...fields) }, { weight: 1, arbitrary: fc.constant("nope") });
  return fc.tuple(field, fc.constantFrom("", "-asc", "-desc")).map(([f, dir]) => qualifier("sort", f + dir));
}

/** A name the kind does not know: its text is searched as a phrase. */
export const unknownQualifier = (names: string[]) => fc.tuple(fc.constantFrom(...names), word).map(([n, v]) => qualifier(n, v));

// ---------------------------------------------------------------- terms and phrases

export const LONG = "x".repeat(250);

export const termArb: fc.Arbitrary<Query> = fc.oneof(
  { weight: 60, arbitrary: word.map((text) => ({ type: "term" as const, text })) },
  { weight: 8, arbitrary: fc.tuple(word, fc.constantFrom("-", ".", "_"), word).map(([a, sep, b]) => ({ type: "term" as const, text: `${a}${sep}${b}` })) },
  { weight: 1, arbitrary: fc.constantFrom("!!", "@me", LONG, `${LONG}xxxxxxx`).map((text) => ({ type: "term" as const, text })) },
);

export const phraseArb: fc.Arbitrary<Query> = fc
  .array(fc.tuple(word, fc.constantFrom(" ", " ", ", ")), { minLength: 1, maxLength: 3 })
  .map((parts) => ({ type: "phrase" as const, text: parts.map(([w, sep], i) => (i === 0 ? w : sep + w)).join("") }));

/**
 * Keywords and phrases cut from the records' own text: a run of 1–3
 * consecutive words of one value, so that phrases find something. The values
 * of a many-valued field are also offered joined, so a run may cross from one
 * value into the next (which must not match). `joined: false` leaves out
 * the runs written as one bare keyword (`alpha-beta`).
 */
export function textFromData(values: Array<string | null | undefined>, options: { joined?: boolean; fallback?: fc.Arbitrary<Query> } = {}): fc.Arbitrary<Query> {
  const { joined = true, fallback = termArb } = options;
  const runs = values.map((v) => words(v)).filter((ws) => ws.length > 0);
  if (!runs.length) return fallback;
  return fc.constantFrom(...runs).chain((ws) =>
    fc
      .tuple(fc.nat({ max: ws.length - 1 }), fc.integer({ min: 1, max: 3 }), fc.constantFrom("phrase", "phrase", joined ? "joined" : "phrase"), fc.constantFrom("-", ".", "_"))
      .chain(([start, length, form, sep]) => {
        const run = ws.slice(start, start + length);
        if (run.length === 1 || form === "phrase") return fc.constant<Query>(run.length === 1 ? { type: "term", text: run[0] } : { type: "phrase", text: run.join(" ") });
        return fc.constant<Query>({ type: "term", text: run.join(sep) });
      }),
  );
}

// ---------------------------------------------------------------- per kind

export interface QueryFamilies {
  /** Keywords and phrases. */
  terms: fc.Arbitrary<Query>;
  /** Keywords, phrases and qualifiers other than ownership scopes: they may appear anywhere. */
  conditions: fc.Arbitrary<Query>;
  /** Conditions, and now and then a scope where scopes are not expected (an error, or a plain condition). */
  atoms: fc.Arbitrary<Query>;
  /**
   * repo:/user:/org: (top level; elsewhere they are errors or plain
   * conditions), and what else a kind wants side by side at the top level
   * (issues: two involves:).
   */
  scopes?: fc.Arbitrary<Query>;
  /** Options of the whole query (in:, sort:), put at the top level. */
  options?: fc.Arbitrary<Query>;
  /** A condition nearly every record meets that also satisfies the kind's whole-query rules (code: `-filename:…` stands in for a keyword). */
  broad?: Query;
  /** Numeric and date qualifiers by name, for the range equivalences. */
  numbers: string[];
  dates: string[];
}

export const negated = (q: Query): Query => (q.type === "qualifier" ? { ...q, negated: true } : q);
/** Deterministic in the query's own text, so that shrinking keeps it stable. */
export const maybeNegated = (q: Query): Query => (q.type === "qualifier" && q.value.length % 2 === 0 ? negated(q) : q);

export function login(pool: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 20, arbitrary: fc.constantFrom(...pool).chain(withCase) },
    { weight: 1, arbitrary: fc.constantFrom("@me", "nobody-here") },
  );
}

/** repo:, user: and org: over the dataset's repositories and accounts, now and then naming none. */
export function scopeAtoms(repositoryNames: string[], logins: string[]): fc.Arbitrary<Query> {
  return fc.oneof(
    { weight: 4, arbitrary: q("repo", fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...repositoryNames).chain(withCase) }, { weight: 1, arbitrary: literal("nobody/none", "justaname") }), { negatable: false }) },
    { weight: 3, arbitrary: q("user", login(logins), { negatable: false }) },
    { weight: 3, arbitrary: q("org", login(logins), { negatable: false }) },
  );
}
