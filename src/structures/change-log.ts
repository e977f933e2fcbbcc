/**
 * A count of changes and the slots of the latest of them: what lets values computed from a
 * collection (boosts, block bounds) be kept across changes and only the changed slots looked at
 * again. Once `kept` changes are held the log starts over, and a reader further behind is told
 * that its changes are no longer known (a load's worth, after which it computes everything again).
 */
export class ChangeLog {
  private changes = 0;
  private slots: number[] = [];
  /** The count of changes before the first one in `slots`. */
  private from = 0;

  constructor(private readonly kept: number) {}

  /** Grows by one with every change noted. */
  get version(): number {
    return this.changes;
  }

  note(slot: number): void {
    if (this.slots.length >= this.kept) {
      this.from = this.changes;
      this.slots = [];
    }
    this.slots.push(slot);
    this.changes++;
  }

  /** The slots changed since `version` was the version (a slot may repeat), or undefined when they are no longer kept. */
  since(version: number): readonly number[] | undefined {
    if (version < this.from || version > this.changes) return undefined;
    return this.slots.slice(version - this.from);
  }
}
