/**
 * The service edge over real HTTP with the real engine: the base of response URLs (Host,
 * absolute-form targets, forwarded headers, a pinned base), credentials kept out of links, real
 * authentication and the rate limit it keys, over-long requests, and optional previews.
 */
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchEngine, type SearchEngineOptions } from "../../src/engine.js";
import { tokenAuthenticator } from "../../src/http/auth.js";
import { serve, type RunningServer, type ServeOptions } from "../../src/http/server.js";

const TOKENS = { "tok-octocat-0123456789": "octocat", "tok-hubot-9876543210": "hubot" };

function fill(engine: SearchEngine): void {
  engine.add("users", { login: "acme", id: 1, type: "Organization" });
  for (let i = 0; i < 5; i++) {
    engine.add("repositories", { id: 100 + i, name: `rocket-${i}`, full_name: `acme/rocket-${i}`, owner: { login: "acme" }, description: "A rocket", stargazers_count: i });
  }
  engine.add("repositories", {
    id: 200,
    name: "secret-rocket",
    full_name: "acme/secret-rocket",
    owner: { login: "acme" },
    private: true,
    collaborators: ["octocat"],
    description: "A rocket nobody knows of",
  });
  engine.add("commits", {
    sha: "0123456789abcdef0123456789abcdef01234567",
    repository: "acme/rocket-1",
    commit: { message: "fix the rocket", author: { name: "A", email: "a@example.com", date: "2024-01-01T00:00:00Z" }, committer: { name: "A", email: "a@example.com", date: "2024-01-01T00:00:00Z" } },
    parents: [],
  });
}

const started: RunningServer[] = [];
async function start(serveOptions: Partial<ServeOptions> = {}, engineOptions: SearchEngineOptions = {}): Promise<RunningServer> {
  const engine = new SearchEngine({ rateLimit: false, ...engineOptions });
  fill(engine);
  const running = await serve(engine, { port: 0, ...serveOptions });
  started.push(running);
  return running;
}
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A raw GET to the server, with any Host header and any request target (fetch allows neither). */
function get(server: RunningServer, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method: "GET", path: target, headers, timeout: 5000 }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

const linkOf = (a: Answer) => String(a.headers.link ?? "");
const SEARCH = "/search/repositories?q=rocket&per_page=2";

describe("the base of response URLs", () => {
  let plain: RunningServer;
  beforeAll(async () => {
    plain = await start();
  });

  it("names the host the client reached, not the listen address", async () => {
    const answer = await get(plain, SEARCH, { host: "search.example:8080" });
    expect(answer.status).toBe(200);
    expect(linkOf(answer)).toMatch(/^<http:\/\/search\.example:8080\/search\/repositories\?q=rocket&per_page=2&page=2>; rel="next"/);
    const items = (JSON.parse(answer.body) as { items: Array<{ url: string }> }).items;
    expect(items[0].url).toMatch(/^http:\/\/search\.example:8080\/repos\/acme\//);
  });

  it("leaves out the default port", async () => {
    expect(linkOf(await get(plain, SEARCH, { host: "search.example:80" }))).toContain("<http://search.example/search/");
  });

  it("follows an absolute-form target, as a client sends it through a proxy", async () => {
    const answer = await get(plain, `http://api.github.localhost${SEARCH}`, { host: "api.github.localhost" });
    expect(linkOf(answer)).toContain("<http://api.github.localhost/search/repositories?");
  });

  it("falls back to the listen address for a host that is no host", async () => {
    for (const host of ["evil.example/path", "user@evil.example", "a b"]) {
      expect(linkOf(await get(plain, SEARCH, { host }))).toContain(`<${plain.url}/search/`);
    }
  });

  it("ignores forwarded headers unless told to trust them", async () => {
    const forwarded = { host: "inner:3000", "x-forwarded-host": "search.example", "x-forwarded-proto": "https" };
    expect(linkOf(await get(plain, SEARCH, forwarded))).toContain("<http://inner:3000/search/");
    const trusting = await start({ trustProxy: true });
    expect(linkOf(await get(trusting, SEARCH, forwarded))).toContain("<https://search.example/search/");
    expect(linkOf(await get(trusting, SEARCH, { ...forwarded, "x-forwarded-host": "search.example:443, inner" }))).toContain("<https://search.example/search/");
  });

  it("uses a pinned base whatever the request says", async () => {
    const pinned = await start({ baseUrl: "https://search.example/api/", trustProxy: true });
    const answer = await get(pinned, SEARCH, { host: "elsewhere:1234", "x-forwarded-host": "other" });
    expect(linkOf(answer)).toContain("<https://search.example/api/search/repositories?");
    expect((JSON.parse(answer.body) as { items: Array<{ url: string }> }).items[0].url).toMatch(/^https:\/\/search\.example\/api\/repos\//);
  });

  it("keeps credentials in the query out of links", async () => {
    const answer = await get(plain, `${SEARCH}&client_id=app&client_secret=s3cr3t&access_token=t0k3n`);
    expect(linkOf(answer)).toContain("client_id=app");
    expect(linkOf(answer)).not.toMatch(/s3cr3t|t0k3n|client_secret|access_token/);
  });
});

describe("authentication with a token table", () => {
  let secured: RunningServer;
  beforeAll(async () => {
    secured = await start({ authenticate: tokenAuthenticator(TOKENS) });
  });

  it("shows a private repository to its collaborator's token only", async () => {
    const q = "/search/repositories?q=nobody";
    const count = async (headers: Record<string, string>) => (JSON.parse((await get(secured, q, headers)).body) as { total_count: number }).total_count;
    expect(await count({ authorization: "token tok-octocat-0123456789" })).toBe(1);
    expect(await count({ authorization: "Bearer tok-hubot-9876543210" })).toBe(0);
    expect(await count({})).toBe(0);
  });

  it("answers a claimed login or a wrong token with the site's 401", async () => {
    for (const authorization of ["token octocat", "token tok-octocat-012345678", "Bearer acme"]) {
      const answer = await get(secured, "/search/repositories?q=nobody", { authorization });
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body)).toEqual({ message: "Bad credentials", documentation_url: "https://docs.github.com/rest" });
    }
  });
});

describe("rate limits key on who the caller is, not on who they claim to be", () => {
  it("counts claimed logins against the address when nobody is authenticated", async () => {
    const limited = await start({}, { rateLimit: { unauthenticated: 3, authenticated: 30 } });
    const statuses: number[] = [];
    for (const login of ["a1", "a2", "a3", "a4", "a5"]) statuses.push((await get(limited, "/search/users?q=acme", { authorization: `token ${login}` })).status);
    expect(statuses).toEqual([200, 200, 200, 403, 403]);
  });

  it("gives each token its own allowance", async () => {
    const limited = await start({ authenticate: tokenAuthenticator(TOKENS) }, { rateLimit: { unauthenticated: 1, authenticated: 2 } });
    const as = async (token: string) => (await get(limited, "/search/users?q=acme", { authorization: `token ${token}` })).status;
    expect([await as("tok-octocat-0123456789"), await as("tok-octocat-0123456789"), await as("tok-octocat-0123456789")]).toEqual([200, 200, 403]);
    expect(await as("tok-hubot-9876543210")).toBe(200);
  });
});

describe("over-long requests", () => {
  let plain: RunningServer;
  beforeAll(async () => {
    plain = await start();
  });

  it.each([9_000, 40_000])("answers a %i-character URL with 414 and the site's JSON body", async (length) => {
    const answer = await get(plain, `/search/repositories?q=${"a".repeat(length)}`);
    expect(answer.status).toBe(414);
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(answer.body)).toEqual({ message: "URI Too Long", documentation_url: "https://docs.github.com/rest" });
  });

  it("answers headers too large with 431 and a JSON body", async () => {
    const answer = await get(plain, SEARCH, { "x-padding": "p".repeat(40_000) });
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ message: "Request Header Fields Too Large" });
  });
});

describe("preview media types", () => {
  it("are required by default, optional when the engine says so", async () => {
    const strict = await start();
    const lenient = await start({}, { previews: "optional" });
    const v3 = { accept: "application/vnd.github.v3+json" };
    expect((await get(strict, "/search/commits?q=rocket", v3)).status).toBe(415);
    expect((await get(strict, "/search/topics?q=rocket", v3)).status).toBe(415);
    const commits = await get(lenient, "/search/commits?q=rocket", v3);
    expect(commits.status).toBe(200);
    expect((JSON.parse(commits.body) as { total_count: number }).total_count).toBe(1);
    expect((await get(lenient, "/search/topics?q=rocket", v3)).status).toBe(200);
    // Other negotiation is unchanged: text-match still needs asking for, and other types are refused.
    expect(JSON.parse(commits.body).items[0]).not.toHaveProperty("text_matches");
    const withMatches = await get(lenient, "/search/commits?q=rocket", { accept: "application/vnd.github.v3.text-match+json" });
    expect(JSON.parse(withMatches.body).items[0].text_matches.length).toBeGreaterThan(0);
    expect((await get(lenient, "/search/commits?q=rocket", { accept: "text/html" })).status).toBe(415);
  });
});
