/**
 * The newest-field rule and the table that applies it within a memory budget:
 * any order of parts and any spilling gives the same records.
 */
import { existsSync, readdirSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { assemble, mergeFields, type Fields, type Part } from "../../../src/import/gharchive/fields.js";
import { NewestWins, type MergedRecord } from "../../../src/import/gharchive/newest-wins.js";
import { temporaryFolder } from "../fixture.js";

const workspace = temporaryFolder("newest-wins");
afterAll(() => workspace.remove());

const FC = { seed: 20251007, numRuns: Number(process.env.FC_RUNS) || 100 };

describe("assemble", () => {
  it("nests sub-fields, orders list elements by key and leaves marks out", () => {
    const fields: Fields = {
      title: ["1", "A"],
      "owner.login": ["1", "mona"],
      "owner.id": ["1", 11],
      "reviews[0002]": ["1", { id: 2 }],
      "reviews[0001]": ["1", { id: 1 }],
      $full: ["1", true],
    };
    expect(assemble(fields)).toEqual({ title: "A", owner: { id: 11, login: "mona" }, reviews: [{ id: 1 }, { id: 2 }] });
  });

  it("gives nothing for a record whose newest news is its deletion", () => {
    expect(assemble({ body: ["1", "x"], $deleted: ["2", true] })).toBeUndefined();
  });

  it("adds the sub-fields of an object to the object a whole field gave", () => {
    expect(assemble({ pull_request: ["1", { url: "u" }], "pull_request.merged_at": ["2", "t"] })).toEqual({ pull_request: { url: "u", merged_at: "t" } });
  });
});

describe("the newest field wins", () => {
  const update = fc.record({
    stamp: fc.integer({ min: 0, max: 30 }).map((n) => String(n).padStart(3, "0")),
    fields: fc.dictionary(fc.constantFrom("title", "state", "body", "owner.login"), fc.oneof(fc.string({ maxLength: 3 }), fc.integer())),
  });
  const asFields = (u: { stamp: string; fields: Record<string, unknown> }): Fields =>
    Object.fromEntries(Object.entries(u.fields).map(([name, value]) => [name, [u.stamp, value]]));

  it("whatever the order and grouping of the merges", () => {
    fc.assert(
      fc.property(fc.array(update, { maxLength: 12 }), fc.integer({ min: 1, max: 4 }), (updates, groupSize) => {
        // The model: for each field, the value of the greatest stamp (the greater JSON on a tie).
        const model: Record<string, [string, unknown]> = {};
        for (const u of updates)
          for (const [name, value] of Object.entries(u.fields)) {
            const old = model[name];
            if (!old || u.stamp > old[0] || (u.stamp === old[0] && JSON.stringify(value) > JSON.stringify(old[1]))) model[name] = [u.stamp, value];
          }
        const reversed = [...updates].reverse();
        const groups: Fields[] = [];
        for (let i = 0; i < reversed.length; i += groupSize) {
          groups.push(reversed.slice(i, i + groupSize).reduce((acc, u) => mergeFields(acc, asFields(u)), {} as Fields));
        }
        const merged = groups.reduce((acc, g) => mergeFields(acc, g), {} as Fields);
        expect(merged).toEqual(model);
      }),
      FC,
    );
  });
});

function part(kind: Part["kind"], key: string, fields: Record<string, unknown>): Part {
  return { kind, key, rank: "1", fields };
}

async function drain(table: NewestWins): Promise<MergedRecord[]> {
  const out: MergedRecord[] = [];
  for await (const record of table.records()) out.push(record);
  return out;
}

/** Many parts over few keys, at increasing stamps in a shuffled order. */
function workload(n: number): Array<[Part, string]> {
  const items: Array<[Part, string]> = [];
  for (let i = 0; i < n; i++) {
    const key = String(i % 37);
    items.push([part(i % 2 ? "issues" : "users", key, { title: `t${i}`, [i % 3 ? "body" : "state"]: `v${i}` }), `2021-01-01T00:00:00Z${String(i).padStart(20, "0")}`]);
  }
  // A fixed shuffle: the table must not depend on the order parts arrive in.
  return items.map((item, i) => [item, (i * 7919) % n] as const).sort((a, b) => a[1] - b[1]).map(([item]) => item);
}

describe("NewestWins", () => {
  it("gives every record once, grouped by kind, in key order, without spilling under its budget", async () => {
    const table = new NewestWins({ tempDir: workspace.path });
    for (const [p, stamp] of workload(500)) table.add(p, stamp);
    await table.relieve();
    const records = await drain(table);
    expect(table.spills).toBe(0);
    expect(records).toHaveLength(74);
    expect(records.map((r) => `${r.kind}\u0000${r.key}`)).toEqual(records.map((r) => `${r.kind}\u0000${r.key}`).sort());
    await table.close();
  });

  it("spills runs to disk under a tiny budget and merges them into the same records", async () => {
    const inMemory = new NewestWins({ tempDir: workspace.path });
    const spilling = new NewestWins({ tempDir: workspace.path, budgetBytes: 2_000 });
    for (const [p, stamp] of workload(3_000)) {
      inMemory.add(p, stamp);
      spilling.add(p, stamp);
      await spilling.relieve();
    }
    const expected = (await drain(inMemory)).map((r) => [r.kind, r.key, assemble(r.fields)]);
    // More runs than are merged at once: the merge goes in rounds.
    expect(spilling.spills).toBeGreaterThan(32);
    const actual = (await drain(spilling)).map((r) => [r.kind, r.key, assemble(r.fields)]);
    expect(actual).toEqual(expected);
    // Issue 1 is i = 1, 38, 75, … (odd i): the last is 2961 (a state), the last body 2887.
    expect(actual.find(([kind, key]) => kind === "issues" && key === "1")?.[2]).toEqual({ title: "t2961", body: "v2887", state: "v2961" });
    await spilling.close();
    await inMemory.close();
    expect(readdirSync(workspace.path).filter((name) => name.startsWith("forgesearch-gharchive-"))).toEqual([]);
  });

  it("removes its runs on close even when the records were not read", async () => {
    const table = new NewestWins({ tempDir: workspace.path, budgetBytes: 1 });
    table.add(part("users", "1", { login: "a" }), "s1");
    await table.relieve();
    const [folder] = readdirSync(workspace.path).filter((name) => name.startsWith("forgesearch-gharchive-"));
    expect(folder).toBeDefined();
    await table.close();
    expect(existsSync(`${workspace.path}/${folder}`)).toBe(false);
  });
});
