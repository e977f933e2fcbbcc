/**
 * A collection opened holds exactly its documents: the first new one past them waits while every
 * per-document array grows, a step of bounded work at a time, not all within one document's indexing.
 */
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import type { Collection } from "../../src/index/collection.js";
import { LASTING_SHARED_FROM } from "../../src/structures/lasting-memory.js";
import { isGrowable, typedArraysByPath } from "../support/typed-arrays.js";
import { tempDir } from "./support.js";

// Past the slots from which the arrays grow a step at a time (smaller ones grow themselves at once).
const USERS = 70_000;

function usersOf(engine: SearchEngine): Collection {
  return (engine as unknown as { collections: Map<string, Collection> }).collections.get("users")!;
}

describe("a new document after an open", () => {
  it("waits for the arrays to grow in steps, is then found, and the next one finds room", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    for (let i = 0; i < USERS; i++) engine.add("users", { login: `member${i}`, id: i + 1, type: "User" });
    expect((await engine.search("users", { q: "member123" })).total_count).toBe(1);
    const dir = await tempDir();
    await engine.save(dir);
    const opened = await SearchEngine.open(dir, { rateLimit: false });
    const users = usersOf(opened);

    opened.add("users", { login: "newcomer", id: USERS + 1, type: "User" });
    let steps = 1;
    while (users.step(1)) steps++;
    // Two arrays of the slots, the text field's two, and each column's: a step each at the least.
    expect(steps).toBeGreaterThan(10);
    expect((await opened.search("users", { q: "newcomer" })).items.map((u) => u.login)).toEqual(["newcomer"]);
    expect((await opened.search("users", { q: "member69999" })).total_count).toBe(1);

    opened.add("users", { login: "latecomer", id: USERS + 2, type: "User" });
    expect(users.step(1)).toBe(false);
    expect((await opened.search("users", { q: "latecomer" })).total_count).toBe(1);
  });

  it("an update or a removal of a document opened waits for no growing", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    for (let i = 0; i < USERS; i++) engine.add("users", { login: `member${i}`, id: i + 1, type: "User" });
    await engine.search("users", { q: "member1" });
    const dir = await tempDir();
    await engine.save(dir);
    const opened = await SearchEngine.open(dir, { rateLimit: false });
    const users = usersOf(opened);
    opened.add("users", { login: "member5", id: 6, type: "User", name: "Renamed Person" });
    opened.remove("users", "member6");
    expect(users.step(1)).toBe(true);
    expect(users.step(1)).toBe(false);
    expect((await opened.search("users", { q: "renamed" })).total_count).toBe(1);
    expect((await opened.search("users", { q: "member6" })).total_count).toBe(0);
  });

  it("grows every per-document array within the memory it was opened in: nothing copied, nothing left behind", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    for (let i = 0; i < USERS; i++) engine.add("users", { login: `member${i}`, id: i + 1, type: "User", followers: i % 1_000, created_at: "2020-01-01T00:00:00Z" });
    const dir = await tempDir();
    await engine.save(dir);
    const opened = await SearchEngine.open(dir, { rateLimit: false });
    const users = usersOf(opened);
    // Arrays of one element per slot large enough to be shared: the slots' references, each text
    // field's occurrence starts and counts, the number and keyword columns, orders and signals (not
    // the term arrays that happen to have as many: a login is a term of its own).
    const perSlot = [...typedArraysByPath(users)].filter(([path, a]) => (a as Uint8Array).length === USERS && a.byteLength >= LASTING_SHARED_FROM && !/\.(df|ids|positions|widths)\b/.test(path));
    expect(perSlot.map(([path]) => path)).toEqual(expect.arrayContaining([".refs", ".counted", ".fields{login}.occurrences.starts", ".fields{login}.occurrences.counts", ".numbers{followers}.values", ".keywords{type}.cells", ".orders.values"]));
    expect(perSlot.filter(([, a]) => !isGrowable(a)).map(([path]) => path)).toEqual([]);

    opened.add("users", { login: "newcomer", id: USERS + 1, type: "User", followers: 5, created_at: "2021-01-01T00:00:00Z" });
    while (users.step(1));
    const grown = typedArraysByPath(users);
    // Each is longer now, and views the very memory it was opened in.
    for (const [path, before] of perSlot) {
      const after = grown.get(path)!;
      expect([path, (after as Uint8Array).length > USERS, after.buffer === before.buffer]).toEqual([path, true, true]);
    }
    expect((await opened.search("users", { q: "newcomer followers:5 created:2021-01-01" })).total_count).toBe(1);
    expect((await opened.search("users", { q: "member69999 followers:999" })).total_count).toBe(1);
  });
});
