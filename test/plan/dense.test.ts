/**
 * Keyword values held by many documents are combined as bitmaps (DocSet.bitmap), kept up to date
 * as documents join and leave. The property tests' collections are too small for bitmaps: here
 * thousands of issues, queried, edited, and queried again, against the records themselves.
 */
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../bench/random.mjs";
import { collect } from "../../src/execute/execute.js";
import type { Match } from "../../src/logical/match.js";
import { docsOf, wordsFor } from "../../src/plan/bits.js";
import { plan } from "../../src/plan/plan.js";
import { build, type Edit, type IssueFields } from "./support.js";

const LABELS = ["bug", "docs", "ui", "perf", "rare"];
/** Issues up to this number may have the label "early": a dense value whose bitmap ends long before the last slot. */
const EARLY_UNTIL = 6000;

function issue(rng: () => number, number: number): IssueFields {
  const labels = LABELS.filter((l) => rng() < (l === "rare" ? 0.01 : 0.4));
  if (number <= EARLY_UNTIL && rng() < 0.8) labels.push("early");
  return { title: rng() < 0.5 ? "crash" : "window", body: "", state: rng() < 0.6 ? "open" : "closed", labels };
}

const SPAN = { start: 0, end: 0 };
const label = (value: string): Match => ({ op: "keyword", column: "label", values: [value] });

describe("dense keyword values", () => {
  it("find what the records hold, before and after documents join and leave", async () => {
    const rng = mulberry32(11);
    const records = Array.from({ length: 20_000 }, (_, i) => issue(rng, i + 1));
    const current = new Map(records.map((r, i) => [i + 1, r]));
    const collection = build(records, []);
    const queries: Array<[Match, (r: IssueFields) => boolean]> = [
      [{ op: "keyword", column: "state", values: ["open"] }, (r) => r.state === "open"],
      [{ op: "keyword", column: "label", values: ["bug", "rare"] }, (r) => r.labels.includes("bug") || r.labels.includes("rare")],
      [{ op: "and", children: [{ op: "keyword", column: "state", values: ["closed"] }, { op: "keyword", column: "label", values: ["docs"] }, { op: "keyword", column: "label", values: ["ui"] }] }, (r) => r.state === "closed" && r.labels.includes("docs") && r.labels.includes("ui")],
      [{ op: "and", children: [{ op: "keyword", column: "label", values: ["rare"] }, { op: "not", child: { op: "keyword", column: "state", values: ["open"] } }] }, (r) => r.labels.includes("rare") && r.state !== "open"],
      [{ op: "prefix", column: "label", prefix: "p" }, (r) => r.labels.includes("perf")],
      // A sparse lead narrowed by bitmaps: one that ends early, a union of two, a common word's.
      [{ op: "and", children: [label("rare"), label("early")] }, (r) => r.labels.includes("rare") && r.labels.includes("early")],
      [{ op: "and", children: [label("rare"), { op: "or", children: [label("early"), { op: "keyword", column: "state", values: ["closed"] }] }] }, (r) => r.labels.includes("rare") && (r.labels.includes("early") || r.state === "closed")],
      [{ op: "and", children: [label("rare"), { op: "text", fields: ["title"], text: "crash", phrase: false, span: SPAN }] }, (r) => r.labels.includes("rare") && r.title === "crash"],
    ];
    const check = async () => {
      for (const [match, holds] of queries) {
        const found = await collect(plan(match, collection), { now: () => 0, at: 1 });
        const expected = [...current].filter(([, r]) => holds(r)).map(([number]) => number).sort((a, b) => a - b);
        const numbers = Array.from(docsOf(found.bits, found.count), (doc) => collection.keyOf(doc)!).map((key) => Number(key.split("#")[1]));
        expect(numbers.sort((a, b) => a - b)).toEqual(expected);
      }
    };
    await check();
    expect(collection.keywordColumn("state").docs("open").bitmap()).toBeDefined();
    expect(collection.keywordColumn("label").docs("early").bitmap()!.length).toBeLessThan(wordsFor(collection.capacity) / 2);
    // Edits after the bitmaps were made: removals, changed values, new documents past the old end.
    for (let i = 0; i < 3000; i++) {
      const number = 1 + Math.floor(rng() * 24_000);
      const edit: Edit = rng() < 0.3 && current.has(number) ? { kind: "remove", number } : { kind: "put", number, value: issue(rng, number) };
      collection.apply(edit);
      if (edit.kind === "remove") current.delete(number);
      else current.set(number, edit.value);
    }
    await check();
  });
});
