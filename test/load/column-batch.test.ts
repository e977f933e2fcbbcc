/**
 * A reading thread's column values over a batch (src/load/column-batch.ts): what a batch sends, read
 * back through its dictionaries, is what the columns' value functions give on the main thread.
 */
import { describe, expect, it } from "vitest";
import { asKeywords, asNumber, columnsFromRecordAlone, readFromRecordAlone } from "../../src/index/column-values.js";
import { KINDS } from "../../src/kinds/index.js";
import type { ColumnSpec, RecordLike } from "../../src/kinds/types.js";
import type { StoreReader } from "../../src/records/store-reader.js";
import { ColumnBatch, VALUES_PER_DICTIONARY } from "../../src/load/column-batch.js";
import type { ColumnsMessage } from "../../src/load/thread-protocol.js";

const NO_STORE = new Proxy({} as StoreReader, {
  get() {
    throw new Error("reached for the store");
  },
});

const numbers: ColumnSpec<RecordLike>[] = [
  { name: "n", type: "number", value: (d) => (d.n as number | undefined) ?? null },
  { name: "flag", type: "number", value: (d) => d.flag === true },
];
const keywords: ColumnSpec<RecordLike>[] = [
  { name: "labels", type: "keyword", value: (d) => (d.labels as string[] | undefined) ?? [] },
  { name: "open", type: "keyword", value: (d) => d.state === "open" },
  { name: "key", type: "keyword", value: (d) => `k${d.n as number}` },
];

/** A reader of received messages: each keyword column's values by local id, restarted as told. */
class Received {
  locals: string[][] = keywords.map(() => []);
  lines(message: ColumnsMessage): Array<{ numbers: number[]; keywords: string[][] }> {
    for (const k of message.restarted) this.locals[k] = [];
    message.newValues.forEach((news, k) => this.locals[k].push(...news));
    const count = (message.keywordStarts.length - 1) / keywords.length;
    return Array.from({ length: count }, (_, line) => ({
      numbers: numbers.map((_, k) => message.numbers[line * numbers.length + k]),
      keywords: keywords.map((_, k) => {
        const at = line * keywords.length + k;
        return Array.from(message.keywordIds.subarray(message.keywordStarts[at], message.keywordStarts[at + 1]), (id) => this.locals[k][id]);
      }),
    }));
  }
}

const expected = (record: RecordLike) => ({
  numbers: numbers.map((c) => asNumber(c.value(record, NO_STORE))),
  keywords: keywords.map((c) => asKeywords(c.value(record, NO_STORE))),
});

describe("a reading thread's column values", () => {
  it("sends each line's values as the value functions give them, keyword values through a dictionary per column", () => {
    const batch = new ColumnBatch(numbers, keywords, NO_STORE);
    const records: RecordLike[] = [
      { n: 3, flag: true, labels: ["Bug", "bug", "UI"], state: "open" },
      { n: 3.5, labels: [], state: "closed" },
      { labels: ["ui", "bug"], flag: "yes" },
    ];
    for (const record of records) batch.read(record);
    const received = new Received();
    const message = batch.take();
    expect(received.lines(message)).toEqual(records.map(expected));
    // Repeated values are sent once: "bug" and "ui" are new only the first time.
    expect(message.newValues[0]).toEqual(["bug", "ui"]);
    // Values of the next batch's lines refer to the same dictionaries.
    batch.read(records[0]);
    const next = batch.take();
    expect(next.newValues[0]).toEqual([]);
    expect(received.lines(next)).toEqual([expected(records[0])]);
  });

  it("takes back a line a value throws on, and sends no values for a line skipped", () => {
    const throwing: ColumnSpec<RecordLike> = { name: "late", type: "keyword", value: (d) => (d.bad ? (NO_STORE as unknown as { x: string }).x : "fine") };
    const batch = new ColumnBatch(numbers, [...keywords, throwing], NO_STORE);
    batch.read({ n: 1, labels: ["a"] });
    expect(() => batch.read({ n: 2, labels: ["b"], bad: true })).toThrow("reached for the store");
    batch.skip();
    batch.read({ n: 4, labels: ["c"] });
    batch.read({ n: 5, labels: ["d"] });
    batch.unread();
    const message = batch.take();
    // Lines: the first, the one skipped, the third; the fourth taken back.
    expect(message.keywordStarts).toHaveLength(3 * 4 + 1);
    expect(Array.from(message.numbers)).toEqual([1, 0, NaN, NaN, 4, 0]);
    const skipped = 4;
    expect(message.keywordStarts[skipped + 4]).toBe(message.keywordStarts[skipped]);
  });

  it("starts a column's dictionary again after a batch in which it reached its bound, telling the next batch", () => {
    const batch = new ColumnBatch(numbers, keywords, NO_STORE);
    const received = new Received();
    const records = Array.from({ length: VALUES_PER_DICTIONARY + 10 }, (_, n) => ({ n, labels: ["same"], state: "open" }));
    for (const record of records) batch.read(record);
    const first = batch.take();
    expect(first.restarted).toEqual([]);
    expect(received.lines(first).at(-1)).toEqual(expected(records.at(-1)!));
    // Only the column of keys reached the bound: its values start again from id 0 with the next batch, the value read last too.
    const last = records.at(-1)!;
    batch.read(last);
    const second = batch.take();
    expect(second.restarted).toEqual([2]);
    expect(second.newValues[2]).toEqual([`k${last.n}`]);
    expect(second.newValues[0]).toEqual([]);
    expect(second.keywordIds.at(-1)).toBe(0);
    expect(received.lines(second)).toEqual([expected(last)]);
  });

  it("names, per kind, the columns whose value functions cannot reach the store and that no join recomputes", () => {
    const issues = columnsFromRecordAlone(KINDS.issues);
    expect(issues.keywords).toEqual(expect.arrayContaining(["state", "author", "label", "key"]));
    expect(issues.numbers).toEqual(expect.arrayContaining(["created", "reactions"]));
    // Read through the store: the repository's facts, comments counted in the store, requested reviewers' teams.
    for (const name of ["visibility", "owner", "comments", "interactions", "review_requested", "mentions"]) {
      expect([...issues.keywords, ...issues.numbers]).not.toContain(name);
    }
    // A column a join recomputes is left to the main thread whatever its parameters.
    expect(readFromRecordAlone({ name: "joined", type: "number", dependsOn: ["repositories"], value: (d) => Number(d.n) })).toBe(false);
    expect(readFromRecordAlone({ name: "plain", type: "number", value: (d) => Number(d.n) })).toBe(true);
    // Every column named reads a sample record without the store.
    const sample = { number: 1, repository_url: "https://api.github.com/repos/a/b", title: "t", user: { login: "u" }, labels: [{ name: "x" }], created_at: "2020-01-01T00:00:00Z", pull_request: { merged_at: "2020-01-02T00:00:00Z" } };
    for (const name of [...issues.keywords, ...issues.numbers]) {
      const column = KINDS.issues.columns.find((c) => c.name === name)!;
      expect(() => column.value(sample, NO_STORE), name).not.toThrow();
    }
  });
});
