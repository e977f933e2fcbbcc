/**
 * A set of non-negative integers as bits, in pieces made as numbers reach them: an eighth of a byte
 * a number up to the largest held, no growth that copies what is held.
 */

/** Bits per piece. */
const PIECE_BITS = 16;
const PIECE = 1 << PIECE_BITS;

export class BitSet {
  private readonly pieces: Array<Uint32Array | undefined> = [];

  add(n: number): void {
    if (n !== n >>> 0) throw new RangeError(`not a number a bit set holds: ${n}`);
    const piece = (this.pieces[n >>> PIECE_BITS] ??= new Uint32Array(PIECE / 32));
    const at = n & (PIECE - 1);
    piece[at >>> 5] |= 1 << (at & 31);
  }

  has(n: number): boolean {
    if (n !== n >>> 0) return false;
    const piece = this.pieces[n >>> PIECE_BITS];
    const at = n & (PIECE - 1);
    return piece !== undefined && (piece[at >>> 5] & (1 << (at & 31))) !== 0;
  }
}
