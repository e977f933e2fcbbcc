/** `forgesearch import-gharchive` over the committed sample, through the real importer. */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run } from "../../src/cli/main.js";
import { FIXTURE } from "../import/gharchive/files.js";

let workDir: string;
beforeEach(() => {
  workDir = mkdtempSync(path.join(tmpdir(), "forgesearch-cli-gharchive-"));
});
afterEach(() => rmSync(workDir, { recursive: true, force: true }));

function harness() {
  const out = { chunks: [] as string[], write: (chunk: string) => out.chunks.push(chunk) };
  const err = { chunks: [] as string[], write: (chunk: string) => err.chunks.push(chunk) };
  return { env: { stdout: out, stderr: err, cwd: workDir }, stdout: () => out.chunks.join(""), stderr: () => err.chunks.join("") };
}

describe("forgesearch import-gharchive", () => {
  it("imports files and folders into the dump and prints what it read, kept and skipped", async () => {
    const h = harness();
    const hour9 = path.join(FIXTURE, "2021-07-21-9.json");
    const code = await run(["import-gharchive", FIXTURE, hour9, "--out", "dump", "--memory", "1"], h.env);
    expect(h.stderr()).toBe("");
    expect(code).toBe(0);
    const lines = h.stdout().split("\n");
    // The plain hour is named twice (in the folder and by itself) and read once.
    expect(lines[0]).toMatch(/^Imported 620 events from 4 files \(358\.4 KB\) in \d+\.\d s into dump$/);
    expect(lines[1]).toMatch(/^ {2}events {3}PushEvent 323, CreateEvent 81, PullRequestEvent 53, /);
    expect(lines[2]).toMatch(/^ {2}records {2}users \d+, repositories \d+ \(\d+ stubs\), labels \d+, issues 111 \(83 pull requests, 17 reviews\), comments 28$/);
    expect(lines[3]).toBe("  trimmed  pull-request stubs 0, pushes without commits 0, without author_association 0");
    expect(lines[4]).toBe("  skipped  none");
    expect(existsSync(path.join(workDir, "dump", "issues.ndjson"))).toBe(true);
  });

  it("explains itself with --help", async () => {
    const h = harness();
    expect(await run(["import-gharchive", "--help"], h.env)).toBe(0);
    expect(h.stdout()).toMatch(/Usage: forgesearch import-gharchive \[options\] <inputs\.\.\.>/);
    expect(h.stdout()).toContain("--memory <MiB>");
  });

  it("fails with exit code 1 and a message naming a missing input", async () => {
    const h = harness();
    expect(await run(["import-gharchive", "nowhere", "--out", "dump"], h.env)).toBe(1);
    expect(h.stderr()).toBe(`forgesearch: cannot import GH Archive events: no such file or folder: ${path.join(workDir, "nowhere")}\n`);
    expect(existsSync(path.join(workDir, "dump"))).toBe(false);
  });

  it.each([
    [["import-gharchive", "x.json.gz"], /--out/],
    [["import-gharchive", "--out", "dump"], /inputs/],
    [["import-gharchive", "x.json", "--out", "dump", "--memory", "0"], /MiB/],
  ])("exits 2 on a usage error: %j", async (argv, message) => {
    const h = harness();
    expect(await run(argv, h.env)).toBe(2);
    expect(h.stderr()).toMatch(message);
  });
});
