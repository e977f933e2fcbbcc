/**
 * Repeated qualifiers on data/sample: on a field each record holds one value of, side by side
 * repeats are a union (what `gh search repos --license mit,apache-2.0` sends); on a field that holds
 * several values, and for ranges, all must hold. Each expectation is derived from separate searches.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import type { SearchKind } from "../../src/kinds/types.js";

let engine: SearchEngine;
beforeAll(async () => {
  engine = new SearchEngine({ rateLimit: false });
  await engine.load("data/sample");
});

const MERCY = "application/vnd.github.mercy-preview+json";

async function keys(kind: SearchKind, q: string): Promise<Set<string>> {
  const r = await engine.search(kind, { q, per_page: 100 }, { accept: MERCY, caller: { login: "octocat" } });
  expect(r.total_count, q).toBeLessThanOrEqual(100);
  return new Set(r.items.map((i) => String(i.url)));
}

const union = (a: Set<string>, b: Set<string>) => new Set([...a, ...b]);
const both = (a: Set<string>, b: Set<string>) => new Set([...a].filter((k) => b.has(k)));

describe("repeats on a one-value field are a union", () => {
  it.each([
    ["repositories", "", "license:mit", "license:apache-2.0"],
    ["repositories", "", "language:ruby", "language:javascript"],
    ["repositories", "", "is:public", "is:private"],
    ["issues", "repo:desktop/desktop", "state:open", "state:closed"],
    ["issues", "repo:desktop/desktop", "is:open", "is:closed"],
    ["issues", "repo:github/hub", "type:issue", "type:pr"],
    ["users", "", "type:user", "type:org"],
  ] as const)("%s: %s %s %s", async (kind, scope, a, b) => {
    const search = (q: string) => keys(kind, `${scope} ${q}`.trim());
    const [left, right] = [await search(a), await search(b)];
    expect(left.size).toBeGreaterThan(0);
    expect(right.size).toBeGreaterThan(0);
    expect(await search(`${a} ${b}`)).toEqual(union(left, right));
    // An explicit AND still asks for both, and exclusions still exclude both.
    expect(await search(`${a} AND ${b}`)).toEqual(both(left, right));
    const rest = [...(await search(`-${a}`))].filter((k) => !right.has(k));
    expect(await search(`-${a} -${b}`)).toEqual(new Set(rest));
  });
});

describe("repeats on a field of several values, and ranges, must all hold", () => {
  it.each([
    ["issues", "label:bug", "label:windows"],
    ["repositories", "topic:ruby", "topic:rails"],
    ["repositories", "stars:>10", "stars:<5000"],
  ] as const)("%s: %s %s", async (kind, a, b) => {
    const [left, right] = [await keys(kind, a), await keys(kind, b)];
    expect(await keys(kind, `${a} ${b}`)).toEqual(both(left, right));
  });
});
