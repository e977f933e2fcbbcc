/** The saved index's CRC-32: native where Node has it, the table method otherwise, with the same numbers. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32, crc32ByTable } from "../../src/persist/checksum.js";

describe("crc32", () => {
  it("matches the standard check value", () => {
    expect(crc32(Buffer.from("123456789"))).toBe(0xcbf43926);
    expect(crc32ByTable(Buffer.from("123456789"))).toBe(0xcbf43926);
  });

  it("both methods agree, in one run or continued over parts (empty parts too)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(300), (bytes, cut) => {
        const at = Math.min(cut, bytes.length);
        const whole = crc32ByTable(bytes);
        expect(crc32(bytes)).toBe(whole);
        expect(crc32(bytes.subarray(at), crc32(new Uint8Array(0), crc32(bytes.subarray(0, at))))).toBe(whole);
      }),
    );
  });
});
