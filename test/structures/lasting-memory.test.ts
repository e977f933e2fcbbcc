/**
 * Lasting memory: zeroed, in shared buffers from 64 KB on (which V8 does not count as external
 * memory), ordinary below; and the tables an index keeps for good made of it.
 */
import { describe, expect, it } from "vitest";
import { DocSet } from "../../src/index/doc-set.js";
import { zeroedArray, finish } from "../../src/index/steps.js";
import { LASTING_SHARED_FROM, lastingArray, lastingBuffer } from "../../src/structures/lasting-memory.js";
import { PackedKeys } from "../../src/structures/packed-keys.js";
import { PagedRegions } from "../../src/structures/paged-regions.js";
import { PagedU32 } from "../../src/structures/paged-u32.js";
import { StringPages } from "../../src/structures/string-pages.js";

const isShared = (array: ArrayBufferView) => array.buffer instanceof SharedArrayBuffer;

/** Every typed array reachable from `root` through its fields and arrays, each once. */
function typedArraysIn(root: unknown): ArrayBufferView[] {
  const found: ArrayBufferView[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown) => {
    if (value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (ArrayBuffer.isView(value)) found.push(value);
    else if (Array.isArray(value)) value.forEach(visit);
    else Object.values(value).forEach(visit);
  };
  visit(root);
  return found;
}

/** The table's arrays of 64 KB or more, of which there must be some: each in shared memory. */
function expectLargeArraysShared(table: unknown): void {
  const large = typedArraysIn(table).filter((a) => a.byteLength >= LASTING_SHARED_FROM);
  expect(large.length).toBeGreaterThan(0);
  expect(large.filter((a) => !isShared(a)).map((a) => a.byteLength)).toEqual([]);
}

describe("lastingArray and lastingBuffer", () => {
  it("are zeroed, shared from 64 KB on and ordinary below, counted in bytes whatever the width", () => {
    for (const [width, length] of [[Uint8Array, LASTING_SHARED_FROM], [Uint8Array, LASTING_SHARED_FROM - 1], [Uint16Array, LASTING_SHARED_FROM / 2], [Uint16Array, LASTING_SHARED_FROM / 2 - 1], [Uint32Array, LASTING_SHARED_FROM / 4], [Float64Array, LASTING_SHARED_FROM / 8 - 1]] as const) {
      const array = lastingArray(length, width);
      expect(array, `${width.name} ${length}`).toBeInstanceOf(width);
      expect(array.length).toBe(length);
      expect(array.every((v) => v === 0)).toBe(true);
      expect(isShared(array), `${width.name} ${length}`).toBe(length * width.BYTES_PER_ELEMENT >= LASTING_SHARED_FROM);
    }
    expect(lastingArray(10)).toBeInstanceOf(Uint32Array);
    for (const size of [LASTING_SHARED_FROM - 1, LASTING_SHARED_FROM]) {
      const buffer = lastingBuffer(size);
      expect([buffer.length, buffer.byteOffset, buffer.every((b) => b === 0)]).toEqual([size, 0, true]);
      expect(isShared(buffer)).toBe(size >= LASTING_SHARED_FROM);
    }
  });

  it("make what zeroedArray hands back", () => {
    expect(isShared(finish(zeroedArray(LASTING_SHARED_FROM / 4)))).toBe(true);
    expect(isShared(finish(zeroedArray(LASTING_SHARED_FROM, Uint8Array)))).toBe(true);
    expect(isShared(finish(zeroedArray(100)))).toBe(false);
  });
});

describe("tables an index keeps are made of lasting memory", () => {
  it("PagedU32's pages", () => {
    const numbers = new PagedU32();
    for (let i = 0; i < 300_000; i++) numbers.set(i, i);
    expectLargeArraysShared(numbers);
    expect([numbers.get(0), numbers.get(299_999), numbers.get(300_000)]).toEqual([0, 299_999, 0]);
  });

  it("StringPages' pages", () => {
    const strings = new StringPages();
    for (let i = 0; i < 50_000; i++) strings.set(i, `owner-${i}/repository-${i}`);
    expectLargeArraysShared(strings);
    expect(strings.get(49_999)).toBe("owner-49999/repository-49999");
  });

  it("PagedRegions' pages", () => {
    const regions = new PagedRegions();
    const at = Array.from({ length: 2_000 }, () => regions.add(100, 2 ** 31, "full"));
    expectLargeArraysShared(regions);
    expect(regions.arrayOf(at[1_999]).subarray(regions.offsetOf(at[1_999]), regions.offsetOf(at[1_999]) + 100).every((v) => v === 0)).toBe(true);
  });

  it("a DocSet's bits, made dense, grown or reserved", () => {
    const dense = DocSet.of(Uint32Array.from({ length: 1_000_000 }, (_, i) => i));
    expectLargeArraysShared(dense);
    const turned = new DocSet();
    for (let doc = 0; doc < 1_000_000; doc++) turned.add(doc);
    expectLargeArraysShared(turned);
    turned.add(3_000_000);
    expectLargeArraysShared(turned);
    finish(dense.reserving(4_000_000));
    expectLargeArraysShared(dense);
    expect([dense.has(999_999), turned.has(3_000_000), dense.bitmap()!.length]).toEqual([true, true, 125_000]);
  });

  it("PackedKeys' parts, grown or reserved", () => {
    const grown = new PackedKeys();
    for (let i = 0; i < 200_000; i++) grown.putIfAbsent(`key-${i}`, i);
    expectLargeArraysShared(grown);
    const reserved = new PackedKeys();
    finish(reserved.reserving(2_000_000));
    expectLargeArraysShared(reserved);
    expect([grown.idOf("key-199999"), reserved.idOf("key-1")]).toEqual([199_999, -1]);
  });
});
