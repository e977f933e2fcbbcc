/**
 * CRC-32 (the zlib polynomial) of byte runs, continued from a previous value:
 * zlib's native one where this Node has it (20.15 and later), the table
 * method otherwise. Both give the same numbers.
 */
import * as zlib from "node:zlib";

type Crc32 = (data: Uint8Array, previous?: number) => number;

const native = (zlib as unknown as { crc32?: Crc32 }).crc32;

let table: Uint32Array | undefined;

function tableCrc32(data: Uint8Array, previous = 0): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = ~previous >>> 0;
  for (let i = 0; i < data.length; i++) crc = table[(crc ^ data[i]) & 0xff] ^ (crc >>> 8);
  return ~crc >>> 0;
}

/** Node's native crc32 answers 0 for an empty run whatever came before, so empty runs are skipped here. */
export const crc32: Crc32 = (data, previous = 0) => (data.length === 0 ? previous : (native ?? tableCrc32)(data, previous));

/** Exposed for the test that both methods agree. */
export const crc32ByTable: Crc32 = tableCrc32;
