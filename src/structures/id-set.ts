/**
 * A set of small non-negative integer ids (document slots) in insertion order, with the methods
 * of a `Set` that FlexSearch calls on its register (`has`, `add`, `delete`, `clear`, `size`,
 * `keys`, `values`, iteration): no call does work in proportion to the ids held, where a `Set` of
 * millions rehashes them all as it doubles. Each id's place is kept in an array by id (4 bytes
 * an id, in pieces of 65,536), and the ids in an `OrderedTable`.
 */
import { OrderedTable, type Places } from "./ordered-table.js";

/** Ids per piece of the array of places. */
const PIECE_BITS = 16;
const PIECE = 1 << PIECE_BITS;
/** Places are kept + 1 (0 for none) in 32 bits. */
const MAX_PLACE = 0xfffffffe;

/** Each id's place + 1, in pieces made as ids reach them. */
export class IdPlaces implements Places<number> {
  private pieces: Array<Uint32Array | undefined> = [];

  get(id: number): number | undefined {
    const piece = this.pieces[id >>> PIECE_BITS];
    const stored = piece && id === id >>> 0 ? piece[id & (PIECE - 1)] : 0;
    return stored ? stored - 1 : undefined;
  }

  set(id: number, place: number): void {
    if (id !== id >>> 0) throw new RangeError(`not an id: ${id}`);
    if (place > MAX_PLACE) throw new RangeError("too many ids added over the set's life");
    const piece = (this.pieces[id >>> PIECE_BITS] ??= new Uint32Array(PIECE));
    piece[id & (PIECE - 1)] = place + 1;
  }

  putIfAbsent(id: number, place: number): number | undefined {
    const held = this.get(id);
    if (held === undefined) this.set(id, place);
    return held;
  }

  delete(id: number): void {
    const piece = this.pieces[id >>> PIECE_BITS];
    if (piece) piece[id & (PIECE - 1)] = 0;
  }

  clear(): void {
    this.pieces = [];
  }
}

export class IdSet implements Iterable<number> {
  private readonly table = new OrderedTable<number>({ places: new IdPlaces(), values: false });

  get size(): number {
    return this.table.size;
  }

  has(id: number): boolean {
    return this.table.has(id);
  }

  /** Adds an id (an integer from 0 to 2^32 - 1; a RangeError otherwise); one held already keeps its place. */
  add(id: number): this {
    this.table.set(id);
    return this;
  }

  delete(id: number): boolean {
    return this.table.delete(id);
  }

  clear(): void {
    this.table.clear();
  }

  /** The ids in insertion order, as they were when called. */
  keys(): IterableIterator<number> {
    return this.table.keys();
  }

  values(): IterableIterator<number> {
    return this.table.keys();
  }

  [Symbol.iterator](): IterableIterator<number> {
    return this.table.keys();
  }
}
