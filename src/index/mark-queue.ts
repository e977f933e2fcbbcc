/**
 * Marks waiting to be worked off, each once however often it is marked, oldest first.
 *
 * A load of a kind whose documents a later file can change marks every record it stores, and the
 * marks wait for the background indexer: millions of them. They are kept in an `OrderedTable`,
 * which grows and gives them up without a pause (a `Set` rehashes all its entries as it doubles)
 * and lets go of the room of those taken.
 */
import { OrderedTable } from "../structures/ordered-table.js";

export class MarkQueue<T> {
  private readonly marks = new OrderedTable<T>({ values: false });

  get size(): number {
    return this.marks.size;
  }

  add(mark: T): void {
    this.marks.set(mark);
  }

  delete(mark: T): void {
    this.marks.delete(mark);
  }

  /** The oldest mark, left in place; undefined when none is left. */
  first(): T | undefined {
    return this.marks.keys().next().value;
  }

  /** Removes and returns the oldest mark; undefined when none is left. */
  take(): T | undefined {
    return this.marks.shift();
  }
}
