/**
 * The terms of one collection, numbered densely in order of first use: an open-addressing hash table
 * of term ids over the terms' texts. A term read from a span of a larger text (a word of a record's
 * body) is hashed and compared in place, lower-cased on the fly: no string is made for a term already
 * known, which is nearly every word a large build reads.
 */
import { FNV_PRIME, FNV_SEED, hashString } from "../structures/hash.js";

/** An empty slot of the table. */
const EMPTY = 0;

export class TermDictionary {
  private readonly terms: string[] = [];
  /** Each term's hash, by id: growing the table hashes no term again. */
  private hashes = new Uint32Array(1024);
  /**
   * Every term's UTF-16 code units end to end, found by `charStarts` (id → first, id + 1 → end):
   * a span is compared with these few compact bytes, not with string objects strewn over a heap of
   * gigabytes (a cache miss for every word read).
   */
  private chars = new Uint16Array(8192);
  private charStarts = new Uint32Array(1025);
  /** Term id + 1 per slot, EMPTY for none; a power of two long, at most half full. */
  private table = new Uint32Array(2048);

  get size(): number {
    return this.terms.length;
  }

  /** The term of an id. */
  term(id: number): string {
    return this.terms[id];
  }

  /** The id of a term, or -1 when it was never added. */
  find(term: string): number {
    const mask = this.table.length - 1;
    const hash = hashString(term);
    for (let slot = hash & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot];
      if (entry === EMPTY) return -1;
      if (this.hashes[entry - 1] === hash && this.terms[entry - 1] === term) return entry - 1;
    }
  }

  /** The id of a term, added when new. */
  idOf(term: string): number {
    const mask = this.table.length - 1;
    const hash = hashString(term);
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot];
      if (entry === EMPTY) break;
      if (this.hashes[entry - 1] === hash && this.terms[entry - 1] === term) return entry - 1;
    }
    return this.insert(slot, hash, term);
  }

  /** The id of `text.slice(start, end)` with A–Z lower-cased (the span holding ASCII only), added when new. */
  idOfAsciiSpan(text: string, start: number, end: number): number {
    let hash = FNV_SEED;
    for (let i = start; i < end; i++) hash = Math.imul(hash ^ lowerAscii(text.charCodeAt(i)), FNV_PRIME);
    hash >>>= 0;
    const mask = this.table.length - 1;
    const length = end - start;
    const { chars, charStarts } = this;
    let slot = hash & mask;
    for (; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot];
      if (entry === EMPTY) break;
      if (this.hashes[entry - 1] !== hash) continue;
      const from = charStarts[entry - 1];
      if (charStarts[entry] - from !== length) continue;
      let i = 0;
      while (i < length && chars[from + i] === lowerAscii(text.charCodeAt(start + i))) i++;
      if (i === length) return entry - 1;
    }
    return this.insert(slot, hash, text.slice(start, end).toLowerCase());
  }

  private insert(slot: number, hash: number, term: string): number {
    const id = this.terms.length;
    this.terms.push(term);
    if (id === this.hashes.length) {
      this.hashes = grown(this.hashes, id * 2);
      this.charStarts = grown(this.charStarts, id * 2 + 1);
    }
    this.hashes[id] = hash;
    const from = this.charStarts[id];
    if (from + term.length > this.chars.length) this.chars = grown(this.chars, Math.max(from + term.length, this.chars.length * 2));
    for (let i = 0; i < term.length; i++) this.chars[from + i] = term.charCodeAt(i);
    this.charStarts[id + 1] = from + term.length;
    this.table[slot] = id + 1;
    if (this.terms.length * 2 > this.table.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const table = new Uint32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (let id = 0; id < this.terms.length; id++) {
      let slot = this.hashes[id] & mask;
      while (table[slot] !== EMPTY) slot = (slot + 1) & mask;
      table[slot] = id + 1;
    }
    this.table = table;
  }
}


function grown<T extends Uint16Array | Uint32Array>(array: T, size: number): T {
  const out = new (array.constructor as new (size: number) => T)(size);
  out.set(array);
  return out;
}

function lowerAscii(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}
