/**
 * While a dump is loading (`engine.loading`), searches answer 503 — through `search()` and through
 * `request()` — and answer normally once it is in, or once it has failed.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/engine.js";
import { SearchError } from "../../src/errors.js";
import { PREVIEWS, worldRecords } from "./world.js";

let dumpDir: string;

beforeAll(() => {
  dumpDir = mkdtempSync(path.join(tmpdir(), "forgesearch-loading-"));
  const byKind = new Map<string, string[]>();
  for (const [kind, record] of worldRecords()) byKind.set(kind, [...(byKind.get(kind) ?? []), JSON.stringify(record)]);
  for (const [kind, lines] of byKind) writeFileSync(path.join(dumpDir, `${kind}.ndjson`), lines.join("\n") + "\n");
});
afterAll(() => rmSync(dumpDir, { recursive: true, force: true }));

const SERVICE_UNAVAILABLE = { message: "Service Unavailable", documentation_url: "https://docs.github.com/rest/search/search" };
const ENDPOINTS = ["code", "commits", "issues", "labels", "repositories", "topics", "users"] as const;

describe("searching while a load is in progress", () => {
  it("answers 503 from search() on every endpoint, then the loaded data", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    expect(engine.loading).toBe(false);
    const load = engine.load(dumpDir);
    expect(engine.loading).toBe(true);
    for (const kind of ENDPOINTS) {
      const attempt = engine.search(kind, { q: "launch", repository_id: 1001 }, { accept: PREVIEWS });
      await expect(attempt, kind).rejects.toBeInstanceOf(SearchError);
      await expect(attempt, kind).rejects.toMatchObject({ status: 503, body: SERVICE_UNAVAILABLE });
    }
    await load;
    expect(engine.loading).toBe(false);
    expect((await engine.search("repositories", { q: "launch" })).total_count).toBe(2);
  });

  it("answers 503 from request(), with the allowance headers, then 200", async () => {
    const engine = new SearchEngine({ now: () => 1_700_000_000_000 });
    const load = engine.load(dumpDir);
    for (const kind of ENDPOINTS) {
      const res = await engine.request({ url: `/search/${kind}?q=launch&repository_id=1001`, headers: { accept: PREVIEWS }, caller: { login: "mia" } });
      expect(res.status, kind).toBe(503);
      expect(res.body, kind).toEqual(SERVICE_UNAVAILABLE);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(res.headers["x-ratelimit-remaining"]).toBeDefined();
      expect(res.headers).not.toHaveProperty("etag");
    }
    await load;
    const res = await engine.request({ url: "/search/repositories?q=launch", caller: { login: "mia" } });
    expect(res.status).toBe(200);
    expect((res.body as { total_count: number }).total_count).toBe(4);
  });

  it("stays unavailable while any of several loads runs", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    // Whichever load ends first, the other is still running: searches must still be refused.
    const loads = [engine.load(dumpDir), engine.load(dumpDir)].map((p, i) => p.then(() => i));
    await Promise.race(loads);
    const stillLoading = engine.loading;
    const during = engine.search("repositories", { q: "launch" }).then(
      () => 200,
      (e: { status?: number }) => e.status,
    );
    expect(await during).toBe(stillLoading ? 503 : 200);
    await Promise.all(loads);
    expect(engine.loading).toBe(false);
    await expect(engine.search("repositories", { q: "launch" })).resolves.toMatchObject({ total_count: 2 });
  });

  it("becomes available again after a load that fails", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    const load = engine.load(path.join(dumpDir, "no-such-folder"));
    expect(engine.loading).toBe(true);
    await expect(load).rejects.toThrow();
    expect(engine.loading).toBe(false);
    await expect(engine.search("repositories", { q: "launch" })).resolves.toMatchObject({ total_count: 0 });
  });
});
