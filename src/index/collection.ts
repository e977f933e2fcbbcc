/**
 * The index of one search kind: documents in dense slots, a posting list per
 * text field (FlexSearch), per-document term statistics for scoring and
 * phrases (our own: FlexSearch keeps no term frequencies or positions), and
 * typed columns for filters. Knows nothing of queries.
 *
 * Changes are indexed lazily: `touch(key)` marks a record as changed and
 * `step()` (run in bounded blocks by the engine) indexes each marked record
 * once, however often it changed (an issue and all its comments), reading it
 * from the store. A change of a record that joined columns read marks just the
 * documents that join it (`dependencyChanged`), refreshed by `step()` too.
 *
 * Corpus statistics (document frequency, field lengths, document count) count
 * public documents only, so that no score depends on what a caller may not see.
 */
import type { ColumnSpec, DumpKind, KindSpec, RecordLike, TextFieldSpec } from "../kinds/types.js";
import type { Store } from "../store.js";
import { ChangeLog } from "../structures/change-log.js";
import { FreeIds } from "../structures/free-ids.js";
import { PackedKeys } from "../structures/packed-keys.js";
import { StringList, type ListLike } from "../structures/string-list.js";
import { KeywordColumn, NumberColumn, type NumberColumnState } from "./columns.js";
import { FieldTerms } from "./field-terms.js";
import { asKeywords, asNumber } from "./column-values.js";
import { TermTranslation, type GivenBatch, type GivenColumns } from "./given-terms.js";
import { MarkQueue } from "./mark-queue.js";
import { Occurrences } from "./occurrences.js";
import { inverting, takingSaved, type InvertedLists } from "./inverted.js";
import { Postings } from "./postings.js";
import { awaiting, finish, growingArray, ScratchArray, zeroedGrowableArray, type Steps, type WaitingSteps } from "./steps.js";
import { grownArray } from "../structures/lasting-memory.js";
import { capacityOf, type BuiltSlots, type CollectionSnapshot, type CollectionState, type FieldState } from "./state.js";
import { TermDictionary } from "./term-dictionary.js";

export interface FieldIndex {
  spec: TextFieldSpec<RecordLike>;
  postings: Postings;
  /** Each document's term ids, positions and widths (term frequency, field length, phrases). */
  occurrences: Occurrences;
  /** Public documents holding each term id: the document frequency scores use. */
  df: Uint32Array<ArrayBufferLike>;
  /** Terms in the field over every document. */
  totalLength: number;
  /** Terms in the field over public documents: the average length scores use. */
  statsLength: number;
}

/** Documents plus occurrences counted into the statistics between pauses when restoring. */
const ACCOUNT_STEP = 1 << 15;

/** Documents restored between two points where the caller may pause. */
const RESTORE_STEP = 1_024;
/** Slots' references copied or checked between pauses (a megabyte of them). */
const REFS_PER_STEP = 1 << 18;

/** Slots of changes kept for `signalChangesSince` and `textChangesSince`: a load's worth is not, and then everything is computed again. */
const CHANGES_KEPT = 65_536;

/** Slots from which the per-document arrays grow a step at a time before a new document (`growsFirst`): smaller ones grow themselves in no time. */
const GROW_FIRST_FROM = 1 << 16;

/** A column a reading did not give (`givenPlaces`). */
const NOT_GIVEN = -1;

/** No terms: what `termsOf` gives every document without occurrences in a field (frozen: one array for all of them). */
const NO_TERMS = Object.freeze([]) as unknown as string[];

/** Positions below this pack with the term id into one float64 sort key. */
const POSITION_LIMIT = 2 ** 21;

export class Collection {
  readonly spec: KindSpec<RecordLike>;
  private readonly store: Store;
  /** The store's reference of the version of the record each slot indexed (its JSON text, parsed when read). */
  private refs: Uint32Array<ArrayBufferLike> = new Uint32Array(64);
  /** The record key of each slot (none for a free slot), as bytes: no string per document. */
  private keys = new PackedKeys();
  /** Slots: one past the highest ever used, and the free ones (taken again first). */
  private slots = new FreeIds();
  /** Each signal's raw value per document, read when the document is indexed: scoring never parses a record. */
  private signalValues: NumberColumn[];
  /** Changes of signal values since the collection was made, and the slots of the latest (`signalChangesSince`). */
  private readonly signalChanges = new ChangeLog(CHANGES_KEPT);
  /** Documents whose text fields were indexed anew, and the slots of the latest (`textChangesSince`). */
  private readonly textChanges = new ChangeLog(CHANGES_KEPT);
  private readonly dictionary = new TermDictionary();
  /** The occurrences of the field being indexed, reused from one to the next. */
  private readonly fieldTerms = new FieldTerms();
  /** Text fields of a record read on another thread (`offerTerms`): its reference, its batch and line there; used if that record is indexed next. */
  private offeredRef = -1;
  private offeredBatch: GivenBatch | undefined;
  private offeredLine = 0;
  /** The local ids of the reading that offered terms last, as this collection's. */
  private translation: TermTranslation | undefined;
  /** Where the spec's columns are among the columns readings give (`givenPlaces`). */
  private placesOfGiven: { numbers: readonly string[]; keywords: readonly string[]; places: Int32Array } | undefined;
  /** A field's term ids and positions in (term id, position) order, as they go into the occurrences. */
  private sortedIds = new Uint32Array(1024);
  private sortedPositions = new Uint32Array(1024);
  readonly fields = new Map<string, FieldIndex>();
  private readonly numbers = new Map<string, NumberColumn>();
  private readonly keywords = new Map<string, KeywordColumn>();
  /** The kind's tie-break order of each document, read once. */
  private orders = new NumberColumn();
  /** The columns that read other kinds' records. */
  private readonly joinColumns: ColumnSpec<RecordLike>[];
  /** Keys whose records changed since they were last indexed. */
  private readonly pending = new MarkQueue<string>();
  /** Documents whose joined columns must be read again: a record they join changed. */
  private readonly joinPending = new MarkQueue<number>();
  /** The next document of a refresh of every document's joined columns, when a change could not be traced to documents. */
  private joinScan: number | undefined;
  private liveCount = 0;
  /** Records of the source kind a load in progress expects yet (`expectMore`). */
  private incoming = 0;
  /** Documents the per-document arrays are growing to hold, and the document at which to look again. */
  private reserved = 64;
  private checkAt = 32;
  /** Documents every per-document array holds (the growing done; a small array may still grow itself). */
  private room = 64;
  /** Growing the per-document arrays, one step per document indexed (a megabyte of fresh memory, grown in place or, once, copied). */
  private readonly growing: Array<Steps<void>> = [];
  /** 1 for each document counted in the statistics (a public one). */
  private counted: Uint8Array<ArrayBufferLike> = new Uint8Array(64);
  private statsCount = 0;
  /** Distinct term ids of the field being indexed, reused from one to the next. */
  private distinct = new Uint32Array(1024);
  private readonly termOfId = (id: number): string => this.dictionary.term(id);
  /** Sort keys of the document being indexed, reused from one document to the next. */
  private scratch = new Float64Array(1024);

  constructor(spec: KindSpec<RecordLike>, store: Store) {
    this.spec = spec;
    this.store = store;
    for (const f of spec.textFields) this.fields.set(f.name, this.emptyField(f));
    for (const c of spec.columns) {
      if (c.type === "number") this.numbers.set(c.name, new NumberColumn());
      else this.keywords.set(c.name, new KeywordColumn(this));
    }
    this.joinColumns = spec.columns.filter((c) => c.dependsOn?.length);
    this.signalValues = spec.signals.map(() => new NumberColumn());
  }

  get size(): number {
    return this.liveCount;
  }

  /** Public documents: the document count scores use. */
  get statisticsSize(): number {
    return this.statsCount;
  }

  /** One past the highest slot ever used: the universe documents are drawn from. */
  get capacity(): number {
    return this.slots.limit;
  }

  /** The version of the record the slot indexed (not one changed or removed since): parsed from its text, not to be changed. */
  record(doc: number): RecordLike | undefined {
    return this.keys.has(doc) ? this.store.recordAt(this.refs[doc]) : undefined;
  }

  /** A number that grows whenever a document's signal values change (indexed, refreshed, removed). */
  get signalVersion(): number {
    return this.signalChanges.version;
  }

  /**
   * The slots whose signal values changed since `signalVersion` was `version` (a slot may repeat), or
   * undefined when so many changed since that they are no longer kept: what lets values computed from
   * the signals (boosts) be kept across changes and only the changed slots computed again.
   */
  signalChangesSince(version: number): readonly number[] | undefined {
    return this.signalChanges.since(version);
  }

  private noteSignalChange(doc: number): void {
    this.signalChanges.note(doc);
  }

  /** A number that grows whenever a document's text fields are indexed anew. */
  get textVersion(): number {
    return this.textChanges.version;
  }

  /**
   * The slots whose text fields were indexed anew since `textVersion` was `version` (a slot may
   * repeat), or undefined when no longer kept: what lets bounds computed from the occurrences be
   * raised for the changed slots alone. A removal is not noted: what a bound held stays above.
   */
  textChangesSince(version: number): readonly number[] | undefined {
    return this.textChanges.since(version);
  }

  /** The raw value of the kind's `index`-th signal for a document, as read when it was indexed or its joins refreshed. */
  signalValue(index: number, doc: number): number {
    return this.signalValues[index].get(doc);
  }

  keyOf(doc: number): string | undefined {
    return this.keys.keyOf(doc);
  }

  copyKeyTo(doc: number, list: StringList): void {
    this.keys.copyKeyTo(doc, list);
  }

  /** Whether the document's key is `key`, compared in place. */
  hasKey(doc: number, key: string): boolean {
    return this.keys.holds(doc, key);
  }

  slotOf(key: string): number | undefined {
    const doc = this.keys.idOf(key);
    return doc < 0 ? undefined : doc;
  }

  isLive(doc: number): boolean {
    return this.keys.has(doc);
  }

  /** The kind's tie-break order of a document (`spec.order`). */
  orderOf(doc: number): number {
    return this.orders.get(doc);
  }

  /** Marks the record under `key` (in the store's `spec.source` kind) as added, changed or removed. */
  touch(key: string): void {
    this.pending.add(key);
  }

  /** About how many more records of the source kind are on their way (a load's estimate, 0 when it ends). */
  expectMore(records: number): void {
    this.incoming = Math.max(0, Math.round(records));
  }

  /**
   * Grows the per-document arrays ahead of need, for the documents indexed, pending and expected with
   * a tenth to spare: one early growth of each instead of many late ones. Dozens of columns growing
   * together past a million documents allocated hundreds of megabytes at once, and each allocation
   * set off a collection ("external memory pressure"): a stall of most of a second. So once half the
   * room is in use, the arrays grow one per document indexed (each still grows itself if it must).
   */
  private reserveFor(doc: number): void {
    this.growOne();
    if (doc >= this.checkAt) this.planGrowing(doc);
  }

  /** Plans growing the per-document arrays for `doc` and those expected, when they are not reserved yet. */
  private planGrowing(doc: number): void {
    const wanted = Math.max(doc + 1, Math.ceil((this.liveCount + this.pending.size + this.incoming) * 1.1));
    const grow = wanted > this.reserved;
    // By half at the least, so that documents added one by one (nothing expected) cost few copies.
    const size = grow ? Math.max(wanted, Math.ceil(this.reserved * 1.5)) : this.reserved;
    // Looked at again halfway through the room left.
    this.checkAt = doc + Math.max(1, Math.floor((size - doc) / 2));
    if (!grow) return;
    this.reserved = size;
    this.growing.length = 0;
    this.growing.push(
      growingArray(() => this.refs, size, (grown) => (this.refs = grown)),
      growingArray(() => this.counted, size, (grown) => (this.counted = grown)),
      ...[...this.fields.values()].map((field) => field.occurrences.reservingDocs(size)),
      ...[...this.numbers.values(), ...this.signalValues, this.orders, ...this.keywords.values()].map((col) => col.reserving(size)),
    );
  }

  /** A step of growing the per-document arrays still to grow, if any; once none is left, they all hold what was reserved. */
  private growOne(): void {
    if (this.growing.at(-1)?.next().done) this.growing.pop();
    if (!this.growing.length) this.room = this.reserved;
  }

  /**
   * Whether one per-document array grew instead of the next marked record being indexed: it is a new
   * document past the room they all have, which an open leaves none of (each array holds exactly its
   * documents). Grown within one document's indexing, every array of ten million documents was copied
   * at once: a stall of 1.8 s. A step of growing instead (see `growingArray`); the record waits (a search
   * waits for it, or says it is incomplete).
   */
  private growsFirst(): boolean {
    const doc = this.slots.peek();
    if (doc < this.room || doc < GROW_FIRST_FROM) return false;
    const key = this.pending.first()!;
    // An update or a removal takes no new slot.
    if (this.keys.idOf(key) >= 0 || this.store.refOf(this.spec.source, key) === undefined) return false;
    if (!this.growing.length) this.planGrowing(doc);
    this.growOne();
    return true;
  }

  /** Records marked by `touch` and not yet indexed. */
  get pendingCount(): number {
    return this.pending.size;
  }

  /** True while records or joined columns wait to be indexed. */
  hasPendingWork(): boolean {
    return this.pending.size > 0 || this.joinPending.size > 0 || this.joinScan !== undefined;
  }

  /** Whether a field's posting lists are being merged: work that changes no answer, done when nothing is pending. */
  hasMaintenance(): boolean {
    for (const field of this.fields.values()) if (field.postings.merging) return true;
    return false;
  }

  /** Takes up to `limit` steps of merging posting lists; returns whether any remain. */
  maintain(limit = Infinity): boolean {
    for (const field of this.fields.values()) {
      while (field.postings.merging) {
        if (limit-- <= 0) return true;
        field.postings.mergeStep();
      }
    }
    return false;
  }

  /**
   * Records of `kind` changed (`changed` holds their old and new versions): marks the documents
   * whose joined columns read them, or every document when a column cannot trace the change.
   */
  dependencyChanged(kind: DumpKind, changed: ReadonlyArray<RecordLike | undefined>): void {
    for (const column of this.joinColumns) {
      if (!column.dependsOn?.includes(kind)) continue;
      const joinedBy = column.joinedBy;
      if (!joinedBy) {
        this.joinScan = 0;
        continue;
      }
      const keys = this.keywords.get(joinedBy.column);
      for (const record of changed) {
        const key = record && joinedBy.key(record);
        if (!keys || (record && key === undefined)) this.joinScan = 0;
        else if (key !== undefined) keys.addDocsTo(key, this.joinPending);
      }
    }
  }

  /**
   * Does up to about `limit` documents' worth of pending work (joined columns first, then marked
   * records, as the store now holds them: a record no longer there leaves the index); returns
   * whether work remains.
   */
  step(limit = Infinity): boolean {
    let done = 0;
    while (this.joinPending.size) {
      if (done++ >= limit) return true;
      this.refreshJoined(this.joinPending.take()!);
    }
    if (this.joinScan !== undefined) {
      const end = Math.min(this.capacity, this.joinScan + Math.max(0, limit - done));
      for (let doc = this.joinScan; doc < end; doc++) this.refreshJoined(doc);
      done += end - this.joinScan;
      this.joinScan = end >= this.capacity ? undefined : end;
      if (this.joinScan !== undefined) return true;
    }
    while (this.pending.size) {
      if (done++ >= limit) return true;
      if (this.growsFirst()) {
        // A step of growth writes a megabyte of fresh memory: the caller looks at the clock after each.
        if (limit < Infinity) return true;
        continue;
      }
      const key = this.pending.take()!;
      const ref = this.store.refOf(this.spec.source, key);
      if (ref !== undefined) this.upsert(key, ref);
      else this.remove(key);
    }
    return this.hasPendingWork();
  }

  /** Indexes up to about `limit` documents' worth of pending work; returns how many marked records remain. */
  flush(limit = Infinity): number {
    this.step(limit);
    return this.pending.size;
  }

  /** Does every pending piece of work at once. */
  drain(): void {
    this.step(Infinity);
  }

  private refreshJoined(doc: number): void {
    const record = this.record(doc);
    if (!record) return;
    this.unaccount(doc);
    for (const c of this.joinColumns) this.setColumn(c, doc, record);
    // Signals may read other kinds too (a file's repository's stars).
    this.readSignals(doc, record);
    this.account(doc);
  }

  private readSignals(doc: number, record: RecordLike): void {
    this.spec.signals.forEach((s, i) => this.signalValues[i].setExactly(doc, s.value(record, this.store)));
    if (this.spec.signals.length) this.noteSignalChange(doc);
  }

  /** A document counts in the statistics when it is public (kinds without visibility: always). */
  private isCountable(doc: number): boolean {
    const visibility = this.keywords.get("visibility");
    return !visibility || visibility.get(doc).includes("public");
  }

  /** Counts a public document in the statistics once; returns the occurrences read (the work done). */
  private account(doc: number): number {
    if (this.counted[doc] || !this.isCountable(doc)) return 0;
    let read = 0;
    for (const field of this.fields.values()) {
      read += field.occurrences.count(doc);
      field.occurrences.forEachTerm(doc, (id) => {
        field.df = countUp(field.df, id);
      });
      field.statsLength += field.occurrences.count(doc);
    }
    if (doc >= this.counted.length) this.counted = grownArray(this.counted, Math.max(doc + 1, this.counted.length * 2));
    this.counted[doc] = 1;
    this.statsCount++;
    return read;
  }

  private unaccount(doc: number): void {
    if (!this.counted[doc]) return;
    for (const field of this.fields.values()) {
      field.occurrences.forEachTerm(doc, (id) => field.df[id]--);
      field.statsLength -= field.occurrences.count(doc);
    }
    this.counted[doc] = 0;
    this.statsCount--;
  }

  private upsert(key: string, ref: number): number {
    const record = this.store.recordAt(ref);
    // The slot a new key takes: the last one freed, else the next one (one look-up of the key either way).
    const next = this.slots.peek();
    let doc = this.keys.putIfAbsent(key, next);
    if (doc === undefined) {
      doc = next;
      this.slots.take();
      this.reserveFor(doc);
      this.liveCount++;
    } else {
      this.unaccount(doc);
    }
    this.joinPending.delete(doc);
    this.setRef(doc, ref);
    const given = this.offeredRef === ref ? this.offeredBatch : undefined;
    this.offeredRef = -1;
    this.offeredBatch = undefined;
    for (const field of this.fields.values()) this.indexField(field, doc, record, given);
    this.textChanges.note(doc);
    if (given?.columns) this.setColumnsGiven(doc, record, given.columns);
    else for (const c of this.spec.columns) this.setColumn(c, doc, record);
    this.orders.setExactly(doc, this.spec.order(record));
    this.readSignals(doc, record);
    this.account(doc);
    return doc;
  }

  private remove(key: string): boolean {
    const doc = this.keys.idOf(key);
    if (doc < 0) return false;
    this.unaccount(doc);
    this.joinPending.delete(doc);
    this.clearFields(doc);
    for (const col of this.numbers.values()) col.clear(doc);
    for (const col of this.keywords.values()) col.clear(doc);
    this.orders.clear(doc);
    for (const col of this.signalValues) col.clear(doc);
    if (this.spec.signals.length) this.noteSignalChange(doc);
    this.keys.delete(doc);
    this.slots.release(doc);
    this.liveCount--;
    return true;
  }

  private setRef(doc: number, ref: number): void {
    if (doc >= this.refs.length) this.refs = grownArray(this.refs, Math.max(doc + 1, Math.ceil(this.refs.length * 1.5)));
    this.refs[doc] = ref;
  }

  /** The dictionary id of a term, or -1 when no document ever held it. */
  termIdOf(term: string): number {
    return this.dictionary.find(term);
  }

  /** The term of a dictionary id. */
  termOf(id: number): string {
    return this.dictionary.term(id);
  }

  /**
   * Offers the text fields of the record of `ref` as a load's reading thread read them (each field
   * it read, from the record alone): the record's indexing takes them instead of reading its text,
   * if it is the next record indexed. The record must be the very one the thread read (`ref` names
   * a version of it).
   */
  offerTerms(ref: number, batch: GivenBatch, line: number): void {
    this.offeredRef = ref;
    this.offeredBatch = batch;
    this.offeredLine = line;
  }

  /** Lets go of what readings offered (a load's end): their terms, their values and their translations. */
  forgetOffers(): void {
    this.offeredRef = -1;
    this.offeredBatch = undefined;
    this.translation = undefined;
    this.placesOfGiven = undefined;
    for (const column of this.keywords.values()) column.forgetGiven();
  }

  /** Indexes the field's text of a document anew, replacing what it had (read elsewhere when `given`, the batch offered, holds it). */
  private indexField(field: FieldIndex, doc: number, record: RecordLike, given?: GivenBatch): void {
    const terms = this.fieldTerms;
    const read = given ? given.fields.indexOf(field.spec.name) : -1;
    if (read >= 0) terms.take(given!, this.offeredLine, read, this.translating(given!));
    else terms.read(field.spec.text(record, this.store), field.spec.tokenizer, this.dictionary);
    const n = terms.count;
    const occurrences = field.occurrences;
    const previous = this.termsOf(field, doc);
    field.totalLength -= occurrences.count(doc);
    const first = occurrences.reserve(doc, n);
    // Occurrences go in (term id, position) order: packed into one float64 key when they fit, else compared in pairs.
    const { ids, positions, widths } = terms;
    if (!terms.wide && terms.maxPosition <= POSITION_LIMIT) {
      if (this.scratch.length < n) this.scratch = new Float64Array(Math.max(n, this.scratch.length * 2));
      const keys = this.scratch.subarray(0, n);
      for (let i = 0; i < n; i++) keys[i] = ids[i] * POSITION_LIMIT + positions[i];
      keys.sort();
      if (this.sortedIds.length < n) [this.sortedIds, this.sortedPositions] = [new Uint32Array(n * 2), new Uint32Array(n * 2)];
      const sortedIds = this.sortedIds;
      const sortedPositions = this.sortedPositions;
      for (let i = 0; i < n; i++) {
        const id = Math.floor(keys[i] / POSITION_LIMIT);
        sortedIds[i] = id;
        sortedPositions[i] = keys[i] - id * POSITION_LIMIT;
      }
      occurrences.putAll(first, sortedIds, sortedPositions, n, terms.maxPosition - 1);
    } else {
      const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => ids[a] - ids[b] || positions[a] - positions[b]);
      order.forEach((from, i) => occurrences.put(first + i, ids[from], positions[from], widths[from]));
    }
    field.totalLength += n;
    // A new document's distinct term ids go to the lists as they are; anything else by its terms.
    const distinct = previous.length ? 0 : this.distinctIds(field, doc);
    if (previous.length || !field.postings.addNew(doc, this.distinct, distinct, this.termOfId)) {
      field.postings.set(doc, this.termsOf(field, doc), previous);
    }
  }

  /** The translation of the local ids of `batch`'s reading: kept while one reading offers terms. */
  private translating(batch: GivenBatch): TermTranslation {
    if (this.translation?.local !== batch.local) this.translation = new TermTranslation(batch.local, this.dictionary);
    return this.translation;
  }

  /** Fills `distinct` with the document's distinct term ids in the field, ascending; returns how many. */
  private distinctIds(field: FieldIndex, doc: number): number {
    let k = 0;
    field.occurrences.forEachTerm(doc, (id) => {
      if (k === this.distinct.length) {
        const grown = new Uint32Array(k * 2);
        grown.set(this.distinct);
        this.distinct = grown;
      }
      this.distinct[k++] = id;
    });
    return k;
  }

  private clearFields(doc: number): void {
    for (const field of this.fields.values()) {
      const previous = this.termsOf(field, doc);
      field.totalLength -= field.occurrences.count(doc);
      field.occurrences.clear(doc);
      field.postings.remove(doc, previous);
    }
  }

  /** A document's distinct terms in a field, in term id order (a new document's none made without a walk: most of a load's). */
  private termsOf(field: FieldIndex, doc: number): string[] {
    if (field.occurrences.count(doc) === 0) return NO_TERMS;
    const terms: string[] = [];
    field.occurrences.forEachTerm(doc, (id) => terms.push(this.dictionary.term(id)));
    return terms;
  }

  /** Whether a document's field holds a term now: what tells a stale posting from a current one. */
  private holdsTerm(field: FieldIndex): (doc: number, term: string) => boolean {
    return (doc, term) => {
      const id = this.dictionary.find(term);
      return id >= 0 && field.occurrences.frequency(doc, id) > 0;
    };
  }

  /** Sets every column of a document, those a reading thread read (line `offeredLine` of `given`) from their values there. */
  private setColumnsGiven(doc: number, record: RecordLike, given: GivenColumns): void {
    const places = this.givenPlaces(given);
    const line = this.offeredLine;
    const [numbers, keywords] = [given.numberNames.length, given.keywordNames.length];
    for (let i = 0; i < places.length; i++) {
      const c = this.spec.columns[i];
      const k = places[i];
      if (k === NOT_GIVEN) this.setColumn(c, doc, record);
      else if (c.type === "number") this.numbers.get(c.name)!.set(doc, given.numbers[line * numbers + k]);
      else {
        const at = line * keywords + k;
        this.keywords.get(c.name)!.setGiven(doc, given.locals[k], given.keywordIds, given.keywordStarts[at], given.keywordStarts[at + 1]);
      }
    }
  }

  /** Per column of the spec, its place among `given`'s columns of its type, or NOT_GIVEN; kept while readings name the same columns. */
  private givenPlaces(given: GivenColumns): Int32Array {
    const kept = this.placesOfGiven;
    if (kept?.numbers === given.numberNames && kept.keywords === given.keywordNames) return kept.places;
    const places = Int32Array.from(this.spec.columns, (c) => (c.type === "number" ? given.numberNames : given.keywordNames).indexOf(c.name));
    this.placesOfGiven = { numbers: given.numberNames, keywords: given.keywordNames, places };
    return places;
  }

  private setColumn(c: ColumnSpec<RecordLike>, doc: number, record: RecordLike): void {
    const value = c.value(record, this.store);
    if (c.type === "number") {
      this.numbers.get(c.name)!.set(doc, asNumber(value));
    } else {
      this.keywords.get(c.name)!.set(doc, asKeywords(value));
    }
  }

  numberColumn(name: string): NumberColumn {
    const col = this.numbers.get(name);
    if (!col) throw new Error(`no number column ${name} in ${this.spec.kind}`);
    return col;
  }

  /** The bounds of every column a search may sort by, made ahead in steps (`NumberColumn.preparingRanges`). */
  *preparingSortRanges(): Steps<void> {
    for (const name of new Set(Object.values(this.spec.sorts).map((s) => s.column))) yield* this.numberColumn(name).preparingRanges();
  }

  keywordColumn(name: string): KeywordColumn {
    const col = this.keywords.get(name);
    if (!col) throw new Error(`no keyword column ${name} in ${this.spec.kind}`);
    return col;
  }

  hasNumberColumn(name: string): boolean {
    return this.numbers.has(name);
  }

  /** Occurrences of a term id in a document's field. */
  termFrequency(field: FieldIndex, doc: number, termId: number): number {
    return field.occurrences.frequency(doc, termId);
  }

  /** Public documents whose field holds the term id. */
  documentFrequency(field: FieldIndex, termId: number): number {
    return termId >= 0 && termId < field.df.length ? field.df[termId] : 0;
  }

  /** The field's average length over public documents. */
  averageLength(field: FieldIndex): number {
    return this.statsCount ? field.statsLength / this.statsCount : 0;
  }

  /** The whole index as plain data; every marked record is indexed first. */
  state(): CollectionState {
    this.drain();
    const snapshot = finish(this.snapshotting());
    return { ...snapshot, fields: snapshot.fields.map((f) => ({ ...f, occurrences: f.occurrences.state() })) };
  }

  /**
   * What a save writes, in steps, without indexing what is pending first: the caller keeps the
   * collection unchanged until the generator is done (the engine holds its read gate) and may let
   * other work run at each `yield`. Changes after it do not show in it: the columns are copied, the
   * occurrences shared as they are (`Occurrences.snapshotting`). With `built`, the slots go as built
   * (`BuiltSlots`: for a restore over the same store's records), else as a list of keys.
   */
  *snapshotting(built = false): Steps<CollectionSnapshot> {
    const capacity = this.capacity;
    const fields: CollectionSnapshot["fields"] = [];
    for (const f of this.fields.values()) {
      const occurrences = yield* f.occurrences.snapshotting(capacity);
      yield;
      const lists = yield* f.postings.listing(this.dictionary.size, (id) => this.dictionary.term(id));
      fields.push({ name: f.spec.name, totalLength: f.totalLength, occurrences, lists });
      yield;
    }
    const keywords: CollectionState["keywords"] = [];
    for (const [name, col] of this.keywords) {
      keywords.push({ name, ...(yield* col.stating(capacity)) });
      yield;
    }
    // Column by column, and the keys in slices: at millions of slots each copy is a step of its own.
    const numbers: CollectionState["numbers"] = [];
    for (const [name, col] of this.numbers) numbers.push({ name, column: yield* col.stating(capacity) });
    const orders = yield* this.orders.stating(capacity);
    const signals: NumberColumnState[] = [];
    for (const col of this.signalValues) signals.push(yield* col.stating(capacity));
    const slots = built ? { slots: yield* this.builtSlots(capacity) } : { keys: yield* this.copyingKeys(capacity) };
    const dictionary = new StringList();
    for (let from = 0; from < this.dictionary.size; from += RESTORE_STEP) {
      const to = Math.min(this.dictionary.size, from + RESTORE_STEP);
      for (let id = from; id < to; id++) {
        dictionary.push(this.dictionary.term(id));
      }
      yield;
    }
    return { kind: this.spec.kind, ...slots, free: this.slots.freeIds(), dictionary: dictionary.asStrings()!, fields, numbers, keywords, orders, signals };
  }

  /** The keys as bytes, not an array of strings: a full collection while a save writes would mark every one. */
  private *copyingKeys(capacity: number): Steps<StringList> {
    const keys = new StringList();
    for (let from = 0; from < capacity; from += RESTORE_STEP) {
      const to = Math.min(capacity, from + RESTORE_STEP);
      for (let doc = from; doc < to; doc++) {
        this.keys.copyKeyTo(doc, keys);
      }
      yield;
    }
    return keys;
  }

  /** The table of keys as built and each slot's reference, copied in steps. */
  private *builtSlots(capacity: number): Steps<BuiltSlots> {
    const keys = yield* this.keys.forming(capacity);
    const refs = new Uint32Array(capacity);
    for (let from = 0; from < capacity; from += REFS_PER_STEP) {
      refs.set(this.refs.subarray(from, Math.min(capacity, from + REFS_PER_STEP)), from);
      yield;
    }
    return { keys, refs };
  }

  /** Every field's posting lists cut to their exact length (`Postings.trimming`), in steps. */
  *trimming(): Steps<void> {
    for (const field of this.fields.values()) yield* field.postings.trimming();
  }

  /**
   * An index restored from `state()` over a store holding the same records.
   * Throws a RangeError when the state does not fit the kind or the store.
   */
  static restore(spec: KindSpec<RecordLike>, store: Store, state: CollectionState): Collection {
    return finish(Collection.restoring(spec, store, state));
  }

  /**
   * `restore` in steps of bounded work: the caller may let other work run at each `yield`. The
   * restored collection is the generator's value. `elsewhere`: the fields' lists as `fieldLists`
   * makes them from `state`, being made on another thread (undefined in it: made here), waited for
   * once everything else is restored.
   */
  static *restoring(spec: KindSpec<RecordLike>, store: Store, state: CollectionState, elsewhere?: Promise<ReadonlyMap<string, InvertedLists> | undefined>): WaitingSteps<Collection> {
    const c = new Collection(spec, store);
    const capacity = capacityOf(state);
    if (state.slots) yield* c.takingSlots(state.slots);
    else yield* c.restoringKeys(state.keys!, state.free.length);
    // The free slots are exactly the empty ones, each once.
    if (new Set(state.free).size !== state.free.length || state.free.length !== capacity - c.liveCount) throw new RangeError("free slots do not match the empty ones");
    for (const doc of state.free) if (!(Number.isInteger(doc) && doc >= 0 && doc < capacity && !c.keys.has(doc))) throw new RangeError(`free slot ${doc} is in use`);
    c.slots = new FreeIds(capacity, state.free);
    // Every per-document array is restored holding exactly the slots (checked below): no room to spare.
    c.room = c.reserved = c.checkAt = capacity;
    for (let from = 0; from < state.dictionary.length; from += RESTORE_STEP) {
      const to = Math.min(state.dictionary.length, from + RESTORE_STEP);
      for (let id = from; id < to; id++) {
        c.dictionary.idOf(state.dictionary.at(id)!);
      }
      yield;
    }
    if (c.dictionary.size !== state.dictionary.length) throw new RangeError("the dictionary repeats a term");
    if (state.fields.length !== c.fields.size) throw new RangeError("text fields are missing");
    for (const { name, column } of state.numbers) {
      known(c.numbers.get(name), `number column ${name}`);
      if (column.values.length !== capacity) throw new RangeError(`number column ${name} has the wrong length`);
      c.numbers.set(name, yield* NumberColumn.restoringState(column));
    }
    const keywordsRestored = new Set<string>();
    // The columns are built one after another: each places its documents by value in the same array.
    const scratch = new ScratchArray();
    for (const { name, ...column } of state.keywords) {
      // A column the kind has retired (saved by an earlier version) is passed over: nothing reads it.
      if (spec.retiredColumns?.includes(name)) continue;
      known(c.keywords.get(name), `keyword column ${name}`);
      if (keywordsRestored.has(name)) throw new RangeError(`keyword column ${name} repeats`);
      if (column.counts.length !== capacity) throw new RangeError(`keyword column ${name} has the wrong length`);
      const restored = yield* KeywordColumn.restoring(column, c);
      // Built now, in steps, rather than on first use: a first search would otherwise build it all at once.
      yield* restored.building(scratch);
      c.keywords.set(name, restored);
      keywordsRestored.add(name);
    }
    if (state.numbers.length !== c.numbers.size || keywordsRestored.size !== c.keywords.size) throw new RangeError("columns are missing");
    if (state.orders.values.length !== capacity) throw new RangeError("orders have the wrong length");
    c.orders = yield* NumberColumn.restoringState(state.orders);
    if (state.signals.length !== spec.signals.length || state.signals.some((s) => s.values.length !== capacity)) throw new RangeError("signals do not match the kind");
    c.signalValues = [];
    for (const signal of state.signals) c.signalValues.push(yield* NumberColumn.restoringState(signal));
    // The fields last: their lists may be in the making elsewhere meanwhile.
    const made = elsewhere ? yield* awaiting(elsewhere) : undefined;
    // Per field, each term's documents: its document frequency when every document counts (see `accountingAll`).
    const listed = new Map<FieldIndex, Uint32Array>();
    for (const f of state.fields) {
      const field = known(c.fields.get(f.name), `text field ${f.name}`);
      listed.set(field, yield* c.restoreField(field, f, capacity, made?.get(f.name)));
    }
    if (!(yield* c.accountingAll(listed))) {
      // Steps of bounded work: a repository's README is thousands of words, an issue's title a few.
      let work = 0;
      for (let doc = 0; doc < capacity; doc++) {
        if (work >= ACCOUNT_STEP) {
          work = 0;
          yield;
        }
        if (c.keys.has(doc)) work += 1 + c.account(doc);
      }
    }
    return c;
  }

  /**
   * The statistics of a restored collection in which every document counts (all public): each term's
   * document frequency is then the length of its list (`listed`), the fields' counted lengths their
   * whole lengths, with no pass over every document's terms (a second of a 1M open). Returns false,
   * having changed nothing, when some document does not count.
   */
  private *accountingAll(listed: ReadonlyMap<FieldIndex, Uint32Array>): Steps<boolean> {
    const counted = yield* zeroedGrowableArray(Math.max(this.capacity, 64), Uint8Array);
    // As `isCountable`, with the value looked up once.
    const isPublic = this.keywords.get("visibility")?.holderOf(["public"]);
    for (let from = 0; from < this.capacity; from += RESTORE_STEP) {
      const to = Math.min(this.capacity, from + RESTORE_STEP);
      for (let doc = from; doc < to; doc++) {
        if (!this.keys.has(doc)) continue;
        if (isPublic && !isPublic(doc)) return false;
        counted[doc] = 1;
      }
      yield;
    }
    for (const [field, df] of listed) {
      field.df = df;
      field.statsLength = field.totalLength;
    }
    this.counted = counted;
    this.statsCount = this.liveCount;
    return true;
  }

  /** Each slot's key looked up in the store and filed in the slots' table. */
  private *restoringKeys(keys: ListLike<string | null>, free: number): Steps<void> {
    const capacity = keys.length;
    // Sized once (grown by half as slots were restored, each growth copied the whole array, 40 MB at
    // ten million, in one step), and first written in steps (see zeroedGrowableArray).
    this.refs = yield* zeroedGrowableArray(capacity);
    yield* this.keys.reserving(capacity - free);
    for (let from = 0; from < capacity; from += RESTORE_STEP) {
      const to = Math.min(capacity, from + RESTORE_STEP);
      for (let doc = from; doc < to; doc++) {
        const saved = keys.at(doc) ?? null;
        if (saved === null) continue;
        const ref = this.store.refOf(this.spec.source, saved);
        if (ref === undefined || this.keys.putIfAbsent(saved, doc) !== undefined) throw new RangeError(`no ${this.spec.source} record for ${saved}, or two slots`);
        this.setRef(doc, ref);
        this.liveCount++;
      }
      yield;
    }
  }

  /**
   * The slots' table of keys and their references taken as they lie: no key is made, looked up or
   * filed (a second of a 1M open). That each reference is the current record of the slot's key is
   * the caller's to know (an open translates the saved rows of the store's table, each used once).
   */
  private *takingSlots({ keys, refs }: BuiltSlots): Steps<void> {
    if (keys.bytes.lengths.length !== refs.length) throw new RangeError("the slots' keys and references do not match");
    this.keys = yield* PackedKeys.fromForm(keys);
    this.refs = refs;
    this.liveCount = this.keys.size;
  }

  /**
   * Restores a field's occurrences and posting lists (`made`: as `fieldLists` made them from the same
   * state, with the same checks); returns each term id's number of documents.
   */
  private *restoreField(field: FieldIndex, state: FieldState, capacity: number, made?: InvertedLists): Generator<void, Uint32Array> {
    if (state.occurrences.counts.length !== capacity) throw new RangeError(`${field.spec.name} has the wrong number of documents`);
    // Checked as they are counted: term ids in range and in order, in documents that hold a key; saved lists against them.
    const held = (doc: number) => this.keys.has(doc);
    const lists =
      made ??
      (state.lists ? yield* takingSaved(state.occurrences, state.lists, this.dictionary.size, held) : yield* inverting(state.occurrences, this.dictionary.size, held));
    if (lists.occurrences !== state.totalLength) throw new RangeError(`${field.spec.name} length does not add up`);
    field.occurrences = yield* Occurrences.restoring(state.occurrences);
    field.totalLength = state.totalLength;
    field.postings = yield* Postings.importing(lists, (id) => this.dictionary.term(id), () => this.distinctTerms(field), this.holdsTerm(field));
    const documents = new Uint32Array(Math.max(this.dictionary.size, 64));
    for (let i = 0; i < lists.terms.length; i++) documents[lists.terms[i]] = lists.to[i] - lists.from[i];
    return documents;
  }

  private *distinctTerms(field: FieldIndex): Generator<[number, string[]]> {
    for (let doc = 0; doc < this.capacity; doc++) {
      const terms = this.termsOf(field, doc);
      if (terms.length) yield [doc, terms];
    }
  }

  private emptyField(spec: TextFieldSpec<RecordLike>): FieldIndex {
    const field: FieldIndex = { spec, postings: undefined!, occurrences: new Occurrences(), df: new Uint32Array(64), totalLength: 0, statsLength: 0 };
    field.postings = new Postings(() => this.distinctTerms(field), this.holdsTerm(field));
    return field;
  }
}

/** `counts[index] += 1`, growing the array when needed. */
function countUp(counts: Uint32Array<ArrayBufferLike>, index: number): Uint32Array<ArrayBufferLike> {
  let out = counts;
  if (index >= out.length) {
    out = new Uint32Array(Math.max(index + 1, counts.length * 2));
    out.set(counts);
  }
  out[index] += 1;
  return out;
}

function known<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new RangeError(`unknown ${what}`);
  return value;
}
