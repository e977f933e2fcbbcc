/**
 * The store keeps records as JSON text in shared buffers: what it reads back equals what went in,
 * a reference keeps reading the version it names after the record changes, and a declared tally
 * counts as a scan of the records would.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defineTally } from "../../src/records/tally.js";
import { Store, Unparsed } from "../../src/store.js";
import { RecordBytes } from "../../src/record-bytes.js";

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
    const first = bytes.adopt(block, texts.map((t) => Buffer.byteLength(t)));
    const after = bytes.append(JSON.stringify({ later: true }));
    expect(texts.map((_, i) => bytes.text(first + i))).toEqual(texts);
    expect([bytes.text(before), bytes.text(after)]).toEqual(["{}", '{"later":true}']);
    expect(bytes.view(first + 2).equals(Buffer.from(texts[2]))).toBe(true);
    expect(bytes.bytes).toBe(2 + block.length + 14);
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

  const perLabel = defineTally("issues", (issue) => (issue.state === "open" ? [[String(issue.label), String(issue.repo)]] : []));

  it("keeps a tally equal to counting every record, through puts, replacements and deletes", () => {
    const step = fc.tuple(fc.nat(5), fc.option(fc.record({ state: fc.constantFrom("open", "closed"), label: fc.constantFrom("bug", "docs"), repo: fc.constantFrom("a/b", "c/d") })));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const store = new Store();
        for (const [key, record] of steps) {
          if (record) store.put("issues", String(key), record);
          else store.delete("issues", String(key));
        }
        const scan = new Map<string, Map<string, number>>();
        for (const issue of store.all("issues")) {
          for (const [label, repo] of perLabel.pairs(issue)) {
            if (!scan.has(label)) scan.set(label, new Map());
            scan.get(label)!.set(repo, (scan.get(label)!.get(repo) ?? 0) + 1);
          }
        }
        expect(store.tally(perLabel)).toEqual(scan);
      }),
      { numRuns: 100 },
    );
  });

  it("counts a tally once asked when records came in as text", () => {
    const store = new Store();
    store.putUnparsed("issues", "1", new Unparsed(JSON.stringify({ state: "open", label: "bug", repo: "a/b" }), null));
    expect(store.tally(perLabel).get("bug")?.get("a/b")).toBe(1);
    store.put("issues", "2", { state: "open", label: "bug", repo: "a/b" });
    expect(store.tally(perLabel).get("bug")?.get("a/b")).toBe(2);
  });
});
