/**
 * The engine against the reference evaluator over random datasets, queries and
 * callers, plus metamorphic equivalences (two queries that must find the same
 * set) and robustness on arbitrary text. FC_RUNS=n runs every property n times
 * (the default keeps the file within seconds).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SearchError, type SearchEngine } from "../../src/index.js";
import type { QueryNode } from "../../src/parse/ast.js";
import { parseQuery } from "../../src/parse/parse.js";
import type { Caller } from "./access.js";
import { callerArb, datasetArb, families, queryArb, treeArb } from "./arbitraries.js";
import type { Dataset } from "./dataset.js";
import { engineWith } from "./engine-with.js";
import { evaluate, sortValue, type Outcome } from "./evaluator.js";
import type { OracleKindName } from "./kinds/index.js";
import { ORACLE_KINDS } from "./kinds/index.js";
import { and, group, not, qualifier, render, type Query } from "./query.js";

const FROM_ENV = Number(process.env.FC_RUNS);
const runs = (usual: number) => ({ numRuns: Number.isInteger(FROM_ENV) && FROM_ENV > 0 ? FROM_ENV : usual });

const ACCEPT: Partial<Record<OracleKindName, string>> = { topics: "application/vnd.github.mercy-preview+json" };
const KINDS = Object.keys(ORACLE_KINDS) as OracleKindName[];
const SORTED_KINDS = KINDS.filter((k) => Object.keys(ORACLE_KINDS[k].sorts).length > 0);

interface Call {
  query: Query | string;
  caller?: Caller;
  repositoryId?: number;
  sort?: string;
  order?: "asc" | "desc";
  perPage?: number;
  page?: number;
}

type Answer = { ok: true; status: 200; keys: string[]; total: number } | { ok: false; status: number; message: string };

/** The identity of a result item: what the reference keys records by. */
function itemKey(kind: OracleKindName, item: Record<string, unknown>): string {
  return String(kind === "repositories" ? item.full_name : kind === "users" ? item.login : item.name);
}

/** The engine's answer; anything thrown other than a SearchError escapes and fails the property. */
async function ask(engine: SearchEngine, kind: OracleKindName, call: Call): Promise<Answer> {
  const q = typeof call.query === "string" ? call.query : render(call.query);
  try {
    const r = await engine.search(
      kind,
      { q, per_page: call.perPage ?? 100, page: call.page ?? 1, sort: call.sort, order: call.order, repository_id: call.repositoryId },
      { caller: call.caller, accept: ACCEPT[kind] },
    );
    return { ok: true, status: 200, keys: r.items.map((i) => itemKey(kind, i)), total: r.total_count };
  } catch (err) {
    if (err instanceof SearchError) return { ok: false, status: err.status, message: err.message };
    throw err;
  }
}

function oracle(kind: OracleKindName, data: Dataset, call: Call & { query: Query }): Outcome {
  return evaluate(kind, data, { query: call.query, caller: call.caller, repositoryId: call.repositoryId });
}

const describeCall = (kind: OracleKindName, call: Call) =>
  `${kind} q=${JSON.stringify(typeof call.query === "string" ? call.query : render(call.query))} caller=${call.caller?.login ?? "anonymous"}` +
  (call.repositoryId !== undefined ? ` repository_id=${call.repositoryId}` : "");

/** The repository a label search names: usually one with labels, sometimes one without, rarely none at all. */
function repositoryIdArb(kind: OracleKindName, data: Dataset): fc.Arbitrary<number | undefined> {
  if (kind !== "labels") return fc.constant(undefined);
  const withLabels = [...new Set(data.labels.map((l) => l.repository_id))];
  return fc.oneof(
    { weight: 8, arbitrary: withLabels.length ? fc.constantFrom(...withLabels) : fc.constant(data.repositories[0].id) },
    { weight: 1, arbitrary: fc.constantFrom(...data.repositories.map((r) => r.id)) },
    { weight: 1, arbitrary: fc.constant(424242) },
  );
}

/** A dataset and a handful of requests against it (one engine serves them all). */
function scenario(kind: OracleKindName, requests = 6) {
  return datasetArb.chain((data) =>
    fc.record({
      data: fc.constant(data),
      calls: fc.array(
        fc.record({ query: queryArb(kind, data), caller: callerArb(data), repositoryId: repositoryIdArb(kind, data) }),
        { minLength: 1, maxLength: requests },
      ),
    }),
  );
}

/** The records on which the two sides disagree, to read in a failure message. */
function disputed(kind: OracleKindName, data: Dataset, expected: Set<string>, actual: string[]): string {
  const differing = new Set([...actual.filter((k) => !expected.has(k)), ...[...expected].filter((k) => !actual.includes(k))]);
  const kindRecords = data[kind] as unknown as Array<{ name?: string; full_name?: string; login?: string }>;
  const key = (r: { name?: string; full_name?: string; login?: string }) => String(kind === "repositories" ? r.full_name : kind === "users" ? r.login : r.name);
  return JSON.stringify(kindRecords.filter((r) => differing.has(key(r))));
}

function sameAnswer(kind: OracleKindName, data: Dataset, call: Call, expected: Outcome, actual: Answer): void {
  const where = describeCall(kind, call);
  if (expected.status !== 200) {
    expect(actual.status, `${where}: the reference refuses (${expected.reason})`).toBe(expected.status);
    return;
  }
  expect(actual.status, `${where}: ${actual.ok ? "" : actual.message}`).toBe(200);
  if (!actual.ok) return;
  expect(new Set(actual.keys), `${where}; disputed: ${disputed(kind, data, expected.keys, actual.keys)}`).toEqual(expected.keys);
  expect(actual.keys.length, `${where}: duplicates`).toBe(new Set(actual.keys).size);
  expect(actual.total, `${where}: total_count`).toBe(expected.keys.size);
}

describe.each(KINDS)("%s: the engine finds exactly what the reference finds", (kind) => {
  it("for random datasets, queries and callers", async () => {
    await fc.assert(
      fc.asyncProperty(scenario(kind), async ({ data, calls }) => {
        const engine = engineWith(data);
        for (const call of calls) sameAnswer(kind, data, call, oracle(kind, data, call), await ask(engine, kind, call));
      }),
      runs(250),
    );
  });
});

describe.each(SORTED_KINDS)("%s: sorting", (kind) => {
  const fields = Object.keys(ORACLE_KINDS[kind].sorts);
  it("orders by the sort field, missing values last, by parameter or in the query", async () => {
    const arb = scenario(kind, 3).chain((s) =>
      fc.record({
        s: fc.constant(s),
        field: fc.constantFrom(...fields),
        order: fc.constantFrom("asc" as const, "desc" as const),
        inQuery: fc.boolean(),
      }),
    );
    await fc.assert(
      fc.asyncProperty(arb, async ({ s: { data, calls }, field, order, inQuery }) => {
        const engine = engineWith(data);
        for (const base of calls) {
          const call: Call = inQuery
            ? { ...base, query: and(base.query.type === "or" ? group(base.query) : base.query, qualifier("sort", `${field}-${order}`)) }
            : { ...base, sort: field, order };
          const answer = await ask(engine, kind, call);
          if (!answer.ok) continue;
          const values = answer.keys.map((k) => sortValue(kind, data, call, k, field));
          const present = values.filter((v): v is number => v !== undefined);
          const where = `${describeCall(kind, call)} sort=${field} ${order}: ${JSON.stringify(values)}`;
          expect(values.slice(present.length).every((v) => v === undefined), `${where}: missing values last`).toBe(true);
          for (let i = 1; i < present.length; i++) {
            expect(order === "asc" ? present[i - 1] <= present[i] : present[i - 1] >= present[i], where).toBe(true);
          }
        }
      }),
      runs(120),
    );
  });
});

describe.each(KINDS)("%s: paging", (kind) => {
  it("gives every page in one order, without duplicates, together the whole set", async () => {
    const fields = Object.keys(ORACLE_KINDS[kind].sorts);
    const arb = scenario(kind, 2).chain((s) =>
      fc.record({
        s: fc.constant(s),
        perPage: fc.integer({ min: 1, max: 7 }),
        sort: fields.length ? fc.option(fc.constantFrom(...fields), { nil: undefined }) : fc.constant(undefined),
        order: fc.constantFrom("asc" as const, "desc" as const),
      }),
    );
    await fc.assert(
      fc.asyncProperty(arb, async ({ s: { data, calls }, perPage, sort, order }) => {
        const engine = engineWith(data);
        for (const base of calls) {
          const call: Call = { ...base, sort, order };
          const whole = await ask(engine, kind, call);
          if (!whole.ok) continue;
          const seen: string[] = [];
          const pages = Math.ceil(whole.total / perPage);
          for (let page = 1; page <= pages + 1; page++) {
            const answer = await ask(engine, kind, { ...call, perPage, page });
            const where = `${describeCall(kind, call)} per_page=${perPage} page=${page}`;
            expect(answer.status, where).toBe(200);
            if (!answer.ok) return;
            expect(answer.total, where).toBe(whole.total);
            expect(answer.keys, where).toEqual(whole.keys.slice((page - 1) * perPage, page * perPage));
            seen.push(...answer.keys);
          }
          expect(new Set(seen).size).toBe(seen.length);
          expect(seen).toEqual(whole.keys);
        }
      }),
      runs(60),
    );
  });
});

describe("arbitrary query text", () => {
  const queryish = fc.string({
    unit: fc.oneof(
      fc.constantFrom(..." \t\"()-:,.<>=*@+/#_\u00a0\u3000"),
      fc.constantFrom("AND", "OR", "NOT", "stars", "in", "repo", "user", "org", "created", "fullname", "is", "sort", "..", ">=", "@me"),
      fc.constantFrom(..."abzAZ019é"),
    ),
    maxLength: 40,
  });
  const text = fc.oneof(queryish, fc.string({ unit: "binary", maxLength: 30 }), fc.string({ maxLength: 300 }));

  it.each(KINDS)("never escapes from %s as anything but a 422 SearchError", async (kind) => {
    const data: Dataset = {
      users: [{ login: "ada", id: 1, type: "User" }],
      repositories: [{ id: 7, name: "tool", full_name: "ada/tool", owner: { login: "ada" } }],
      topics: [{ name: "tool" }],
      labels: [{ id: 3, name: "bug", color: "ededed", repository_id: 7 }],
      issues: [],
    };
    const engine = engineWith(data);
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom(undefined, { login: "ada" }), async (q, caller) => {
        const answer = await ask(engine, kind, { query: q, caller, repositoryId: kind === "labels" ? 7 : undefined });
        if (!answer.ok) expect(answer.status, `q=${JSON.stringify(q)}: ${answer.message}`).toBe(422);
      }),
      runs(400),
    );
  });
});

// ---------------------------------------------------------------- equivalences

/** Two queries that must give the same answer, with one engine and caller. */
async function equivalent(engine: SearchEngine, kind: OracleKindName, left: Query, right: Query, call: Omit<Call, "query">) {
  const [a, b] = [await ask(engine, kind, { ...call, query: left }), await ask(engine, kind, { ...call, query: right })];
  const where = `${describeCall(kind, { ...call, query: left })} vs ${JSON.stringify(render(right))}`;
  expect(b.status, where).toBe(a.status);
  if (a.ok && b.ok) {
    expect(new Set(b.keys), where).toEqual(new Set(a.keys));
    expect(b.total, where).toBe(a.total);
  }
}

/** Pairs of queries every reading of the syntax makes equal. */
function equivalences(kind: OracleKindName, data: Dataset): fc.Arbitrary<Array<[Query, Query]>> {
  const f = families(kind, data);
  // Small conditions, without ownership scopes (those may not sit in parentheses).
  const unit = fc.oneof({ weight: 4, arbitrary: f.conditions }, { weight: 1, arbitrary: f.conditions.map((c) => not(c, "NOT")) });
  const a = unit;
  const b = unit;
  const pairs: Array<fc.Arbitrary<[Query, Query]>> = [
    fc.tuple(a, b).map(([x, y]) => [and(x, y), and(y, x)]),
    a.map((x) => [group(x), x]),
    f.terms.map((t) => [not(t, "-"), not(t, "NOT")]),
    f.conditions
      .filter((c) => c.type === "qualifier" && !c.negated)
      .map((c) => [{ ...(c as Extract<Query, { type: "qualifier" }>), negated: true }, not(c, "NOT")]),
  ];
  if (kind !== "labels") {
    pairs.push(fc.tuple(a, b).map(([x, y]) => [{ type: "and", parts: [x, y], explicit: [true] }, and(x, y)]));
    pairs.push(fc.tuple(a, b).map(([x, y]) => [group(and(x, y)), and(x, y)]));
  }
  const rangeForms = (name: string, value: fc.Arbitrary<string>, isNumber: boolean) =>
    fc.tuple(value, unit).chain(([v, context]) => {
      const forms: Array<[string, string]> = [
        [`>=${v}`, `${v}..*`],
        [`<=${v}`, `*..${v}`],
        [`${v}`, `${v}..${v}`],
      ];
      if (isNumber) {
        forms.push([`>${v}`, `${Number(v) + 1}..*`]);
        if (Number(v) > 0) forms.push([`<${v}`, `*..${Number(v) - 1}`]);
      }
      return fc.constantFrom(...forms).map(([x, y]): [Query, Query] => [and(context, qualifier(name, x)), and(context, qualifier(name, y))]);
    });
  for (const n of f.numbers) pairs.push(rangeForms(n, fc.integer({ min: 0, max: 12 }).map(String), true));
  for (const d of f.dates) pairs.push(rangeForms(d, fc.constantFrom("2020-02-28", "2020-02-29", "2020-03-01", "2020-02-29T12:00:00Z", "2020-02-29T23:30:00+01:00"), false));
  return fc.array(fc.oneof(...pairs), { minLength: 1, maxLength: 6 });
}

describe.each(KINDS)("%s: equivalent queries find the same set", (kind) => {
  it("a b ≡ b a, a AND b ≡ a b, (a) ≡ a, -x ≡ NOT x, >=n ≡ n..*, <=n ≡ *..n", async () => {
    const arb = datasetArb.chain((data) =>
      fc.record({ data: fc.constant(data), pairs: equivalences(kind, data), caller: callerArb(data), repositoryId: repositoryIdArb(kind, data) }),
    );
    await fc.assert(
      fc.asyncProperty(arb, async ({ data, pairs, caller, repositoryId }) => {
        const engine = engineWith(data);
        for (const [left, right] of pairs) await equivalent(engine, kind, left, right, { caller, repositoryId });
      }),
      runs(120),
    );
  });
});

/**
 * The shape of a tree as both sides see it (terms, phrases, qualifiers with
 * their values, AND/OR/NOT/groups), so the rendering can be checked against
 * the grammar: a mis-rendered query would make the properties above compare
 * the engine with a different query than the reference read.
 */
function shapeOfQuery(q: Query): string {
  switch (q.type) {
    case "term":
      return `t(${q.text})`;
    case "phrase":
      return `p(${q.text})`;
    case "qualifier":
      return `q(${q.negated ? "-" : ""}${q.name.toLowerCase()}=${q.value.replace(/(T\d\d:\d\d:\d\d) (\d\d:\d\d)/g, "$1+$2")})`;
    case "and":
      return `and(${q.parts.map(shapeOfQuery).join(",")})`;
    case "or":
      return `or(${q.parts.map(shapeOfQuery).join(",")})`;
    case "not":
      return `not(${shapeOfQuery(q.part)})`;
    case "group":
      return `g(${shapeOfQuery(q.part)})`;
  }
}

function shapeOfTree(n: QueryNode): string {
  switch (n.type) {
    case "term":
      return `t(${n.text})`;
    case "phrase":
      return `p(${n.text})`;
    case "qualifier":
      return `q(${n.negated ? "-" : ""}${n.name}=${n.raw})`;
    case "and":
      return `and(${n.children.map(shapeOfTree).join(",")})`;
    case "or":
      return `or(${n.children.map(shapeOfTree).join(",")})`;
    case "not":
      return `not(${shapeOfTree(n.child)})`;
    case "group":
      return `g(${shapeOfTree(n.child)})`;
    case "empty":
      return "empty";
  }
}

describe.each(KINDS)("%s: generated queries", (kind) => {
  it("render to text the grammar reads back as the same tree", () => {
    fc.assert(
      fc.property(datasetArb.chain((data) => queryArb(kind, data)), (q) => {
        expect(shapeOfTree(parseQuery(render(q))), render(q)).toBe(shapeOfQuery(q));
      }),
      runs(150),
    );
  });
});
