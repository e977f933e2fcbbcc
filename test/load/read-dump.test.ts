import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CHUNK_BYTES } from "../../src/load/lines.js";
import { DUMP_FILES, LOAD_ORDER, readDump, type DumpKind } from "../../src/load/index.js";
import { ndjson, tempDump } from "./temp-dump.js";

type Seen = Array<{ kind: DumpKind; record: Record<string, unknown>; line: number }>;

async function load(dir: string, sink?: (kind: DumpKind, record: Record<string, unknown>) => void) {
  const seen: Seen = [];
  const report = await readDump(dir, (kind, record, where) => {
    sink?.(kind, record);
    seen.push({ kind, record, line: where.line });
  });
  return { report, seen };
}

describe("readDump", () => {
  it("waits before a line for the pause its pace asks for, and goes straight on otherwise", async () => {
    const dir = await tempDump({ [DUMP_FILES.users]: ndjson([{ n: 1 }, { n: 2 }, { n: 3 }]) });
    const events: string[] = [];
    let asked = 0;
    const pace = () => {
      asked++;
      if (asked !== 2) return undefined;
      events.push("pause");
      return new Promise<void>((resolve) => setImmediate(() => (events.push("resumed"), resolve())));
    };
    await readDump(dir, (_, record) => events.push(`record ${String(record.n)}`), {}, { pace });
    expect(events).toEqual(["record 1", "pause", "resumed", "record 2", "record 3"]);
  });

  it("tells as each file begins its kind, its size and the kinds of the files after it, before its records", async () => {
    const present: DumpKind[] = ["users", "issues", "comments"];
    const dir = await tempDump(Object.fromEntries(present.map((kind) => [DUMP_FILES[kind], ndjson([{ kind }])])));
    const told: Array<[DumpKind, number, readonly DumpKind[]] | DumpKind> = [];
    await readDump(dir, (kind) => told.push(kind), {}, { onFile: (kind, bytes, later) => told.push([kind, bytes, later]) });
    const size = (kind: DumpKind) => ndjson([{ kind }]).length;
    const order = LOAD_ORDER.filter((k) => present.includes(k));
    expect(told).toEqual(order.flatMap((kind, i) => [[kind, size(kind), order.slice(i + 1)], kind]));
  });

  it("reads every kind, counts records and lists the files in load order", async () => {
    const files = Object.fromEntries(
      LOAD_ORDER.map((kind, i) => [DUMP_FILES[kind], ndjson(Array.from({ length: i + 1 }, (_, n) => ({ kind, n })))]),
    );
    const dir = await tempDump(files);
    const { report, seen } = await load(dir);
    expect(report.errors).toEqual([]);
    expect(report.counts).toEqual(Object.fromEntries(LOAD_ORDER.map((kind, i) => [kind, i + 1])));
    expect(report.files).toEqual(LOAD_ORDER.map((kind) => join(dir, DUMP_FILES[kind])));
    expect([...new Set(seen.map((s) => s.kind))]).toEqual([...LOAD_ORDER]);
    expect(seen.every((s) => s.record.kind === s.kind)).toBe(true);
  });

  it("reads the kinds present, in load order, whatever order they were written in", async () => {
    const dir = await tempDump({
      "code.ndjson": ndjson([{ path: "a" }]),
      "issues.ndjson": ndjson([{ number: 1 }]),
      "users.ndjson": ndjson([{ login: "u" }]),
      "notes.txt": "not a dump file\n",
    });
    const { report, seen } = await load(dir);
    expect(seen.map((s) => s.kind)).toEqual(["users", "issues", "code"]);
    expect(report.files.map((file) => file.slice(dir.length + 1))).toEqual([
      "users.ndjson",
      "issues.ndjson",
      "code.ndjson",
    ]);
    expect(report.counts.repositories).toBe(0);
  });

  it("gives an empty report for a folder without dump files", async () => {
    const dir = await tempDump({ "readme.md": "# nothing here\n" });
    await mkdir(join(dir, "users.ndjson"));
    const { report, seen } = await load(dir);
    expect(seen).toEqual([]);
    expect(report.files).toEqual([]);
    expect(report.errors).toEqual([]);
    expect(Object.values(report.counts).every((count) => count === 0)).toBe(true);
  });

  it("rejects a missing folder, naming it", async () => {
    const dir = join(await tempDump(), "no-such-dump");
    await expect(readDump(dir, () => {})).rejects.toThrow(`Dump folder not found: ${dir}`);
  });

  it("rejects a path that is a file", async () => {
    const dir = await tempDump({ "users.ndjson": "{}\n" });
    const file = join(dir, "users.ndjson");
    await expect(readDump(file, () => {})).rejects.toThrow(`Dump path is not a folder: ${file}`);
  });

  it("reports malformed lines with file and line number, keeps every good line and skips blank ones", async () => {
    const content = [
      '{"login":"a"}',
      '{"login":',
      "",
      "   ",
      "[1,2]",
      '{"login":"b"}',
      "42",
      "null",
      '{"login":"c"}',
    ].join("\n");
    const dir = await tempDump({ "users.ndjson": content });
    const { report, seen } = await load(dir);
    const file = join(dir, "users.ndjson");
    expect(seen.map((s) => [s.line, s.record.login])).toEqual([
      [1, "a"],
      [6, "b"],
      [9, "c"],
    ]);
    expect(report.counts.users).toBe(3);
    expect(report.errors.map((e) => [e.file, e.line])).toEqual([
      [file, 2],
      [file, 5],
      [file, 7],
      [file, 8],
    ]);
    expect(report.errors[0].message).toMatch(/^invalid JSON: /);
    expect(report.errors[1].message).toBe("expected a JSON object, found an array");
  });

  it("reports a record the sink throws on with the thrown message and goes on", async () => {
    const dir = await tempDump({
      "repositories.ndjson": ndjson([{ full_name: "a/b" }, { name: "nameless" }, { full_name: "c/d" }]),
      "topics.ndjson": ndjson([{ name: "ruby" }]),
    });
    const { report, seen } = await load(dir, (kind, record) => {
      if (kind === "repositories" && !record.full_name) throw new Error("repository without full_name");
    });
    expect(report.errors).toEqual([
      { file: join(dir, "repositories.ndjson"), line: 2, code: "invalid-record", message: "repository without full_name" },
    ]);
    expect(report.counts).toMatchObject({ repositories: 2, topics: 1 });
    expect(seen.map((s) => s.record.full_name ?? s.record.name)).toEqual(["a/b", "c/d", "ruby"]);
  });

  it("reads CRLF line endings", async () => {
    const dir = await tempDump({ "topics.ndjson": ndjson([{ name: "ruby" }, { name: "go" }], "\r\n") + "\r\n" });
    const { report, seen } = await load(dir);
    expect(report.errors).toEqual([]);
    expect(seen.map((s) => [s.line, s.record.name])).toEqual([
      [1, "ruby"],
      [2, "go"],
    ]);
  });

  it("loads a line that tries to pollute prototypes without polluting anything", async () => {
    const hostile =
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"login":"mallory",' +
      '"nested":{"__proto__":{"polluted":1}},"\\u005f_proto__":{"polluted":1}}';
    const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
    const dir = await tempDump({ "users.ndjson": `${hostile}\n` });
    const merged: Record<string, unknown> = {};
    const { report, seen } = await load(dir, (_, record) => {
      Object.assign(merged, record);
    });
    expect(report.errors).toEqual([]);
    expect(seen[0].record).toEqual({ login: "mallory", nested: {} });
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);
  });

  it("streams a file larger than the read chunk, with lines straddling chunks", async () => {
    const records = Array.from({ length: 3000 }, (_, n) => ({ sha: n.toString(16).padStart(40, "0"), message: "m".repeat(n % 200) }));
    const huge = { path: "big.txt", content: "y".repeat(CHUNK_BYTES + 1000) };
    const content = ndjson([...records.slice(0, 1500), huge, ...records.slice(1500)]);
    expect(content.length).toBeGreaterThan(4 * CHUNK_BYTES);
    const dir = await tempDump({ "commits.ndjson": content });
    const progress: Array<[number, number]> = [];
    const seen: unknown[] = [];
    const report = await readDump(dir, (_, record) => seen.push(record), {
      onProgress: (read, total) => progress.push([read, total]),
    });
    expect(report.errors).toEqual([]);
    expect(report.counts.commits).toBe(3001);
    expect(seen[1500]).toEqual(huge);
    expect(seen.at(-1)).toEqual(records.at(-1));
    expect(progress.length).toBeGreaterThan(4);
    expect(progress.at(-1)).toEqual([content.length, content.length]);
    expect(progress.every(([read], i) => i === 0 || read > progress[i - 1][0])).toBe(true);
  });

  it("rejects with the signal's reason when aborted, part-way or before starting", async () => {
    const dir = await tempDump({ "users.ndjson": ndjson(Array.from({ length: 100 }, (_, n) => ({ n }))) });
    const controller = new AbortController();
    let calls = 0;
    const loading = readDump(
      dir,
      () => {
        calls += 1;
        if (calls === 10) controller.abort(new Error("stop"));
      },
      { signal: controller.signal },
    );
    await expect(loading).rejects.toThrow("stop");
    expect(calls).toBe(10);
    await expect(readDump(dir, () => {}, { signal: AbortSignal.abort() })).rejects.toThrow(/abort/i);
  });
});
