/**
 * A long posting list that takes appends without copying itself at once. An array of millions of
 * entries grows by a copy of all of them into fresh memory (some 6 ms a megabyte on this machine: at
 * 2.9 million entries one push took 135 ms, and the lists of common words grow at about the same
 * record). Here the documents lie in a typed buffer with room ahead; appends wait
 * in a short tail and are written into the room FLUSH at a time, FlexSearch's map then holding a view
 * of the entries written (its single-term search hands that view back as it is). Before the room runs
 * out, a buffer half as large again is begun and the entries are copied into it a slice per flush, so
 * that no call copies or first touches more than a slice.
 */

/** Appends kept in the tail before they are written into the buffer. */
const FLUSH = 1024;
/** The next buffer is begun once the buffer is this full. */
const BEGIN_NEXT_AT = 0.7;
/**
 * Entries copied into the next buffer per flush: enough to be done before the room runs out (after
 * 30 % of the room, at FLUSH entries a flush, 70 % of it is copied: 4 × FLUSH is more than enough),
 * and a 64th of the list at least, so that a list taken over full (out of a typed chunk) is copied
 * within 64 flushes.
 */
const COPY_PER_FLUSH = 4 * FLUSH;
const COPY_PARTS = 64;

export class LongList {
  private buffer: Uint32Array;
  private written: number;
  /** Appends not yet written: an array of doubles (`emptyList`). */
  private tail: number[];
  private next: Uint32Array | undefined;
  /** Entries of `buffer` copied into `next`. */
  private copied = 0;

  /**
   * The list `docs` (a term's list until now) made long; `byScore` is the term's lists by score in
   * FlexSearch's map, whose first this list keeps as the view of what it has written.
   */
  constructor(
    private readonly byScore: Array<number[] | Uint32Array>,
    docs: ArrayLike<number>,
    private readonly flushEvery = FLUSH,
  ) {
    this.tail = emptyList();
    if (docs instanceof Uint32Array) {
      // A typed list is taken over as it is, full: appends wait until a larger buffer is copied.
      this.buffer = docs;
      this.written = docs.length;
    } else {
      this.buffer = new Uint32Array(Math.ceil(docs.length * 1.5) + this.flushEvery);
      for (let i = 0; i < docs.length; i++) this.buffer[i] = docs[i];
      this.written = docs.length;
      this.publish();
    }
  }

  /** Entries, those waiting in the tail included. */
  get length(): number {
    return this.written + this.tail.length;
  }

  /** Appends `doc`; returns 0, so that a caller telling arrays (whose `push` returns their length) from long lists can compare. */
  push(doc: number): number {
    if (this.tail.push(doc) >= this.flushEvery) this.flush(false);
    return 0;
  }

  /** Writes every append into the list FlexSearch holds, copying the rest of a buffer begun if need be. */
  settle(): void {
    if (this.tail.length) this.flush(true);
  }

  /**
   * Once a load ends: writes the tail where it fits the room, and lets a next buffer begun go (its
   * room is memory: half as much again as the list; a later write begins one again). Copies nothing.
   */
  trim(): void {
    if (this.tail.length && this.written + this.tail.length <= this.buffer.length) this.writeTail();
    [this.next, this.copied] = [undefined, 0];
  }

  /**
   * Writes the tail into the buffer's room. With no room left the next buffer takes over once it is
   * copied; until then the tail waits, unless `now`, when the rest is copied at once (a search must
   * see every document).
   */
  private flush(now: boolean): void {
    const full = this.written + this.tail.length > this.buffer.length;
    if (full) this.next ??= this.nextBuffer();
    if (this.next) this.copyAhead(now ? Infinity : Math.max(COPY_PER_FLUSH, Math.ceil(this.written / COPY_PARTS)));
    if (full) {
      if (this.copied < this.written) return;
      [this.buffer, this.next, this.copied] = [this.next!, undefined, 0];
    }
    this.writeTail();
    if (!this.next && this.written > this.buffer.length * BEGIN_NEXT_AT) this.next = this.nextBuffer();
  }

  /** A buffer half as large again, with room for the tail waiting and a flush more. */
  private nextBuffer(): Uint32Array {
    return new Uint32Array(Math.ceil(this.buffer.length * 1.5) + this.tail.length + this.flushEvery);
  }

  /** The tail written into the buffer's room (which must hold it), and the view of it published. */
  private writeTail(): void {
    const tail = this.tail;
    for (let i = 0; i < tail.length; i++) this.buffer[this.written + i] = tail[i];
    this.written += tail.length;
    tail.length = 0;
    this.publish();
  }

  private copyAhead(entries: number): void {
    const next = this.next!;
    const end = Math.min(this.written, this.copied + entries);
    if (end > this.copied) next.set(this.buffer.subarray(this.copied, end), this.copied);
    this.copied = end;
  }

  private publish(): void {
    this.byScore[0] = this.buffer.subarray(0, this.written);
  }
}

/**
 * An empty list that keeps its documents as doubles, not as small integers: a full collection
 * marks an array of small integers slot by slot, but passes over an array of doubles whole (there
 * is nothing in it to follow). A load appends hundreds of millions of entries at ten million
 * records before the lists are frozen into typed chunks (150 million entries held as small
 * integers: 85-122 ms a full collection; as doubles 6-9 ms). Same 8 bytes an entry either way.
 */
export function emptyList(): number[] {
  const list = [0.5];
  list.pop();
  return list;
}
