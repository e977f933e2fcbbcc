/**
 * The store's records saved as the store holds them: packed chunks as their deflated blocks, raw
 * chunks as their bytes, and each kind's table. Small buffers, so that many chunks are involved;
 * replaced and removed records; the rule for chunks with dead versions; a packer that gave up; and
 * tables or chunks that do not fit together, which must be refused as damage, never read wrongly.
 */
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import { finish } from "../../src/index/steps.js";
import { INDEX_FILE } from "../../src/persist/format.js";
import type { Frame } from "../../src/persist/frames.js";
import { openIndex, saveIndex, SavedIndexError } from "../../src/persist/index.js";
import { syncPacker, type RecordPacker } from "../../src/record-packer.js";
import { RECORDS_PER_BLOCK } from "../../src/record-bytes.js";
import { TALLIES } from "../../src/records/tally.js";
import { Store } from "../../src/store.js";
import { StringList } from "../../src/structures/string-list.js";
import { answers, framesOf, linksRows, REQUESTS, tableKeys, tempDir, writeFrames } from "./support.js";

const CHUNK_BYTES = 4096;
const storeWith = (packer: RecordPacker = syncPacker) => new Store(JSON.parse, { packer, chunkBytes: CHUNK_BYTES });

/** Saves the store's records (no indexes) to a new folder; returns the saved file. */
async function saved(store: Store): Promise<string> {
  await store.whenPacked();
  const dir = await tempDir();
  await saveIndex(dir, { ...finish(store.saving())!, collections: [] });
  return join(dir, INDEX_FILE);
}

/** Opens the records saved in `file`'s folder into a new store. */
async function opened(file: string, store = storeWith()): Promise<Store> {
  await openIndex(join(file, ".."), [], {
    chunk: (c) => store.restoreChunk(c),
    records: (p) => finish(store.restoringRecords(p)),
    tablesRead: () => finish(store.filingRestored()),
    links: (l) => finish(store.restoringLinks(l)),
    tally: (t) => finish(store.restoringTally(t)),
    collection: () => undefined,
  });
  return store;
}

/** Each kind's keys in the store's order, each with its JSON text. */
function contents(store: Store): Record<string, Array<[string, string]>> {
  const { records } = finish(store.saving())!;
  return Object.fromEntries(records.map(({ kind, entries }) => [kind, [...entries].flatMap((p) => p.keys.slice(p.from, p.from + p.refs.length).map((key): [string, string] => [key!, store.textAt(store.refOf(kind, key!)!)]))]));
}

const issue = (n: number, version = 0) => ({
  number: n,
  repository_url: `https://api.github.com/repos/o/r${n % 7}`,
  title: `issue ${n} ünïcode 🙂 version ${version}`,
  body: "word ".repeat((n * 13) % 40),
  state: n % 3 ? "open" : "closed",
});
const user = (n: number, version = 0) => ({ login: `u${n}`, id: n, bio: `${"🙂 bio ".repeat(n % 5)} ${version}` });

/** Issues (packed), repositories and comments (kept, and linked), users (kept). */
function fill(store: Store, n: number): void {
  for (let i = 0; i < n; i++) store.put("issues", `o/r#${i}`, issue(i));
  for (let i = 0; i < n / 4; i++) store.put("repositories", `o/r${i}`, { full_name: `o/r${i}`, id: 1000 + i, description: "répo ".repeat(i % 9) });
  for (let i = 0; i < n / 2; i++) store.put("comments", `c${i}`, { id: i, issue_url: `https://api.github.com/repos/o/r/issues/${i % 50}`, body: "comment ".repeat(i % 11) });
  for (let i = 0; i < n / 4; i++) store.put("users", `u${i}`, user(i));
}

/** The chunk frames of a saved file, packed and raw, with the bytes of their payloads. */
async function chunksOf(file: string): Promise<{ packed: Frame[]; raw: Frame[]; rawBytes: number; blocks: number }> {
  const chunks = (await framesOf(file)).frames.filter((f) => f.name === "chunk");
  const packed = chunks.filter((f) => f.meta.blocks !== undefined);
  const raw = chunks.filter((f) => f.meta.blocks === undefined);
  return { packed, raw, rawBytes: raw.reduce((sum, f) => sum + f.payload.length, 0), blocks: packed.reduce((sum, f) => sum + Number(f.meta.blocks), 0) };
}

describe("records saved as the store holds them", () => {
  it("gives back every current record's text in the store's order, from many packed and raw chunks, a record larger than a chunk too", async () => {
    const store = storeWith();
    fill(store, 600);
    store.put("issues", "o/big#1", { ...issue(1), body: "large ".repeat(CHUNK_BYTES) });
    const file = await saved(store);
    const { packed, raw } = await chunksOf(file);
    expect(packed.length).toBeGreaterThan(20);
    expect(raw.length).toBeGreaterThan(10);
    const back = await opened(file);
    expect(contents(back)).toEqual(contents(store));
    expect(contents(back).issues).toHaveLength(601);
    // What records are linked by comes back too.
    expect(back.repositoryById(1003)).toEqual(store.repositoryById(1003));
    expect(back.repositoryById(1003)).toBeDefined();
    expect(back.commentsOf("o/r#7")).toEqual(store.commentsOf("o/r#7"));
    expect(back.commentsOf("o/r#7").length).toBeGreaterThan(2);
  });

  it("saves current versions only, after replacements and removals, and an opened store goes on changing and saves again", async () => {
    const store = storeWith();
    fill(store, 600);
    for (let i = 0; i < 600; i += 3) store.put("issues", `o/r#${i}`, issue(i, 1));
    for (let i = 0; i < 600; i += 5) store.delete("issues", `o/r#${i}`);
    for (let i = 0; i < 300; i += 4) store.put("comments", `c${i}`, { id: i, issue_url: "https://api.github.com/repos/o/r/issues/99", body: "moved" });
    for (let i = 1; i < 300; i += 6) store.delete("comments", `c${i}`);
    store.put("repositories", "o/r1", { full_name: "o/r1", id: 2001 });
    store.delete("repositories", "o/r2");
    // Two repositories with one id: the one stored last owns it, though it comes first in the store's order.
    store.put("repositories", "o/twin", { full_name: "o/twin", id: 1005 });
    store.put("repositories", "o/r5", { full_name: "o/r5", id: 1005 });
    for (let i = 0; i < 150; i += 2) store.delete("users", `u${i}`);
    const back = await opened(await saved(store));
    expect(contents(back)).toEqual(contents(store));
    expect(back.repositoryById(1001)).toBeUndefined();
    expect(back.repositoryById(2001)?.full_name).toBe("o/r1");
    expect(back.repository("o/r2")).toBeUndefined();
    expect(back.repositoryById(1005)?.full_name).toBe("o/r5");
    for (const key of ["o/r#99", "o/r#1", "o/r#7"]) expect(back.commentsOf(key)).toEqual(store.commentsOf(key));
    expect(back.commentsOf("o/r#99").length).toBeGreaterThan(70);

    for (const s of [store, back]) {
      s.put("issues", "o/r#1", issue(1, 2));
      s.delete("issues", "o/r#2");
      s.put("users", "late", user(7, 3));
    }
    expect(contents(back)).toEqual(contents(store));
    expect(contents(await opened(await saved(back)))).toEqual(contents(store));
  });

  it("saves the tallies counted so far, and an open takes them over without parsing a record", async () => {
    const store = storeWith();
    store.put("repositories", "o/r", { full_name: "o/r", private: false });
    store.put("repositories", "o/s", { full_name: "o/s", private: true });
    store.put("users", "o", { login: "o", type: "Organization", members: ["alice", "bob"] });
    for (let n = 1; n <= 30; n++) {
      const labels = [{ name: n % 2 ? "bug" : "good first issue" }, ...(n % 3 ? [] : [{ name: "help wanted" }])];
      store.put("issues", `o/r#${n}`, { number: n, repository_url: "https://api.github.com/repos/o/r", state: n % 5 ? "open" : "closed", labels });
    }
    const all = (s: Store) => TALLIES.map((t) => [t.name, [...s.tally(t).rows()].sort()]);
    const counted = all(store);
    // A tally counts something here: each is compared, not an empty map.
    expect(counted.every(([, groups]) => (groups as unknown[]).length > 0)).toBe(true);
    let parsed = 0;
    const reopened = await opened(await saved(store), new Store((text) => (parsed++, JSON.parse(text)), { packer: syncPacker, chunkBytes: CHUNK_BYTES }));
    expect(all(reopened)).toEqual(counted);
    expect(parsed).toBe(0);
    // Counts still follow changes after the open.
    reopened.put("issues", "o/r#1", { number: 1, repository_url: "https://api.github.com/repos/o/r", state: "closed", labels: [] });
    store.put("issues", "o/r#1", { number: 1, repository_url: "https://api.github.com/repos/o/r", state: "closed", labels: [] });
    expect(all(reopened)).toEqual(all(store));
  });

  it("keeps a store's buffers raw when its packer gave up, and opens them raw", async () => {
    const failing: RecordPacker = { ...syncPacker, pack: (_raw, _starts, done) => done(undefined) };
    const store = storeWith(failing);
    fill(store, 300);
    const file = await saved(store);
    const { packed, raw } = await chunksOf(file);
    expect(packed).toHaveLength(0);
    expect(raw.length).toBeGreaterThan(20);
    expect(contents(await opened(file))).toEqual(contents(store));
  });
});

describe("chunks with replaced and removed versions", () => {
  const usersOnly = (n: number) => {
    const store = storeWith();
    for (let i = 0; i < n; i++) store.put("users", `u${i}`, user(i));
    return store;
  };
  const liveBytes = (store: Store) => contents(store).users.reduce((sum, [, text]) => sum + Buffer.byteLength(text), 0);
  const writtenBytes = (n: number) => Array.from({ length: n }, (_, i) => Buffer.byteLength(JSON.stringify(user(i)))).reduce((a, b) => a + b, 0);

  it("leaves out a chunk that holds no current record", async () => {
    const store = usersOnly(400);
    for (let i = 0; i < 400; i++) store.put("users", `u${i}`, user(i, 1));
    const { rawBytes } = await chunksOf(await saved(store));
    // Only the chunk where the old versions end and the new ones begin may hold both.
    expect(rawBytes).toBeGreaterThanOrEqual(liveBytes(store));
    expect(rawBytes).toBeLessThanOrEqual(liveBytes(store) + CHUNK_BYTES / 2);
  });

  it("writes whole a chunk whose current records are at least half of it", async () => {
    const store = usersOnly(400);
    for (let i = 0; i < 400; i += 4) store.delete("users", `u${i}`);
    const file = await saved(store);
    expect((await chunksOf(file)).rawBytes).toBe(writtenBytes(400));
    expect(contents(await opened(file))).toEqual(contents(store));
  });

  it("compacts a raw chunk whose current records are less than half of it: they alone are written", async () => {
    const store = usersOnly(400);
    for (let i = 0; i < 400; i++) if (i % 4) store.delete("users", `u${i}`);
    const file = await saved(store);
    expect((await chunksOf(file)).rawBytes).toBe(liveBytes(store));
    expect(contents(await opened(file))).toEqual(contents(store));
  });

  it("compacts a packed chunk whose current records are less than half of it: only its blocks that hold one are written, as they are", async () => {
    const store = storeWith();
    for (let i = 0; i < 1200; i++) store.put("issues", `o/r#${i}`, issue(i));
    const before = await chunksOf(await saved(store));
    for (let i = 0; i < 1200; i++) if (i % (2 * RECORDS_PER_BLOCK)) store.delete("issues", `o/r#${i}`);
    const file = await saved(store);
    const after = await chunksOf(file);
    // One record in two blocks' worth is left: about every other block holds one.
    expect(after.packed).toHaveLength(before.packed.length);
    expect(after.blocks).toBeGreaterThan(before.blocks * 0.4);
    expect(after.blocks).toBeLessThan(before.blocks * 0.6);
    expect(contents(await opened(file))).toEqual(contents(store));
  });
});

describe("tables and chunks that do not fit together", () => {
  let header: Awaited<ReturnType<typeof framesOf>>["header"];
  let frames: Frame[];

  beforeAll(async () => {
    const store = storeWith();
    fill(store, 300);
    ({ header, frames } = await framesOf(await saved(store)));
  });

  /** Opens the saved frames as changed by `edit`, written with good checksums; gives the error. */
  async function openEdited(edit: (frames: Frame[]) => Frame[], base = { header, frames }): Promise<unknown> {
    const file = join(await tempDir(), INDEX_FILE);
    await writeFrames(file, base.header, edit(base.frames.map((f) => ({ ...f, payload: copy(f.payload) }))));
    return opened(file).then(
      () => undefined,
      (error: unknown) => error,
    );
  }

  const copy = (payload: Buffer) => {
    const out = Buffer.alloc(payload.length);
    payload.copy(out);
    return out;
  };
  const u32 = (frame: Frame) => new Uint32Array(frame.payload.buffer, frame.payload.byteOffset, frame.payload.length / 4);
  /** The first table frame of a kind: its chunk numbers, starts and lengths, one array each. */
  const tableOf = (all: Frame[], kind: string) => {
    const frame = all.find((f) => f.name === "table" && f.meta.kind === kind)!;
    const n = frame.meta.count as number;
    const table = new Uint32Array(frame.payload.buffer, frame.payload.byteOffset, 3 * n);
    return { frame, chunks: table.subarray(0, n), starts: table.subarray(n, 2 * n), lengths: table.subarray(2 * n) };
  };
  const chunkFrames = (all: Frame[]) => all.filter((f) => f.name === "chunk");

  function expectCorrupt(error: unknown, message: RegExp): void {
    expect(error).toBeInstanceOf(SavedIndexError);
    expect((error as SavedIndexError).problem).toBe("corrupt");
    expect(String(error)).toMatch(message);
  }

  it("the rewritten frames themselves open", async () => {
    expect(await openEdited((all) => all)).toBeUndefined();
  });

  it("a record past its chunk's end", async () => {
    expectCorrupt(
      await openEdited((all) => {
        tableOf(all, "users").lengths[0] += 1 << 20;
        return all;
      }),
      /outside its chunk/,
    );
  });

  it("a record across the end of a packed block", async () => {
    expectCorrupt(
      await openEdited((all) => {
        const { chunks, starts, lengths } = tableOf(all, "issues");
        const packed = chunkFrames(all)[chunks[0]];
        expect(packed.meta.blocks).toBeGreaterThan(1);
        // The first block's end, among the block starts that follow the block ends.
        const secondStart = u32(packed)[Number(packed.meta.blocks) + 1];
        starts[0] = secondStart - 2;
        lengths[0] = 4;
        return all;
      }),
      /outside its chunk/,
    );
  });

  it("a record in a chunk that is not there", async () => {
    expectCorrupt(
      await openEdited((all) => {
        tableOf(all, "comments").chunks[3] = chunkFrames(all).length;
        return all;
      }),
      /lies in chunk/,
    );
  });

  it("a table left out, or given twice (its keys then repeat)", async () => {
    const table = (all: Frame[]) => all.findIndex((f) => f.name === "table" && f.meta.kind === "users");
    expectCorrupt(await openEdited((all) => all.filter((_, i) => i !== table(all))), /table of users holds/);
    expectCorrupt(await openEdited((all) => [...all.slice(0, table(all) + 1), ...all.slice(table(all))]), /a key of users repeats in its saved table/);
  });

  it("a table whose kind, keys or numbers do not match", async () => {
    const edited = (change: (frame: Frame) => Frame) => openEdited((all) => all.map((f) => (f === tableOf(all, "users").frame ? change(f) : f)));
    const withKeys = (f: Frame, keys: Array<string | null>) => {
      const numbers = 12 * (f.meta.count as number);
      return { ...f, payload: Buffer.concat([f.payload.subarray(0, numbers), StringList.of(keys).encode()]) };
    };
    expectCorrupt(await edited((f) => withKeys(f, [null, ...tableKeys(f).slice(1)])), /null key/);
    expectCorrupt(await edited((f) => withKeys(f, tableKeys(f).slice(1))), /holds \d+ keys for \d+ records/);
    expectCorrupt(await edited((f) => ({ ...f, meta: { ...f.meta, kind: "gists" } })), /not a table/);
    expectCorrupt(await edited((f) => ({ ...f, meta: { ...f.meta, count: 0 } })), /not a table/);
    expectCorrupt(await edited((f) => ({ ...f, meta: { ...f.meta, encoding: "zip" } })), /unknown encoding/);
    expectCorrupt(await edited((f) => ({ ...f, payload: f.payload.subarray(0, f.payload.length - 1) })), /table of users: encoded strings: past the end/);
    expectCorrupt(await edited((f) => ({ ...f, payload: f.payload.subarray(0, 8) })), /table of users is shorter than its numbers/);
  });

  it("links that are not links of stored records, or not laid out as links", async () => {
    const edited = (kind: string, change: (frame: Frame) => Frame) =>
      openEdited((all) => {
        const at = all.findIndex((f) => f.name === "links" && f.meta.kind === kind);
        expect(at).toBeGreaterThan(0);
        return all.map((f, i) => (i === at ? change(f) : f));
      });
    // A links frame laid out anew from its rows, one of them changed.
    const relaid = (f: Frame, keys: string[], links: Array<string | number>): Frame => {
      const encodedKeys = StringList.of(keys).encode();
      const encodedLinks = f.meta.kind === "comments" ? StringList.of(links as string[]).encode() : Buffer.from(Float64Array.from(links as number[]).buffer);
      return { ...f, meta: { ...f.meta, count: keys.length, keyBytes: encodedKeys.length }, payload: Buffer.concat([encodedKeys, encodedLinks]) };
    };
    const firstKey = (key: string) => (f: Frame) => {
      const { keys, links } = linksRows(f);
      return relaid(f, [key, ...keys.slice(1)], links);
    };
    const firstLink = (link: string | number) => (f: Frame) => {
      const { keys, links } = linksRows(f);
      return relaid(f, keys, [link, ...links.slice(1)]);
    };
    expectCorrupt(await edited("comments", firstKey("c-not-stored")), /not stored/);
    expectCorrupt(await edited("repositories", firstKey("o/not-stored")), /not stored/);
    expectCorrupt(await edited("repositories", firstLink(Number.NaN)), /key or link/);
    expectCorrupt(await edited("comments", (f) => ({ ...f, payload: Buffer.concat([f.payload.subarray(0, f.meta.keyBytes as number), StringList.of([null]).encode()]) })), /links of comments holds 1 strings for \d+ rows, or a null/);
    expectCorrupt(await edited("repositories", (f) => ({ ...f, payload: f.payload.subarray(0, f.payload.length - 8) })), /wrong length/);
    expectCorrupt(await edited("comments", (f) => ({ ...f, meta: { ...f.meta, keyBytes: (f.meta.keyBytes as number) - 1 } })), /links of comments: encoded strings/);
    expectCorrupt(await edited("comments", (f) => ({ ...f, meta: { ...f.meta, keyBytes: f.payload.length + 1 } })), /not a list of links/);
    expectCorrupt(await edited("comments", (f) => ({ ...f, meta: { ...f.meta, count: 0 } })), /not a list of links/);
    expectCorrupt(await edited("comments", (f) => ({ ...f, meta: { ...f.meta, kind: "users" } })), /not a list of links/);
    expectCorrupt(await edited("comments", (f) => ({ ...f, meta: { ...f.meta, encoding: "zip" } })), /unknown encoding/);
  });

  it("tallies whose counts, groups or items are not laid out as rows", async () => {
    const store = storeWith();
    store.put("repositories", "o/r", { full_name: "o/r", private: false });
    for (let n = 1; n <= 30; n++) {
      const labels = [{ name: n % 2 ? "bug" : "good first issue" }, ...(n % 3 ? [] : [{ name: "help wanted" }])];
      store.put("issues", `o/r#${n}`, { number: n, repository_url: "https://api.github.com/repos/o/r", state: "open", labels });
    }
    const base = await framesOf(await saved(store));
    const edited = (change: (frame: Frame) => Frame) =>
      openEdited((all) => {
        const at = all.findIndex((f) => f.name === "tally" && (f.meta.count as number) > 1);
        expect(at).toBeGreaterThan(0);
        return all.map((f, i) => (i === at ? change(f) : f));
      }, base);
    expect(await openEdited((all) => all, base)).toBeUndefined();
    const groupsEnd = (f: Frame) => 4 * (f.meta.count as number) + (f.meta.groupBytes as number);
    expectCorrupt(await edited((f) => ({ ...f, payload: Buffer.concat([Buffer.alloc(4), f.payload.subarray(4)]) })), /count that is not a whole number above 0/);
    expectCorrupt(await edited((f) => ({ ...f, payload: f.payload.subarray(0, groupsEnd(f)) })), /encoded strings/);
    expectCorrupt(await edited((f) => ({ ...f, payload: Buffer.concat([f.payload.subarray(0, groupsEnd(f)), StringList.of(["x"]).encode()]) })), /holds 1 strings for \d+ rows/);
    expectCorrupt(await edited((f) => ({ ...f, meta: { ...f.meta, groupBytes: f.payload.length } })), /shorter than its counts and groups/);
    expectCorrupt(await edited((f) => ({ ...f, meta: { ...f.meta, count: "2" } })), /tally/);
    expectCorrupt(await edited((f) => ({ ...f, meta: { ...f.meta, name: 7 } })), /not a list of counts/);
    expectCorrupt(await edited((f) => ({ ...f, meta: { ...f.meta, encoding: "zip" } })), /unknown encoding/);
  });

  it("packed blocks whose lists do not fit their bytes", async () => {
    const packedFrame = (all: Frame[]) => chunkFrames(all).find((f) => f.meta.blocks !== undefined)!;
    expectCorrupt(
      await openEdited((all) => {
        const frame = packedFrame(all);
        u32(frame)[0] += 1 << 20; // the first block's end past the data
        return all;
      }),
      /do not fit together/,
    );
    expectCorrupt(
      await openEdited((all) => all.map((f) => (f === packedFrame(all) ? { ...f, meta: { ...f.meta, blocks: 1 << 20 } } : f))),
      /shorter than its list of blocks/,
    );
    expectCorrupt(
      await openEdited((all) => all.map((f) => (f === packedFrame(all) ? { ...f, meta: { ...f.meta, dictionary: 1 << 30 } } : f))),
      /shorter than its list of blocks and its dictionary/,
    );
  });

  it("a packed block that inflates to another length than its list says is refused when read, not read wrongly", async () => {
    const file = join(await tempDir(), INDEX_FILE);
    const all = frames.map((f) => ({ ...f, payload: copy(f.payload) }));
    const packed = chunkFrames(all).find((f) => f.meta.blocks !== undefined)!;
    const blocks = Number(packed.meta.blocks);
    // The last block said to be longer than it is: every record still lies within it.
    u32(packed)[2 * blocks] += 8;
    await writeFrames(file, header, all);
    const back = await opened(file);
    const issueKeys = all.filter((f) => f.name === "table" && f.meta.kind === "issues").flatMap(tableKeys);
    const read = issueKeys.map((key) => {
      try {
        return JSON.parse(back.textAt(back.refOf("issues", key)!)) as unknown;
      } catch (error) {
        return error;
      }
    });
    const refused = read.filter((r) => r instanceof RangeError);
    expect(refused.length).toBeGreaterThan(0);
    expect(String(refused[0])).toMatch(/damaged/);
    for (const [i, r] of read.entries()) if (!(r instanceof RangeError)) expect(r).toEqual(issue(Number(issueKeys[i].split("#")[1])));
  });
});

describe("an engine with replaced and removed records", () => {
  it("answers the same after save and open", async () => {
    const options = { rateLimit: false as const, now: () => Date.UTC(2025, 0, 1) };
    const engine = new SearchEngine(options);
    await engine.load("data/sample");
    engine.add("issues", { number: 822, title: "Replaced before saving", body: "kangaroo error", repository: "github/hub", id: 822, state: "closed", user: { login: "mdo" } });
    engine.add("comments", { id: 88003, issue_url: "https://api.github.com/repos/github/hub/issues/822", body: "wallaby", user: { login: "vmg" } });
    expect(engine.remove("issues", "github/hub#823")).toBe(true);
    expect(engine.remove("repositories", "jquery/jquery")).toBe(true);
    const requests = [...REQUESTS, ...["kangaroo", "wallaby in:comments", "repo:github/hub"].map((q) => ({ kind: "issues" as const, params: { q } }))];
    const expected = await answers(engine, requests);
    const dir = await tempDir();
    await engine.save(dir);
    expect(await answers(await SearchEngine.open(dir, options), requests)).toEqual(expected);
  });
});
