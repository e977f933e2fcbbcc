/**
 * Counterexamples found by the fuzzer (npm run fuzz), one focused case each: those fixed must keep
 * their typed answer; any still open is an `it.fails` case (and listed in bench/fuzz/known.mjs, which
 * the fuzzer leaves out) until fixed.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/engine.js";
import { SearchError } from "../../src/errors.js";
import type { HttpRequest, SearchParams } from "../../src/types.js";

const logged: unknown[] = [];
let engine: SearchEngine;

beforeAll(() => {
  engine = new SearchEngine({ logger: { warn() {}, error: (_message, cause) => logged.push(cause) } });
  engine.add("repositories", { id: 1, full_name: "octocat/hello", name: "hello", owner: { login: "octocat" }, private: false, description: "hello world" });
});

describe("fixed", () => {
  // Seed 1, cases #343 and #488 (and many alike): rateLimitSubject read caller.login.toLowerCase() before the caller was checked.
  it.each([7, true, "octocat", [], ["octocat"], {}, { login: ["octocat"] }, { login: 5 }, { login: "" }, { via: "oauth" }])(
    "request() with the malformed caller %j answers 400 with the rate-limit headers, not 500",
    async (caller) => {
      logged.length = 0;
      const res = await engine.request({ url: "/search/repositories?q=hello", caller: caller as never, ip: "203.0.113.9" });
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/^caller: /);
      expect(res.headers["x-ratelimit-limit"]).toBe("10");
      expect(logged).toEqual([]);
    },
  );

  it("a malformed caller counts against the address, as an anonymous request does", async () => {
    const limited = new SearchEngine({ rateLimit: { authenticated: 5, unauthenticated: 1 } });
    const first = await limited.request({ url: "/search/repositories?q=hello", caller: { login: 5 } as never, ip: "198.51.100.1" });
    expect(first.status).toBe(400);
    const second = await limited.request({ url: "/search/repositories?q=hello", ip: "198.51.100.1" });
    expect(second.status).toBe(403);
  });
});

describe("fixed in the engine", () => {
  // Seed 20261123, case #2022 (717 alike in 1,000,000): request() reads req.caller of a request that is not an object.
  it.each([null, undefined, "/search/repositories?q=hello"])("request(%j) answers 400", async (req) => {
    logged.length = 0;
    const res = await engine.request(req as unknown as HttpRequest);
    expect(res.status).toBe(400);
  });

  // Seed 20261123, case #183 (421 alike in 1,000,000): String(params.sort) throws for an object without a usable toString.
  it.each<[string, SearchParams]>([
    ["sort", { q: "hello", sort: { toString: null } as never }],
    ["q", { q: Object.create(null) as never }],
    ["page", { q: "hello", page: Symbol("page") as never }],
  ])("search() with a %s that cannot be read as text rejects with a 400", async (_name, params) => {
    const error = await engine.search("repositories", params).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SearchError);
    expect((error as SearchError).status).toBe(400);
  });
});
