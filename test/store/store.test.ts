/**
 * The store keeps records as JSON text in shared buffers: what it reads back equals what went in,
 * a reference keeps reading the version it names after the record changes, and a declared tally
 * counts as a scan of the records would.
 */
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { forgetRepositoryFacts, repositoryColumns } from "../../src/kinds/shared.js";
import { defineTally } from "../../src/records/tally.js";
import { finish } from "../../src/index/steps.js";
import { Store, Unparsed } from "../../src/store.js";
import { RecordBytes } from "../../src/record-bytes.js";
import { syncPacker, threadPacker, type Packed } from "../../src/record-packer.js";
import { inflateRawSync } from "node:zlib";

/** Takes `texts` over as one raw chunk (as an open does); returns the first reference, the others following. */
function adoptAll(bytes: RecordBytes, texts: string[]): number {
  const lengths = Uint32Array.from(texts, (t) => Buffer.byteLength(t));
  const starts = new Uint32Array(lengths.length);
  for (let i = 1; i < lengths.length; i++) starts[i] = starts[i - 1] + lengths[i - 1];
  const chunk = bytes.adoptChunk({ raw: Buffer.concat(texts.map((t) => Buffer.from(t))) });
  return bytes.placeAll(new Uint32Array(lengths.length).fill(chunk), starts, lengths);
}

describe("RecordBytes", () => {
  it("gives back every text as written, across buffers and past their size", () => {
    const bytes = new RecordBytes();
    const texts = ["{}", JSON.stringify({ body: "é ü 漢字 🙂" }), "x".repeat(17 * 1024 * 1024), JSON.stringify({ n: 1 })];
    const refs = texts.map((t) => bytes.append(t));
    refs.forEach((ref, i) => expect(bytes.text(ref)).toBe(texts[i]));
  });

  it("takes over a block of texts as it is, and appends after it without writing into it", () => {
    const bytes = new RecordBytes();
    const before = bytes.append("{}");
    const texts = [JSON.stringify({ title: "ünïcode 🙂" }), "{}", JSON.stringify({ n: 2 })];
    const block = Buffer.concat(texts.map((t) => Buffer.from(t)));
    const first = adoptAll(bytes, texts);
    const after = bytes.append(JSON.stringify({ later: true }));
    expect(texts.map((_, i) => bytes.text(first + i))).toEqual(texts);
    expect([bytes.text(before), bytes.text(after)]).toEqual(["{}", '{"later":true}']);
    expect(bytes.view(first + 2).equals(Buffer.from(texts[2]))).toBe(true);
    expect(bytes.bytes).toBe(2 + block.length + 14);
  });
});

describe("RecordBytes, packed", () => {
  /** Records of varied length and content (multi-byte characters included), as JSON texts. */
  const records = (n: number, seed = 1) =>
    Array.from({ length: n }, (_, i) => JSON.stringify({ id: i, title: `issue ${i} ünïcode 🙂`, body: "word ".repeat((i * seed * 7) % 50) }));

  it("reads every record back unchanged once full buffers are packed, in any order, through appends, raw chunks taken over and large records, packed or kept", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.boolean()), { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (steps, seed) => {
        const bytes = new RecordBytes({ packer: syncPacker, chunkBytes: 2048 });
        const written: Array<[number, string]> = [];
        steps.forEach(([step, packable], i) => {
          const texts = records(5 + i, seed);
          if (step === 0) for (const t of texts) written.push([bytes.append(t, packable), t]);
          else if (step === 1) {
            const first = adoptAll(bytes, texts);
            texts.forEach((t, j) => written.push([first + j, t]));
          } else {
            const large = JSON.stringify({ body: "x".repeat(5000 + i) });
            written.push([bytes.append(large, packable), large]);
          }
        });
        for (const [ref, text] of [...written].reverse()) expect(bytes.text(ref)).toBe(text);
        for (const [ref, text] of written) expect(bytes.view(ref).equals(Buffer.from(text))).toBe(true);
      }),
    );
  });

  it("packs full buffers to a fraction of their size and lets the raw bytes go", async () => {
    const bytes = new RecordBytes({ packer: syncPacker, chunkBytes: 64 * 1024 });
    const texts = records(2000);
    // Records kept as written go to buffers of their own, never packed.
    const refs = texts.map((t, i) => bytes.append(t, i % 100 !== 0));
    await bytes.whenPacked();
    const { packed, chunks, rawBytes, packedBytes } = bytes.packing;
    expect(chunks).toBeGreaterThan(3);
    // Every chunk but the packable one still being filled and the one buffer of kept records.
    expect(packed).toBe(chunks - 2);
    expect(packedBytes).toBeLessThan(rawBytes / 2);
    expect(refs.map((r) => bytes.text(r))).toEqual(texts);
  });

  it("fills a packed chunk's buffer again instead of allocating fresh memory, and reads old and new records", () => {
    let allocated = 0;
    const counting = { ...syncPacker, allocate: (size: number) => (allocated++, syncPacker.allocate(size)) };
    const bytes = new RecordBytes({ packer: counting, chunkBytes: 4096 });
    const texts = records(400, 4);
    const refs = texts.map((t) => bytes.append(t, true));
    expect(bytes.packing.chunks).toBeGreaterThan(10);
    // The first buffer only: this packer packs each full one at once, and it is filled again.
    expect(allocated).toBe(1);
    expect(refs.map((r) => bytes.text(r))).toEqual(texts);
  });

  it("begins with a small buffer and doubles each next one up to the buffer size", () => {
    const sizes: number[] = [];
    const counting = { ...syncPacker, allocate: (size: number) => (sizes.push(size), syncPacker.allocate(size)) };
    // A packer that packs nothing: no buffer is filled again, every one is allocated.
    const keeping = { ...counting, pack: (_raw: Uint8Array, _starts: Uint32Array, done: (packed: Packed | undefined) => void) => done(undefined) };
    const bytes = new RecordBytes({ packer: keeping, chunkBytes: 1 << 20 });
    const text = JSON.stringify({ body: "x".repeat(1000) });
    const refs = Array.from({ length: 3000 }, () => bytes.append(text, true));
    expect(sizes.slice(0, 6)).toEqual([1 << 16, 1 << 17, 1 << 18, 1 << 19, 1 << 20, 1 << 20]);
    expect(bytes.text(refs[0])).toBe(text);
    expect(bytes.text(refs[2999])).toBe(text);
  });

  it("never fills again a buffer lent to a save: the held bytes stay as they were", () => {
    const bytes = new RecordBytes({ packer: syncPacker, chunkBytes: 4096 });
    for (const t of records(30, 6)) bytes.append(t, true);
    const held = bytes.held();
    const copies = held.chunks.map((c) => Buffer.from(c.raw ?? c.packed.data));
    const later = records(400, 7);
    const refs = later.map((t) => bytes.append(t, true));
    held.chunks.forEach((c, i) => expect((c.raw ?? c.packed.data).equals(copies[i]), `chunk ${i}`).toBe(true));
    expect(refs.map((r) => bytes.text(r))).toEqual(later);
  });

  it("deflates every block with the buffer's first bytes as preset dictionary, which reading needs", () => {
    const raw = Buffer.from(records(64, 5).join(""));
    const starts = Uint32Array.from({ length: 9 }, (_, b) => Math.round((b * raw.length) / 8));
    let packed: Packed | undefined;
    syncPacker.pack(raw, starts, (p) => (packed = p));
    const { data, ends, dictionary } = packed!;
    // The buffer's first kilobytes (all of a short one).
    expect(dictionary.length).toBe(Math.min(raw.length, 8 * 1024));
    expect(dictionary.equals(raw.subarray(0, dictionary.length))).toBe(true);
    for (let b = 0; b < 8; b++) {
      const block = data.subarray(b ? ends[b - 1] : 0, ends[b]);
      expect(inflateRawSync(block, { dictionary }).equals(raw.subarray(starts[b], starts[b + 1]))).toBe(true);
      // The blocks refer to the dictionary: without it they do not read back.
      const alone = (() => {
        try {
          return inflateRawSync(block);
        } catch {
          return undefined;
        }
      })();
      expect(alone?.equals(raw.subarray(starts[b], starts[b + 1])) ?? false).toBe(false);
    }
  });

  it("keeps a buffer as written when its packer gives up, and says so once it has", async () => {
    const failing = { ...syncPacker, pack: (_raw: Buffer, _starts: Uint32Array, done: (packed: undefined) => void) => setImmediate(() => done(undefined)) };
    const bytes = new RecordBytes({ packer: failing, chunkBytes: 4096 });
    const texts = records(200, 2);
    const refs = texts.map((t) => bytes.append(t, true));
    await bytes.whenPacked();
    expect(bytes.packing.packed).toBe(0);
    expect(bytes.packing.chunks).toBeGreaterThan(2);
    expect(refs.map((r) => bytes.text(r))).toEqual(texts);
  });

  it("packs on a worker thread and gives the same texts", async () => {
    const bytes = new RecordBytes({ packer: threadPacker, chunkBytes: 32 * 1024 });
    const texts = records(600, 3);
    const refs = texts.map((t) => bytes.append(t, true));
    await bytes.whenPacked();
    expect(bytes.packing.packed).toBe(bytes.packing.chunks - 1);
    expect(refs.map((r) => bytes.text(r))).toEqual(texts);
  });
});

describe("Store", () => {
  it("tells whether a repository is stored, whatever the case of its name, as repository() finds it", () => {
    const store = new Store();
    store.put("repositories", "o/r", { full_name: "O/R", id: 1 });
    for (const name of ["o/r", "O/R", "o/x", "", undefined]) expect(store.hasRepository(name), String(name)).toBe(!!store.repository(name));
    expect(store.hasRepository("O/r")).toBe(true);
    store.delete("repositories", "o/r");
    expect(store.hasRepository("o/r")).toBe(false);
  });

  it("answers the last repository looked up again only while repositories are unchanged", () => {
    const store = new Store();
    store.put("repositories", "o/r", { full_name: "o/r", stargazers_count: 1 });
    expect(store.repository("o/r")?.stargazers_count).toBe(1);
    store.put("repositories", "o/r", { full_name: "o/r", stargazers_count: 2 });
    expect(store.repository("o/r")?.stargazers_count).toBe(2);
    store.delete("repositories", "o/r");
    expect(store.repository("o/r")).toBeUndefined();
  });

  it("parses records read again once those kept parsed are let go, and reads them the same", () => {
    let parsed = 0;
    const store = new Store((text) => (parsed++, JSON.parse(text)));
    for (let n = 0; n < 3; n++) store.put("users", `u${n}`, { login: `u${n}`, followers: n });
    const refs = [0, 1, 2].map((n) => store.refOf("users", `u${n}`)!);
    const first = refs.map((ref) => store.recordAt(ref));
    const kept = parsed;
    refs.forEach((ref) => store.recordAt(ref));
    expect(parsed).toBe(kept);
    store.forgetParsed();
    expect(refs.map((ref) => store.recordAt(ref))).toEqual(first);
    expect(parsed).toBe(kept + 3);
  });

  it("reads a repository again for its columns' facts once they are let go", () => {
    const store = new Store();
    store.put("repositories", "o/r", { full_name: "o/r", owner: { login: "O" }, language: "Go" });
    const owner = repositoryColumns(() => "o/r").find((c) => c.name === "owner")!;
    const read = vi.spyOn(store, "repository");
    expect([owner.value({}, store), owner.value({}, store)]).toEqual(["o", "o"]);
    expect(read).toHaveBeenCalledTimes(1);
    forgetRepositoryFacts(store);
    expect(owner.value({}, store)).toBe("o");
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("reads a replaced or removed record's old version through its reference", () => {
    const store = new Store();
    store.put("users", "ada", { login: "ada", followers: 1 });
    const first = store.refOf("users", "ada")!;
    store.put("users", "ada", { login: "ada", followers: 2 });
    expect(store.byKey("users", "ada")).toEqual({ login: "ada", followers: 2 });
    expect(store.recordAt(first)).toEqual({ login: "ada", followers: 1 });
    const second = store.refOf("users", "ada")!;
    store.delete("users", "ada");
    expect(store.byKey("users", "ada")).toBeUndefined();
    expect(store.recordAt(second)).toEqual({ login: "ada", followers: 2 });
  });

  const perLabel = defineTally("test-open-by-label", "issues", (issue) => (issue.state === "open" ? [[String(issue.label), String(issue.repo)]] : []));

  it("restores a saved tally in steps of 1,024 rows, counting as restoring it at once does", () => {
    const n = 3000;
    const saved = {
      name: perLabel.name,
      groups: Array.from({ length: n }, (_, i) => `l${i % 7}`),
      items: Array.from({ length: n }, (_, i) => `o/r${i}`),
      counts: Array.from({ length: n }, (_, i) => 1 + (i % 5)),
    };
    const atOnce = new Store();
    finish(atOnce.restoringTally(saved));
    const inSteps = new Store();
    const steps = inSteps.restoringTally(saved);
    let pauses = 0;
    while (!steps.next().done) pauses++;
    expect(pauses).toBe(Math.ceil(n / 1024));
    expect([...inSteps.tally(perLabel).rows()]).toEqual([...atOnce.tally(perLabel).rows()]);
    expect(inSteps.tally(perLabel).count("l3", "o/r3")).toBe(4);
  });

  it("keeps a tally equal to counting every record, through puts, replacements and deletes", () => {
    const step = fc.tuple(fc.nat(5), fc.option(fc.record({ state: fc.constantFrom("open", "closed"), label: fc.constantFrom("bug", "docs"), repo: fc.constantFrom("a/b", "c/d") })));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const store = new Store();
        for (const [key, record] of steps) {
          if (record) store.put("issues", String(key), record);
          else store.delete("issues", String(key));
        }
        const scan = new Map<string, number>();
        for (const issue of store.all("issues")) {
          for (const [label, repo] of perLabel.pairs(issue)) scan.set(`${label} ${repo}`, (scan.get(`${label} ${repo}`) ?? 0) + 1);
        }
        const rows = [...store.tally(perLabel).rows()].map(([label, repo, n]) => [`${label} ${repo}`, n]);
        expect(rows.sort()).toEqual([...scan].sort());
      }),
      { numRuns: 100 },
    );
  });

  it("counts a tally once asked when records came in as text", () => {
    const store = new Store();
    store.putUnparsed("issues", "1", new Unparsed(JSON.stringify({ state: "open", label: "bug", repo: "a/b" }), null));
    expect(store.tally(perLabel).count("bug", "a/b")).toBe(1);
    store.put("issues", "2", { state: "open", label: "bug", repo: "a/b" });
    expect(store.tally(perLabel).count("bug", "a/b")).toBe(2);
  });

  it("copies its tables for a save in steps, and gives nothing when it changed between steps", () => {
    const store = new Store();
    // More keys than one step copies, so that the copy pauses at least once.
    for (let i = 0; i < 70_000; i++) store.put("users", `u${i}`, { login: `u${i}` });
    const steps = store.saving();
    expect(steps.next().done).toBe(false);
    store.put("users", "late", { login: "late" });
    let step = steps.next();
    while (!step.done) step = steps.next();
    expect(step.value).toBeUndefined();

    const again = store.saving();
    let copied = again.next();
    while (!copied.done) copied = again.next();
    const users = copied.value!.records.find((r) => r.kind === "users")!.entries;
    expect(users.count).toBe(70_001);
    const keys = [...users].flatMap((piece) => piece.keys.slice(piece.from, piece.from + piece.refs.length));
    expect(keys.slice(0, 2)).toEqual(["u0", "u1"]);
    expect(keys.at(-1)).toBe("late");
  });
});
