/** `forgesearch eval` and `--ranking` over the bundled sample, with the real engine. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../src/cli/main.js";
import { parseRun } from "../../src/eval/index.js";

const SAMPLE = fileURLToPath(new URL("../../data/sample", import.meta.url));

function output() {
  const chunks: string[] = [];
  return { isTTY: false, write: (c: string) => chunks.push(c), text: () => chunks.join("") };
}

async function cli(args: string[], cwd: string) {
  const stdout = output();
  const stderr = output();
  const code = await run(args, { stdout, stderr, cwd });
  return { code, out: stdout.text(), err: stderr.text() };
}

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "forgesearch-eval-"));
  // Judge the top result of each query under the defaults, so the defaults find everything first.
  const queries = ["router", "typo", "fix", "readme"].map((q, i) => ({ id: `q${i}`, endpoint: "commits", q }));
  writeFileSync(path.join(dir, "queries.ndjson"), queries.map((q) => JSON.stringify(q)).join("\n"));
  const top = await cli(["eval", "--data", SAMPLE, "--queries", "queries.ndjson", "--qrels", "/dev/null", "--run-dir", "first"], dir);
  expect(top.code).toBe(0);
  const first = parseRun(readFileSync(path.join(dir, "first", "defaults.run"), "utf8")).run;
  const qrels = [...first].filter(([, e]) => e.length > 1).map(([q, e]) => `${q} 0 ${e[0].key} 1`);
  writeFileSync(path.join(dir, "judged.qrels"), qrels.join("\n"));
  writeFileSync(path.join(dir, "flat.json"), JSON.stringify({ commits: { k1: 0, fields: { message: { b: 1 } } } }));
  writeFileSync(path.join(dir, "bad.json"), JSON.stringify({ commits: { fields: { mesage: { b: 1 } } } }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("forgesearch eval", () => {
  it("prints the measures side by side and writes one run per configuration", async () => {
    const r = await cli(["eval", "--data", SAMPLE, "--queries", "queries.ndjson", "--qrels", "judged.qrels", "--ranking", "flat.json", "--run-dir", "runs", "--test", "t-test"], dir);
    expect(r.err).toBe("");
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/judged queries/);
    expect(r.out).toMatch(/^ranking +MRR@10 +nDCG@10 +P@10 +recall@100 +recall@1000$/m);
    expect(r.out).toMatch(/^defaults +1\.0000 +1\.0000 /m);
    expect(r.out).toMatch(/^flat +\d\.\d{4} \(p=\d\.\d{4}\)/m);
    expect(r.out).toMatch(/paired t-test against defaults/);
    for (const tag of ["defaults", "flat"]) {
      const text = readFileSync(path.join(dir, "runs", `${tag}.run`), "utf8");
      for (const line of text.trim().split("\n")) expect(line).toMatch(new RegExp(`^q\\d Q0 \\S+@[0-9a-f]{40} \\d+ \\S+ ${tag}$`));
    }
  });

  it("names the file and the path of a bad configuration", async () => {
    const r = await cli(["eval", "--data", SAMPLE, "--queries", "queries.ndjson", "--qrels", "judged.qrels", "--ranking", "bad.json"], dir);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/bad\.json: ranking\.commits\.fields\.mesage: unknown field; known: message/);
  });

  it("wants exactly one of --data and --index", async () => {
    const r = await cli(["eval", "--queries", "queries.ndjson", "--qrels", "judged.qrels"], dir);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/exactly one of --data/);
  });
});

describe("search --ranking", () => {
  it("scores with the configuration", async () => {
    const base = await cli(["search", "commits", "fix", "--data", SAMPLE, "--per-page", "1"], dir);
    const flat = await cli(["search", "commits", "fix", "--data", SAMPLE, "--per-page", "1", "--ranking", "flat.json"], dir);
    expect(base.code).toBe(0);
    expect(flat.code).toBe(0);
    const score = (out: string) => (JSON.parse(out) as { items: Array<{ score: number }> }).items[0].score;
    // k1 = 0: a word counts its idf once, whatever its frequency.
    expect(score(flat.out)).not.toBe(score(base.out));
    const bad = await cli(["search", "commits", "fix", "--data", SAMPLE, "--ranking", "bad.json"], dir);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/ranking\.commits\.fields\.mesage/);
  });
});
