import { describe, expect, it } from "vitest";
import { checkKindSpec, KindSpecError } from "../../src/kinds/check.js";
import { KINDS } from "../../src/kinds/index.js";
import { enumQualifier, inQualifier, keyword, numberQualifier } from "../../src/kinds/qualifiers.js";
import type { KindSpec, QualifierSpec, RecordLike } from "../../src/kinds/types.js";

const repositories = KINDS.repositories!;
const users = KINDS.users!;
const issues = KINDS.issues!;

/** A copy of a real spec with its qualifier `name` replaced. */
const withQualifier = (spec: KindSpec<RecordLike>, name: string, q: QualifierSpec): KindSpec<RecordLike> => ({
  ...spec,
  qualifiers: spec.qualifiers.map((old) => (old.name === name ? q : old)),
});

/** The error checkKindSpec throws for `spec`, or undefined. */
function failureOf(spec: KindSpec<RecordLike>): KindSpecError | undefined {
  try {
    checkKindSpec(spec);
    return undefined;
  } catch (err) {
    if (err instanceof KindSpecError) return err;
    throw err;
  }
}

describe("checkKindSpec", () => {
  it("accepts every kind the library ships", () => {
    for (const spec of Object.values(KINDS)) expect(failureOf(spec), spec.kind).toBeUndefined();
  });

  const broken: Array<[string, KindSpec<RecordLike>, string, RegExp]> = [
    ["a misspelt sort column", { ...repositories, sorts: { ...repositories.sorts, stars: { column: "stargazers" } } }, "stargazers", /sort "stars" names column "stargazers"/],
    ["a sort on a keyword column", { ...repositories, sorts: { ...repositories.sorts, language: { column: "language" } } }, "language", /as number, but it is a keyword column/],
    ["a default field that is not a text field", { ...users, defaultFields: ["login", "location"] }, "location", /defaultFields names text field "location"/],
    [
      "a text-match field missing",
      { ...repositories, textMatches: repositories.textMatches.map((tm, i) => (i === 0 ? { ...tm, field: "nmae" } : tm)) },
      "nmae",
      /text match "name" names text field "nmae"/,
    ],
    ["a number qualifier naming a missing column", withQualifier(repositories, "stars", numberQualifier("stars", "stargazers_count")), "stargazers_count", /qualifier "stars" names column "stargazers_count"/],
    ["a number qualifier on a keyword column", withQualifier(repositories, "size", numberQualifier("size", "language")), "language", /qualifier "size" reads column "language" as number/],
    [
      "an enum case naming a missing column",
      withQualifier(issues, "state", enumQualifier("state", { open: () => keyword("stat", "open") })),
      "stat",
      /qualifier "state" names column "stat"/,
    ],
    ["an in: option naming a missing field", withQualifier(repositories, "in", inQualifier({ name: ["name"], readme: ["read_me"] })), "read_me", /in:readme names text field "read_me"/],
    ["a hand-written qualifier without its columns", withQualifier(issues, "head", { name: "head", build: () => keyword("head", "x") }), "head", /declares no columns/],
    [
      "a join through a missing column",
      { ...repositories, columns: repositories.columns.map((c) => (c.joinedBy ? { ...c, joinedBy: { ...c.joinedBy, column: "owners" } } : c)) },
      "owners",
      /join of column "sponsorable" names column "owners"/,
    ],
    ["a column declared twice", { ...users, columns: [...users.columns, users.columns[0]] }, users.columns[0].name, /declared twice/],
  ];

  it.each(broken)("refuses %s, naming the kind and the bad name", (_what, spec, bad, message) => {
    const err = failureOf(spec);
    expect(err).toBeInstanceOf(KindSpecError);
    expect(err!.kind).toBe(spec.kind);
    expect(err!.offending).toBe(bad);
    expect(err!.message).toContain(`kind "${spec.kind}"`);
    expect(err!.message).toMatch(message);
  });
});
