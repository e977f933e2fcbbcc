import { describe, expect, it } from "vitest";
import { createWorld, WORLD_END, WORLD_START, ZIPF_EXPONENT, type RestRecord } from "../../bench/generate.mjs";
import { mulberry32 } from "../../bench/random.mjs";

const take = <T>(it: Iterable<T>, n: number): T[] => {
  const out: T[] = [];
  for (const x of it) {
    if (out.length === n) break;
    out.push(x);
  }
  return out;
};

/** Least-squares slope of log(frequency) over log(rank), ranks 1..upTo. */
function zipfSlope(counts: number[], upTo: number): number {
  const f = [...counts].sort((a, b) => b - a).slice(0, upTo);
  let sx = 0, sy = 0, sxx = 0, sxy = 0;
  f.forEach((c, i) => {
    const x = Math.log(i + 1), y = Math.log(c);
    sx += x; sy += y; sxx += x * x; sxy += x * y;
  });
  const n = f.length;
  return (n * sxy - sx * sy) / (n * sxx - sx * sx);
}

const small = { users: 5_000, repositories: 5_000 };
const wordsOf = (text: string) => (text ? text.split(" ") : []);

describe("synthetic world: determinism", () => {
  it("gives the same records for the same seed, in any order of generation", () => {
    const a = createWorld({ ...small, seed: 7 });
    const b = createWorld({ ...small, seed: 7 });
    // b makes records out of order first; memoised names must not change what later records contain.
    const late = b.issueAt(1234);
    b.repositoryAt(4321);
    expect(take(b.issues(300), 300)).toEqual(take(a.issues(300), 300));
    expect(take(b.repositories(300), 300)).toEqual(take(a.repositories(300), 300));
    expect(take(b.users(300), 300)).toEqual(take(a.users(300), 300));
    expect(a.issueAt(1234)).toEqual(late);
  });

  it("gives different records for a different seed", () => {
    const a = take(createWorld({ ...small, seed: 1 }).issues(50), 50).map((i) => i.title);
    const b = take(createWorld({ ...small, seed: 2 }).issues(50), 50).map((i) => i.title);
    expect(a.filter((t, k) => t === b[k]).length).toBeLessThan(3);
  });

  it("streams lazily: asking for a billion issues costs nothing until they are read", () => {
    const world = createWorld(small);
    const started = performance.now();
    const stream = world.issues(1e9);
    const first = stream.next();
    expect(first.done).toBe(false);
    expect(first.value).toEqual(world.issueAt(0));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe("synthetic world: word distribution", () => {
  it("draws vocabulary ranks with the configured Zipf exponent", () => {
    const world = createWorld(small);
    const draws = world.sampleWords(mulberry32(99), 400_000);
    const counts = new Map<number, number>();
    for (const d of draws) counts.set(d, (counts.get(d) ?? 0) + 1);
    expect(Math.abs(zipfSlope([...counts.values()], 1000) + ZIPF_EXPONENT)).toBeLessThan(0.04);
    // Rank order is vocabulary order: rank 1 is drawn about 10^1.07 times as often as rank 10.
    const ratio = counts.get(0)! / counts.get(9)!;
    expect(ratio).toBeGreaterThan(9);
    expect(ratio).toBeLessThan(14.5);
  });

  it("keeps a Zipf-like shape in the generated text itself", () => {
    const world = createWorld(small);
    const counts = new Map<string, number>();
    for (const issue of world.issues(3000)) {
      for (const m of `${issue.title} ${issue.body}`.matchAll(/[\p{L}\p{N}_]+/gu)) {
        const t = m[0].toLowerCase();
        counts.set(t, (counts.get(t) ?? 0) + 1);
      }
    }
    const slope = zipfSlope([...counts.values()], 300);
    expect(slope).toBeLessThan(-0.8);
    expect(slope).toBeGreaterThan(-1.4);
    expect([...counts].sort((a, b) => b[1] - a[1])[0][0]).toBe(world.vocabulary[0]);
    // A long tail: many words occur once or twice.
    expect([...counts.values()].filter((c) => c <= 2).length).toBeGreaterThan(counts.size / 4);
  });
});

describe("synthetic world: issues", () => {
  const world = createWorld(small);
  const issues: RestRecord[] = take(world.issues(4000), 4000);

  it("has titles of 4–12 words and bodies of 0–200 words, a fifth of them empty", () => {
    for (const i of issues) {
      expect(wordsOf(i.title).length).toBeGreaterThanOrEqual(4);
      expect(wordsOf(i.title).length).toBeLessThanOrEqual(12);
      expect(wordsOf(i.body).length).toBeLessThanOrEqual(200);
    }
    const empty = issues.filter((i) => i.body === "").length / issues.length;
    expect(empty).toBeGreaterThan(0.15);
    expect(empty).toBeLessThan(0.25);
    expect(Math.max(...issues.map((i) => wordsOf(i.body).length))).toBeGreaterThan(150);
  });

  it("has consistent states and dates within the ten-year span", () => {
    for (const i of issues) {
      const created = Date.parse(i.created_at);
      const updated = Date.parse(i.updated_at);
      expect(created).toBeGreaterThanOrEqual(WORLD_START);
      expect(updated).toBeLessThanOrEqual(WORLD_END);
      expect(updated).toBeGreaterThanOrEqual(created);
      expect(i.closed_at === null).toBe(i.state === "open");
      if (i.closed_at) expect(Date.parse(i.closed_at)).toBeGreaterThanOrEqual(created);
      if (i.pull_request?.merged_at) expect(i.state).toBe("closed");
    }
    const years = new Set(issues.map((i) => i.created_at.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(10);
    const open = issues.filter((i) => i.state === "open").length / issues.length;
    expect(open).toBeGreaterThan(0.2);
    expect(open).toBeLessThan(0.6);
  });

  it("has heavy-tailed comment and reaction counts whose parts add up", () => {
    const comments = issues.map((i) => i.comments).sort((a, b) => a - b);
    expect(comments[Math.floor(comments.length / 2)]).toBeLessThanOrEqual(1);
    expect(comments[comments.length - 1]).toBeGreaterThan(100);
    for (const i of issues) {
      const { total_count, ...kinds } = i.reactions;
      expect(Object.values(kinds).reduce((s: number, n) => s + (n as number), 0)).toBe(total_count);
    }
  });

  it("has distinct labels, a first assignee, and pull requests among the issues", () => {
    for (const i of issues) {
      const names = i.labels.map((l: { name: string }) => l.name);
      expect(new Set(names).size).toBe(names.length);
      expect(i.assignee).toEqual(i.assignees[0] ?? null);
    }
    const prs = issues.filter((i) => i.pull_request).length / issues.length;
    expect(prs).toBeGreaterThan(0.28);
    expect(prs).toBeLessThan(0.42);
    expect(issues.filter((i) => i.labels.length > 0).length).toBeGreaterThan(issues.length / 3);
  });

  it("refers to generated users and repositories, with one key per issue", () => {
    const repos = new Set(world.repositoriesOfIssues(issues.length).map((k) => world.repositoryFullName(k)));
    for (const i of issues) {
      expect(repos.has(i.repository)).toBe(true);
      expect(i.repository_url.endsWith(`/repos/${i.repository}`)).toBe(true);
      expect(world.login(i.user.id - 1)).toBe(i.user.login);
    }
    expect(new Set(issues.map((i) => `${i.repository}#${i.number}`)).size).toBe(issues.length);
    // Activity is skewed: the busiest repository holds a large share of the issues.
    const perRepo = new Map<string, number>();
    for (const i of issues) perRepo.set(i.repository, (perRepo.get(i.repository) ?? 0) + 1);
    expect(perRepo.get(world.activeRepository(0))).toBe(Math.max(...perRepo.values()));
  });
});

describe("synthetic world: repositories and users", () => {
  const world = createWorld(small);

  it("makes unique repositories with power-law stars and owners that exist", () => {
    const repos = take(world.repositories(3000), 3000);
    expect(new Set(repos.map((r) => r.full_name)).size).toBe(repos.length);
    const stars = repos.map((r) => r.stargazers_count).sort((a, b) => a - b);
    const median = stars[Math.floor(stars.length / 2)];
    expect(median).toBeLessThanOrEqual(3);
    expect(stars[Math.floor(stars.length * 0.99)]).toBeGreaterThan(20 * (median + 1));
    for (const r of repos.slice(0, 300)) {
      expect(r.full_name).toBe(`${r.owner.login}/${r.name}`);
      expect(world.userAt(r.owner.id - 1).login).toBe(r.owner.login);
      expect(Date.parse(r.pushed_at)).toBeGreaterThanOrEqual(Date.parse(r.created_at));
    }
  });

  it("makes unique users whose login agrees with login()", () => {
    const users = take(world.users(3000), 3000);
    expect(new Set(users.map((u) => u.login)).size).toBe(users.length);
    users.forEach((u, k) => expect(u.login).toBe(world.login(k)));
    const orgs = users.filter((u) => u.type === "Organization").length / users.length;
    expect(orgs).toBeGreaterThan(0.02);
    expect(orgs).toBeLessThan(0.09);
  });
});
