/**
 * Conformance with the hosting site's own parts: its official REST client (`@octokit/rest`) drives
 * the HTTP adapter on loopback over the sample dump, and every 200 body is checked against the
 * 200 response schema of the site's OpenAPI description (`@octokit/openapi`), less the listed
 * differences where our specification says otherwise.
 */
import { Octokit } from "@octokit/rest";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { SearchEngine, type SearchEngineOptions } from "../../src/engine.js";
import { insecureLoginAuthenticate } from "../../src/http/auth.js";
import { serve, type RunningServer } from "../../src/http/server.js";
import type { TextMatch } from "../../src/types.js";
import { DIFFERENCES, validatorFor, type Endpoint, type SchemaViolation } from "./openapi.js";

const SAMPLE = "data/sample";
// Previews go in the Accept header: this client applies `mediaType.previews` to GraphQL requests only.
const CLOAK = "application/vnd.github.cloak-preview+json";
const MERCY = "application/vnd.github.mercy-preview+json";
const LINGUIST_ID = 64778136; // github/linguist in the sample

interface Service extends RunningServer {
  engine: SearchEngine;
}

/** Listens first, so that the engine's links name the real port, then fills the engine. */
async function startService(options: SearchEngineOptions, fill: (engine: SearchEngine) => Promise<void> | void): Promise<Service> {
  let engine!: SearchEngine;
  // The client's token is the login (the development stand-in): these tests are about the answers.
  const running = await serve({ request: (req) => engine.request(req) }, { port: 0, authenticate: insecureLoginAuthenticate });
  engine = new SearchEngine({ ...options, baseUrl: running.url });
  await fill(engine);
  return { ...running, engine };
}

/** Every 200 body a client saw, by endpoint, copied before the paginator reshapes it. */
const seen: Array<{ endpoint: Endpoint; body: unknown }> = [];

function client(service: Service, auth?: string): Octokit {
  const octokit = new Octokit({ baseUrl: service.url, auth, userAgent: "forgesearch-conformance" });
  octokit.hook.after("request", (response) => {
    if (response.status !== 200) return;
    const endpoint = new URL(response.url).pathname.replace(/^\/search\//, "") as Endpoint;
    seen.push({ endpoint, body: structuredClone(response.data) });
  });
  return octokit;
}

/** Where the current test's bodies start in `seen`. */
let firstOfTest = 0;
beforeEach(() => {
  firstOfTest = seen.length;
});

/** Violations of the site's description (tolerating DIFFERENCES) among the bodies the current test saw, one line per field and rule. */
function violations(): string[] {
  const lines = new Map<string, SchemaViolation>();
  for (const { endpoint, body } of seen.slice(firstOfTest)) {
    for (const v of validatorFor(endpoint)(body)) {
      const line = `${endpoint} ${v.field}: ${v.message}`;
      if (!lines.has(line)) lines.set(line, v);
    }
  }
  return [...lines].map(([line, v]) => `${line} (first at ${v.at}${v.value === undefined ? "" : ` = ${JSON.stringify(v.value)}`})`);
}

function expectConformant() {
  expect(seen.length).toBeGreaterThan(firstOfTest);
  expect(violations()).toEqual([]);
}

let sample: Service;
/** 1,205 repositories matching "probe", with default rate limits. */
let fleet: Service;

beforeAll(async () => {
  sample = await startService({ rateLimit: { authenticated: 1_000_000, unauthenticated: 1_000_000 } }, (engine) => engine.load(SAMPLE).then(() => undefined));
  fleet = await startService({}, (engine) => {
    engine.add("users", { login: "space", id: 1, type: "Organization" });
    for (let i = 0; i < 1205; i++) {
      engine.add("repositories", { id: 10_000 + i, name: `probe-${i}`, full_name: `space/probe-${i}`, owner: { login: "space" }, description: "An orbital probe", stargazers_count: i, created_at: "2024-01-01T00:00:00Z", updated_at: "2024-01-01T00:00:00Z", pushed_at: "2024-01-01T00:00:00Z" });
    }
  });
});
afterAll(async () => {
  await sample?.close();
  await fleet?.close();
});

describe("every endpoint through its octokit method", () => {
  it("searches code", async () => {
    const octokit = client(sample, "octocat");
    for (const q of ["addClass in:file language:js repo:jquery/jquery", "octocat in:path", "form path:cgi-bin language:perl"]) {
      const { status, data } = await octokit.rest.search.code({ q });
      expect(status).toBe(200);
      expect(data.items.length, q).toBeGreaterThan(0);
      for (const item of data.items) expect(item.repository.full_name).toMatch(/^[^/]+\/[^/]+$/);
    }
    expectConformant();
  });

  it("searches commits with the cloak preview", async () => {
    const octokit = client(sample, "octocat");
    for (const q of ["fix typo", "repo:octocat/Spoon-Knife css", "author:defunkt", "merge:true"]) {
      const { status, data, headers } = await octokit.rest.search.commits({ q, headers: { accept: CLOAK } });
      expect(status).toBe(200);
      expect(data.items.length, q).toBeGreaterThan(0);
      expect(headers["x-github-media-type"]).toBe("github.cloak-preview; format=json");
    }
    expectConformant();
  });

  it("searches issues and pull requests", async () => {
    const octokit = client(sample, "octocat");
    for (const q of ["warning in:title", "label:\"help wanted\" language:ruby", "state:closed comments:>100", "milestone:\"overhaul\"", "is:pr is:merged bug"]) {
      const { status, data } = await octokit.rest.search.issuesAndPullRequests({ q });
      expect(status).toBe(200);
      expect(data.items.length, q).toBeGreaterThan(0);
    }
    expectConformant();
  });

  it("searches labels of one repository", async () => {
    const octokit = client(sample, "octocat");
    const { status, data } = await octokit.rest.search.labels({ repository_id: LINGUIST_ID, q: "bug defect enhancement" });
    expect(status).toBe(200);
    expect(data.items.map((l) => l.name)).toEqual(expect.arrayContaining(["bug", "defect", "enhancement"]));
    expectConformant();
  });

  it("searches repositories, with topics under the mercy preview", async () => {
    const octokit = client(sample, "octocat");
    for (const q of ["jquery in:name", "topic:jekyll", "stars:>=500 fork:true language:php", "license:gpl"]) {
      const { status, data } = await octokit.rest.search.repos({ q, headers: { accept: MERCY } });
      expect(status).toBe(200);
      expect(data.items.length, q).toBeGreaterThan(0);
      for (const item of data.items) expect(Array.isArray(item.topics)).toBe(true);
    }
    const plain = await octokit.rest.search.repos({ q: "jquery in:name" });
    for (const item of plain.data.items) expect(item).not.toHaveProperty("topics");
    expectConformant();
  });

  it("searches topics with the mercy preview", async () => {
    const octokit = client(sample);
    for (const q of ["ruby is:featured", "is:featured javascript", "repositories:>2"]) {
      const { status, data } = await octokit.rest.search.topics({ q, headers: { accept: MERCY } });
      expect(status).toBe(200);
      expect(data.items.length, q).toBeGreaterThan(0);
    }
    expectConformant();
  });

  it("searches users", async () => {
    const octokit = client(sample);
    for (const q of ["tom repos:>42 followers:>1000", "type:org", "bolton in:name", "fullname:nat friedman"]) {
      const { status, data } = await octokit.rest.search.users({ q });
      expect(status).toBe(200);
      expect(data.items.length, q).toBeGreaterThan(0);
    }
    expectConformant();
  });

  it("surfaces the preview rule as a 415 RequestError", async () => {
    const octokit = client(sample);
    await expect(octokit.rest.search.commits({ q: "fix typo" })).rejects.toMatchObject({ name: "HttpError", status: 415 });
    await expect(octokit.rest.search.topics({ q: "ruby" })).rejects.toMatchObject({ name: "HttpError", status: 415 });
  });

  it("surfaces a validation failure as a 422 RequestError with the site's body", async () => {
    const octokit = client(sample);
    const error = await octokit.rest.search.issuesAndPullRequests({ q: "repo:github/super-secret cupcake" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422, response: { data: { message: "Validation Failed" } } });
    // The same query as a caller who may see the repository.
    const { data } = await client(sample, "octocat").rest.search.issuesAndPullRequests({ q: "repo:github/super-secret cupcake" });
    expect(data.total_count).toBeGreaterThan(0);
  });
});

describe("the text-match media type through octokit", () => {
  it("adds text_matches whose offsets point into the fragment", async () => {
    const octokit = client(sample, "octocat");
    const responses = [
      await octokit.rest.search.issuesAndPullRequests({ q: "warning in:title", mediaType: { format: "text-match" } }),
      await octokit.rest.search.repos({ q: "jquery in:name", mediaType: { format: "text-match" } }),
      await octokit.rest.search.code({ q: "octocat in:path", mediaType: { format: "text-match" } }),
      await octokit.rest.search.users({ q: "bolton in:name", mediaType: { format: "text-match" } }),
      await octokit.rest.search.labels({ repository_id: LINGUIST_ID, q: "bug", mediaType: { format: "text-match" } }),
      await octokit.rest.search.commits({ q: "fix typo", headers: { accept: `${CLOAK}, application/vnd.github.v3.text-match+json` } }),
    ];
    for (const { data, headers } of responses) {
      expect(headers["x-github-media-type"]).toContain("param=text-match");
      expect(data.items.length).toBeGreaterThan(0);
      for (const item of data.items as Array<{ text_matches?: TextMatch[] }>) {
        expect(item.text_matches?.length).toBeGreaterThan(0);
        for (const m of item.text_matches!) for (const { text, indices } of m.matches) expect(m.fragment.slice(indices[0], indices[1])).toBe(text);
      }
    }
    expectConformant();
  });
});

describe("octokit.paginate", () => {
  it.each([
    ["issuesAndPullRequests", "type:pr", 7],
    ["issuesAndPullRequests", "is:issue", 25],
    ["users", "type:user", 4],
    ["code", "function", 5],
  ] as const)("follows link to the end of %s %s and collects exactly total_count items", async (method, q, perPage) => {
    const octokit = client(sample, "octocat");
    const first = await octokit.rest.search[method]({ q, per_page: perPage });
    const total = first.data.total_count;
    expect(total).toBeGreaterThan(perPage * 2);

    let pages = 0;
    const collected: unknown[] = [];
    for await (const response of octokit.paginate.iterator(octokit.rest.search[method], { q, per_page: perPage })) {
      pages++;
      collected.push(...(response.data as unknown[]));
    }
    expect(pages).toBe(Math.ceil(total / perPage));
    expect(collected).toHaveLength(total);
    const keys = collected.map((item) => JSON.stringify([(item as { url: string }).url, (item as { sha?: string }).sha]));
    expect(new Set(keys).size).toBe(total);
    expect(await octokit.paginate(octokit.rest.search[method], { q, per_page: perPage })).toHaveLength(total);
    expectConformant();
  });

  it("stops at the 1,000-result cap", async () => {
    const octokit = client(fleet, "pager");
    const { data } = await octokit.rest.search.repos({ q: "probe", per_page: 100 });
    expect(data.total_count).toBe(1205);
    const items = await octokit.paginate(octokit.rest.search.repos, { q: "probe", per_page: 100, sort: "stars", order: "asc" });
    expect(items.map((r) => r.stargazers_count)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
    const beyond = await octokit.rest.search.repos({ q: "probe", per_page: 100, page: 11 }).catch((e: unknown) => e);
    expect(beyond).toMatchObject({ status: 422, response: { data: { message: "Only the first 1000 search results are available" } } });
    expectConformant();
  });
});

describe("conditional requests through octokit", () => {
  it("turns a matching If-None-Match into a 304 RequestError", async () => {
    const octokit = client(sample, "octocat");
    const first = await octokit.rest.search.repos({ q: "jquery in:name" });
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/"[0-9a-f]{64}"$/);
    const error = await octokit.rest.search.repos({ q: "jquery in:name", headers: { "if-none-match": etag } }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "HttpError", status: 304 });
    expect((error as { response: { headers: Record<string, string> } }).response.headers.etag).toBe(etag);
    // Another query does not match the tag.
    expect((await octokit.rest.search.repos({ q: "jquery in:description", headers: { "if-none-match": etag } })).status).toBe(200);
  });
});

describe("rate limits through octokit", () => {
  it("refuses an anonymous caller past 10 requests with a 403 and the allowance headers", async () => {
    const octokit = client(fleet);
    for (let i = 1; i <= 10; i++) {
      const { headers } = await octokit.rest.search.repos({ q: "probe", per_page: 1 });
      expect(headers["x-ratelimit-remaining"]).toBe(String(10 - i));
    }
    const error = await octokit.rest.search.repos({ q: "probe", per_page: 1 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "HttpError", status: 403 });
    const { response } = error as { response: { data: { message: string }; headers: Record<string, string> } };
    expect(response.data.message).toMatch(/^API rate limit exceeded for 127\.0\.0\.1\./);
    expect(response.headers["x-ratelimit-remaining"]).toBe("0");
    expect(response.headers["x-ratelimit-limit"]).toBe("10");
    expect(Number(response.headers["x-ratelimit-reset"])).toBeGreaterThan(Date.now() / 1000);
  });

  it("refuses an authenticated caller past 30 requests", async () => {
    const octokit = client(fleet, "eager");
    for (let i = 0; i < 30; i++) await octokit.rest.search.users({ q: "space" });
    const error = await octokit.rest.search.users({ q: "space" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 403, response: { data: { message: "API rate limit exceeded for user ID eager." } } });
    expectConformant();
  });
});

describe("the differences from the site's description", () => {
  it("are each needed, and nothing else differs", () => {
    // Strict validation (the description as published) of every body seen above: each violation
    // must be a listed difference, and each listed difference must show up.
    const strict = seen.flatMap(({ endpoint, body }) => validatorFor(endpoint, "strict")(body).map((v) => `${endpoint} ${v.field}`));
    const listed = DIFFERENCES.map((d) => `${d.endpoint} ${d.field}`);
    expect(new Set(strict)).toEqual(new Set(listed));
  });
});
