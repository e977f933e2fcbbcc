/**
 * The command line with the real engine: in-process through `run()`, and as the built `forgesearch`
 * program (dist/cli/main.js, which `npm test` builds first).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/main.js";
import { runClient } from "../conformance/clients/support.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const builtCli = path.join(root, "dist", "cli", "main.js");
const USERS = ["octocat", "octavia", "mona", "hubot"];

let workDir: string;
let dumpDir: string;
beforeAll(() => {
  workDir = mkdtempSync(path.join(tmpdir(), "forgesearch-cli-real-"));
  dumpDir = path.join(workDir, "dump");
  mkdirSync(dumpDir);
  const users = USERS.map((login, i) => JSON.stringify({ login, id: i + 1, type: "User" })).join("\n");
  writeFileSync(path.join(dumpDir, "users.ndjson"), `${users}\n`);
});
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function capture() {
  let text = "";
  return { write: (chunk: string) => (text += chunk), text: () => text };
}

describe("forgesearch search with the real engine", () => {
  it("prints the envelope of a search", async () => {
    const stdout = capture();
    const stderr = capture();
    const code = await run(["search", "users", "octocat", "--data", dumpDir], { stdout, stderr, cwd: workDir });
    expect(stderr.text()).toBe("loaded dump: 4 users\n");
    expect(code).toBe(0);
    const body = JSON.parse(stdout.text()) as { total_count: number; items: Array<{ login: string; score: number }> };
    expect(body.total_count).toBe(1);
    expect(body.items[0].login).toBe("octocat");
    expect(typeof body.items[0].score).toBe("number");
  });

  it("pages with --per-page and --page", async () => {
    const stdout = capture();
    const code = await run(["search", "users", "type:user", "--per-page", "3", "--page", "2", "--data", dumpDir], {
      stdout,
      stderr: capture(),
      cwd: workDir,
    });
    expect(code).toBe(0);
    const body = JSON.parse(stdout.text()) as { total_count: number; items: unknown[] };
    expect(body.total_count).toBe(USERS.length);
    expect(body.items).toHaveLength(USERS.length - 3);
  });

  it("sends the preview media types itself", async () => {
    for (const endpoint of ["topics", "commits"]) {
      const stderr = capture();
      const code = await run(["search", endpoint, "anything", "--data", dumpDir], { stdout: capture(), stderr, cwd: workDir });
      expect({ endpoint, code, stderr: stderr.text() }).toEqual({ endpoint, code: 0, stderr: "loaded dump: 4 users\n" });
    }
  });

  it("exits 1 with the status and body of a refused search", async () => {
    const stderr = capture();
    const code = await run(["search", "users", "octocat", "--sort", "stars", "--data", dumpDir], {
      stdout: capture(),
      stderr,
      cwd: workDir,
    });
    expect(code).toBe(1);
    const refusal = stderr.text().replace(/^loaded dump: 4 users\n/, "");
    expect(refusal).toMatch(/^422 Unprocessable Entity\n/);
    expect(JSON.parse(refusal.slice(refusal.indexOf("\n") + 1))).toMatchObject({ message: "Validation Failed" });
  });
});

describe("the built forgesearch program", () => {
  beforeAll(() => {
    if (!existsSync(builtCli)) throw new Error(`${builtCli} is missing: run \`npm run build\` first (npm test does).`);
  });

  it("searches, with exit code 0, when run through a linked bin", async () => {
    const link = path.join(workDir, "forgesearch");
    if (!existsSync(link)) symlinkSync(builtCli, link);
    const result = await exec(process.execPath, [link, "search", "users", "mona", "--data", dumpDir]);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { items: Array<{ login: string }> }).items.map((u) => u.login)).toEqual(["mona"]);
    expect(result.stderr).toMatch(/^loaded \S*dump: 4 users\n$/);
  });

  it("exits 2 on a usage error", async () => {
    const result = await exec(process.execPath, [builtCli, "search", "gists", "x", "--data", dumpDir]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("Allowed choices are code, commits, issues, labels, repositories, topics, users");
  });

  it("serves until SIGTERM, then exits 0", async () => {
    const child = spawn(process.execPath, [builtCli, "serve", "--data", dumpDir, "--port", "0"], { stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    const url = await new Promise<string>((resolve, reject) => {
      let out = "";
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        const match = /Listening on (\S+)/.exec(out);
        if (match) resolve(match[1]);
      });
      child.on("exit", () => reject(new Error(`server exited early: ${out}`)));
    });
    const res = await fetch(`${url}/search/users?q=hubot`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { total_count: number }).total_count).toBe(1);
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
  });
});

/** Runs the program with this process's environment, as a shell would. */
function exec(command: string, args: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter((e): e is [string, string] => e[1] !== undefined));
  return runClient(command, args, env);
}
