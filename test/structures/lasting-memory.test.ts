/**
 * Lasting memory: zeroed, in shared buffers from 64 KB on (which V8 does not count as external
 * memory), ordinary below; the tables an index keeps for good made of it; and per-document arrays in
 * growable shared buffers, which grow in place and are counted apart (Node's figures leave them out).
 */
import { describe, expect, it, vi } from "vitest";
import { DocSet } from "../../src/index/doc-set.js";
import { finish, growingArray, zeroedArray, zeroedGrowableArray } from "../../src/index/steps.js";
import { growableArray, growableBuffer, growableBytes, grownArray, growsInPlace, LASTING_SHARED_FROM, lastingArray, lastingBuffer } from "../../src/structures/lasting-memory.js";
import { PackedKeys } from "../../src/structures/packed-keys.js";
import { PagedRegions } from "../../src/structures/paged-regions.js";
import { PagedU32 } from "../../src/structures/paged-u32.js";
import { StringPages } from "../../src/structures/string-pages.js";
import { growableBufferOf, typedArraysIn } from "../support/typed-arrays.js";

const isShared = (array: ArrayBufferView) => array.buffer instanceof SharedArrayBuffer;

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

describe("growable arrays (per-document arrays, which grow with their collection)", () => {
  it("are zeroed, growable from 64 KB on with room reserved for a sixteenfold growth, ordinary below", () => {
    const large = growableArray(LASTING_SHARED_FROM / 8, Float64Array);
    expect([large.length, large.byteOffset, large.every((v) => v === 0)]).toEqual([LASTING_SHARED_FROM / 8, 0, true]);
    expect(growableBufferOf(large)!.maxByteLength).toBeGreaterThanOrEqual(16 * LASTING_SHARED_FROM);
    expect(growableBufferOf(growableArray(LASTING_SHARED_FROM / 4 - 1))).toBeUndefined();
    expect(growableBufferOf(finish(zeroedGrowableArray(LASTING_SHARED_FROM, Uint8Array)))).toBeDefined();
    expect(growableBufferOf(finish(zeroedArray(LASTING_SHARED_FROM, Uint8Array)))).toBeUndefined();
    const buffer = growableBuffer(LASTING_SHARED_FROM);
    expect([buffer.length, buffer.byteOffset, growableBufferOf(buffer) !== undefined]).toEqual([LASTING_SHARED_FROM, 0, true]);
  });

  it("grow in place, keeping every value, the new ones the fill (NaN too); others are copied into growable memory", () => {
    const values = growableArray(20_000, Float64Array);
    for (let i = 0; i < values.length; i++) values[i] = i / 2;
    const longer = grownArray(values, 50_000, NaN);
    expect(longer.buffer).toBe(values.buffer);
    expect([longer.length, longer[19_999], longer[20_000], longer[49_999]]).toEqual([50_000, 9_999.5, NaN, NaN]);
    expect(grownArray(longer, 40_000)).toBe(longer);
    // An array of the file, or one made before it was large: copied once, into memory that grows in place after.
    const plain = new Float64Array(10).fill(7);
    const copied = grownArray(plain, 20_000, NaN);
    expect([copied.buffer === plain.buffer, growableBufferOf(copied) !== undefined, copied[9], copied[10], copied[19_999]]).toEqual([false, true, 7, NaN, NaN]);
    expect(growsInPlace(copied, 20_000 * 16)).toBe(true);
    // Past the room reserved: copied into a larger reservation.
    const past = growableBufferOf(copied)!.maxByteLength / 8 + 1;
    expect(growsInPlace(copied, past)).toBe(false);
    const beyond = grownArray(copied, past, NaN);
    expect([beyond.buffer === copied.buffer, growableBufferOf(beyond) !== undefined, beyond[9], beyond[past - 1]]).toEqual([false, true, 7, NaN]);
  });

  it("grow in steps of a megabyte within their buffer, values set between the steps kept, a growth of the array's own among them", () => {
    for (const ownGrowthAt of [1, 3]) {
      let cells = growableArray(100_000, Uint32Array).fill(0xffffffff);
      const model = new Map<number, number>();
      const set = (doc: number, value: number) => {
        if (doc >= cells.length) cells = grownArray(cells, doc + 1, 0xffffffff);
        cells[doc] = value;
        model.set(doc, value);
      };
      set(99_999, 5);
      const buffer = cells.buffer;
      const growing = growingArray(() => cells, 1_500_000, (grown) => (cells = grown), 0xffffffff);
      let steps = 0;
      while (!growing.next().done) {
        steps++;
        set(steps * 7, steps);
        // The array grows itself past its length while the steps are under way (a document past the room).
        if (steps === ownGrowthAt) set(cells.length + 1_000, 42);
      }
      // 1.4 million new cells of four bytes: at least five steps of a megabyte.
      expect(steps, `own growth at ${ownGrowthAt}`).toBeGreaterThanOrEqual(5);
      // Nothing copied: the same buffer throughout.
      expect(cells.buffer).toBe(buffer);
      expect(cells.length).toBe(1_500_000);
      for (const [doc, value] of model) expect(cells[doc], `doc ${doc}`).toBe(value);
      // Every cell never set holds the fill, including those past the own growth's end.
      let unset = 0;
      for (let doc = 0; doc < cells.length; doc++) if (!model.has(doc) && cells[doc] === 0xffffffff) unset++;
      expect(unset).toBe(cells.length - model.size);
    }
  });

  it("are counted as made and grown (Node's arrayBuffers leaves them out), and no longer once freed", async () => {
    const { setFlagsFromString } = await import("node:v8");
    const { runInNewContext } = await import("node:vm");
    setFlagsFromString("--expose-gc");
    const collect = runInNewContext("gc") as () => void;
    // Collections, each followed by a pause for the callbacks: the arrays of earlier tests freed first.
    const settle = async (until: () => boolean) => {
      for (let round = 0; round < 20 && !until(); round++) {
        collect();
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    let last = -1;
    await settle(() => last === (last = growableBytes()));
    const before = growableBytes();
    let array: Uint32Array | undefined = growableArray(100_000);
    expect(growableBytes() - before).toBe(400_000);
    array = grownArray(array, 150_000);
    expect(growableBytes() - before).toBe(600_000);
    // Small ones are ordinary memory, which Node counts.
    growableArray(10);
    expect(growableBytes() - before).toBe(600_000);
    array[0] = 1;
    array = undefined;
    // The count is lowered once the collector has freed the buffer and its callback has run.
    await settle(() => growableBytes() === before);
    expect(growableBytes() - before).toBe(0);
  });

  it("fall back to arrays that grow by copy when the address space is refused (a `ulimit -v`, too many mappings)", () => {
    // As V8 refuses a reservation it cannot make: "RangeError: Array buffer allocation failed".
    class Refusing extends SharedArrayBuffer {
      constructor(bytes: number, options?: { maxByteLength?: number }) {
        if (options?.maxByteLength !== undefined) throw new RangeError("Array buffer allocation failed");
        super(bytes);
      }
    }
    vi.stubGlobal("SharedArrayBuffer", Refusing);
    try {
      const before = growableBytes();
      const array = growableArray(100_000);
      array[99_999] = 7;
      expect([array.length, isShared(array), growableBufferOf(array), growableBytes() - before]).toEqual([100_000, true, undefined, 0]);
      const longer = grownArray(array, 150_000, 3);
      expect([longer.length, longer[99_999], longer[100_000], longer[149_999]]).toEqual([150_000, 7, 3, 3]);
      const stepped = finish(zeroedGrowableArray(100_000, Float64Array));
      expect([stepped.length, growableBufferOf(stepped)]).toEqual([100_000, undefined]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
