/**
 * A load's reading thread (src/load/thread-lines.ts, src/load/terms-worker.ts). The thread runs built
 * modules only, so these tests run the built library in a process of its own (test/support/built.ts).
 */
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runBuilt } from "../support/built.js";
import { ndjson, tempDump } from "./temp-dump.js";

const HERE = dirname(fileURLToPath(import.meta.url));
const SAMPLE = join(HERE, "../../data/sample");

/** Issues whose titles and bodies take every path of the tokenizers: ASCII prose, other scripts, code, nothing, not text. */
function trickyIssues(count: number): object[] {
  const texts = ["Crash when résumé uploads fail", "東京 の バグ 修正", "null pointer in `parse()` at src/a.ts:12", "", "ÆSIR Ünïcödé naïve café", "fix: handle 'quotes' & <tags>"];
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    repository_url: `https://api.github.com/repos/octocat/Hello-World`,
    title: i % 17 === 3 ? 42 : texts[i % texts.length] + ` ${i}`,
    body: i % 5 === 0 ? null : `${texts[(i + 2) % texts.length]} body ${i} ${"word ".repeat(i % 9)}`,
    state: i % 3 ? "open" : "closed",
    user: { login: `user${i % 7}` },
    created_at: new Date(Date.UTC(2020, 0, 1 + (i % 300))).toISOString(),
    // Keyword columns of several values, repeated and in other cases; a reaction count now and then.
    labels: i % 4 ? [{ name: "Bug" }, { name: `area-${i % 5}` }, { name: "bug" }] : [],
    assignees: i % 6 ? [] : [{ login: `User${i % 3}` }, { login: `user${i % 3}` }],
    locked: i % 9 === 0,
    ...(i % 11 ? {} : { reactions: { total_count: i % 4, "+1": 1 } }),
  }));
}

interface PlainLine {
  text: string;
  number: number;
  tooLong: boolean;
  invalidUtf8: boolean;
  fields: Array<Array<Array<[string, number, number]>>> | null;
  /** Per reader: its number columns' values, then its keyword columns' values. */
  columns: Array<[Array<number | null>, string[][]] | null> | null;
}

describe("a load's reading thread", () => {
  it("loads, answers and saves exactly as a load read on the main thread, the thread's fields taken", async () => {
    const files = Object.fromEntries(
      (await readdir(SAMPLE)).filter((name) => name.endsWith(".ndjson") && name !== "comments.ndjson").map((name) => [name, name]),
    );
    const contents: Record<string, string | Buffer> = {};
    for (const name of Object.keys(files)) contents[name] = await readFile(join(SAMPLE, name));
    // No comments file: the issues are then indexed as they load, where the thread's fields are taken.
    const issues = ndjson(trickyIssues(300));
    contents["issues.ndjson"] = Buffer.concat([
      Buffer.from("\uFEFF"),
      contents["issues.ndjson"] as Buffer,
      Buffer.from(issues.replace(/\n/g, "\r\n")),
      Buffer.from('{"number": 9000, "title": "not closed"\n\n[1,2]\n'),
      Buffer.from(`{"number":9001,"repository_url":"https://api.github.com/repos/octocat/Hello-World","title":"${"long ".repeat(100_000)}"}\n`),
      Buffer.from('{"number":9002,"repository_url":"https://api.github.com/repos/octocat/Hello-World","title":"bad \xff\xfe bytes"}\n', "latin1"),
    ]);
    const dir = await tempDump(contents);
    const out = await tempDump();
    const queries: Array<[string, string]> = [
      ["issues", "crash"], ["issues", "東京"], ["issues", "résumé"], ["issues", "naïve café"], ["issues", "body in:body"], ["issues", "bad bytes"],
      ["issues", "is:open sort:created-asc"], ["issues", "label:bug label:area-2"], ["issues", "assignee:user1 sort:reactions"], ["issues", "is:locked"], ["repositories", "css"], ["repositories", "javascript in:topics"], ["users", "octocat"],
      ["commits", "initial"], ["code", "function"], ["code", "jquery in:path"], ["topics", "javascript"],
    ];
    const [thread, main] = runBuilt<Array<{ taken: number; givenValues: number; report: unknown; answers: unknown[]; saved: string }>>("load", { dir, queries, out });
    expect(main.taken).toBe(0);
    expect(thread.taken).toBeGreaterThan(300);
    // Keyword columns set from the thread's values: several per issue.
    expect(main.givenValues).toBe(0);
    expect(thread.givenValues).toBeGreaterThan(3000);
    expect(thread.report).toEqual(main.report);
    expect((thread.report as { problemsByCode: unknown }).problemsByCode).toEqual({ "invalid-json": 2, "line-too-long": 1, "invalid-utf8": 1 });
    expect(thread.answers).toEqual(main.answers);
    expect(thread.answers.some((a) => typeof a === "object" && (a as { total_count: number }).total_count > 0)).toBe(true);
    expect(thread.saved === main.saved).toBe(true);
  });

  it("gives the lines readLines gives, over several batches, with the fields a main-thread reading finds", async () => {
    const lines = [
      ...trickyIssues(2500).map((issue) => JSON.stringify(issue)),
      "",
      "not json",
      `{"number":1,"title":"${"x".repeat(1200)}"}`,
      '{"number":2,"title":["a list", "of titles"]}',
    ];
    const dir = await tempDump({
      "issues.ndjson": Buffer.concat([Buffer.from("\uFEFF" + lines.join("\r\n") + "\n"), Buffer.from('{"title":"caf\xe9"}', "latin1")]),
      "repositories.ndjson": ndjson([{ full_name: "a/b", name: "b", topics: ["web", 7, "東京"], description: "Ünïcödé" }, { full_name: "c/d", topics: "not a list" }]),
    });
    const read = (file: string, readers: unknown) => runBuilt<{ onThread: PlainLine[]; onMain: PlainLine[]; bytes: number }>("lines", { path: join(dir, file), readers, maxLineBytes: 1000 });
    const issueColumns = { numbers: ["created", "reactions", "merged_at"], keywords: ["state", "author", "label", "key", "locked", "assignee"] };
    const issues = read("issues.ndjson", [{ kind: "issues", fields: ["title", "body"], ...issueColumns }, { kind: "users", fields: ["login"] }]);
    expect(issues.onThread).toEqual(issues.onMain);
    expect(issues.onThread[0].columns![0]![1][0]).toEqual(["closed"]);
    expect(issues.onThread[0].columns![1]).toBe(null);
    expect(issues.onThread).toHaveLength(lines.length + 1);
    expect(issues.onThread.filter((line) => line.fields === null).map((line) => line.number)).toEqual([2501, 2502, 2503]);
    expect(issues.onThread[2502].tooLong).toBe(true);
    expect(issues.onThread[2504].invalidUtf8).toBe(true);
    expect(issues.onThread[0].fields![0][0].length).toBeGreaterThan(3);
    expect(issues.bytes).toBe((await readFile(join(dir, "issues.ndjson"))).length);
    const repositories = read("repositories.ndjson", [{ kind: "repositories", fields: ["name", "description", "topics", "readme"] }]);
    expect(repositories.onThread).toEqual(repositories.onMain);
    expect(repositories.onThread[0].fields![0][2].length).toBeGreaterThan(1);
  });

  it("leaves a file to the main thread when the thread cannot start, and ends the thread when the caller stops early", async () => {
    const dir = await tempDump({ "issues.ndjson": ndjson(trickyIssues(3000)) });
    const path = join(dir, "issues.ndjson");
    // A field the thread may not read (it reads other kinds' records): the thread fails as it starts.
    const refused = runBuilt<{ onThread: PlainLine[]; onMain: PlainLine[] }>("lines", { path, readers: [{ kind: "issues", fields: ["comments"] }] });
    expect(refused.onThread.map(({ text, number }) => ({ text, number }))).toEqual(refused.onMain.map(({ text, number }) => ({ text, number })));
    expect(refused.onThread.every((line) => line.fields === null)).toBe(true);
    const stopped = runBuilt<{ onThread: PlainLine[] }>("lines", { path, readers: [{ kind: "issues", fields: ["title"] }], stopAfter: 3 });
    expect(stopped.onThread.map((line) => line.number)).toEqual([1, 2, 3]);
  });

  // Where threads have ids of their own to lower (Linux 3.17 on).
  it.runIf(existsSync("/proc/thread-self"))("runs the reading and the packing thread at a lower priority than the main thread", async () => {
    // Past the 16 MB a buffer of records holds, so that the packing thread starts during the load.
    const issues = trickyIssues(9000).map((issue) => ({ ...issue, body: "a longer body ".repeat(150) }));
    const dir = await tempDump({ "issues.ndjson": ndjson(issues) });
    expect(runBuilt("priorities", { dir })).toEqual({ main: 0, lowered: 2 });
  });

  it("rejects a load aborted while a file is read on the thread with the signal's reason, and ends the thread", async () => {
    const dir = await tempDump({ "issues.ndjson": ndjson(trickyIssues(5000)) });
    expect(runBuilt("abort", { dir })).toEqual({ rejected: "stopped by the caller", progress: 2 });
  });
});
