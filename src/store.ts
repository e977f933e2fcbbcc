/**
 * The records of every dump kind, keyed, with the cross-kind lookups the kinds
 * need (a repository by name or id, an issue's comments, an organisation's
 * members). Every change bumps the kind's version, which lazy derived columns
 * compare against. Records are kept as JSON text (`RecordBytes`) and parsed
 * when read: millions of records then cost a few large buffers, not a tree of
 * objects each.
 */
import { DUMP_KINDS, RECORD_KINDS } from "./kinds/index.js";
import type { DumpKind } from "./records/kinds.js";
import { commentIssueKey, type RecordLike } from "./records/read.js";
import type { StoreReader } from "./records/store-reader.js";
import { RecordBytes, type HeldChunk, type HeldRecords, type RecordBytesOptions } from "./record-bytes.js";
import { threadPacker } from "./record-packer.js";
import { TALLIES, type Tally, type TallyReader } from "./records/tally.js";
import { KeyMap } from "./structures/key-map.js";
import { KeyTable } from "./structures/key-table.js";
import { PagedU32 } from "./structures/paged-u32.js";
import { PairCounts } from "./structures/pair-counts.js";
import { EncodedStrings, StringList, type ListLike } from "./structures/string-list.js";

// Readers and keys moved to records/read.ts and the kind registry; re-exported for the modules that import them from here.
export { issueKeyOf, repositoryOf } from "./records/read.js";

/**
 * A record as its JSON text, with what the store links it by (`Store.linkOf`): how a saved index
 * hands records to a store without parsing them.
 */
export class Unparsed {
  constructor(
    readonly text: string,
    readonly link: Link,
  ) {}
}

/** What the store links a record by: a repository's id, a comment's issue key; null for other kinds. */
export type Link = number | string | null;

/** What a `put` replaced: the version stored before, and its reference. */
export interface Replaced {
  record: RecordLike;
  ref: number;
}

/** What a `put` did: the new version's reference, and what it replaced. */
export interface Stored {
  ref: number;
  replaced: Replaced | undefined;
}

/** A kind's current records as a save takes them, in pieces of bounded work (one frame of the saved table each). */
export interface SavedEntries extends Iterable<SavedPiece> {
  count: number;
}

/** Records of one kind in the store's order: keys and references. */
export interface SavedPiece {
  /** The piece's keys: `keys` from `from` on, one per reference. */
  keys: StringList;
  from: number;
  refs: Uint32Array;
}

/**
 * Records linked by something (`Store.linkOf`), as the store's link maps hold them: each key with its
 * link, as bytes (a repository's numeric id, a comment's issue key), not arrays of strings.
 */
export type SavedLinks =
  | { kind: "repositories"; keys: StringList; links: Float64Array }
  | { kind: "comments"; keys: StringList; links: StringList };

/** Links as an open hands them over: each key with its link. */
export interface RestoredLinks {
  kind: DumpKind;
  keys: ListLike<string>;
  links: Pick<ListLike<Link>, "length" | "at">;
}

/** What a save writes of the store: every kind's current records, the buffers they lie in, and the links. */
export interface SavedRecords {
  records: Array<{ kind: DumpKind; entries: SavedEntries }>;
  bytes: HeldRecords;
  links: SavedLinks[];
  /** The tallies counted so far (one not asked for since an open is left out), as (group, item, count) rows. */
  tallies: SavedTally[];
}

/** Rows of a tally's counts: group, item and count at the same place of each list. */
export interface SavedTally {
  name: string;
  groups: StringList;
  items: StringList;
  counts: Uint32Array;
}

/** A tally's rows as an open hands them over. */
export interface RestoredTally {
  name: string;
  groups: ListLike<string>;
  items: ListLike<string>;
  counts: ArrayLike<number>;
}

/** A piece of a saved table as an open hands it over: keys, and where each record lies among the chunks taken over. */
export interface RestoredPiece {
  kind: DumpKind;
  keys: ListLike<string>;
  chunks: Uint32Array;
  starts: Uint32Array;
  lengths: Uint32Array;
}

/** A saved slot without a record (`translatingRows`). */
export const NO_ROW = 0xffffffff;

/** Rows translated between pauses (a megabyte of them). */
const ROWS_TRANSLATED_PER_STEP = 1 << 18;

/** Kinds whose full buffers are packed (`RecordKindSpec.packed`). */
const PACKED = new Set(DUMP_KINDS.filter((kind) => RECORD_KINDS[kind].packed));

/** Keys copied between pauses when a save takes the store's tables: each is bytes copied and a look-up (8,192 a step took 24 ms under the profiler at a million records). */
const COPIED_PER_STEP = 2_048;
/**
 * Links and tally rows copied between pauses when a save takes them: each is two strings encoded into
 * bytes (steps of 8,192 rows took 20-40 ms under the profiler at a million records).
 */
const ROWS_PER_STEP = 1_024;
/** Rows of a saved tally or links restored between pauses when an index is opened. */
const FILED_PER_STEP = 1_024;
/**
 * Keys of a saved table filed between pauses when an index is opened: the first pieces are filed
 * before the code is optimized (steps of 1,024 took 20-30 ms under the profiler a second into a 1M open).
 */
const KEYS_FILED_PER_STEP = 256;

/**
 * Records per piece of a saved table: an open checks and places a piece's records in one step, and
 * the first piece runs code not yet compiled (8,192 records: a step of 50-75 ms at a million).
 */
const PIECE = 2_048;

/** Parsed records kept for reading again soon: two generations of this many, the older dropped as a whole. */
const PARSED_KEPT = 4096;

export class Store implements StoreReader {
  /**
   * Each record's current version, by key: a reference into `bytes`, in the order keys were first
   * stored (a replaced record keeps its place). Millions of keys grow the table without a pause.
   */
  private readonly records = new Map<DumpKind, KeyTable>(DUMP_KINDS.map((k) => [k, new KeyTable()]));
  /** While an open restores: each saved row's reference, by kind, in the order the tables came (`translatingRows`). */
  private readonly restoredRows = new Map<DumpKind, { refs: PagedU32; count: number }>();
  /** Full buffers of packed kinds are packed (on a worker thread, `threadPacker`, unless told otherwise): such records cost about a third of their text. */
  private readonly bytes: RecordBytes;
  private readonly version = new Map<DumpKind, number>(DUMP_KINDS.map((k) => [k, 0]));
  private readonly repoIds = new KeyMap<number, string>();
  /** Each issue's comments: their keys. */
  private readonly commentsByIssue = new KeyMap<string, Set<string>>();
  private readonly parse: (text: string) => RecordLike;
  /** Each declared tally's counts; undefined while records came in unparsed (from a saved index) and it was not asked for since. */
  private readonly tallies = new Map<Tally, PairCounts | undefined>(TALLIES.map((t) => [t, new PairCounts(t.byGroup)]));
  private young = new Map<number, RecordLike>();
  private old = new Map<number, RecordLike>();
  /**
   * The record last stored with its text (a loaded line, an added record), held until the next one:
   * an index reads it right after, without parsing it again. It is not kept among the recently read
   * ones, where a load's millions of records would each outlive several young-generation collections
   * and be promoted, only to die in the old generation (the garbage collector's costliest work).
   */
  private latestRef = -1;
  private latest: RecordLike | undefined;
  private lastRepository: { name: string; version: number; record: RecordLike | undefined } | undefined;

  private readonly memo = new Map<string, { stamp: string; value: unknown }>();

  /** `parse` reads a stored record's JSON text back (the loader's parser, which drops unsafe keys); `bytes` sets the buffers' packer and size. */
  constructor(parse: (text: string) => RecordLike = JSON.parse, bytes: RecordBytesOptions = { packer: threadPacker }) {
    this.parse = parse;
    this.bytes = new RecordBytes(bytes);
  }

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

  /** Bytes of record text held, replaced versions included. */
  get recordBytes(): number {
    return this.bytes.bytes;
  }

  get(kind: DumpKind, key: string): RecordLike | undefined {
    return this.read(kind, key.toLowerCase()) ?? this.read(kind, key);
  }

  /** The record stored under exactly `key` (no case folding). */
  byKey(kind: DumpKind, key: string): RecordLike | undefined {
    return this.read(kind, key);
  }

  /** The reference of the current version of the record under exactly `key`. */
  refOf(kind: DumpKind, key: string): number | undefined {
    return this.records.get(kind)!.get(key);
  }

  /**
   * The record of a reference: the version stored under it, even after the record was replaced or
   * removed. Parsed anew unless read lately; the caller must not change it.
   */
  recordAt(ref: number): RecordLike {
    if (ref === this.latestRef) return this.latest!;
    let record = this.young.get(ref);
    if (record) return record;
    record = this.old.get(ref) ?? this.parse(this.bytes.text(ref));
    this.keep(ref, record);
    return record;
  }

  /** A declared tally's counts as the store holds records now; not to be changed. */
  tally(tally: Tally): TallyReader {
    let counts = this.tallies.get(tally);
    if (!counts) {
      // Records came in as text: counted once, when first asked.
      this.tallies.set(tally, (counts = new PairCounts(tally.byGroup)));
      for (const record of this.all(tally.kind)) count(counts, tally, record, 1);
    }
    return counts;
  }

  /** Counts a record in (+1) or out (-1) of every tally of its kind that is kept up to date. */
  private recount(kind: DumpKind, record: RecordLike | undefined, by: number): void {
    if (!record) return;
    for (const [tally, counts] of this.tallies) if (counts && tally.kind === kind) count(counts, tally, record, by);
  }

  /** The JSON text of a reference. */
  textAt(ref: number): string {
    return this.bytes.text(ref);
  }

  /**
   * Lets go of the records kept parsed for reading again. A load reads thousands of repositories
   * over and over, and the last some 8,000 records read stay parsed: at a million issues, a
   * repository's dozens of objects and strings each, which every later full collection marks.
   */
  forgetParsed(): void {
    [this.young, this.old] = [new Map(), new Map()];
    [this.latestRef, this.latest, this.lastRepository] = [-1, undefined, undefined];
  }

  private keep(ref: number, record: RecordLike): void {
    if (this.young.size >= PARSED_KEPT) {
      this.old = this.young;
      this.young = new Map();
    }
    this.young.set(ref, record);
  }

  /**
   * What a save writes: every kind's keys and references in the store's order and the link maps,
   * copied in steps, and the buffers as they are after the last step. Undefined when the store changed
   * between steps (the copy would not be of one moment); run through at once, it never is.
   */
  *saving(): Generator<void, SavedRecords | undefined> {
    const revision = this.revision;
    const records: SavedRecords["records"] = [];
    for (const kind of DUMP_KINDS) {
      const map = this.records.get(kind)!;
      // The keys as bytes (not ten million strings for a full collection to mark while frames are
      // written); the references' array is megabytes of fresh memory written at once: a step of its own.
      const keys = new StringList();
      const refs = new Uint32Array(map.size);
      if (map.size > COPIED_PER_STEP) {
        yield;
        if (this.revision !== revision) return undefined;
      }
      const copying = map.copying(keys, refs, COPIED_PER_STEP);
      while (!copying.next().done) {
        yield;
        if (this.revision !== revision) return undefined;
      }
      records.push({ kind, entries: savedEntries(keys, refs) });
    }
    // The links as the maps hold them, not as the texts would give them: no record is parsed, and an
    // open rebuilds the very same maps (a comment's place among its issue's comments included). Copied
    // as bytes: arrays of strings and their JSON were most of what a save still allocated.
    let rows = 0;
    const repositories = { kind: "repositories" as const, keys: new StringList(), links: new Float64Array(this.repoIds.size) };
    const comments = { kind: "comments" as const, keys: new StringList(), links: new StringList() };
    for (const [id, key] of this.repoIds) {
      repositories.links[repositories.keys.length] = id;
      repositories.keys.push(key);
      if (++rows % ROWS_PER_STEP === 0) {
        yield;
        if (this.revision !== revision) return undefined;
      }
    }
    for (const [issue, keys] of this.commentsByIssue) {
      for (const key of keys) {
        comments.keys.push(key);
        comments.links.push(issue);
        if (++rows % ROWS_PER_STEP === 0) {
          yield;
          if (this.revision !== revision) return undefined;
        }
      }
    }
    const tallies: SavedTally[] = [];
    for (const [tally, counts] of this.tallies) {
      if (!counts) continue;
      const saved: SavedTally = { name: tally.name, groups: new StringList(), items: new StringList(), counts: new Uint32Array(counts.size) };
      const copying = counts.copying(saved.groups, saved.items, saved.counts, ROWS_PER_STEP);
      while (!copying.next().done) {
        yield;
        if (this.revision !== revision) return undefined;
      }
      tallies.push(saved);
    }
    return { records, bytes: this.bytes.held(), links: [repositories, comments], tallies };
  }

  /** Resolves once every full buffer handed to the packer so far is packed: a save then writes it packed. */
  whenPacked(): Promise<void> {
    return this.bytes.whenPacked();
  }

  private read(kind: DumpKind, key: string): RecordLike | undefined {
    const ref = this.records.get(kind)!.get(key);
    return ref === undefined ? undefined : this.recordAt(ref);
  }

  *all(kind: DumpKind): Generator<RecordLike> {
    for (const ref of this.records.get(kind)!.values()) yield this.recordAt(ref);
  }

  /**
   * Inserts or replaces; returns the new version's reference and the version it replaced. `text` is the record's
   * JSON text when the caller has it (a loaded line); the store keeps the text, and `record` only while it is read often.
   */
  put(kind: DumpKind, key: string, record: RecordLike, text?: string): Stored {
    const map = this.records.get(kind)!;
    const ref = this.bytes.append(text ?? JSON.stringify(record), PACKED.has(kind));
    // The key looked up once (a load stores millions): the new reference in, the old one out.
    const previousRef = map.swap(key, ref);
    let previous: RecordLike | undefined;
    try {
      previous = previousRef === undefined ? undefined : this.recordAt(previousRef);
    } catch (error) {
      map.set(key, previousRef!);
      throw error;
    }
    if (previous) this.unlink(kind, key, previous);
    this.recount(kind, previous, -1);
    this.recount(kind, record, 1);
    if (text !== undefined) {
      this.latestRef = ref;
      this.latest = record;
    }
    this.link(kind, key, Store.linkOf(kind, record));
    this.version.set(kind, this.versionOf(kind) + 1);
    return { ref, replaced: previous && { record: previous, ref: previousRef! } };
  }

  /** The reference the next stored version gets: versions stored from now on have this one or a later one. */
  get nextRef(): number {
    return this.bytes.count;
  }

  /** Adds a record still in its JSON text, under its known key and link. */
  putUnparsed(kind: DumpKind, key: string, record: Unparsed): void {
    this.forgetTallies(kind);
    this.file(kind, key, this.bytes.append(record.text, PACKED.has(kind)), record.link);
  }

  /** Takes over a saved chunk of record texts as it is (raw or packed); returns its number, for `restoringRecords`. */
  restoreChunk(chunk: HeldChunk): number {
    return this.bytes.adoptChunk(chunk);
  }

  /** Files a piece of a saved table: each key under a new reference to its text in the chunks taken over. */
  *restoringRecords(piece: RestoredPiece): Generator<void> {
    const { kind, keys } = piece;
    this.forgetTallies(kind);
    const first = this.bytes.placeAll(piece.chunks, piece.starts, piece.lengths);
    const rows = this.restoredRows.get(kind) ?? { refs: new PagedU32(), count: 0 };
    this.restoredRows.set(kind, rows);
    for (let i = 0; i < keys.length; i++) rows.refs.set(rows.count++, first + i);
    yield* this.records.get(kind)!.reserving(this.size(kind) + keys.length);
    // A piece of 8,192 keys filed at once held the loop for 50-90 ms at a million records.
    const table = this.records.get(kind)!;
    const encoded = keys instanceof EncodedStrings ? keys : undefined;
    for (let from = 0; from < keys.length; from += KEYS_FILED_PER_STEP) {
      const to = Math.min(keys.length, from + KEYS_FILED_PER_STEP);
      for (let i = from; i < to; i++) {
        // A key as bytes is filed from its bytes, no string made, and placed among the table's keys
        // later, with the others (`filingRestored`). A saved table names each key once.
        if (!encoded?.isLatin1(i)) this.file(kind, keys.at(i)!, first + i, null);
        else table.putLatin1Later(encoded.source, encoded.startOf(i), encoded.startOf(i + 1), first + i);
      }
      yield;
    }
  }

  /**
   * Places the keys of the saved tables (`restoringRecords`) among their tables' keys, in steps: the
   * store's look-ups find them after. Throws a RangeError for a key a saved table repeats.
   */
  *filingRestored(): Generator<void> {
    for (const [kind, table] of this.records) {
      if ((yield* table.placingLater()) > 0) throw new RangeError(`a key of ${kind} repeats in its saved table`);
    }
  }

  /**
   * Translates, in place, rows of the saved tables of `kind` (in the order restored) into the
   * references of their records, in steps; NO_ROW stays. Throws a RangeError for a row past the table
   * or named twice: no two slots index one record.
   */
  *translatingRows(kind: DumpKind, rows: Uint32Array): Generator<void> {
    const restored = this.restoredRows.get(kind) ?? { refs: new PagedU32(), count: 0 };
    const named = new Uint8Array(restored.count);
    for (let from = 0; from < rows.length; from += ROWS_TRANSLATED_PER_STEP) {
      const to = Math.min(rows.length, from + ROWS_TRANSLATED_PER_STEP);
      for (let i = from; i < to; i++) {
        const row = rows[i];
        if (row === NO_ROW) continue;
        if (row >= restored.count || named[row]) throw new RangeError(`row ${row} of the saved ${kind} is past the table or named twice`);
        named[row] = 1;
        rows[i] = restored.refs.get(row);
      }
      yield;
    }
  }

  /** Lets go of the rows an open kept for `translatingRows`. */
  restored(): void {
    this.restoredRows.clear();
  }

  /**
   * Counts of a saved tally (checked where the frame is read), once every record is filed (tables
   * forget the tallies of their kind): a tally not saved is counted from the records when first asked.
   * A name no tally has is passed over (a tally since dropped). In steps of FILED_PER_STEP rows (a
   * frame of 8,192 rows at once held the loop for 40-52 ms at a million records).
   */
  *restoringTally({ name, groups, items, counts }: RestoredTally): Generator<void> {
    const tally = TALLIES.find((t) => t.name === name);
    if (!tally) return;
    let kept = this.tallies.get(tally);
    if (!kept) this.tallies.set(tally, (kept = new PairCounts(tally.byGroup)));
    for (let from = 0; from < counts.length; from += FILED_PER_STEP) {
      const to = Math.min(counts.length, from + FILED_PER_STEP);
      for (let i = from; i < to; i++) {
        kept.add(groups.at(i)!, items.at(i)!, counts[i]);
      }
      yield;
    }
  }

  /**
   * Links saved records again (`SavedRecords.links`), once they are filed, in steps of FILED_PER_STEP
   * (a frame of 8,192 links at once held the loop for 40-60 ms at a million records). Throws a
   * RangeError for a key not stored.
   */
  *restoringLinks({ kind, keys, links }: RestoredLinks): Generator<void> {
    for (let from = 0; from < keys.length; from += FILED_PER_STEP) {
      const to = Math.min(keys.length, from + FILED_PER_STEP);
      for (let i = from; i < to; i++) {
        const key = keys.at(i)!;
        if (this.refOf(kind, key) === undefined) throw new RangeError(`a link of ${kind} ${key}, which is not stored`);
        this.link(kind, key, links.at(i)!);
      }
      yield;
    }
  }

  /** Tallies of a kind are counted again when next asked: records came in unparsed. */
  private forgetTallies(kind: DumpKind): void {
    for (const tally of this.tallies.keys()) if (tally.kind === kind) this.tallies.set(tally, undefined);
  }

  /** Files a stored reference under its key and link, replacing the record that had the key. */
  private file(kind: DumpKind, key: string, ref: number, link: Link): void {
    const map = this.records.get(kind)!;
    if (map.has(key)) this.delete(kind, key);
    map.set(key, ref);
    this.link(kind, key, link);
    this.version.set(kind, this.versionOf(kind) + 1);
  }

  delete(kind: DumpKind, key: string): RecordLike | undefined {
    const map = this.records.get(kind)!;
    const previous = this.read(kind, key);
    if (!previous) return undefined;
    map.delete(key);
    this.unlink(kind, key, previous);
    this.recount(kind, previous, -1);
    this.version.set(kind, this.versionOf(kind) + 1);
    return previous;
  }

  repository(fullName: string | undefined): RecordLike | undefined {
    if (!fullName) return undefined;
    // Indexing a record reads its repository once per column that joins it: the last answer holds until repositories change.
    const last = this.lastRepository;
    if (last && last.name === fullName && last.version === this.versionOf("repositories")) return last.record;
    const record = this.read("repositories", fullName.toLowerCase());
    this.lastRepository = { name: fullName, version: this.versionOf("repositories"), record };
    return record;
  }

  /** Whether a repository of that name is stored (its record is not read). */
  hasRepository(fullName: string | undefined): boolean {
    return !!fullName && this.records.get("repositories")!.has(fullName.toLowerCase());
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
    const keys = this.commentsByIssue.get(issueKey);
    if (!keys) return [];
    const out: RecordLike[] = [];
    for (const key of keys) out.push(this.read("comments", key)!);
    return out;
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

  private link(kind: DumpKind, key: string, link: Link): void {
    if (kind === "repositories" && typeof link === "number") this.repoIds.set(link, key);
    if (kind === "comments" && typeof link === "string") {
      let keys = this.commentsByIssue.get(link);
      if (!keys) this.commentsByIssue.set(link, (keys = new Set()));
      keys.add(key);
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

function count(counts: PairCounts, tally: Tally, record: RecordLike, by: number): void {
  for (const [group, item] of tally.pairs(record)) counts.add(group, item, by);
}

/** A kind's keys and references as pieces of a saved table. */
function savedEntries(keys: StringList, refs: Uint32Array): SavedEntries {
  return {
    count: keys.length,
    *[Symbol.iterator]() {
      for (let at = 0; at < keys.length; at += PIECE) yield { keys, from: at, refs: refs.subarray(at, at + PIECE) };
    },
  };
}
