/**
 * Turns of the event loop shared by sliced work (an open's steps, the background indexer, a load's
 * pace). Work that pauses waits in one queue, and one waiting piece is let go per turn: two pieces
 * paused together no longer both run in the next turn, and a piece started right after another
 * ended goes on with the rest of that turn's slice instead of a fresh one. Either way the loop was
 * held for the sum of their slices: 82 ms at the end of an open of ten million records, where
 * several steps each kept to its 8 ms.
 */
export class Turns {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;
  /** When the current turn's slice began; -Infinity before the first (a slice of an unknown turn counts as spent). */
  private began = -Infinity;
  private readonly now: () => number;
  private readonly later: (run: () => void) => void;

  /** `now`: a monotonic clock in ms; `later`: runs a callback at a later turn of the loop (`setImmediate`). */
  constructor(now: () => number, later: (run: () => void) => void) {
    this.now = now;
    this.later = later;
  }

  /** Whether the current turn's slice of `ms` is used up. */
  spent(ms: number): boolean {
    return this.now() - this.began >= ms;
  }

  /** Resolves at a later turn, after the work already waiting, with a fresh slice. */
  next(): Promise<void> {
    return new Promise((resume) => {
      this.waiting.push(resume);
      if (!this.scheduled) this.schedule();
    });
  }

  private schedule(): void {
    this.scheduled = true;
    this.later(this.turn);
  }

  private readonly turn = (): void => {
    this.scheduled = false;
    const resume = this.waiting.shift();
    if (this.waiting.length) this.schedule();
    this.began = this.now();
    resume?.();
  };
}
