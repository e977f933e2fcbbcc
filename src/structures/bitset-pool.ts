/**
 * Bitsets over every slot, taken by a search and given back when it ends. At a million slots each is
 * 125 KB of array-buffer memory; one fresh per search adds up to what sets off full collections (V8
 * counts array buffers as external memory and collects when it grows), so a few are kept and zeroed
 * again instead. Searches in flight at once each hold their own.
 */

/** Bitsets kept for the next searches: more than the searches usually in flight at once. */
const KEPT = 4;

export class BitsetPool {
  private readonly free: Uint32Array[] = [];

  constructor(private readonly kept = KEPT) {}

  /** A bitset of `words` words, all zero, the caller's alone until given back. */
  take(words: number): Uint32Array {
    for (let i = this.free.length - 1; i >= 0; i--) {
      const bits = this.free[i];
      if (bits.length < words) continue;
      this.free.splice(i, 1);
      bits.fill(0, 0, words);
      return bits.length === words ? bits : bits.subarray(0, words);
    }
    return new Uint32Array(words);
  }

  /** Gives back a bitset `take` gave, which its taker no longer reads or writes. */
  give(bits: Uint32Array): void {
    const whole = bits.length * 4 === bits.buffer.byteLength ? bits : new Uint32Array(bits.buffer);
    // Given back twice, it would be handed to two searches at once.
    if (this.free.some((b) => b.buffer === whole.buffer)) return;
    if (this.free.length < this.kept) this.free.push(whole);
    else {
      // The smallest kept makes way for a larger one: the collection grows, it does not shrink.
      const smallest = this.free.reduce((at, b, i) => (b.length < this.free[at].length ? i : at), 0);
      if (this.free[smallest].length < whole.length) this.free[smallest] = whole;
    }
  }
}
