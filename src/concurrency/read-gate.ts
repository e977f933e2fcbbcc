/**
 * Searches in flight (readers) and the indexer (the one writer). A search may pause between blocks
 * of work; the indexer changes an index only while no search is in flight, so a paused search never
 * finds the documents it holds changed under it or their slots reused: every search reads one state.
 * Readers never wait for each other; a search bounds its own time, so the writer's wait is bounded too.
 */
export class ReadGate {
  private readers = 0;
  private idle: Array<() => void> = [];

  get busy(): boolean {
    return this.readers > 0;
  }

  enter(): void {
    this.readers++;
  }

  leave(): void {
    if (this.readers === 0) throw new RangeError("leave() without enter()");
    if (--this.readers > 0) return;
    const waiting = this.idle;
    this.idle = [];
    for (const wake of waiting) wake();
  }

  /** Resolves once no reader is in flight (at once when none is). Check `busy` again after it: a reader may enter first. */
  whenIdle(): Promise<void> {
    return this.readers === 0 ? Promise.resolve() : new Promise((wake) => this.idle.push(wake));
  }
}
