/**
 * The command line for daily use, with the real engine: saving an index and opening it, tables on
 * a terminal and JSON / NDJSON for machines, the load summary and --strict, and serve's
 * authentication choices.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summarizeLoad } from "../../src/cli/load-summary.js";
import { run } from "../../src/cli/main.js";
import { chooseAuth, isLoopback, UsageError } from "../../src/cli/serve-auth.js";

let workDir: string;
let dumpDir: string;
const ndjson = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join("\n") + "\n";

beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), "forgesearch-daily-"));
  dumpDir = path.join(workDir, "dump");
  mkdirSync(dumpDir);
  writeFileSync(path.join(dumpDir, "users.ndjson"), ndjson([{ login: "acme", id: 1, type: "Organization" }, { login: "octocat", id: 2, type: "User" }]));
  writeFileSync(
    path.join(dumpDir, "repositories.ndjson"),
    ndjson(
      Array.from({ length: 12 }, (_, i) => ({
        id: 100 + i,
        name: `rocket-${i}`,
        full_name: `acme/rocket-${i}`,
        owner: { login: "acme" },
        description: `A rocket engine, model ${i}\twith a tab`,
        stargazers_count: i,
        updated_at: "2024-03-0" + ((i % 9) + 1) + "T00:00:00Z",
      })),
    ),
  );
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function output(isTTY = false, columns?: number) {
  let text = "";
  return { isTTY, columns, write: (chunk: string) => ((text += chunk), true), text: () => text };
}

async function cli(argv: string[], stdoutTTY = false, columns?: number) {
  const stdout = output(stdoutTTY, columns);
  const stderr = output();
  const code = await run(argv, { stdout, stderr, cwd: workDir });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

describe("forgesearch index, then search --index", () => {
  it("saves the index and answers from it exactly as from the dump", async () => {
    const saved = await cli(["index", "dump", "--out", "saved"]);
    expect(saved.code).toBe(0);
    expect(saved.stdout).toMatch(/^Saved the index of dump to saved \(\d+\.\d MB\) in \d+\.\d s\n$/);
    expect(saved.stderr).toBe("loaded dump: 2 users, 12 repositories\n");

    const fromDump = await cli(["search", "repositories", "rocket", "--sort", "stars", "--data", "dump"]);
    const fromIndex = await cli(["search", "repositories", "rocket", "--sort", "stars", "--index", "saved"]);
    expect(fromIndex.code).toBe(0);
    expect(fromIndex.stderr).toBe("opened saved: 12 repositories, 2 users\n");
    expect(fromIndex.stdout).toBe(fromDump.stdout);
    expect(JSON.parse(fromIndex.stdout).total_count).toBe(12);
  });

  it("refuses --data with --index, and a folder that holds no index", async () => {
    expect((await cli(["search", "users", "x", "--data", "dump", "--index", "saved"])).code).toBe(2);
    const missing = await cli(["search", "users", "x", "--index", "dump"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/cannot open the index at .*dump/);
  });
});

describe("what search prints", () => {
  it("prints a table of the identifying columns on a terminal", async () => {
    const { code, stdout } = await cli(["search", "repositories", "rocket", "--sort", "stars", "--per-page", "3", "--data", "dump"], true, 200);
    expect(code).toBe(0);
    const lines = stdout.split("\n");
    expect(lines[0]).toBe("Showing 3 of 12 repositories");
    expect(lines[2]).toMatch(/^NAME\s+DESCRIPTION\s+VISIBILITY\s+STARS\s+UPDATED$/);
    expect(lines[3]).toMatch(/^acme\/rocket-11\s+A rocket engine, model 11 with a tab\s+public\s+11\s+2024-03-03$/);
    expect(lines.slice(3, 6).map((l) => l.split(/\s+/)[0])).toEqual(["acme/rocket-11", "acme/rocket-10", "acme/rocket-9"]);
  });

  it("cuts the description to fit a narrow terminal", async () => {
    const { stdout } = await cli(["search", "repositories", "rocket", "--data", "dump"], true, 70);
    for (const line of stdout.split("\n")) expect(line.length).toBeLessThanOrEqual(70);
    expect(stdout).toContain("…");
  });

  it("prints the listed fields with --json FIELDS, one item a line with --ndjson", async () => {
    const json = await cli(["search", "repositories", "rocket", "--sort", "stars", "--per-page", "2", "--json", "full_name,owner.login,nope", "--data", "dump"], true);
    expect(JSON.parse(json.stdout)).toEqual([
      { full_name: "acme/rocket-11", "owner.login": "acme", nope: null },
      { full_name: "acme/rocket-10", "owner.login": "acme", nope: null },
    ]);
    const lines = await cli(["search", "repositories", "rocket", "--sort", "stars", "--per-page", "2", "--ndjson", "--json", "stargazers_count", "--data", "dump"]);
    expect(lines.stdout).toBe('{"stargazers_count":11}\n{"stargazers_count":10}\n');
    const whole = await cli(["search", "users", "octocat", "--json", "--data", "dump"], true);
    expect(JSON.parse(whole.stdout)).toMatchObject({ total_count: 1, incomplete_results: false });
  });

  it("refuses a field list that names no field", async () => {
    const bad = await cli(["search", "users", "x", "--json", "login,", "--data", "dump"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--json");
  });
});

describe("search --all", () => {
  const BIG = 1100;
  beforeAll(() => {
    const big = path.join(workDir, "big");
    mkdirSync(big);
    const repos = Array.from({ length: BIG }, (_, i) => ({ id: 5000 + i, name: `probe-${i}`, full_name: `space/probe-${i}`, owner: { login: "space" }, stargazers_count: i }));
    writeFileSync(path.join(big, "repositories.ndjson"), ndjson(repos));
  });

  it("streams every match past the 1,000 cap, in the order of paging", async () => {
    const lines = await cli(["search", "repositories", "probe", "--sort", "stars", "--order", "asc", "--all", "--ndjson", "--json", "full_name", "--data", "big"]);
    expect(lines.code).toBe(0);
    const names = lines.stdout.trim().split("\n").map((l) => (JSON.parse(l) as { full_name: string }).full_name);
    expect(names).toEqual(Array.from({ length: BIG }, (_, i) => `space/probe-${i}`));

    const array = await cli(["search", "repositories", "probe", "--all", "--data", "big"]);
    expect((JSON.parse(array.stdout) as unknown[]).length).toBe(BIG);
    const table = await cli(["search", "repositories", "probe", "--all", "--data", "big"], true, 120);
    expect(table.stdout.split("\n").filter((l) => l.startsWith("space/probe-"))).toHaveLength(BIG);
    expect(table.stdout).toMatch(/^NAME\s+DESCRIPTION/);
    expect(table.stdout.endsWith("1,100 repositories\n")).toBe(true);
  });

  it("prints an empty array for no match, and a refused search as search does", async () => {
    expect((await cli(["search", "repositories", "nothing-like-it", "--all", "--data", "big"])).stdout).toBe("[]\n");
    const refused = await cli(["search", "repositories", "stars:>>1", "--all", "--data", "big"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/422 Unprocessable Entity/);
  });
});

describe("the load summary and --strict", () => {
  let broken: string;
  beforeAll(() => {
    broken = path.join(workDir, "broken");
    mkdirSync(broken);
    writeFileSync(path.join(broken, "users.ndjson"), `${JSON.stringify({ login: "mona", id: 1 })}\n{not json\n[1,2]\n`);
  });

  it("names the problems with file:line and still answers", async () => {
    const { code, stderr, stdout } = await cli(["search", "users", "mona", "--data", "broken"]);
    expect(code).toBe(0);
    expect(stderr).toMatch(/^loaded broken: 1 users\n2 lines skipped:\n {2}broken\/users\.ndjson:2: .+\n {2}broken\/users\.ndjson:3: .+\n$/);
    expect(JSON.parse(stdout).total_count).toBe(1);
  });

  it("exits 1 under --strict, for search, index and serve", async () => {
    const search = await cli(["search", "users", "mona", "--data", "broken", "--strict"]);
    expect(search.code).toBe(1);
    expect(search.stdout).toBe("");
    expect(search.stderr).toContain("2 problems in");
    expect((await cli(["index", "broken", "--out", "never", "--strict"])).code).toBe(1);
    expect((await cli(["serve", "--data", "broken", "--port", "0", "--strict"])).code).toBe(1);
  });

  it("reads reports that count every problem and the unresolved records", () => {
    const report = {
      counts: { issues: 3, users: 0 },
      errors: Array.from({ length: 6 }, (_, i) => ({ file: "/d/issues.ndjson", line: i + 1, message: "bad" })),
      problemCount: 40,
      unresolved: 2,
    };
    const summary = summarizeLoad(report, "/d", "/");
    expect(summary.problems).toBe(42);
    expect(summary.text).toBe(
      [
        "loaded d: 3 issues",
        "40 lines skipped:",
        ...[1, 2, 3, 4, 5].map((n) => `  d/issues.ndjson:${n}: bad`),
        "  … and 35 more",
        "2 records are visible to nobody: their repository is not in the dump",
        "",
      ].join("\n"),
    );
  });
});

describe("serve's authentication choices", () => {
  it("is anonymous by default and says nothing on loopback", async () => {
    const choice = await chooseAuth({ host: "127.0.0.1" });
    expect(choice.mode).toBe("none");
    expect(choice.warnings).toEqual([]);
    expect(choice.authenticate("token octocat", new URLSearchParams())).toBeUndefined();
  });

  it("warns about the claimed-login stand-in, and about public interfaces without tokens", async () => {
    const insecure = await chooseAuth({ host: "0.0.0.0", auth: "insecure-login" });
    expect(insecure.warnings).toHaveLength(2);
    expect(insecure.warnings[0]).toMatch(/insecure-login .* development only/);
    expect(insecure.warnings[1]).toMatch(/listening on 0\.0\.0\.0, beyond this machine, without real authentication/);
    expect((await chooseAuth({ host: "::" })).warnings).toHaveLength(1);
  });

  it("checks tokens from the file, and warns about nothing on a public interface", async () => {
    const file = path.join(workDir, "tokens.json");
    writeFileSync(file, JSON.stringify({ "tok-0123456789": "octocat" }));
    const choice = await chooseAuth({ host: "0.0.0.0", tokens: file });
    expect(choice.mode).toBe("tokens");
    expect(choice.warnings).toEqual([]);
    expect(choice.authenticate("token tok-0123456789", new URLSearchParams())).toEqual({ login: "octocat", via: "oauth" });
    expect(() => choice.authenticate("token octocat", new URLSearchParams())).toThrow(/Bad credentials/);
  });

  it("never quotes the tokens file in its errors", async () => {
    const file = path.join(workDir, "bad-tokens.json");
    writeFileSync(file, '{ "tok-secret-value": "octocat", }');
    await expect(chooseAuth({ host: "127.0.0.1", tokens: file })).rejects.toThrow(/is not valid JSON$/);
    await expect(chooseAuth({ host: "127.0.0.1", tokens: file })).rejects.not.toThrow(/tok-secret-value/);
    await expect(chooseAuth({ host: "127.0.0.1", tokens: path.join(workDir, "none.json") })).rejects.toThrow(/cannot read the tokens file .*ENOENT/);
  });

  it.each([
    [{ auth: "tokens" }, /needs --tokens/],
    [{ auth: "none", tokens: "t.json" }, /cannot be used with --auth none/],
    [{ auth: "everyone" }, /--auth takes none, tokens, insecure-login/],
  ])("refuses %j as a usage error", async (options, message) => {
    const err = await chooseAuth({ host: "127.0.0.1", ...options }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UsageError);
    expect(String(err)).toMatch(message);
  });

  it("exits 2 on a usage error from the command line", async () => {
    const result = await cli(["serve", "--data", "dump", "--port", "0", "--auth", "tokens"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--auth tokens needs --tokens FILE");
  });

  it.each([
    ["127.0.0.1", true],
    ["127.9.9.9", true],
    ["localhost", true],
    ["::1", true],
    ["[::1]", true],
    ["0.0.0.0", false],
    ["::", false],
    ["192.168.1.4", false],
    ["search.example", false],
  ])("%s is loopback: %s", (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });
});
