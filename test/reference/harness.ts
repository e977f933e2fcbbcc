/**
 * The properties every kind must have, as functions the test files call per
 * kind: the engine against the reference evaluator over random datasets,
 * queries and callers, sorting, paging, and metamorphic equivalences (two
 * queries that must find the same set). FC_RUNS=n runs every property n
 * times; otherwise each kind's own counts keep the files within seconds.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SearchError, type SearchEngine } from "../../src/index.js";
import type { Caller } from "./access.js";
import { callerArb, datasetFor, families, queryArb } from "./arbitraries.js";
import type { Dataset } from "./dataset.js";
import { engineWith } from "./engine-with.js";
import { acceptFor, evaluate, itemKey, recordsWithKeys, sortValue, type Outcome } from "./evaluator.js";
import { ORACLE_KINDS, type OracleKindName } from "./kinds/index.js";
import { hitsKnownBug } from "./known-bugs.js";
import { and, group, not, qualifier, render, type Query } from "./query.js";

const FROM_ENV = Number(process.env.FC_RUNS);
export const runs = (usual: number) => ({ numRuns: Number.isInteger(FROM_ENV) && FROM_ENV > 0 ? FROM_ENV : usual });

export interface Call {
  query: Query | string;
  caller?: Caller;
  repositoryId?: number;
  accept?: string;
  sort?: string;
  order?: "asc" | "desc";
  perPage?: number;
  page?: number;
}

type Answer = { ok: true; status: 200; keys: string[]; total: number } | { ok: false; status: number; message: string };

/** The engine's answer; anything thrown other than a SearchError escapes and fails the property. */
export async function ask(engine: SearchEngine, kind: OracleKindName, call: Call): Promise<Answer> {
  const q = typeof call.query === "string" ? call.query : render(call.query);
  try {
    const r = await engine.search(
      kind,
      { q, per_page: call.perPage ?? 100, page: call.page ?? 1, sort: call.sort, order: call.order, repository_id: call.repositoryId },
      { caller: call.caller, accept: "accept" in call ? call.accept : acceptFor(kind) },
    );
    return { ok: true, status: 200, keys: r.items.map((i) => itemKey(kind, i)), total: r.total_count };
  } catch (err) {
    if (err instanceof SearchError) return { ok: false, status: err.status, message: err.message };
    throw err;
  }
}

export function oracle(kind: OracleKindName, data: Dataset, call: Call & { query: Query }): Outcome {
  return evaluate(kind, data, { query: call.query, caller: call.caller, repositoryId: call.repositoryId, accept: "accept" in call ? call.accept : acceptFor(kind) });
}

export const describeCall = (kind: OracleKindName, call: Call) =>
  `${kind} q=${JSON.stringify(typeof call.query === "string" ? call.query : render(call.query))} caller=${call.caller ? JSON.stringify(call.caller) : "anonymous"}` +
  (call.repositoryId !== undefined ? ` repository_id=${call.repositoryId}` : "");

/** The repository a label search names: usually one with labels, sometimes one without, rarely none at all. */
export function repositoryIdArb(kind: OracleKindName, data: Dataset): fc.Arbitrary<number | undefined> {
  if (kind !== "labels") return fc.constant(undefined);
  const withLabels = [...new Set(data.labels.map((l) => l.repository_id))];
  return fc.oneof(
    { weight: 8, arbitrary: withLabels.length ? fc.constantFrom(...withLabels) : fc.constant(data.repositories[0].id) },
    { weight: 1, arbitrary: fc.constantFrom(...data.repositories.map((r) => r.id)) },
    { weight: 1, arbitrary: fc.constant(424242) },
  );
}

/** A dataset and a handful of requests against it (one engine serves them all). */
export function scenario(kind: OracleKindName, requests = 6) {
  return datasetFor(kind).chain((data) =>
    fc.record({
      data: fc.constant(data),
      calls: fc.array(fc.record({ query: queryArb(kind, data), caller: callerArb(data), repositoryId: repositoryIdArb(kind, data) }), {
        minLength: 1,
        maxLength: requests,
      }),
    }),
  );
}

function sameAnswer(kind: OracleKindName, data: Dataset, call: Call, expected: Outcome, actual: Answer): void {
  const where = describeCall(kind, call);
  if (expected.status !== 200) {
    expect(actual.status, `${where}: the reference refuses (${expected.reason})`).toBe(expected.status);
    return;
  }
  expect(actual.status, `${where}: ${actual.ok ? "" : actual.message}`).toBe(200);
  if (!actual.ok) return;
  const differing = new Set([...actual.keys.filter((k) => !expected.keys.has(k)), ...[...expected.keys].filter((k) => !actual.keys.includes(k))]);
  expect(new Set(actual.keys), `${where}; disputed: ${JSON.stringify(recordsWithKeys(kind, data, call, differing))}`).toEqual(expected.keys);
  expect(actual.keys.length, `${where}: duplicates`).toBe(new Set(actual.keys).size);
  expect(actual.total, `${where}: total_count`).toBe(expected.keys.size);
}

/** The engine finds exactly what the reference finds. */
export function agreesWithReference(kind: OracleKindName, numRuns: number): void {
  it(`${kind}: the engine finds exactly what the reference finds, for random datasets, queries and callers`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario(kind), async ({ data, calls }) => {
        const engine = engineWith(data);
        for (const call of calls) sameAnswer(kind, data, call, oracle(kind, data, call), await ask(engine, kind, call));
      }),
      runs(numRuns),
    );
  });
}

/**
 * The same for queries of one condition each (a keyword or a qualifier, now
 * and then excluded, sometimes after a keyword): many more of them per
 * dataset, so that every qualifier's own reading is met often, also where a
 * tree of conditions would mostly find nothing.
 */
export function agreesOnSingleConditions(kind: OracleKindName, numRuns: number): void {
  it(`${kind}: the engine finds exactly what the reference finds, for one condition at a time`, async () => {
    const arb = datasetFor(kind).chain((data) => {
      const f = families(kind, data);
      // Alone (with the kind's broad condition, where it has one), or after a keyword.
      const alone = f.broad ? f.conditions.map((c) => and(f.broad!, c)) : f.conditions;
      const condition = fc.oneof(alone, fc.tuple(f.terms, f.conditions).map(([t, c]) => and(t, c))).filter((q) => !hitsKnownBug(kind, q));
      return fc.record({
        data: fc.constant(data),
        calls: fc.array(fc.record({ query: condition, caller: callerArb(data), repositoryId: repositoryIdArb(kind, data) }), { minLength: 8, maxLength: 12 }),
      });
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ data, calls }) => {
        const engine = engineWith(data);
        for (const call of calls) sameAnswer(kind, data, call, oracle(kind, data, call), await ask(engine, kind, call));
      }),
      runs(numRuns),
    );
  });
}

/**
 * The same for repeats of one qualifier side by side (`license:mit license:gpl`,
 * `is:open is:closed`, `label:a label:b`), excluded now and then: where the
 * qualifier's field holds one value per record the repeats are a union, else
 * all must hold.
 */
export function agreesOnRepeats(kind: OracleKindName, numRuns: number): void {
  it(`${kind}: the engine finds exactly what the reference finds, for a qualifier repeated side by side`, async () => {
    const arb = datasetFor(kind).chain((data) => {
      const f = families(kind, data);
      const repeats = fc.array(f.conditions, { minLength: 6, maxLength: 12 }).map((drawn) => {
        const byName = new Map<string, Query[]>();
        for (const c of drawn) if (c.type === "qualifier") byName.set(c.name, [...(byName.get(c.name) ?? []), c]);
        const most = [...byName.values()].sort((a, b) => b.length - a.length)[0] ?? [];
        return most.slice(0, 3);
      });
      const query = repeats
        .filter((parts) => parts.length >= 2)
        .map((parts): Query => (f.broad ? and(f.broad, ...parts) : and(...parts)))
        .filter((q) => !hitsKnownBug(kind, q));
      return fc.record({
        data: fc.constant(data),
        calls: fc.array(fc.record({ query, caller: callerArb(data), repositoryId: repositoryIdArb(kind, data) }), { minLength: 4, maxLength: 8 }),
      });
    });
    await fc.assert(
      fc.asyncProperty(arb, async ({ data, calls }) => {
        const engine = engineWith(data);
        for (const call of calls) sameAnswer(kind, data, call, oracle(kind, data, call), await ask(engine, kind, call));
      }),
      runs(numRuns),
    );
  });
}

/** Sorted results are ordered by the field, missing values last, whether the sort comes as a parameter or in the query. */
export function sortsLikeReference(kind: OracleKindName, numRuns: number): void {
  const spec = ORACLE_KINDS[kind];
  const fields = Object.keys(spec.sorts);
  if (!fields.length) return;
  const queryOnly = new Set(spec.queryOnlySorts ?? []);
  it(`${kind}: orders by the sort field, missing values last, by parameter or in the query`, async () => {
    const arb = scenario(kind, 3).chain((s) =>
      fc.record({ s: fc.constant(s), field: fc.constantFrom(...fields), order: fc.constantFrom("asc" as const, "desc" as const), inQuery: fc.boolean() }),
    );
    await fc.assert(
      fc.asyncProperty(arb, async ({ s: { data, calls }, field, order, inQuery }) => {
        const engine = engineWith(data);
        const byQuery = spec.inQuerySort !== false && (inQuery || queryOnly.has(field));
        for (const base of calls) {
          const call: Call = byQuery
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
      runs(numRuns),
    );
  });
}

/** Pages follow one order, without duplicates, and together make the whole set. */
export function pagesLikeReference(kind: OracleKindName, numRuns: number): void {
  const spec = ORACLE_KINDS[kind];
  const fields = Object.keys(spec.sorts).filter((f) => !(spec.queryOnlySorts ?? []).includes(f));
  it(`${kind}: gives every page in one order, without duplicates, together the whole set`, async () => {
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
      runs(numRuns),
    );
  });
}

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
    // Not for two positive qualifiers: repeats on a one-value field side by side are a union, under AND both must hold.
    const positiveQualifier = (q: Query) => q.type === "qualifier" && !q.negated;
    pairs.push(
      fc
        .tuple(a, b)
        .filter(([x, y]) => !(positiveQualifier(x) && positiveQualifier(y)))
        .map(([x, y]): [Query, Query] => [{ type: "and", parts: [x, y], explicit: [true] }, and(x, y)]),
    );
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
  const clear = ([left, right]: [Query, Query]) => !hitsKnownBug(kind, left) && !hitsKnownBug(kind, right);
  return fc.array(fc.oneof(...pairs).filter(clear), { minLength: 1, maxLength: 6 });
}

export function equivalencesHold(kind: OracleKindName, numRuns: number): void {
  it(`${kind}: a b ≡ b a, a AND b ≡ a b, (a) ≡ a, -x ≡ NOT x, >=n ≡ n..*, <=n ≡ *..n`, async () => {
    const arb = datasetFor(kind).chain((data) =>
      fc.record({ data: fc.constant(data), pairs: equivalences(kind, data), caller: callerArb(data), repositoryId: repositoryIdArb(kind, data) }),
    );
    await fc.assert(
      fc.asyncProperty(arb, async ({ data, pairs, caller, repositoryId }) => {
        const engine = engineWith(data);
        for (const [left, right] of pairs) await equivalent(engine, kind, left, right, { caller, repositoryId });
      }),
      runs(numRuns),
    );
  });
}

/** Run counts of one kind's properties (the defaults; FC_RUNS overrides them all). */
export interface KindRuns {
  agrees: number;
  single: number;
  sorts: number;
  pages: number;
  equivalences: number;
}

/** Every property above, for one kind. */
export function kindProperties(kind: OracleKindName, counts: KindRuns): void {
  describe(kind, () => {
    agreesWithReference(kind, counts.agrees);
    agreesOnSingleConditions(kind, counts.single);
    // Label search takes no qualifiers, so nothing repeats there.
    if (kind !== "labels") agreesOnRepeats(kind, counts.single);
    sortsLikeReference(kind, counts.sorts);
    pagesLikeReference(kind, counts.pages);
    equivalencesHold(kind, counts.equivalences);
  });
}
