/**
 * The records of every dump kind, keyed, with the cross-kind lookups the kinds
 * need (a repository by name or id, an issue's comments, an organisation's
 * members). Every change bumps the kind's version, which lazy derived columns
 * compare against.
 */
import { DUMP_KINDS } from "./kinds/index.js";
import type { DumpKind } from "./records/kinds.js";
import { commentIssueKey, type RecordLike } from "./records/read.js";
import type { StoreReader } from "./records/store-reader.js";

// Readers and keys moved to records/read.ts and the kind registry; re-exported for the modules that import them from here.
export { issueKeyOf, repositoryOf } from "./records/read.js";

/**
 * A record kept as its JSON text until something reads it: opening a saved
 * index parses only the records searches touch. Whoever holds it (the store,
 * an index) gets the same object from `value()`.
 */
export class Unparsed {
  private text: string;
  private record: RecordLike | undefined;
  private readonly parse: (text: string) => RecordLike;
  /** What the store links the record by (`Store.linkOf`), known without parsing it. */
  readonly link: Link;

  constructor(text: string, parse: (text: string) => RecordLike, link: Link) {
    this.text = text;
    this.parse = parse;
    this.link = link;
  }

  value(): RecordLike {
    if (!this.record) {
      this.record = this.parse(this.text);
      this.text = "";
    }
    return this.record;
  }

  /** The record as JSON text: the text it came as while it is unparsed. */
  json(): string {
    return this.record ? JSON.stringify(this.record) : this.text;
  }
}

/** The record itself, parsing it if it is still text. */
export function recordOf(stored: RecordLike | Unparsed): RecordLike;
export function recordOf(stored: RecordLike | Unparsed | undefined): RecordLike | undefined;
export function recordOf(stored: RecordLike | Unparsed | undefined): RecordLike | undefined {
  return stored instanceof Unparsed ? stored.value() : stored;
}

/** What the store links a record by: a repository's id, a comment's issue key; null for other kinds. */
export type Link = number | string | null;

export class Store implements StoreReader {
  private readonly records = new Map<DumpKind, Map<string, RecordLike | Unparsed>>(DUMP_KINDS.map((k) => [k, new Map()]));
  private readonly version = new Map<DumpKind, number>(DUMP_KINDS.map((k) => [k, 0]));
  private readonly repoIds = new Map<number, string>();
  private readonly commentsByIssue = new Map<string, Map<string, RecordLike | Unparsed>>();

  private readonly memo = new Map<string, { stamp: string; value: unknown }>();

  /**
   * A value computed from whole kinds (counts, aggregates), recomputed only
   * after one of `dependsOn` changed.
   */
  derived<T>(name: string, dependsOn: DumpKind[], compute: (store: Store) => T): T {
    const stamp = dependsOn.map((k) => this.versionOf(k)).join(",");
    const hit = this.memo.get(name);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = compute(this);
    this.memo.set(name, { stamp, value });
    return value;
  }

  versionOf(kind: DumpKind): number {
    return this.version.get(kind)!;
  }

  /** Changes of any kind so far: what was computed from the store at one revision holds until the next. */
  get revision(): number {
    let n = 0;
    for (const v of this.version.values()) n += v;
    return n;
  }

  size(kind: DumpKind): number {
    return this.records.get(kind)!.size;
  }

  get(kind: DumpKind, key: string): RecordLike | undefined {
    return this.read(kind, key.toLowerCase()) ?? this.read(kind, key);
  }

  /** The record stored under exactly `key` (no case folding). */
  byKey(kind: DumpKind, key: string): RecordLike | undefined {
    return this.read(kind, key);
  }

  /** The record under exactly `key` as stored: possibly still unparsed. */
  stored(kind: DumpKind, key: string): RecordLike | Unparsed | undefined {
    return this.records.get(kind)!.get(key);
  }

  /** Keys and records of a kind as stored (possibly unparsed), in insertion order. */
  storedEntries(kind: DumpKind): IterableIterator<[string, RecordLike | Unparsed]> {
    return this.records.get(kind)!.entries();
  }

  private read(kind: DumpKind, key: string): RecordLike | undefined {
    const map = this.records.get(kind)!;
    const stored = map.get(key);
    if (!(stored instanceof Unparsed)) return stored;
    const record = stored.value();
    map.set(key, record);
    return record;
  }

  *all(kind: DumpKind): Generator<RecordLike> {
    for (const key of this.records.get(kind)!.keys()) yield this.read(kind, key)!;
  }

  /** Inserts or replaces; returns the record it replaced. */
  put(kind: DumpKind, key: string, record: RecordLike): RecordLike | undefined {
    const map = this.records.get(kind)!;
    const previous = this.read(kind, key);
    if (previous) this.unlink(kind, key, previous);
    map.set(key, record);
    this.link(kind, key, record, Store.linkOf(kind, record));
    this.version.set(kind, this.versionOf(kind) + 1);
    return previous;
  }

  /** Adds a record still in its JSON text (from a saved index), under its known key and link. */
  putUnparsed(kind: DumpKind, key: string, record: Unparsed): void {
    const map = this.records.get(kind)!;
    if (map.has(key)) this.delete(kind, key);
    map.set(key, record);
    this.link(kind, key, record, record.link);
    this.version.set(kind, this.versionOf(kind) + 1);
  }

  delete(kind: DumpKind, key: string): RecordLike | undefined {
    const map = this.records.get(kind)!;
    const previous = this.read(kind, key);
    if (!previous) return undefined;
    map.delete(key);
    this.unlink(kind, key, previous);
    this.version.set(kind, this.versionOf(kind) + 1);
    return previous;
  }

  repository(fullName: string | undefined): RecordLike | undefined {
    return fullName ? this.read("repositories", fullName.toLowerCase()) : undefined;
  }

  repositoryById(id: unknown): RecordLike | undefined {
    const n = typeof id === "string" ? Number(id) : id;
    if (typeof n !== "number" || !Number.isFinite(n)) return undefined;
    const name = this.repoIds.get(n);
    return name ? this.repository(name) : undefined;
  }

  user(login: string | undefined): RecordLike | undefined {
    return login ? this.read("users", login.toLowerCase()) : undefined;
  }

  issue(key: string): RecordLike | undefined {
    return this.read("issues", key.toLowerCase());
  }

  commentsOf(issueKey: string): RecordLike[] {
    const m = this.commentsByIssue.get(issueKey);
    return m ? [...m.values()].map((c) => recordOf(c)) : [];
  }

  /** The issue key a comment belongs to. */
  static commentIssueKey(comment: RecordLike): string | undefined {
    return commentIssueKey(comment);
  }

  /** What a record is linked by: a repository's numeric id, a comment's issue key. */
  static linkOf(kind: DumpKind, record: RecordLike): Link {
    if (kind === "repositories") return typeof record.id === "number" ? record.id : null;
    if (kind === "comments") return Store.commentIssueKey(record) ?? null;
    return null;
  }

  private link(kind: DumpKind, key: string, record: RecordLike | Unparsed, link: Link): void {
    if (kind === "repositories" && typeof link === "number") this.repoIds.set(link, key);
    if (kind === "comments" && typeof link === "string") {
      let m = this.commentsByIssue.get(link);
      if (!m) this.commentsByIssue.set(link, (m = new Map()));
      m.set(key, record);
    }
  }

  private unlink(kind: DumpKind, key: string, record: RecordLike): void {
    const link = Store.linkOf(kind, record);
    if (kind === "repositories" && typeof link === "number" && this.repoIds.get(link) === key) this.repoIds.delete(link);
    if (kind === "comments" && typeof link === "string") {
      const m = this.commentsByIssue.get(link);
      m?.delete(key);
      if (m && m.size === 0) this.commentsByIssue.delete(link);
    }
  }
}
