/**
 * A set of small non-negative integer ids (document slots) in insertion order, with the methods
 * of a `Set` that FlexSearch calls on its register (`has`, `add`, `delete`, `clear`, `size`,
 * `keys`, `values`, iteration): no call does work in proportion to the ids held, where a `Set` of
 * millions rehashes them all as it doubles. Each id's place is kept in an array by id (4 bytes
 * an id, in pages), and the ids in an `OrderedTable`.
 */
import { OrderedTable, type Places } from "./ordered-table.js";
import { PagedU32 } from "./paged-u32.js";

/** Places are kept + 1 (0 for none) in 32 bits. */
const MAX_PLACE = 0xfffffffe;

/** Each id's place + 1, in pages (`PagedU32`: a few ids take a few bytes, millions no pause). */
export class IdPlaces implements Places<number> {
  private places = new PagedU32();

  get(id: number): number | undefined {
    const stored = id === id >>> 0 ? this.places.get(id) : 0;
    return stored ? stored - 1 : undefined;
  }

  set(id: number, place: number): void {
    if (id !== id >>> 0) throw new RangeError(`not an id: ${id}`);
    if (place > MAX_PLACE) throw new RangeError("too many ids added over the set's life");
    this.places.set(id, place + 1);
  }

  putIfAbsent(id: number, place: number): number | undefined {
    const held = this.get(id);
    if (held === undefined) this.set(id, place);
    return held;
  }

  delete(id: number): void {
    if (id === id >>> 0 && this.places.get(id)) this.places.set(id, 0);
  }

  clear(): void {
    this.places = new PagedU32();
  }
}

export class IdSet implements Iterable<number> {
  private readonly table = new OrderedTable<number>({ places: new IdPlaces(), values: false, wholeNumbers: true });

  get size(): number {
    return this.table.size;
  }

  has(id: number): boolean {
    return this.table.has(id);
  }

  /** Adds an id (an integer from 0 to 2^32 - 2; a RangeError otherwise); one held already keeps its place. */
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
