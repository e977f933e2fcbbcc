/**
 * Rate limits through `engine.request()`: on by default (30 a minute per login, 10 per address),
 * a rolling window on the engine's clock, the allowance headers on every answer, and `search()`
 * never limited.
 */
import { describe, expect, it } from "vitest";
import type { SearchEngineOptions } from "../../src/engine.js";
import type { HttpRequest } from "../../src/types.js";
import { PREVIEWS, worldEngine } from "./world.js";

const START = 1_700_000_000_000;
const RATE_HEADERS = ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset", "x-ratelimit-used", "x-ratelimit-resource"];

/** An engine with rate limits on and a clock the test moves. */
function limitedEngine(options: SearchEngineOptions = {}) {
  const clock = { ms: START };
  const engine = worldEngine({ rateLimit: {}, now: () => clock.ms, ...options });
  return { engine, clock };
}

const anonymous = (ip: string, url = "/search/repositories?q=launch"): HttpRequest => ({ url, ip });
const user = (login: string, url = "/search/repositories?q=launch"): HttpRequest => ({ url, caller: { login } });

describe("rate limits of request()", () => {
  it("are on by default: 10 a minute for an address, then 403 with the site's message", async () => {
    const { engine } = limitedEngine({ rateLimit: undefined });
    for (let i = 1; i <= 10; i++) {
      const res = await engine.request(anonymous("203.0.113.9"));
      expect(res.status).toBe(200);
      expect(res.headers["x-ratelimit-limit"]).toBe("10");
      expect(res.headers["x-ratelimit-used"]).toBe(String(i));
      expect(res.headers["x-ratelimit-remaining"]).toBe(String(10 - i));
    }
    const refused = await engine.request(anonymous("203.0.113.9"));
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message:
        "API rate limit exceeded for 203.0.113.9. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
      documentation_url: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting",
    });
    expect(refused.headers["x-ratelimit-remaining"]).toBe("0");
    expect(refused.headers["x-ratelimit-used"]).toBe("10");
    // Another address has its own allowance.
    expect((await engine.request(anonymous("203.0.113.10"))).status).toBe(200);
  });

  it("gives each login 30 a minute, whatever address it comes from", async () => {
    const { engine } = limitedEngine();
    for (let i = 0; i < 30; i++) {
      const res = await engine.request({ ...user(i % 2 ? "Mia" : "mia"), ip: `198.51.100.${i}` });
      expect(res.status).toBe(200);
      expect(res.headers["x-ratelimit-limit"]).toBe("30");
    }
    const refused = await engine.request(user("mia"));
    expect(refused.status).toBe(403);
    expect((refused.body as { message: string }).message).toBe("API rate limit exceeded for user ID mia.");
    // Neither another login nor an anonymous request from the same machine is affected.
    expect((await engine.request(user("ann"))).status).toBe(200);
    expect((await engine.request(anonymous("198.51.100.0"))).status).toBe(200);
  });

  it("counts in a rolling window on the injected clock", async () => {
    const { engine, clock } = limitedEngine({ rateLimit: { unauthenticated: 3, windowMs: 1000 } });
    const ip = "192.0.2.1";
    const status = async () => (await engine.request(anonymous(ip))).status;
    expect(await status()).toBe(200); // t = 0
    clock.ms += 400;
    expect(await status()).toBe(200); // t = 400
    expect(await status()).toBe(200); // t = 400
    clock.ms += 599;
    expect(await status()).toBe(403); // t = 999: all three still inside the window
    clock.ms += 1;
    const res = await engine.request(anonymous(ip)); // t = 1000: the first has left the window
    expect(res.status).toBe(200);
    expect(res.headers["x-ratelimit-reset"]).toBe(String(Math.ceil((START + 1400) / 1000)));
    expect(await status()).toBe(403); // the two of t = 400 and the one just made
    clock.ms += 400;
    expect(await status()).toBe(200); // t = 1400: both of t = 400 have left
    expect(await status()).toBe(200);
    expect(await status()).toBe(403);
  });

  it("does not count refused requests", async () => {
    const { engine, clock } = limitedEngine({ rateLimit: { unauthenticated: 1, windowMs: 1000 } });
    expect((await engine.request(anonymous("192.0.2.2"))).status).toBe(200);
    for (let i = 0; i < 5; i++) {
      clock.ms += 100;
      expect((await engine.request(anonymous("192.0.2.2"))).status).toBe(403);
    }
    clock.ms = START + 1000;
    expect((await engine.request(anonymous("192.0.2.2"))).status).toBe(200);
  });

  it("takes its limits and window from the options", async () => {
    const { engine } = limitedEngine({ rateLimit: { authenticated: 2, unauthenticated: 1, windowMs: 5000 } });
    expect((await engine.request(user("ann"))).headers["x-ratelimit-limit"]).toBe("2");
    expect((await engine.request(user("ann"))).status).toBe(200);
    expect((await engine.request(user("ann"))).status).toBe(403);
    const first = await engine.request(anonymous("192.0.2.3"));
    expect(first.headers["x-ratelimit-limit"]).toBe("1");
    expect(first.headers["x-ratelimit-reset"]).toBe(String(Math.ceil((START + 5000) / 1000)));
    expect((await engine.request(anonymous("192.0.2.3"))).status).toBe(403);
  });

  it("puts every allowance header on every answer, errors included", async () => {
    const { engine } = limitedEngine();
    const answers = await Promise.all(
      [
        "/search/repositories?q=launch", // 200
        "/search/repositories?q=launch&page=200", // 422 past the cap
        "/search/repositories?q=stars:abc", // 422 query
        "/search/repositories", // 422 missing q
        "/search/commits?q=launch", // 415 without the preview
        "/search/labels?q=launch&repository_id=1002", // 404 hidden repository
        "/search/gists?q=launch", // 404 unknown endpoint
        "/elsewhere", // 404 unknown route
      ].map((url) => engine.request({ url, caller: { login: "eve" } })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 422, 422, 422, 415, 404, 404, 404]);
    for (const answer of answers) {
      for (const name of RATE_HEADERS) expect(answer.headers, name).toHaveProperty(name);
      expect(answer.headers["x-ratelimit-resource"]).toBe("search");
    }
    expect(answers.map((a) => a.headers["x-ratelimit-used"])).toEqual(["1", "2", "3", "4", "5", "6", "7", "8"]);

    const refused = await limitedEngine({ rateLimit: { authenticated: 0 } }).engine.request(user("eve"));
    expect(refused.status).toBe(403);
    for (const name of RATE_HEADERS) expect(refused.headers, name).toHaveProperty(name);
  });

  it("puts the allowance headers on a 304", async () => {
    const { engine } = limitedEngine();
    const first = await engine.request(user("ann"));
    const again = await engine.request({ ...user("ann"), headers: { "if-none-match": first.headers.etag } });
    expect(again.status).toBe(304);
    expect(again.headers["x-ratelimit-used"]).toBe("2");
    for (const name of RATE_HEADERS) expect(again.headers, name).toHaveProperty(name);
  });

  it("are off with rateLimit: false: no headers, no limit", async () => {
    const engine = worldEngine({ rateLimit: false });
    for (let i = 0; i < 50; i++) {
      const res = await engine.request(anonymous("192.0.2.4"));
      expect(res.status).toBe(200);
      for (const name of RATE_HEADERS) expect(res.headers).not.toHaveProperty(name);
    }
  });
});

describe("search()", () => {
  it("is never rate-limited, even on an engine whose request() is", async () => {
    const { engine } = limitedEngine({ rateLimit: { authenticated: 1, unauthenticated: 1 } });
    for (let i = 0; i < 40; i++) {
      await expect(engine.search("repositories", { q: "launch" })).resolves.toMatchObject({ incomplete_results: false });
      await expect(engine.search("commits", { q: "launch" }, { accept: PREVIEWS, caller: { login: "ann" } })).resolves.toBeDefined();
    }
    // …and does not spend request()'s allowance.
    expect((await engine.request(anonymous("192.0.2.5"))).status).toBe(200);
    expect((await engine.request(user("ann"))).status).toBe(200);
  });
});
