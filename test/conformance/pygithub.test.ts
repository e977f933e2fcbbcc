/**
 * PyGithub (the Debian package `python3-github`) against the built `forgesearch serve`, unchanged:
 * it is given `http://localhost:PORT` while the server listens on 127.0.0.1, so every page after
 * the first is reached through the `link` header the server wrote (PyGithub refuses a link to any
 * other host). Every `search_*` method, paging over several pages, `totalCount` and
 * `highlight=True`, each compared with the engine's own answer. Where PyGithub cannot run, the
 * tests are skipped and say why.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { engineAnswer, probe, ROOT, runClient, serveSample, TOKEN, type Served } from "./clients/support.js";

/** The first Python that has PyGithub (Debian's lives in /usr/bin/python3, which another python3 on PATH may hide). */
function findPython(): { ok: true; python: string } | { ok: false; reason: string } {
  const reasons: string[] = [];
  for (const python of ["python3", "/usr/bin/python3"]) {
    const found = probe(python, ["-c", "import github"]);
    if (found.ok) return { ok: true, python };
    reasons.push(found.reason);
  }
  return { ok: false, reason: `PyGithub is not importable (${reasons.join("; ")}); .ci/run installs python3-github with apt-get` };
}

const py = findPython();
if (!py.ok) console.warn(`PyGithub conformance tests skipped: ${py.reason}`);
const title = py.ok ? "PyGithub against forgesearch serve" : `PyGithub against forgesearch serve (skipped: ${py.reason})`;
const PROBE = path.join(ROOT, "test", "conformance", "clients", "pygithub_probe.py");
const PER_PAGE = 10;

interface Seen {
  total: number;
  items: unknown[];
}
type Probe = Record<"repositories" | "issues" | "users" | "code" | "commits" | "topics", Seen>;

describe.skipIf(!py.ok)(title, () => {
  let server: Served;
  let seen: Probe;
  beforeAll(async () => {
    server = await serveSample();
    const python = py.ok ? py.python : "python3";
    const ran = await runClient(python, [PROBE, `http://localhost:${server.port}`, TOKEN, String(PER_PAGE)], {}, 60_000);
    if (ran.code !== 0) throw new Error(`the PyGithub probe failed (exit ${ran.code}):\n${ran.stderr}`);
    seen = JSON.parse(ran.stdout) as Probe;
  }, 90_000);
  afterAll(async () => {
    await server?.close();
  });

  it("search_issues pages over more than ten pages to exactly the engine's answer", async () => {
    const expected = (await engineAnswer("issues", "is:issue", { sort: "created", order: "asc" })).map((i) => new URL(String(i.url)).pathname);
    expect(expected.length).toBeGreaterThan(PER_PAGE * 10);
    expect(seen.issues.total).toBe(expected.length);
    expect((seen.issues.items as string[]).map((u) => new URL(u).pathname)).toEqual(expected);
    // Item URLs name the address PyGithub was given, not the listen address.
    expect((seen.issues.items as string[]).every((u) => u.startsWith(`http://localhost:${server.port}/`))).toBe(true);
  });

  it("search_repositories, search_users and search_topics", async () => {
    const repos = (await engineAnswer("repositories", "css", { sort: "stars", order: "desc" })).map((r) => r.full_name);
    const users = (await engineAnswer("users", "type:user", { sort: "followers" })).map((u) => u.login);
    const topics = (await engineAnswer("topics", "ruby")).map((t) => t.name);
    for (const [name, expected] of [["repositories", repos], ["users", users], ["topics", topics]] as const) {
      expect(expected.length, name).toBeGreaterThan(0);
      expect(seen[name].items, name).toEqual(expected);
      expect(seen[name].total, name).toBe(expected.length);
    }
    expect(users.length).toBeGreaterThan(PER_PAGE);
  });

  it("search_commits, with the preview type PyGithub sends", async () => {
    const expected = (await engineAnswer("commits", "fix", { sort: "author-date", order: "desc" })).map((c) => c.sha);
    expect(expected.length).toBeGreaterThan(PER_PAGE);
    expect(seen.commits.items).toEqual(expected);
    expect(seen.commits.total).toBe(expected.length);
  });

  it("search_code with highlight=True gets text matches on every item", async () => {
    const expected = (await engineAnswer("code", "function")).map((f) => [(f.repository as { full_name: string }).full_name, f.path]);
    expect(expected.length).toBeGreaterThan(PER_PAGE);
    const items = seen.code.items as Array<[string, string, string[]]>;
    expect(items.map(([repo, file]) => [repo, file])).toEqual(expected);
    for (const [, , fragments] of items) {
      expect(fragments.length).toBeGreaterThan(0);
      expect(fragments.some((f) => /function/i.test(f))).toBe(true);
    }
  });
});

// The probe must itself be valid Python wherever Python exists, even where PyGithub does not.
describe("the PyGithub probe script", () => {
  it.skipIf(!probe("python3", ["--version"]).ok)("compiles", () => {
    const parse = "import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])";
    const result = spawnSync("python3", ["-c", parse, PROBE], { encoding: "utf8", timeout: 10_000 });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
  });
});
