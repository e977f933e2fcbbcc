/**
 * Dense ids handed out again once let go: the last one let go first, else the next never used. A
 * table filed under such ids looks at the id a new entry would take (`peek`), files the entry in the
 * same look-up that finds one already held, and takes the id (`take`) only when the entry was new.
 */
export class FreeIds {
  private readonly released: number[];
  private next: number;

  /** `limit` ids used so far, of which `released` are free (the last of them handed out first). */
  constructor(limit = 0, released: readonly number[] = []) {
    this.next = limit;
    this.released = [...released];
  }

  /** One past the highest id ever taken. */
  get limit(): number {
    return this.next;
  }

  /** The id the next `take` takes. */
  peek(): number {
    return this.released.length ? this.released[this.released.length - 1] : this.next;
  }

  /** Takes the id `peek` gives. */
  take(): void {
    if (this.released.length) this.released.pop();
    else this.next++;
  }

  release(id: number): void {
    this.released.push(id);
  }

  /** The free ids, in the order the constructor takes them. */
  freeIds(): number[] {
    return [...this.released];
  }
}
