import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { issueKeyOf, repositoryOf, Store } from "../../src/store.js";
import {
  DUMP_FILES,
  LOAD_ORDER,
  readDump,
  type DumpKind,
  type LoadReport,
} from "../../src/load/index.js";
import { tempDump } from "./temp-dump.js";

const SAMPLE = fileURLToPath(new URL("../../data/sample", import.meta.url));
const GENERATOR = fileURLToPath(new URL("../../scripts/make-sample.mjs", import.meta.url));

type Row = Record<string, unknown>;

let report: LoadReport;
const records = Object.fromEntries(LOAD_ORDER.map((kind) => [kind, [] as Row[]])) as Record<DumpKind, Row[]>;

beforeAll(async () => {
  report = await readDump(SAMPLE, (kind, record) => records[kind].push(record));
});

describe("data/sample", () => {
  it("loads every file without an error", () => {
    expect(report.errors).toEqual([]);
    expect(report.files).toEqual(LOAD_ORDER.map((kind) => join(SAMPLE, DUMP_FILES[kind])));
  });

  it("holds the expected number of records per kind", () => {
    expect(report.counts).toEqual({
      users: 46,
      repositories: 64,
      topics: 27,
      labels: 60,
      issues: 169,
      comments: 199,
      commits: 125,
      code: 142,
    });
  });

  it("stays under 2 MB in total", async () => {
    const names = await readdir(SAMPLE);
    const sizes = await Promise.all(names.map(async (name) => (await stat(join(SAMPLE, name))).size));
    expect(sizes.reduce((a, b) => a + b, 0)).toBeLessThan(2 * 1024 * 1024);
  });

  it("links every issue, commit and file to a loaded repository and every label by repository id", () => {
    const names = new Set(records.repositories.map((r) => r.full_name));
    const ids = new Set(records.repositories.map((r) => r.id));
    expect(records.issues.filter((issue) => !names.has(repositoryOf(issue)))).toEqual([]);
    expect(records.commits.filter((commit) => !names.has(commit.repository))).toEqual([]);
    expect(records.code.filter((file) => !names.has(file.repository))).toEqual([]);
    expect(records.labels.filter((label) => !ids.has(label.repository_id))).toEqual([]);
  });

  it("links every comment to a loaded issue", () => {
    const issues = new Set(records.issues.map((issue) => issueKeyOf(issue)));
    const orphans = records.comments.filter((comment) => {
      const ref = Store.commentIssueKey(comment);
      return !ref || !issues.has(ref);
    });
    expect(orphans).toEqual([]);
  });

  it("uses both ways of linking an issue to its repository", () => {
    expect(records.issues.some((issue) => typeof issue.repository === "string" && !issue.repository_url)).toBe(true);
    expect(records.issues.some((issue) => typeof issue.repository_url === "string" && !issue.repository)).toBe(true);
  });

  it("keys records uniquely", () => {
    const unique = (values: unknown[]) => new Set(values).size === values.length;
    expect(unique(records.users.map((u) => u.login))).toBe(true);
    expect(unique(records.repositories.map((r) => r.full_name))).toBe(true);
    expect(unique(records.repositories.map((r) => r.id))).toBe(true);
    expect(unique(records.issues.map((i) => `${repositoryOf(i)}#${i.number}`))).toBe(true);
    expect(unique(records.comments.map((c) => c.id))).toBe(true);
    expect(unique(records.commits.map((c) => c.sha))).toBe(true);
    expect(unique(records.code.map((f) => `${f.repository}:${f.path}`))).toBe(true);
    expect(unique(records.topics.map((t) => t.name))).toBe(true);
  });

  it("gives every file its real byte size and git blob SHA", () => {
    for (const file of records.code) {
      const content = String(file.content);
      expect(file.size).toBe(Buffer.byteLength(content));
      expect(file.sha).toBe(createHash("sha1").update(`blob ${file.size}\0${content}`).digest("hex"));
    }
    expect(records.code.some((file) => Number(file.size) >= 384 * 1024)).toBe(true);
  });

  it("is exactly what scripts/make-sample.mjs writes", async () => {
    const out = await tempDump();
    await promisify(execFile)(process.execPath, [GENERATOR, out]);
    for (const kind of LOAD_ORDER) {
      const [made, committed] = await Promise.all([
        readFile(join(out, DUMP_FILES[kind]), "utf8"),
        readFile(join(SAMPLE, DUMP_FILES[kind]), "utf8"),
      ]);
      expect(made === committed, `${DUMP_FILES[kind]} differs from the generator's output`).toBe(true);
    }
  });
});
