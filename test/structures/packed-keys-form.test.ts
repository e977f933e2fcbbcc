/**
 * A key table taken as it was built (`PackedKeys.form` / `fromForm`), as a save writes it and an open
 * reads it: the same keys under the same ids, the same answers to later changes as the table it came
 * from, and a form whose parts do not fit together refused.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { finish } from "../../src/index/steps.js";
import { PackedKeys, type PackedKeysForm } from "../../src/structures/packed-keys.js";

const key = fc.oneof(
  fc.stringMatching(/^[a-c]{0,3}$/),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "binary", maxLength: 6 }),
  fc.constantFrom("x".repeat(1024), "x".repeat(1025), "é/ø#1", "ā", ""),
);
const steps = fc.array(fc.tuple(fc.boolean(), fc.nat(40), key), { maxLength: 300 });
const LIMIT = 41;

/** Applies `steps` to `keys` (puts of held ids and of held keys change nothing). */
function apply(keys: PackedKeys, ops: ReadonlyArray<[boolean, number, string]>): void {
  for (const [put, id, k] of ops) {
    if (!put) keys.delete(id);
    else if (!keys.has(id)) keys.putIfAbsent(k, id);
  }
}

/** A copy of a form in fresh arrays, as a file read back gives it: nothing shared with the table it came from. */
function copied(form: PackedKeysForm): PackedKeysForm {
  const { bytes } = form;
  return {
    parts: form.parts.map((part) => part.slice()),
    bytes: { ...bytes, pages: bytes.pages.map((page) => page.slice()), starts: bytes.starts.slice(), lengths: bytes.lengths.slice(), wideIds: bytes.wideIds.slice(), wide: [...bytes.wide], freed: bytes.freed.slice() },
  };
}

function expectSame(a: PackedKeys, b: PackedKeys, probes: readonly string[]): void {
  expect(b.size).toBe(a.size);
  for (let id = 0; id < LIMIT; id++) {
    expect(b.keyOf(id)).toBe(a.keyOf(id));
    expect(b.has(id)).toBe(a.has(id));
  }
  for (const k of probes) expect(b.idOf(k)).toBe(a.idOf(k));
}

const fromForm = (form: PackedKeysForm) => finish(PackedKeys.fromForm(form));

function tableOf(n: number): PackedKeys {
  const keys = new PackedKeys();
  for (let id = 0; id < n; id++) keys.putIfAbsent(`o/r#${id}`, id);
  return keys;
}

describe("PackedKeys' form", () => {
  it("gives a table that answers as the table it came from, before and after more changes to both", () => {
    fc.assert(
      fc.property(steps, steps, (before, after) => {
        const original = new PackedKeys();
        apply(original, before);
        const restored = fromForm(copied(finish(original.forming(LIMIT))));
        const probes = [...before, ...after].map(([, , k]) => k);
        expectSame(original, restored, probes);
        apply(original, after);
        apply(restored, after);
        expectSame(original, restored, probes);
      }),
      { numRuns: 300, seed: 20261128 },
    );
  });

  it("keeps a table spread over its parts, and the bytes let go used again after it", () => {
    const original = tableOf(20_000);
    for (let id = 0; id < 20_000; id += 3) original.delete(id);
    const restored = fromForm(copied(finish(original.forming(20_000))));
    expect((restored as unknown as { parts: Uint32Array[] }).parts).toHaveLength(256);
    for (let id = 0; id < 20_000; id++) expect(restored.idOf(`o/r#${id}`)).toBe(id % 3 ? id : -1);
    const used = (restored as unknown as { bytes: { used: number } }).bytes.used;
    for (let id = 0; id < 20_000; id += 3) expect(restored.putIfAbsent(`o/r#${id}`, id)).toBeUndefined();
    expect((restored as unknown as { bytes: { used: number } }).bytes.used).toBe(used);
    expect(restored.size).toBe(20_000);
  });

  it("refuses a form whose parts do not fit together", () => {
    const damaged: Array<[string, (form: PackedKeysForm) => void]> = [
      ["an id past the limit", (f) => (f.parts[0][f.parts[0].findIndex((v, i) => i % 2 === 1 && v > 0)] = 1000)],
      ["an id filed twice", (f) => {
        // Copied into the empty slot right after it, where a look-up would reach it.
        const part = f.parts[0];
        const slots = part.length / 2;
        const full = [...Array(slots).keys()].find((s) => part[2 * s + 1] && !part[2 * ((s + 1) % slots) + 1])!;
        const next = (full + 1) % slots;
        [part[2 * next], part[2 * next + 1]] = [part[2 * full], part[2 * full + 1]];
      }],
      ["a key not filed", (f) => f.parts[0].fill(0)],
      ["a part that is not a power of two", (f) => (f.parts[0] = f.parts[0].subarray(0, 12))],
      ["a string outside the pages", (f) => (f.bytes.starts[2] = 1 << 20)],
      ["a string kept as a string without one", (f) => (f.bytes.lengths[3] = 0xffffffff)],
      ["freed bytes outside the pages", (f) => (f.bytes.freed = Uint32Array.of(8, 1 << 21))],
    ];
    for (const [what, damage] of damaged) {
      const form = copied(finish(tableOf(6).forming(6)));
      damage(form);
      expect(() => fromForm(form), what).toThrow(RangeError);
    }
    // An entry moved past an empty slot of its run, and one moved to another part.
    const spread = copied(finish(tableOf(5000).forming(5000)));
    const part = spread.parts[7];
    const mask = part.length / 2 - 1;
    const slot = [...Array(mask + 1).keys()].find((s) => part[2 * s + 1] && !part[2 * (((part[2 * s] & mask) + mask) & mask) + 1] && part[2 * ((s + 1) & mask) + 1] === 0 && part[2 * ((s + 2) & mask) + 1] === 0)!;
    [part[2 * ((slot + 2) & mask)], part[2 * ((slot + 2) & mask) + 1], part[2 * slot], part[2 * slot + 1]] = [part[2 * slot], part[2 * slot + 1], 0, 0];
    expect(() => fromForm(spread)).toThrow(/past an empty slot/);
    // An id filed twice in place of another's: as many entries as keys, so only the ids filed tell.
    const twice = copied(finish(tableOf(5000).forming(5000)));
    const run = twice.parts[7];
    const held = [...Array(run.length / 2 - 1).keys()].find((s) => run[2 * s + 1] && run[2 * (s + 1) + 1])!;
    [run[2 * (held + 1)], run[2 * (held + 1) + 1]] = [run[2 * held], run[2 * held + 1]];
    expect(() => fromForm(twice)).toThrow(/files id \d+ wrongly/);
    // An entry of an id without a key: its key let go from the pages, or the entry moved to an id past the keys.
    const keyless = copied(finish(tableOf(6).forming(8)));
    keyless.bytes.lengths[2] = 0;
    expect(() => fromForm(keyless)).toThrow(/files an id without a key/);
    const elsewhere = copied(finish(tableOf(6).forming(8)));
    const entry = elsewhere.parts[0].findIndex((v, i) => i % 2 === 1 && v === 3 + 1);
    elsewhere.parts[0][entry] = 6 + 1;
    expect(() => fromForm(elsewhere)).toThrow(/a key is not filed/);
    const moved = copied(finish(tableOf(5000).forming(5000)));
    [moved.parts[7], moved.parts[8]] = [moved.parts[8], moved.parts[7]];
    expect(() => fromForm(moved)).toThrow(/another part/);
  });
});
