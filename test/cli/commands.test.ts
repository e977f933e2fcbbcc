/**
 * The command line against stand-ins for the engine and the git importer: arguments, output,
 * exit codes and progress. The real engine behind it is exercised in cli.test.ts.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run, type CliEngine, type CliEngineOptions, type CliEnvironment, type ImportGitOptions } from "../../src/cli/main.js";
import type { HttpRequest, HttpResponse } from "../../src/types.js";

class FakeEngine implements CliEngine {
  readonly requests: HttpRequest[] = [];
  readonly loaded: string[] = [];
  warmCalls = 0;
  constructor(
    readonly options: CliEngineOptions,
    private readonly behaviour: FakeBehaviour,
  ) {}
  async load(dir: string, options?: { onProgress?: (read: number, total: number) => void }): Promise<unknown> {
    this.loaded.push(dir);
    options?.onProgress?.(0, 2048);
    await this.behaviour.loading;
    if (this.behaviour.loadError) throw new Error(this.behaviour.loadError);
    options?.onProgress?.(2048, 2048);
    return {};
  }
  async request(req: HttpRequest): Promise<HttpResponse> {
    this.requests.push(req);
    return this.behaviour.respond(req);
  }
  async warm(): Promise<void> {
    this.warmCalls++;
    await this.behaviour.warming;
  }
}

interface FakeBehaviour {
  respond: (req: HttpRequest) => HttpResponse;
  loading?: Promise<void>;
  warming?: Promise<void>;
  loadError?: string;
}

function output(isTTY = false) {
  const chunks: string[] = [];
  return { chunks, isTTY, write: (chunk: string) => chunks.push(chunk), text: () => chunks.join("") };
}

let workDir: string;
let dataDir: string;
beforeEach(() => {
  workDir = mkdtempSync(path.join(tmpdir(), "forgesearch-cli-"));
  dataDir = path.join(workDir, "dump");
  mkdirSync(dataDir);
});
afterEach(() => rmSync(workDir, { recursive: true, force: true }));

const envelope = { total_count: 1, incomplete_results: false, items: [{ login: "octocat", score: 1 }] };

function harness(behaviour: Partial<FakeBehaviour> = {}, stderrIsTTY = false) {
  const engines: FakeEngine[] = [];
  const imports: Array<[string, ImportGitOptions]> = [];
  const stdout = output();
  const stderr = output(stderrIsTTY);
  const env: Partial<CliEnvironment> = {
    stdout,
    stderr,
    cwd: workDir,
    createEngine: async (options) => {
      const engine = new FakeEngine(options, { respond: () => ({ status: 200, headers: {}, body: envelope }), ...behaviour });
      engines.push(engine);
      return engine;
    },
    importGit: async (clone, options) => {
      imports.push([clone, options]);
      options.onProgress?.({ phase: "commits", done: 10, total: 10 });
      options.onProgress?.({ phase: "files", done: 3 });
      return { repository: options.repo, commits: 10, files: 3, skipped: { binary: 1, tooLarge: 2 }, ms: 1500 };
    },
  };
  return { env, engines, imports, stdout, stderr };
}

describe("forgesearch search", () => {
  it("prints the envelope as indented JSON", async () => {
    const h = harness();
    const code = await run(["search", "users", "octo", "--data", "dump"], h.env);
    expect(code).toBe(0);
    expect(h.stdout.text()).toBe(`${JSON.stringify(envelope, null, 2)}\n`);
    expect(h.stderr.text()).toBe("");
    expect(h.engines[0].loaded).toEqual([dataDir]);
    expect(h.engines[0].options).toEqual({ rateLimit: false });
  });

  it("sends the request the options describe", async () => {
    const h = harness();
    await run(
      ["search", "commits", "fix bug", "--sort", "author-date", "--order", "asc", "--per-page", "5", "--page", "2"]
        .concat(["--text-match", "--as", "mona", "--data", dataDir]),
      h.env,
    );
    const [req] = h.engines[0].requests;
    expect(req.url).toBe("/search/commits?q=fix+bug&sort=author-date&order=asc&per_page=5&page=2");
    expect(req.headers?.accept).toContain("cloak-preview");
    expect(req.headers?.accept).toContain("text-match");
    expect(req.caller).toEqual({ login: "mona", via: "oauth" });
  });

  it("reports an error status and body on stderr with exit code 1", async () => {
    const body = { message: "Validation Failed", errors: [{ resource: "Search", field: "q", code: "invalid" }] };
    const h = harness({ respond: () => ({ status: 422, headers: {}, body }) });
    const code = await run(["search", "code", "language:go", "--data", "dump"], h.env);
    expect(code).toBe(1);
    expect(h.stdout.text()).toBe("");
    expect(h.stderr.text()).toBe(`422 Unprocessable Entity\n${JSON.stringify(body, null, 2)}\n`);
  });

  it("uses ./data/sample when --data is not given and it exists", async () => {
    const sample = path.join(workDir, "data", "sample");
    mkdirSync(sample, { recursive: true });
    const h = harness();
    expect(await run(["search", "users", "x"], h.env)).toBe(0);
    expect(h.engines[0].loaded).toEqual([sample]);
  });

  it("requires --data when there is no ./data/sample", async () => {
    const h = harness();
    expect(await run(["search", "users", "x"], h.env)).toBe(2);
    expect(h.stderr.text()).toContain("--data <dir> or --index <dir> is required");
    expect(h.engines).toHaveLength(0);
  });

  it("fails with exit code 1 when the dump is missing or cannot be loaded", async () => {
    const missing = harness();
    expect(await run(["search", "users", "x", "--data", "nowhere"], missing.env)).toBe(1);
    expect(missing.stderr.text()).toBe(`forgesearch: no data dump at ${path.join(workDir, "nowhere")}\n`);

    const broken = harness({ loadError: "users.ndjson line 3: unexpected token" });
    expect(await run(["search", "users", "x", "--data", "dump"], broken.env)).toBe(1);
    expect(broken.stderr.text()).toBe(`forgesearch: cannot load ${dataDir}: users.ndjson line 3: unexpected token\n`);
  });

  it("draws load progress on a terminal only", async () => {
    const tty = harness({}, true);
    await run(["search", "users", "x", "--data", "dump"], tty.env);
    expect(tty.stderr.text()).toContain("loading [");
    expect(tty.stderr.text().endsWith("\r\x1b[K")).toBe(true);

    const piped = harness({}, false);
    await run(["search", "users", "x", "--data", "dump"], piped.env);
    expect(piped.stderr.text()).toBe("");
  });

  it.each([
    [["search", "gists", "x", "--data", "dump"], /invalid for argument 'endpoint'/],
    [["search", "code", "--data", "dump"], /missing required argument 'q'/],
    [["search", "code", "x", "--per-page", "ten", "--data", "dump"], /--per-page.*whole number/],
    [["search", "code", "x", "--page", "0", "--data", "dump"], /--page.*whole number/],
    [["search", "code", "x", "--frobnicate"], /unknown option '--frobnicate'/],
    [["frobnicate"], /unknown command 'frobnicate'/],
    [[], /Usage: forgesearch/],
  ])("exits 2 on a usage error: %j", async (argv, message) => {
    const h = harness();
    expect(await run(argv, h.env)).toBe(2);
    expect(h.stderr.text()).toMatch(message);
    expect(h.engines).toHaveLength(0);
  });
});

describe("help and version", () => {
  it.each([["--help"], ["search", "--help"], ["serve", "--help"], ["import-git", "--help"], ["help", "search"]])(
    "%j prints usage to stdout and exits 0",
    async (...argv) => {
      const h = harness();
      expect(await run(argv, h.env)).toBe(0);
      expect(h.stdout.text()).toMatch(/^Usage: forgesearch/);
    },
  );

  it("prints the version", async () => {
    const h = harness();
    expect(await run(["--version"], h.env)).toBe(0);
    expect(h.stdout.text()).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe("forgesearch serve", () => {
  it("answers 503 while loading, serves while it warms, then says it listens, until stopped", async () => {
    let finishLoading!: () => void;
    const loading = new Promise<void>((resolve) => (finishLoading = resolve));
    let finishWarming!: () => void;
    const warming = new Promise<void>((resolve) => (finishWarming = resolve));
    const h = harness({ loading, warming, respond: (req) => ({ status: 200, headers: { "x-seen": req.url }, body: envelope }) });
    const stop = new AbortController();
    const exit = run(["serve", "--data", "dump", "--port", "0", "--time-limit", "250", "--auth", "insecure-login"], { ...h.env, signal: stop.signal });

    const url = await until(() => h.engines[0]?.options.baseUrl);
    const early = await fetch(`${url}/search/users?q=x`);
    expect(early.status).toBe(503);
    expect(await early.json()).toMatchObject({ message: "Service Unavailable" });

    finishLoading();
    await until(() => h.engines[0].warmCalls === 1 || undefined);
    expect((await fetch(`${url}/search/users?q=warming`)).status).toBe(200);
    expect(h.stdout.text()).toBe("");
    finishWarming();
    await until(() => h.stdout.text().includes("Listening on"));
    expect(h.engines[0].warmCalls).toBe(1);
    expect(h.stdout.text()).toBe(`Listening on ${url}\n`);
    const res = await fetch(`${url}/search/users?q=x`, { headers: { authorization: "token octocat" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-seen")).toBe("/search/users?q=x");
    expect(h.engines[0].requests[1].caller).toEqual({ login: "octocat", via: "oauth" });
    expect(h.stderr.text()).toMatch(/^warning: --auth insecure-login believes any claimed login/);
    expect(h.engines[0].options).toEqual({ baseUrl: url, timeLimitMs: 250, rateLimit: undefined });

    stop.abort();
    expect(await exit).toBe(0);
    await expect(fetch(`${url}/search/users?q=x`)).rejects.toThrow();
  });

  it("turns the rate limit off with --no-rate-limit", async () => {
    const h = harness();
    const stop = new AbortController();
    stop.abort();
    expect(await run(["serve", "--data", "dump", "--port", "0", "--no-rate-limit"], { ...h.env, signal: stop.signal })).toBe(0);
    expect(h.engines[0].options.rateLimit).toBe(false);
  });

  it("stops listening and exits 1 when the dump cannot be loaded", async () => {
    const h = harness({ loadError: "bad dump" });
    expect(await run(["serve", "--data", "dump", "--port", "0"], h.env)).toBe(1);
    expect(h.stderr.text()).toContain("cannot load");
  });

  it.each([["--port", "99999"], ["--port", "http"], ["--time-limit", "-5"]])("exits 2 on %s %s", async (flag, value) => {
    const h = harness();
    expect(await run(["serve", "--data", "dump", flag, value], h.env)).toBe(2);
  });
});

describe("forgesearch import-git", () => {
  it("imports the clone into the dump folder and prints a summary", async () => {
    const clone = path.join(workDir, "clone");
    mkdirSync(clone);
    const h = harness({}, true);
    const code = await run(["import-git", "clone", "--repo", "expressjs/express", "--out", "out", "--branch", "main", "--append"], h.env);
    expect(code).toBe(0);
    const [[clonePath, options]] = h.imports;
    expect(clonePath).toBe(clone);
    expect(options).toMatchObject({ repo: "expressjs/express", out: path.join(workDir, "out"), branch: "main", append: true });
    expect(h.stdout.text()).toBe(
      "Imported expressjs/express: 10 commits, 3 files (skipped 1 binary, 2 too large) in 1.5 s into out\n",
    );
    expect(h.stderr.text()).toContain("commits [");
    expect(h.stderr.text()).toContain("files 3");
  });

  it("fails with exit code 1 when the clone does not exist", async () => {
    const h = harness();
    expect(await run(["import-git", "missing", "--repo", "a/b", "--out", "out"], h.env)).toBe(1);
    expect(h.imports).toHaveLength(0);
  });

  it("reports an import failure with exit code 1", async () => {
    mkdirSync(path.join(workDir, "clone"));
    const h = harness();
    h.env.importGit = async () => {
      throw new Error("not a git repository");
    };
    expect(await run(["import-git", "clone", "--repo", "a/b", "--out", "out"], h.env)).toBe(1);
    expect(h.stderr.text()).toBe(`forgesearch: cannot import ${path.join(workDir, "clone")}: not a git repository\n`);
  });

  it.each([
    [["import-git", "clone", "--out", "out"], /--repo/],
    [["import-git", "clone", "--repo", "a/b"], /--out/],
    [["import-git", "clone", "--repo", "just-a-name", "--out", "out"], /owner\/name/],
    [["import-git", "--repo", "a/b", "--out", "out"], /clone/],
  ])("exits 2 on a usage error: %j", async (argv, message) => {
    const h = harness();
    expect(await run(argv, h.env)).toBe(2);
    expect(h.stderr.text()).toMatch(message);
  });
});

async function until<T>(probe: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
