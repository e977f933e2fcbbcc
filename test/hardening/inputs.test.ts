/**
 * No input reaches a 500 or an untyped throw: query text that once did, misuse of the library's
 * own API, and the rule for queries whose words hold nothing searchable.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { QueryError, SearchEngine, SearchError, UsageError } from "../../src/index.js";

const PREVIEWS = "application/vnd.github.cloak-preview+json, application/vnd.github.mercy-preview+json";
const ENDPOINTS = ["code", "commits", "issues", "repositories", "topics", "users"] as const;

let engine: SearchEngine;
const causes: unknown[] = [];

beforeAll(async () => {
  engine = new SearchEngine({ rateLimit: false, logger: { warn() {}, error: (_m, cause) => causes.push(cause) } });
  await engine.load("data/sample");
});

async function statusOf(kind: (typeof ENDPOINTS)[number], q: string, extra: Record<string, string> = {}): Promise<number> {
  try {
    await engine.search(kind, { q, ...extra }, { accept: PREVIEWS });
    return 200;
  } catch (err) {
    expect(err).toBeInstanceOf(SearchError);
    return (err as SearchError).status;
  }
}

describe("query text that once answered 500", () => {
  const queries: Array<[string, string]> = [
    ["in:constructor", "an in: value that names prototype machinery"],
    ["in:__proto__", "an in: value that names prototype machinery"],
    ["in:hasOwnProperty", "an in: value that names prototype machinery"],
    ['sort:"stars\ndesc"', "a newline inside a sort: value"],
    ['label:"bug\u0000"', "a NUL in a qualifier value"],
    ['language:"go\u001b[31m"', "an escape sequence in a qualifier value"],
  ];
  it.each(queries)("%j (%s) is a 422 where the qualifier exists, and never a 500", async (q) => {
    for (const kind of ENDPOINTS) {
      const status = await statusOf(kind, q);
      // Where the kind has no such qualifier, the text is a keyword like any other.
      expect([200, 422], kind).toContain(status);
    }
    for (const kind of ["issues", "repositories", "users"] as const) expect(await statusOf(kind, q), kind).toBe(422);
  });

  it("refuses a query past the byte limit before parsing it, however large", async () => {
    for (const q of ["a ".repeat(2049), "(".repeat(82_000), "x".repeat(10_000_000), "é".repeat(2049)]) {
      const err = await engine.search("issues", { q }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(QueryError);
      expect((err as QueryError).detail).toMatch(/longer than 4096 bytes/);
    }
  });

  it("refuses deep nesting at any size, short of the byte limit too", async () => {
    for (const depth of [6, 33, 500, 2000]) {
      const q = `${"(".repeat(depth)}a${")".repeat(depth)}`;
      expect(await statusOf("issues", q), `depth ${depth}`).toBe(422);
    }
  });

  it("keeps the cause of a 500 out of the body and gives it to the logger", async () => {
    const broken = new SearchEngine({ rateLimit: false, logger: { warn() {}, error: (_m, cause) => causes.push(cause) } });
    broken.add("repositories", { id: 1, name: "r", full_name: "o/r", owner: { login: "o" }, description: "x" });
    // A clock that fails is the embedder's bug, surfacing deep inside a search.
    Object.defineProperty(broken.options, "now", { value: () => { throw new Error("clock is gone: secret detail"); } });
    const res = await broken.request({ url: "/search/repositories?q=x" });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: "Internal error", documentation_url: "https://docs.github.com/rest" });
    expect(JSON.stringify(res)).not.toContain("secret");
    expect(causes.at(-1)).toBeInstanceOf(Error);
  });
});

describe("words with nothing searchable", () => {
  it.each(["!!!", "😀", "-- ..", '"!!"', "NOT ???"])("%j alone is a 422, as an empty query is, on every endpoint", async (q) => {
    for (const kind of ENDPOINTS) expect(await statusOf(kind, q), kind).toBe(422);
  });

  it("is dropped next to a qualifier", async () => {
    const plain = await engine.search("repositories", { q: "stars:>0" });
    const withEmoji = await engine.search("repositories", { q: "😀 stars:>0" });
    expect(withEmoji.total_count).toBe(plain.total_count);
    expect(plain.total_count).toBeGreaterThan(0);
  });
});

describe("misuse of the library is a typed error", () => {
  it("refuses bad engine options at construction, naming them", () => {
    for (const timeLimitMs of [0, -5, Number.NaN, Number.POSITIVE_INFINITY, "100" as unknown as number]) {
      expect(() => new SearchEngine({ timeLimitMs }), String(timeLimitMs)).toThrow(UsageError);
    }
    expect(() => new SearchEngine({ timeLimitMs: 0 })).toThrow(/timeLimitMs/);
    expect(() => new SearchEngine({ blockSize: 0 })).toThrow(/blockSize/);
    for (const termBoundsFrom of [0, 1.5, -1, Number.NaN, "7" as unknown as number]) {
      expect(() => new SearchEngine({ termBoundsFrom }), String(termBoundsFrom)).toThrow(/termBoundsFrom/);
    }
    expect(new SearchEngine({ termBoundsFrom: 1 }).options.termBoundsFrom).toBe(1);
    expect(() => new SearchEngine({ now: 5 as unknown as () => number })).toThrow(/now/);
  });

  it("refuses an unknown kind or a key that is not text in remove(), and an unknown kind in add()", () => {
    const e = new SearchEngine();
    expect(() => e.remove("widgets" as never, "x")).toThrow(UsageError);
    expect(() => e.remove("repositories", 42 as never)).toThrow(UsageError);
    expect(() => e.remove(undefined as never, "x")).toThrow(/kind/);
    expect(() => e.add("widgets" as never, {})).toThrow(UsageError);
  });

  it("answers a malformed caller with a typed 400, in search() and request()", async () => {
    for (const caller of [{ login: 42 }, { login: "" }, "octocat", { login: "ann", via: "telepathy" }]) {
      const err = await engine.search("repositories", { q: "x" }, { caller: caller as never }).catch((e: unknown) => e);
      expect(err, JSON.stringify(caller)).toBeInstanceOf(UsageError);
      expect((err as UsageError).status).toBe(400);
      const res = await engine.request({ url: "/search/repositories?q=x", caller: caller as never });
      expect(res.status).toBe(400);
    }
  });

  it("keeps its own copy of an added record", async () => {
    const e = new SearchEngine();
    const record = { id: 1, name: "r", full_name: "o/r", owner: { login: "o" }, description: "original words" };
    e.add("repositories", record);
    record.description = "edited afterwards";
    const found = await e.search("repositories", { q: "original" });
    expect(found.items.map((i) => i.description)).toEqual(["original words"]);
    expect((await e.search("repositories", { q: "edited" })).total_count).toBe(0);
  });

  it("refuses records JSON cannot hold", () => {
    const e = new SearchEngine();
    const cyclic: Record<string, unknown> = { login: "loop", id: 1 };
    cyclic.self = cyclic;
    expect(() => e.add("users", cyclic)).toThrow(SearchError);
    expect(() => e.add("users", { login: "big", id: 1n as never })).toThrow(SearchError);
  });
});
