/**
 * Marks waiting to be worked off, each once however often it is marked, oldest first.
 *
 * A Set keeps the holes of deleted entries until it is rebuilt, and a fresh iterator walks past
 * all of them: taking the first entry anew each time made a large build quadratic. One cursor
 * kept between takes never walks a hole twice, and a Set's iterator visits entries added after
 * it was made, so it sees every mark.
 */
export class MarkQueue<T> {
  private readonly marks = new Set<T>();
  private cursor: Iterator<T> | undefined;

  get size(): number {
    return this.marks.size;
  }

  add(mark: T): void {
    this.marks.add(mark);
  }

  delete(mark: T): void {
    this.marks.delete(mark);
  }

  /** Removes and returns the oldest mark; undefined when none is left. */
  take(): T | undefined {
    while (this.marks.size) {
      const next = (this.cursor ??= this.marks.values()).next();
      if (next.done) {
        // Finished iterators stay finished: a new one starts at the first mark left.
        this.cursor = undefined;
        continue;
      }
      this.marks.delete(next.value);
      return next.value;
    }
    this.cursor = undefined;
    return undefined;
  }
}
