/**
 * ETags end to end through `engine.request()`: every 200 carries one, a matching `If-None-Match`
 * gets 304 without a body, and the tag follows the body (the query, the page, the caller's view,
 * the data).
 */
import { describe, expect, it } from "vitest";
import { PREVIEWS, repositoryId, worldEngine } from "./world.js";

const ETAG = /^W\/"[0-9a-f]{64}"$/;

const ENDPOINT_URLS = [
  "/search/code?q=launch",
  "/search/commits?q=launch",
  "/search/issues?q=launch",
  `/search/labels?q=launch&repository_id=${repositoryId("acme/rocket")}`,
  "/search/repositories?q=launch",
  "/search/topics?q=launch",
  "/search/users?q=person",
  "/search/repositories?q=no-such-word-anywhere",
];

describe("ETags", () => {
  const engine = worldEngine();
  const get = (url: string, headers: Record<string, string> = {}, caller?: string) =>
    engine.request({ url, headers: { accept: PREVIEWS, ...headers }, caller: caller ? { login: caller } : undefined });

  it.each(ENDPOINT_URLS)("are on every 200, and If-None-Match gets 304 without a body: %s", async (url) => {
    const first = await get(url);
    expect(first.status).toBe(200);
    expect(first.headers.etag).toMatch(ETAG);
    const again = await get(url, { "if-none-match": first.headers.etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it("match in every form a client sends them", async () => {
    const { headers } = await get("/search/repositories?q=launch");
    const opaque = headers.etag.slice(2); // without W/
    for (const ifNoneMatch of [headers.etag, opaque, opaque.slice(1, -1), `"other", ${headers.etag}`, "*"]) {
      expect((await get("/search/repositories?q=launch", { "if-none-match": ifNoneMatch })).status, ifNoneMatch).toBe(304);
    }
    for (const ifNoneMatch of ['W/"0000"', '"other"', ""]) {
      expect((await get("/search/repositories?q=launch", { "if-none-match": ifNoneMatch })).status, ifNoneMatch).toBe(200);
    }
  });

  it("are the same for the same answer and differ when the answer does", async () => {
    const tag = async (url: string, headers: Record<string, string> = {}, caller?: string) => (await get(url, headers, caller)).headers.etag;
    const base = await tag("/search/repositories?q=launch");
    expect(await tag("/search/repositories?q=launch")).toBe(base);
    expect(await tag("/search/repositories?q=launch&per_page=1")).not.toBe(base);
    expect(await tag("/search/repositories?q=launch&per_page=1&page=2")).not.toBe(await tag("/search/repositories?q=launch&per_page=1"));
    expect(await tag("/search/repositories?q=launch", { accept: "application/vnd.github.v3.text-match+json" })).not.toBe(base);
    // Callers who see different things get different tags; callers who see the same get the same.
    expect(await tag("/search/repositories?q=launch", {}, "mia")).not.toBe(base);
    expect(await tag("/search/repositories?q=launch", {}, "eve")).toBe(base);
  });

  it("stop matching once the data changes", async () => {
    const fresh = worldEngine();
    const first = await fresh.request({ url: "/search/repositories?q=launch" });
    fresh.add("repositories", { id: 77, name: "pad", full_name: "ann/pad", owner: { login: "ann" }, description: "A launch pad" });
    const after = await fresh.request({ url: "/search/repositories?q=launch", headers: { "if-none-match": first.headers.etag } });
    expect(after.status).toBe(200);
    expect(after.headers.etag).toMatch(ETAG);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect((after.body as { total_count: number }).total_count).toBe(3);
  });

  it("are not sent with errors, and If-None-Match does not turn an error into a 304", async () => {
    for (const url of ["/search/repositories?q=stars:abc", "/search/commits?q=launch", "/search/labels?q=x&repository_id=1"]) {
      const res = await engine.request({ url, headers: { "if-none-match": "*" } });
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.headers, url).not.toHaveProperty("etag");
    }
  });
});
