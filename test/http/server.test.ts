/**
 * The whole service edge over real HTTP: the node:http adapter in front of the real engine, over a
 * small dump written to a temporary folder.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchEngine, type SearchEngineOptions } from "../../src/engine.js";
import { linkHeader } from "../../src/http/link.js";
import { insecureLoginAuthenticate } from "../../src/http/auth.js";
import { serve, type RunningServer } from "../../src/http/server.js";

const REPOSITORIES = 35;
let dumpDir: string;

beforeAll(() => {
  dumpDir = mkdtempSync(path.join(tmpdir(), "forgesearch-server-"));
  const ndjson = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";
  writeFileSync(path.join(dumpDir, "users.ndjson"), ndjson([{ login: "acme", id: 1, type: "Organization" }]));
  writeFileSync(
    path.join(dumpDir, "repositories.ndjson"),
    ndjson(
      Array.from({ length: REPOSITORIES }, (_, i) => ({
        id: 100 + i,
        name: `rocket-${i}`,
        full_name: `acme/rocket-${i}`,
        owner: { login: "acme", id: 1, type: "Organization" },
        private: false,
        fork: false,
        description: `A rocket engine, model ${i}`,
        stargazers_count: i,
      })),
    ),
  );
});
afterAll(() => rmSync(dumpDir, { recursive: true, force: true }));

async function startService(options: SearchEngineOptions = {}): Promise<RunningServer & { engine: SearchEngine }> {
  // Listen first so that the engine's links can name the real port.
  let engine!: SearchEngine;
  // Claimed logins stand for callers here: these tests are about the engine behind the adapter.
  const running = await serve({ request: (req) => engine.request(req) }, { port: 0, authenticate: insecureLoginAuthenticate });
  engine = new SearchEngine({ baseUrl: running.url, ...options });
  await engine.load(dumpDir);
  return { ...running, engine };
}

describe("the search service over HTTP", () => {
  let service: RunningServer;
  beforeAll(async () => {
    service = await startService();
  });
  afterAll(() => service.close());

  it("answers a search with the envelope and the site's headers", async () => {
    const res = await fetch(`${service.url}/search/repositories?q=rocket&per_page=10`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { total_count: number; incomplete_results: boolean; items: unknown[] };
    expect(body.total_count).toBe(REPOSITORIES);
    expect(body.incomplete_results).toBe(false);
    expect(body.items).toHaveLength(10);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("x-github-media-type")).toBe("github.v3; format=json");
    expect(res.headers.get("etag")).toMatch(/^W\/"[0-9a-f]{64}"$/);
    expect(res.headers.get("link")).toBe(
      linkHeader({
        baseUrl: service.url,
        path: "/search/repositories",
        query: "q=rocket&per_page=10",
        paging: { page: 1, perPage: 10 },
        totalCount: REPOSITORIES,
      }),
    );
    expect(res.headers.get("link")).toContain(`<${service.url}/search/repositories?q=rocket&per_page=10&page=4>; rel="last"`);
    expect(res.headers.get("x-ratelimit-limit")).toBe("10");
    expect(res.headers.get("x-ratelimit-resource")).toBe("search");
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await fetch(`${service.url}/search/repositories?q=rocket`, { headers: { authorization: "token etag-tester" } });
    const etag = first.headers.get("etag") as string;
    const again = await fetch(`${service.url}/search/repositories?q=rocket`, {
      headers: { authorization: "token etag-tester", "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.headers.get("etag")).toBe(etag);
    expect(await again.text()).toBe("");
  });

  it("answers HEAD like GET without the body", async () => {
    const res = await fetch(`${service.url}/search/repositories?q=rocket`, { method: "HEAD", headers: { authorization: "token head-tester" } });
    expect(res.status).toBe(200);
    expect(Number(res.headers.get("content-length"))).toBeGreaterThan(0);
    expect(await res.text()).toBe("");
  });

  it("gives authenticated callers the higher limit", async () => {
    const res = await fetch(`${service.url}/search/repositories?q=rocket`, { headers: { authorization: "Bearer octocat" } });
    expect(res.headers.get("x-ratelimit-limit")).toBe("30");
    expect(res.headers.get("x-ratelimit-remaining")).toBe("29");
  });

  it("adds text matches when asked", async () => {
    const res = await fetch(`${service.url}/search/repositories?q=engine&per_page=1`, {
      headers: { authorization: "token text-tester", accept: "application/vnd.github.v3.text-match+json" },
    });
    expect(res.headers.get("x-github-media-type")).toBe("github.v3; param=text-match; format=json");
    const body = (await res.json()) as { items: Array<{ text_matches?: unknown[] }> };
    expect(body.items[0].text_matches?.length).toBeGreaterThan(0);
  });

  it.each([
    ["/search/repositories?q=rocket", { accept: "text/html" }, 415],
    ["/search/topics?q=rocket", {}, 415],
    ["/search/topics?q=rocket", { accept: "application/vnd.github.mercy-preview+json" }, 200],
    ["/search/commits?q=fix", {}, 415],
    ["/search/commits?q=fix", { accept: "application/vnd.github.cloak-preview" }, 200],
    ["/search/repositories?q=rocket&page=35", {}, 422],
    ["/search/gists?q=rocket", {}, 404],
    ["/nowhere", {}, 404],
  ])("GET %s %j → %i", async (target, headers, status) => {
    const res = await fetch(`${service.url}${target}`, { headers: { authorization: "token status-tester", ...headers } });
    expect(res.status).toBe(status);
    const body = (await res.json()) as { message?: string };
    if (status !== 200) expect(typeof body.message).toBe("string");
  });

  it("says when a page is past the first 1,000 results", async () => {
    const res = await fetch(`${service.url}/search/repositories?q=rocket&per_page=100&page=11`, { headers: { authorization: "token cap-tester" } });
    expect(res.status).toBe(422);
    expect(await res.json()).toMatchObject({ message: "Only the first 1000 search results are available" });
  });

  it("answers other methods with 404", async () => {
    const res = await fetch(`${service.url}/search/repositories?q=rocket`, { method: "POST", body: "{}" });
    expect(res.status).toBe(404);
  });
});

describe("rate limiting over HTTP", () => {
  it("refuses an anonymous caller past its limit with the site's 403", async () => {
    const service = await startService({ rateLimit: { unauthenticated: 2 } });
    try {
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 3; i++) {
        last = await fetch(`${service.url}/search/repositories?q=rocket`);
        statuses.push(last.status);
      }
      expect(statuses).toEqual([200, 200, 403]);
      expect(last?.headers.get("x-ratelimit-remaining")).toBe("0");
      expect(last?.headers.get("x-ratelimit-limit")).toBe("2");
      const body = (await last?.json()) as { message: string };
      expect(body.message).toBe(
        "API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
      );
      // Another caller still has its own allowance.
      const other = await fetch(`${service.url}/search/repositories?q=rocket`, { headers: { authorization: "token octocat" } });
      expect(other.status).toBe(200);
    } finally {
      await service.close();
    }
  });
});
