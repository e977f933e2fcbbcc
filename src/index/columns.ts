/**
 * Typed columns for qualifier filters: numbers (dates as epoch ms) in the
 * narrowest typed array that holds them, keywords as per-document value lists with an
 * inverted map from value to documents.
 */
import { BitSet } from "../structures/bit-set.js";
import { FreeIds } from "../structures/free-ids.js";
import { PackedKeys } from "../structures/packed-keys.js";
import { growableArray, grownArray } from "../structures/lasting-memory.js";
import { StringList, type ListLike } from "../structures/string-list.js";
import { MAX_SMALL, SmallDocLists } from "./small-doc-lists.js";
import { ValueLists } from "./value-lists.js";
import { DocSet } from "./doc-set.js";
import { finish, growingArray, noSteps, widthFor, zeroedArray, zeroedGrowableArray, type ScratchArray, type Steps, type WholeNumbers } from "./steps.js";

/**
 * The forms a number column's values may take, narrowest first: small counts in a byte, dates (epoch
 * ms of whole seconds) as seconds in four bytes, anything else in eight. The integer forms keep 0 for
 * "no value" and store value + 1: a new array is then empty as allocated, without a fill that would
 * touch every page of it at once (milliseconds per megabyte).
 */
interface Form {
  /** What a saved column calls it. */
  name: NumberFormName;
  make: (size: number) => Uint8Array | Uint16Array | Uint32Array | Float64Array;
  /** The stored value that means "no value" (NaN in the float form). */
  missing: number;
  /** (Stored - offset) × scale = value. */
  scale: number;
  offset: number;
  /** The largest value / scale a form holds. */
  max: number;
}

const FORMS: readonly Form[] = [
  { name: "u8", make: (n) => growableArray(n, Uint8Array), missing: 0, scale: 1, offset: 1, max: 0xfe },
  { name: "u16", make: (n) => growableArray(n, Uint16Array), missing: 0, scale: 1, offset: 1, max: 0xfffe },
  { name: "u32", make: (n) => growableArray(n, Uint32Array), missing: 0, scale: 1, offset: 1, max: 0xfffffffe },
  { name: "seconds", make: (n) => growableArray(n, Uint32Array), missing: 0, scale: 1000, offset: 1, max: 0xfffffffe },
  { name: "f64", make: (n) => growableArray(n, Float64Array).fill(NaN), missing: NaN, scale: 1, offset: 0, max: Infinity },
];

/**
 * A number column's form as saved: its stored numbers are value + 1 (0: none) in one, two or four
 * bytes, whole seconds + 1 in four, or the values themselves as doubles (NaN: none).
 */
export type NumberFormName = "u8" | "u16" | "u32" | "seconds" | "f64";

/** A number column as a save takes it: the numbers it stores, in its form, for documents 0 … capacity-1. */
export interface NumberColumnState {
  form: NumberFormName;
  values: Uint8Array | Uint16Array | Uint32Array | Float64Array;
}
const FLOAT = FORMS.length - 1;

/** What a form stores for `value` (-0 kept: adding even +0 would turn it into +0). */
const encode = (value: number, scale: number, offset: number): number => (offset ? value / scale + offset : value / scale);

/** Whether `form` holds `value` exactly (NaN, no value, fits every form). */
function holds(form: number, value: number): boolean {
  if (form === FLOAT || Number.isNaN(value)) return true;
  const { scale, max } = FORMS[form];
  const stored = value / scale;
  return Number.isInteger(stored) && stored * scale === value && stored >= 0 && stored <= max && !Object.is(value, -0);
}

/**
 * What every value a column was given has in common (values since overwritten included): enough to
 * choose a form that holds them all without reading them again.
 */
class Seen {
  private min = Infinity;
  private max = -Infinity;
  private integers = true;
  private seconds = true;
  private negativeZero = false;

  note(value: number): void {
    if (Number.isNaN(value)) return;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
    if (!Number.isInteger(value)) this.integers = false;
    if (value % 1000 !== 0) this.seconds = false;
    if (Object.is(value, -0)) this.negativeZero = true;
  }

  /**
   * `note` of the value each stored number of an integer form stands for (`missing` aside), in one
   * tight pass: the values are whole and rise with the stored numbers, so their least and greatest
   * are those of the numbers, and only whether all are whole thousands needs each one. A call of
   * `note` per value was 1.5 s of a 10M open.
   */
  noteStored(values: Uint8Array | Uint16Array | Uint32Array, from: number, to: number, missing: number, scale: number, offset: number): void {
    let [least, most] = [Infinity, -Infinity];
    let thousands = this.seconds;
    for (let i = from; i < to; i++) {
      const stored = values[i];
      if (stored === missing) continue;
      if (stored < least) least = stored;
      if (stored > most) most = stored;
      if (thousands && ((stored - offset) * scale) % 1000 !== 0) thousands = false;
    }
    if (least > most) return;
    this.note((least - offset) * scale);
    this.note((most - offset) * scale);
    this.seconds &&= thousands;
  }

  /** The narrowest form from `from` on that holds every value noted. */
  narrowest(from: number): number {
    for (let form = from; form < FLOAT; form++) {
      if (this.min > this.max) return form;
      const { scale, max } = FORMS[form];
      if (this.integers && !this.negativeZero && this.min >= 0 && (scale === 1 || this.seconds) && this.max / scale <= max) return form;
    }
    return FLOAT;
  }
}

/**
 * A number per document (dates as epoch ms), in the narrowest typed array that holds every value
 * exactly: widened (in one pass) when a value does not fit, never narrowed while in use. Twenty
 * columns of a million documents cost some 40 MB as doubles and a quarter of that this way.
 */
export class NumberColumn {
  private form = 0;
  private values: Uint8Array | Uint16Array | Uint32Array | Float64Array = FORMS[0].make(64);
  private missing = FORMS[0].missing;
  private scale = 1;
  private offset = FORMS[0].offset;
  private readonly seen = new Seen();
  /** One past the highest document ever set: a wider form is written up to here, the rest of it left as made (no value). */
  private top = 0;
  /** Per 32 documents, bounds of their values (`bestInWord`), made when first asked for and kept up to date by `set`. */
  private ranges: WordRanges | undefined;
  /** The same per RANGE_BLOCK documents (`bestInBlock`), made from their words' bounds. */
  private blockRanges: WordRanges | undefined;

  set(doc: number, value: number | null | undefined): void {
    this.setExactly(doc, typeof value === "number" && Number.isFinite(value) ? value : NaN);
  }

  /** Sets a value as given, infinities and NaN included. */
  setExactly(doc: number, value: number): void {
    if (doc >= this.values.length) this.reserve(Math.max(doc + 1, Math.ceil(this.values.length * 1.5)));
    this.seen.note(value);
    if (doc >= this.top) this.top = doc + 1;
    if (!holds(this.form, value)) this.widen();
    this.values[doc] = Number.isNaN(value) ? this.missing : encode(value, this.scale, this.offset);
    const ranges = this.ranges;
    if (ranges && !Number.isNaN(value) && ranges.built[doc >>> 5]) widenRange(ranges, doc >>> 5, value);
    const blocks = this.blockRanges;
    if (blocks && !Number.isNaN(value) && blocks.built[(doc / RANGE_BLOCK) | 0]) widenRange(blocks, (doc / RANGE_BLOCK) | 0, value);
  }

  /**
   * At least (`desc`) or at most (`asc`) every value of documents 32·word to 32·word + 31, NaN when
   * none of them ever had one: what lets ranking by this column pass over a word of matches that
   * cannot rank. Made for a word when first asked about (its 32 values read: a first search sorted
   * by the column reads no more than before, and none reads a whole column at once), then kept up to
   * date by `set`; a value cleared or lowered since leaves the bound as it was (looser, still a bound).
   */
  bestInWord(word: number, direction: "asc" | "desc"): number {
    if (word << 5 >= this.top) return NaN;
    const ranges = this.wordRanges(word);
    if (!ranges.built[word]) this.buildWord(ranges, word);
    return direction === "desc" ? ranges.greatest[word] : ranges.least[word];
  }

  /**
   * `bestInWord` for documents RANGE_BLOCK·block to RANGE_BLOCK·(block + 1) - 1, made from the bounds
   * of their words (made as needed) when first asked about, then kept up to date by `set`: what lets
   * ranking by this column pass over a block of matches with one look, where a word at a time looked
   * some 300,000 times per search at ten million documents.
   */
  bestInBlock(block: number, direction: "asc" | "desc"): number {
    const from = block * RANGE_BLOCK;
    if (from >= this.top) return NaN;
    let blocks = this.blockRanges;
    if (!blocks || block >= blocks.built.length) blocks = this.blockRanges = grownRanges(blocks, Math.ceil(this.values.length / RANGE_BLOCK));
    if (!blocks.built[block]) {
      blocks.built[block] = 1;
      blocks.greatest[block] = blocks.least[block] = NaN;
      const end = (Math.min(this.top, from + RANGE_BLOCK) + 31) >>> 5;
      const words = this.wordRanges(end - 1);
      for (let word = from >>> 5; word < end; word++) {
        if (!words.built[word]) this.buildWord(words, word);
        const greatest = words.greatest[word];
        if (Number.isNaN(greatest)) continue;
        widenRange(blocks, block, greatest);
        widenRange(blocks, block, words.least[word]);
      }
    }
    return direction === "desc" ? blocks.greatest[block] : blocks.least[block];
  }

  /**
   * Every block's and word's bounds made ahead (`bestInBlock`), RANGES_PER_STEP blocks a step: a
   * search sorted by the column then reads none of its values to make them (a million of them in the
   * first such search after a load of a million documents).
   */
  *preparingRanges(): Steps<void> {
    for (let block = 0, made = 0; block * RANGE_BLOCK < this.top; block++) {
      if (this.blockRanges?.built[block]) continue;
      this.bestInBlock(block, "desc");
      if (++made % RANGES_PER_STEP === 0) yield;
    }
  }

  /** The words' bounds, grown to cover every document room is kept for when they do not reach `word`. */
  private wordRanges(word: number): WordRanges {
    const ranges = this.ranges;
    if (ranges && word < ranges.built.length) return ranges;
    return (this.ranges = grownRanges(ranges, (this.values.length + 31) >>> 5));
  }

  /** A word's bounds from its stored numbers (the forms keep their order), decoded once. */
  private buildWord(ranges: WordRanges, word: number): void {
    const { values, missing } = this;
    let least = Infinity;
    let greatest = -Infinity;
    let any = false;
    for (let doc = word << 5, end = Math.min(this.top, values.length, (word << 5) + 32); doc < end; doc++) {
      const stored = values[doc];
      // NaN is "no value" in the float form, 0 in the others.
      if (stored === missing || stored !== stored) continue;
      any = true;
      if (stored < least) least = stored;
      if (stored > greatest) greatest = stored;
    }
    ranges.built[word] = 1;
    ranges.greatest[word] = any ? (greatest - this.offset) * this.scale : NaN;
    ranges.least[word] = any ? (least - this.offset) * this.scale : NaN;
  }

  /** Room for documents 0 … size-1 (a large build says so early), grown in place (`grownArray`). */
  reserve(size: number): void {
    this.values = grownArray(this.values, size, this.missing);
  }

  /** `reserve` in steps (`growingArray`): ten million doubles' fresh memory is first written a megabyte a step. */
  reserving(size: number): Steps<void> {
    return growingArray(() => this.values, size, (grown) => (this.values = grown), this.missing);
  }

  /** NaN when the document has no value. */
  get(doc: number): number {
    if (doc >= this.values.length) return NaN;
    const stored = this.values[doc];
    return stored === this.missing ? NaN : (stored - this.offset) * this.scale;
  }

  clear(doc: number): void {
    if (doc < this.values.length) this.values[doc] = this.missing;
  }

  /** The stored numbers of documents `0 … capacity-1`, copied in their form: a save writes them as they are. */
  state(capacity: number): NumberColumnState {
    return finish(this.stating(capacity));
  }

  /** `state` in steps of STEP documents. */
  *stating(capacity: number): Steps<NumberColumnState> {
    // A fresh array's pages are touched slice by slice: filling it at once costs milliseconds per megabyte
    // (so doubles get their NaN, "no value", past the values held slice by slice too, not from `make`).
    const { name, make } = FORMS[this.form];
    const float = this.form === FLOAT;
    const out = float ? new Float64Array(capacity) : make(capacity);
    const held = Math.min(capacity, this.values.length);
    for (let from = 0; from < capacity; from += STEP) {
      const to = Math.min(capacity, from + STEP);
      if (from < held) out.set(this.values.subarray(from, Math.min(held, to)), from);
      if (float && to > held) out.fill(NaN, Math.max(from, held), to);
      yield;
    }
    return { form: name, values: out };
  }

  /** Bytes per document of the form the values take now. */
  get width(): number {
    return this.values.BYTES_PER_ELEMENT;
  }

  /** A column holding `values` (NaN where none), in the narrowest form that holds them all. */
  static of(values: Float64Array): NumberColumn {
    return finish(NumberColumn.restoring(values));
  }

  /** `of` in steps of STEP documents. */
  static *restoring(values: Float64Array): Steps<NumberColumn> {
    const column = new NumberColumn();
    for (let from = 0; from < values.length; from += STEP) {
      const to = Math.min(values.length, from + STEP);
      for (let doc = from; doc < to; doc++) column.seen.note(values[doc]);
      yield;
    }
    yield* column.using(column.seen.narrowest(0), Math.max(values.length, 1), (doc) => (doc < values.length ? values[doc] : NaN));
    return column;
  }

  /**
   * The column a save took (`state`), holding its numbers as they are (the array becomes the
   * column's); doubles are narrowed as `of` narrows them. Throws a RangeError for an unknown form
   * or numbers of another width than the form's.
   */
  static *restoringState(state: NumberColumnState): Steps<NumberColumn> {
    const form = FORMS.findIndex((f) => f.name === state.form);
    if (form < 0) throw new RangeError(`unknown number form ${String(state.form)}`);
    const { values } = state;
    if (form === FLOAT) {
      if (!(values instanceof Float64Array)) throw new RangeError("f64 numbers that are not doubles");
      return yield* NumberColumn.restoring(values);
    }
    const { make, missing, scale, offset } = FORMS[form];
    if (values.constructor !== make(0).constructor) throw new RangeError(`${state.form} numbers of ${values.BYTES_PER_ELEMENT} bytes`);
    const column = new NumberColumn();
    // What the values have in common, for a later widening: the same as when they were set.
    for (let from = 0; from < values.length; from += STEP) {
      column.seen.noteStored(values as Uint8Array | Uint16Array | Uint32Array, from, Math.min(values.length, from + STEP), missing, scale, offset);
      yield;
    }
    [column.form, column.values, column.missing, column.scale, column.offset, column.top] = [form, values, missing, scale, offset, values.length];
    return column;
  }

  /**
   * Moves, in one pass, to the narrowest wider form that holds every value noted. Between integer
   * forms of the same scale the stored numbers stay as they are: a native copy (a loop over a million
   * values took 52 ms of a load). Only documents set so far are written: a load reserves room for all
   * its documents first, and converting that room held the loop for 45-57 ms early in a 1M load.
   */
  private widen(): void {
    const form = this.seen.narrowest(this.form + 1);
    const { make, missing, scale, offset } = FORMS[form];
    if (scale === this.scale && offset === this.offset && missing === this.missing) {
      const values = make(this.values.length);
      values.set(this.values.subarray(0, this.top));
      [this.form, this.values] = [form, values];
      return;
    }
    const held = { values: this.values, missing: this.missing, scale: this.scale, offset: this.offset };
    const valueOf = (doc: number) => (held.values[doc] === held.missing ? NaN : (held.values[doc] - held.offset) * held.scale);
    finish(this.using(form, held.values.length, valueOf, Math.min(this.top, held.values.length)));
  }

  /** `use` in steps of STEP documents, writing documents below `filled`; the column takes the new form after the last. */
  private *using(form: number, size: number, valueOf: (doc: number) => number, filled = size): Steps<void> {
    const { make, missing, scale, offset } = FORMS[form];
    const values = make(size);
    this.top = Math.max(this.top, filled);
    for (let from = 0; from < filled; from += STEP) {
      const to = Math.min(filled, from + STEP);
      for (let doc = from; doc < to; doc++) {
        const value = valueOf(doc);
        if (!Number.isNaN(value)) values[doc] = encode(value, scale, offset);
      }
      yield;
    }
    [this.form, this.values, this.missing, this.scale, this.offset] = [form, values, missing, scale, offset];
  }
}

/** Documents per block of `bestInBlock`: 32 words of a bitset of matches. */
export const RANGE_BLOCK = 1024;

/** Blocks whose bounds a step of `preparingRanges` makes (65,536 values read). */
const RANGES_PER_STEP = 64;

/** The greatest and least value of each range of documents (a word's 32, a block's RANGE_BLOCK), where `built` (NaN: none of them has one). */
interface WordRanges {
  greatest: Float64Array;
  least: Float64Array;
  built: Uint8Array;
}

function grownRanges(from: WordRanges | undefined, words: number): WordRanges {
  const grown = { greatest: new Float64Array(words), least: new Float64Array(words), built: new Uint8Array(words) };
  if (from) {
    grown.greatest.set(from.greatest);
    grown.least.set(from.least);
    grown.built.set(from.built);
  }
  return grown;
}

function widenRange(ranges: WordRanges, word: number, value: number): void {
  // NaN: no value yet in the word.
  if (!(value <= ranges.greatest[word])) ranges.greatest[word] = value;
  if (!(value >= ranges.least[word])) ranges.least[word] = value;
}

/** A keyword column as value table and per-document value ids: compact for saving and quick to restore. */
export interface KeywordColumnState {
  /** Distinct values; documents refer to them by position. */
  values: ListLike<string>;
  /** Values per document (0 for none), for documents `0 … capacity-1`; as few bytes each as the most needs. */
  counts: WholeNumbers;
  /** The value ids of every document in turn; as few bytes each as the highest needs. */
  ids: WholeNumbers;
  /**
   * The id that stands for the document's own key (`DocKeys`), held by no other document: past
   * every value's id, so such keys are not saved again as values (a column of keys would save ten
   * million of them at ten million). Absent in columns saved before it (formats up to 10), where an
   * own key is a value of its own that the build compares with the document's key.
   */
  ownKey?: number;
}

/** Documents, ids or values handled between pauses when saving or restoring. */
const STEP = 8_192;
/** The same when building a column from its saved form, where each costs more (its lists, its value's documents). */
const BUILD_STEP = 2_048;
/**
 * Values or documents counted between pauses, each a string made and looked up by the caller: steps
 * of 8,192 values took 20-69 ms under the profiler at the end of an open (a million and ten million records).
 */
const COUNT_STEP = 1_024;

/** No value: a document's cell, or a value id without documents. */
const NONE = 0;
/** A cell at or above this holds where the document's list of value ids starts in `lists` (plus this). */
const LISTED = 0x80000000;
/** A document whose one value is its own key (`DocKeys`), held by no one else: no value id, nothing kept. */
const OWN_KEY = LISTED - 1;

/** The keys of a collection's documents, which a column of keys (one per document) reads instead of keeping them again. */
export interface DocKeys {
  keyOf(doc: number): string | undefined;
  /** Whether the slot holds a document (has a key), without reading the key out. */
  isLive(doc: number): boolean;
  slotOf(key: string): number | undefined;
  /** Whether the document's key is `key` (compared without reading the key out). */
  hasKey(doc: number, key: string): boolean;
  /** Appends the document's key to `list` (null when it has none), as bytes where it can: what a save copies. */
  copyKeyTo(doc: number, list: StringList): void;
}

/**
 * Each document's values as one number (the value's id + 1, NONE, LISTED + where its list of ids
 * starts, or OWN_KEY), and per value id its documents (a number while one document holds it, a
 * short list in `SmallDocLists` while up to MAX_SMALL do: most logins and repositories, a `DocSet`
 * past that). No array or object per document, nor per value that few documents hold: a column of
 * millions of documents is a few typed arrays.
 * A value that is its document's own key and no other document's (an issue's `key`) is read from
 * `DocKeys`: the column keeps no second copy of the string, no value id and no entry in its map for it.
 */
export class KeywordColumn {
  private readonly keys: DocKeys | undefined;
  /** A byte per document while every cell fits one, then two, then four (lists and own keys need four). */
  private cells: Cells = new Uint8Array(64);
  /** The largest cell `cells` holds. */
  private cellLimit = 0xff;
  /** Cells from here on were never set: room reserved ahead, which widening need not copy. */
  private top = 0;
  /** The value ids of documents holding two or more. */
  private lists = new ValueLists();
  /** The values under their ids, as bytes (no string per login or repository); ids of values no document holds any more are reused. */
  private valueKeys = new PackedKeys();
  /** Value ids: those of values no document holds any more are handed out again. */
  private ids = new FreeIds();
  /** Documents by value id: NO_DOC, a doc number, a short list's place (`shortList`), or a set. */
  private docsById: Array<DocSet | number> = [];
  private short = new SmallDocLists();
  /** One-value lists handed out by `get`, made when first asked for. */
  private readonly singles: Array<readonly string[] | undefined> = [];
  /** A restored column's saved form, until the column is built from it (`building`). */
  private saved: KeywordColumnState | undefined;
  /** The most values a document of `saved` holds. */
  private savedMost = 0;
  /** A build from `saved` under way. */
  private build: Steps<void> | undefined;
  /** Ids let go so far: ids kept for values given by local id (`setGiven`) are good while this is unchanged. */
  private released = 0;
  /** The ids of the values of the last reading that gave this column values (`setGiven`). */
  private given: GivenValueIds | undefined;

  /** `keys`: the documents' keys, when a value equal to its document's key is to be read from them. */
  constructor(keys?: DocKeys) {
    this.keys = keys;
  }

  set(doc: number, values: string[]): void {
    this.ready();
    const unique = values.length > 1 ? [...new Set(values)] : values;
    // Joined columns are recomputed wholesale; most values come back unchanged.
    if (this.holdsExactly(doc, unique)) return;
    this.clear(doc);
    if (!unique.length) return;
    if (doc >= this.cells.length) this.cells = growCells(this.cells, doc + 1);
    if (unique.length === 1 && this.isOwnKey(doc, unique[0]) && this.valueKeys.idOf(unique[0]) < 0) {
      this.setCell(doc, OWN_KEY);
      return;
    }
    if (unique.length === 1) {
      const id = this.idOf(unique[0]);
      this.setCell(doc, id + 1);
      this.post(id, doc);
      return;
    }
    const at = this.lists.add(unique.length, LISTED);
    for (let i = 0; i < unique.length; i++) {
      const id = this.idOf(unique[i]);
      this.lists.setId(at, i, id);
      this.post(id, doc);
    }
    this.setCell(doc, LISTED + at);
  }

  /**
   * `set(doc, values)` for values given as local ids of another thread's dictionary (`source[from …
   * to)`, ids into `local`): the same outcome, with each distinct value of `local` looked up here once
   * (its id kept until an id is let go, or `local` is another array) rather than once per document.
   */
  setGiven(doc: number, local: readonly string[], source: Uint32Array, from: number, to: number): void {
    this.ready();
    const cell = doc < this.cells.length ? this.cells[doc] : NONE;
    // A document that holds values already is compared and replaced by value, as `set` does (rare in a load: a record given twice).
    if (cell !== NONE) return this.set(doc, Array.from(source.subarray(from, to), (l) => local[l]));
    if (from === to) return;
    const unique = distinctIds(source, from, to);
    const n = unique.length;
    if (doc >= this.cells.length) this.cells = growCells(this.cells, doc + 1);
    const given = this.givenIds(local);
    if (n === 1) {
      const l = unique.ids[0];
      let id = l < given.ids.length ? given.ids[l] : -1;
      if (id < 0) {
        const value = local[l];
        if (this.isOwnKey(doc, value) && this.valueKeys.idOf(value) < 0) return this.setCell(doc, OWN_KEY);
        id = given.remember(l, this.idOf(value));
      }
      this.setCell(doc, id + 1);
      this.post(id, doc);
      return;
    }
    const at = this.lists.add(n, LISTED);
    for (let i = 0; i < n; i++) {
      const l = unique.ids[i];
      let id = l < given.ids.length ? given.ids[l] : -1;
      if (id < 0) id = given.remember(l, this.idOf(local[l]));
      this.lists.setId(at, i, id);
      this.post(id, doc);
    }
    this.setCell(doc, LISTED + at);
  }

  /** Lets go of the values a reading gave and their ids (a load's end: tens of thousands of strings). */
  forgetGiven(): void {
    this.given = undefined;
  }

  /** The ids of `local`'s values known so far: kept while `local` is the same array and no id was let go (an id let go may come back as another value's). */
  private givenIds(local: readonly string[]): GivenValueIds {
    if (this.given?.local !== local || this.given.released !== this.released) this.given = new GivenValueIds(local, this.released);
    return this.given;
  }

  /** Room for documents 0 … size-1, in steps (`growingArray`): a large build says so early. */
  reserving(size: number): Steps<void> {
    this.ready();
    return this.reservingCellsAndBits(size);
  }

  private *reservingCellsAndBits(size: number): Steps<void> {
    yield* growingArray(() => this.cells, size, (grown) => (this.cells = grown), NONE);
    // Sets made meanwhile are met too (the loop reads the array's length each turn).
    for (const docs of this.docsById) if (docs instanceof DocSet) yield* docs.reserving(size);
  }

  get(doc: number): readonly string[] {
    this.ready();
    const cell = doc < this.cells.length ? this.cells[doc] : NONE;
    if (cell === NONE) return NO_VALUES;
    if (cell === OWN_KEY) return [this.keys!.keyOf(doc)!];
    if (cell < LISTED) {
      const id = cell - 1;
      return (this.singles[id] ??= [this.valueKeys.keyOf(id)!]);
    }
    const at = cell - LISTED;
    const out = new Array<string>(this.lists.length(at));
    for (let i = 0; i < out.length; i++) out[i] = this.valueKeys.keyOf(this.lists.id(at, i))!;
    return out;
  }

  /** How many values the document holds. */
  count(doc: number): number {
    this.ready();
    const cell = doc < this.cells.length ? this.cells[doc] : NONE;
    return cell === NONE ? 0 : cell <= OWN_KEY ? 1 : this.lists.length(cell - LISTED);
  }

  /**
   * A test of whether a document holds one of `values`, read in place: the values' ids (and the
   * documents holding one as their own key) looked up once, for a test per document.
   */
  holderOf(values: Iterable<string>): (doc: number) => boolean {
    this.ready();
    const ids = new Set<number>();
    const owners = new Set<number>();
    for (const value of values) {
      const id = this.valueKeys.idOf(value);
      if (id >= 0) ids.add(id);
      const owner = this.ownerOf(value);
      if (owner !== undefined) owners.add(owner);
    }
    return (doc) => {
      const cell = doc < this.cells.length ? this.cells[doc] : NONE;
      if (cell === NONE) return false;
      if (cell === OWN_KEY) return owners.has(doc);
      if (cell < LISTED) return ids.has(cell - 1);
      const list = this.lists.arrayOf(cell - LISTED);
      const at = this.lists.offsetOf(cell - LISTED);
      for (let i = 1; i <= list[at]; i++) if (ids.has(list[at + i])) return true;
      return false;
    };
  }

  clear(doc: number): void {
    this.ready();
    const cell = doc < this.cells.length ? this.cells[doc] : NONE;
    if (cell === NONE) return;
    this.cells[doc] = NONE;
    if (cell === OWN_KEY) return;
    if (cell < LISTED) return this.unpost(cell - 1, doc);
    const at = cell - LISTED;
    for (let i = 0, n = this.lists.length(at); i < n; i++) this.unpost(this.lists.id(at, i), doc);
    if (this.lists.release(at)) this.compactLists();
  }

  docs(value: string): DocSet {
    this.ready();
    const owner = this.ownerOf(value);
    if (owner !== undefined) return new DocSet(Uint32Array.of(owner), 1);
    const id = this.valueKeys.idOf(value);
    if (id < 0) return EMPTY;
    const docs = this.docsById[id];
    if (typeof docs !== "number") return docs;
    if (docs >= 0) return new DocSet(Uint32Array.of(docs), 1);
    const list = this.short.view(placeOf(docs));
    return new DocSet(list.slice(), list.length);
  }

  /** Adds the documents holding `value` to `target`: `docs(value)` without a set made for a few of them (a load marks a joined document per record). */
  addDocsTo(value: string, target: { add(doc: number): unknown }): void {
    this.ready();
    const owner = this.ownerOf(value);
    if (owner !== undefined) return void target.add(owner);
    const id = this.valueKeys.idOf(value);
    if (id < 0) return;
    const docs = this.docsById[id];
    if (typeof docs !== "number") for (const doc of docs) target.add(doc);
    else if (docs >= 0) target.add(docs);
    else this.short.addTo(placeOf(docs), target);
  }

  /**
   * Calls `each` with every distinct value held and how many documents hold it, in steps of COUNT_STEP
   * values or documents: what `values` and `docs` tell, without a look-up per value, and without a
   * pass over every document's cell in one go (a column of keys looks for own keys there: ten
   * million cells held the loop for 143 ms).
   */
  *counting(each: (value: string, documents: number) => void): Steps<void> {
    this.ready();
    for (let from = 0; from < this.ids.limit; from += COUNT_STEP) {
      const to = Math.min(this.ids.limit, from + COUNT_STEP);
      for (let id = from; id < to; id++) {
        const value = this.valueKeys.keyOf(id);
        const docs = this.docsById[id];
        if (value === undefined || docs === NO_DOC) continue;
        each(value, typeof docs !== "number" ? docs.size : docs >= 0 ? 1 : this.short.view(placeOf(docs)).length);
      }
      yield;
    }
    if (!this.keys) return;
    for (let from = 0; from < this.cells.length; from += COUNT_STEP) {
      const to = Math.min(this.cells.length, from + COUNT_STEP);
      for (let doc = from; doc < to; doc++) if (this.cells[doc] === OWN_KEY) each(this.keys.keyOf(doc)!, 1);
      yield;
    }
  }

  /** Every distinct value, for prefix tests. */
  *values(): IterableIterator<string> {
    this.ready();
    for (let id = 0; id < this.ids.limit; id++) {
      const value = this.valueKeys.keyOf(id);
      if (value !== undefined) yield value;
    }
    if (!this.keys) return;
    for (let doc = 0; doc < this.cells.length; doc++) if (this.cells[doc] === OWN_KEY) yield this.keys.keyOf(doc)!;
  }

  /** Whether `value` is the key of `doc`. */
  private isOwnKey(doc: number, value: string): boolean {
    return this.keys !== undefined && this.keys.hasKey(doc, value);
  }

  /** The document holding `value` as its own key (no other document holds it then), if any. */
  private ownerOf(value: string): number | undefined {
    const doc = this.keys?.slotOf(value);
    return doc !== undefined && doc < this.cells.length && this.cells[doc] === OWN_KEY ? doc : undefined;
  }

  state(capacity: number): KeywordColumnState {
    return finish(this.stating(capacity));
  }

  /** `state` in steps of STEP documents: the caller keeps the column unchanged until it is done. */
  *stating(capacity: number): Steps<KeywordColumnState> {
    if (this.saved && this.saved.counts.length === capacity) return this.saved;
    this.ready();
    // Saved ids number the values in order of first use, so that none is missing or repeated.
    // Each saved id plus one (0: not yet numbered); fresh arrays first written in steps (see zeroedArray).
    const saved = yield* zeroedArray(this.ids.limit);
    // As bytes: a column of keys saves a value per document (ten million strings at ten million).
    const values = new StringList();
    const savedId = (id: number): number => {
      if (saved[id] === 0) {
        this.valueKeys.copyKeyTo(id, values);
        saved[id] = values.length;
      }
      return saved[id] - 1;
    };
    // Counts and ids in as few bytes as they need (most columns: a value or none per document, of a
    // few distinct values): a save copies every column, and each copy is fresh memory the collector counts.
    let [total, most] = [0, 0];
    for (let from = 0; from < capacity; from += STEP) {
      const to = Math.min(capacity, from + STEP);
      for (let doc = from; doc < to; doc++) {
        const n = this.count(doc);
        total += n;
        if (n > most) most = n;
      }
      yield;
    }
    // Saved values are live value ids numbered again, so fewer than `limit`: the limit is past them all.
    const ownKey = this.keys ? this.ids.limit : undefined;
    const counts = yield* zeroedArray(capacity, widthFor(most));
    const ids = yield* zeroedArray(total, widthFor(this.ids.limit));
    let at = 0;
    // A value's first document copies its bytes: in steps of BUILD_STEP (a column of distinct values
    // copies one a document, and steps of STEP held the loop 15-26 ms under the profiler at a million).
    for (let from = 0; from < capacity; from += BUILD_STEP) {
      const to = Math.min(capacity, from + BUILD_STEP);
      for (let doc = from; doc < to; doc++) {
        counts[doc] = this.count(doc);
        const cell = counts[doc] ? this.cells[doc] : NONE;
        if (cell === NONE) continue;
        if (cell === OWN_KEY) ids[at++] = ownKey!;
        else if (cell < LISTED) ids[at++] = savedId(cell - 1);
        else for (let i = 0, list = cell - LISTED; i < counts[doc]; i++) ids[at++] = savedId(this.lists.id(list, i));
      }
      yield;
    }
    return { values: values.asStrings()!, counts, ids, ...(ownKey === undefined ? {} : { ownKey }) };
  }

  /** A column from `state()`, checked now and built when first used. Throws a RangeError when the parts do not fit together. */
  static of(state: KeywordColumnState, keys?: DocKeys): KeywordColumn {
    return finish(KeywordColumn.restoring(state, keys));
  }

  /** `of` in steps of STEP ids, documents or values. */
  static *restoring(state: KeywordColumnState, keys?: DocKeys): Steps<KeywordColumn> {
    const { values, counts, ids, ownKey } = state;
    if (ownKey !== undefined && !(Number.isSafeInteger(ownKey) && ownKey >= values.length)) throw new RangeError("the own key's id is a value's");
    for (let from = 0; from < ids.length; from += STEP) {
      const to = Math.min(ids.length, from + STEP);
      for (let i = from; i < to; i++) if (ids[i] >= values.length && ids[i] !== ownKey) throw new RangeError("keyword value id out of range");
      yield;
    }
    let total = 0;
    let most = 0;
    for (let from = 0; from < counts.length; from += STEP) {
      const to = Math.min(counts.length, from + STEP);
      for (let doc = from; doc < to; doc++) {
        total += counts[doc];
        if (counts[doc] > most) most = counts[doc];
      }
      yield;
    }
    if (total !== ids.length) throw new RangeError("keyword value ids do not match the counts");
    // A column no document holds a value of is a fresh one: built, it was cells for every document
    // and a pass over them (a tenth of a second a column at ten million, a dozen such columns of issues).
    if (total === 0) return new KeywordColumn(keys);
    // That no value repeats is checked when the column is first used and builds its value map anyway:
    // a column of a million distinct values (the issues' keys) would otherwise be hashed twice.
    const column = new KeywordColumn(keys);
    column.saved = state;
    column.savedMost = most;
    return column;
  }

  /** Builds the column from its saved form now if it is not built yet; throws a RangeError (each time) when a saved value repeats. */
  private ready(): void {
    if (this.saved) finish(this.building());
  }

  /**
   * Builds the column from its saved form in steps of STEP values or documents (nothing to do once
   * built); a build begun and left is taken up where it stopped. Throws a RangeError when a saved
   * value repeats, leaving the column unbuilt. `scratch`: where the documents are placed by value
   * on the way, when columns are built one after another (a fresh array otherwise).
   */
  building(scratch?: ScratchArray): Steps<void> {
    if (!this.saved) return noSteps();
    return (this.build ??= this.steppedBuild(this.saved, scratch));
  }

  private *steppedBuild(state: KeywordColumnState, scratch: ScratchArray | undefined): Steps<void> {
    try {
      yield* this.buildFrom(state, scratch);
      this.saved = undefined;
    } finally {
      this.build = undefined;
    }
  }

  /**
   * The parts of the column from its saved form, taken on only once all are made. Values are
   * numbered again: those held by no document, or only as their document's own key, take no id
   * (a column of keys saves ten million such values, and freeing their ids kept a list of them).
   */
  private *buildFrom(state: KeywordColumnState, scratch: ScratchArray | undefined): Steps<void> {
    const { values, counts, ids } = state;
    // Documents per value by counting: one array cut into ascending lists, no sets.
    const perValue = yield* zeroedArray(values.length + 1);
    // A form that marks own keys has them marked as its documents are counted: a pass of their own was
    // a pass over every document and a byte for each, a column at a time.
    let own: OwnKeys | undefined;
    if (state.ownKey !== undefined) own = yield* this.countingMarked(state, perValue);
    else {
      for (let from = 0; from < ids.length; from += BUILD_STEP) {
        const to = Math.min(ids.length, from + BUILD_STEP);
        for (let i = from; i < to; i++) perValue[ids[i] + 1]++;
        yield;
      }
    }
    for (let from = 0; from < values.length; from += STEP) {
      const to = Math.min(values.length, from + STEP);
      for (let id = from; id < to; id++) perValue[id + 1] += perValue[id];
      yield;
    }
    if (state.ownKey === undefined) own = yield* this.ownKeys(state, perValue);
    // Each saved id's new id, for the values that take one.
    const renumbered = yield* zeroedArray(values.length);
    let kept = 0;
    const valueKeys = new PackedKeys();
    for (let from = 0; from < values.length; from += BUILD_STEP) {
      const to = Math.min(values.length, from + BUILD_STEP);
      for (let id = from; id < to; id++) {
        if (own?.ids[id]) continue;
        const value = values.at(id)!;
        const owner = own && this.keys!.slotOf(value);
        if (valueKeys.idOf(value) >= 0 || (owner !== undefined && own!.docs.has(owner))) throw new RangeError("a keyword value repeats");
        if (perValue[id + 1] === perValue[id]) continue;
        valueKeys.putIfAbsent(value, kept);
        renumbered[id] = kept++;
      }
      yield;
    }
    // Where each value's documents go next in `docs`: the start of its part, moved on as they are placed.
    const starts = yield* zeroedArray(values.length);
    for (let from = 0; from < values.length; from += STEP) {
      starts.set(perValue.subarray(from, Math.min(values.length, from + STEP)), from);
      yield;
    }
    // Fresh arrays of megabytes, first written in steps of their own (see zeroedArray). The cells as
    // wide as they end: a document of several values or its own key needs four bytes, else the
    // largest id does (made four bytes wide, then narrowed, they were written twice).
    const docs = scratch ? yield* scratch.taking(ids.length) : yield* zeroedArray(ids.length);
    const cells = yield* zeroedGrowableArray(Math.max(counts.length, 1), this.savedMost > 1 || own?.marked ? Uint32Array : widthFor(kept));
    let largest = 0;
    const lists = new ValueLists();
    let at = 0;
    for (let from = 0; from < counts.length; from += BUILD_STEP) {
      const to = Math.min(counts.length, from + BUILD_STEP);
      for (let doc = from; doc < to; doc++) {
        const n = counts[doc];
        if (!n) continue;
        if (n === 1) {
          const id = ids[at++];
          if (own?.docs.has(doc)) {
            cells[doc] = largest = OWN_KEY;
            continue;
          }
          docs[starts[id]++] = doc;
          cells[doc] = renumbered[id] + 1;
          if (renumbered[id] + 1 > largest) largest = renumbered[id] + 1;
          continue;
        }
        const list = lists.add(n, LISTED);
        for (let i = 0; i < n; i++) {
          const id = ids[at++];
          lists.setId(list, i, renumbered[id]);
          docs[starts[id]++] = doc;
        }
        cells[doc] = LISTED + list;
        largest = 0xffffffff;
      }
      yield;
    }
    const docsById = new Array<DocSet | number>(kept);
    const short = new SmallDocLists();
    for (let id = 0; id < values.length; id++) {
      if (id % BUILD_STEP === BUILD_STEP - 1) yield;
      const from = perValue[id];
      const to = perValue[id + 1];
      if (own?.ids[id] || from === to) continue;
      const n = to - from;
      // A long list copied out (or kept as bits), so that `docs` (mostly short lists, copied into `short`) is let go.
      docsById[renumbered[id]] = n === 1 ? docs[from] : n <= MAX_SMALL ? shortList(short.make(docs, from, to)) : yield* DocSet.making(docs.subarray(from, to));
    }
    const narrowest = yield* narrowingCells(cells, largest);
    [this.valueKeys, this.ids, this.docsById, this.short] = [valueKeys, new FreeIds(kept), docsById, short];
    this.cells = narrowest;
    this.cellLimit = limitOf(this.cells);
    this.top = this.cells.length;
    this.lists = lists;
  }

  /**
   * Of a saved form that marks own keys (`ownKey`): counts each other value's documents into
   * `perValue` (at the value id + 1), and returns the documents holding their own key (none for a
   * column without keys). Throws a RangeError for a mark where no key can be: a column without keys,
   * a document without one, or among other values.
   */
  private *countingMarked(state: KeywordColumnState, perValue: Uint32Array): Steps<OwnKeys | undefined> {
    const { counts, ids, ownKey } = state;
    const docs = new BitSet();
    let at = 0;
    let marked = 0;
    for (let from = 0; from < counts.length; from += STEP) {
      const to = Math.min(counts.length, from + STEP);
      for (let doc = from; doc < to; doc++) {
        const n = counts[doc];
        for (let i = 0; i < n; i++) {
          const id = ids[at + i];
          if (id !== ownKey) {
            perValue[id + 1]++;
            continue;
          }
          if (n !== 1 || !this.keys?.isLive(doc)) throw new RangeError("an own key is marked where no key can be");
          docs.add(doc);
          marked++;
        }
        at += n;
      }
      yield;
    }
    return this.keys && { ids: new Uint8Array(0), docs, marked };
  }

  /**
   * Of a saved form without marks (formats up to 10), the value ids that are their one document's
   * own key and those documents (1 each), when the column reads keys; such a value is held by that
   * document alone.
   */
  private *ownKeys(state: KeywordColumnState, perValue: Uint32Array): Steps<OwnKeys | undefined> {
    const keys = this.keys;
    if (!keys) return undefined;
    const { values, counts, ids } = state;
    const own = { ids: yield* zeroedArray(values.length, Uint8Array), docs: new BitSet(), marked: 0 };
    let at = 0;
    for (let from = 0; from < counts.length; from += STEP) {
      const to = Math.min(counts.length, from + STEP);
      for (let doc = from; doc < to; doc++) {
        const id = ids[at];
        at += counts[doc];
        if (counts[doc] === 1 && perValue[id + 1] - perValue[id] === 1 && keys.hasKey(doc, values.at(id)!)) {
          own.ids[id] = 1;
          own.docs.add(doc);
          own.marked++;
        }
      }
      yield;
    }
    return own;
  }

  private idOf(value: string): number {
    // The id a new value takes, filed in the same look-up that finds a value held.
    const id = this.ids.peek();
    const held = this.valueKeys.putIfAbsent(value, id);
    if (held !== undefined) return held;
    this.ids.take();
    // A document holding the value as its own key holds it through the id from now on: another is about to.
    const owner = this.ownerOf(value);
    this.docsById[id] = NO_DOC;
    this.singles[id] = undefined;
    if (owner !== undefined) {
      this.setCell(owner, id + 1);
      this.post(id, owner);
    }
    return id;
  }

  /** Whether the document holds exactly `values`, in that order. */
  private holdsExactly(doc: number, values: readonly string[]): boolean {
    if (this.count(doc) !== values.length) return false;
    const cell = values.length ? this.cells[doc] : NONE;
    if (cell === NONE) return true;
    if (cell === OWN_KEY) return this.keys!.hasKey(doc, values[0]);
    if (cell < LISTED) return this.valueKeys.holds(cell - 1, values[0]);
    const at = cell - LISTED;
    for (let i = 0; i < values.length; i++) if (!this.valueKeys.holds(this.lists.id(at, i), values[i])) return false;
    return true;
  }

  /**
   * Sets a cell, first widening the cells (in one pass over those set so far) when it does not fit
   * them. A load reserves room for all its documents first: copying that room too wrote tens of
   * megabytes of fresh memory at once at ten million.
   */
  private setCell(doc: number, cell: number): void {
    if (cell > this.cellLimit) {
      this.cells = narrowestCells(this.cells, cell, this.top);
      this.cellLimit = limitOf(this.cells);
    }
    this.cells[doc] = cell;
    if (doc >= this.top) this.top = doc + 1;
  }

  /** Copies the live lists to fresh pages, in document order. */
  private compactLists(): void {
    const old = this.lists;
    this.lists = new ValueLists();
    for (let doc = 0; doc < this.cells.length; doc++) {
      const cell = this.cells[doc];
      if (cell < LISTED) continue;
      this.cells[doc] = LISTED + this.lists.addCopy(old, cell - LISTED, LISTED);
    }
  }

  private post(id: number, doc: number): void {
    const docs = this.docsById[id];
    if (typeof docs !== "number") docs.add(doc);
    else if (docs === NO_DOC) this.docsById[id] = doc;
    else if (docs >= 0) {
      if (docs !== doc) this.docsById[id] = shortList(this.short.pair(docs, doc));
    } else {
      const at = placeOf(docs);
      const moved = this.short.add(at, doc);
      if (moved >= 0) this.docsById[id] = shortList(moved);
      else {
        // MAX_SMALL documents already: a set of its own from now on.
        const set = DocSet.of(this.short.view(at));
        set.add(doc);
        this.short.release(at);
        this.docsById[id] = set;
      }
    }
  }

  private unpost(id: number, doc: number): void {
    const docs = this.docsById[id];
    let left: number;
    if (typeof docs !== "number") {
      docs.delete(doc);
      left = docs.size;
    } else if (docs === NO_DOC) return;
    else if (docs >= 0) left = docs === doc ? 0 : 1;
    else {
      const at = placeOf(docs);
      left = this.short.delete(at, doc);
      if (left === 1) {
        this.docsById[id] = this.short.view(at)[0];
        this.short.release(at);
      }
    }
    if (left === 0) {
      // No document holds the value any more: its id is free again.
      this.valueKeys.delete(id);
      this.docsById[id] = NO_DOC;
      this.singles[id] = undefined;
      this.ids.release(id);
      this.released++;
    }
  }
}

/** Of a saved form, the value ids that are their document's own key and those documents (1 each), and how many documents. */
interface OwnKeys {
  /** Per value id, 1 for a value that is its one document's own key (forms without marks). */
  ids: Uint8Array;
  /** The documents holding their own key: bits made only where there are some. */
  docs: BitSet;
  marked: number;
}

/** A column's ids of the values of one reading (`KeywordColumn.setGiven`), by local id; -1 for one not met yet. */
class GivenValueIds {
  ids = new Int32Array(64).fill(-1);

  constructor(
    readonly local: readonly string[],
    readonly released: number,
  ) {}

  /** Keeps `id` as the id of local value `l`; returns it. */
  remember(l: number, id: number): number {
    if (l >= this.ids.length) {
      const grown = new Int32Array(Math.max(l + 1, this.ids.length * 2)).fill(-1);
      grown.set(this.ids);
      this.ids = grown;
    }
    return (this.ids[l] = id);
  }
}

/**
 * The distinct ids of `source[from … to)` in order of first appearance (as `set` keeps the first of
 * repeated values), in `DISTINCT.ids` up to `DISTINCT.length`: one array reused, where a list per
 * call was the largest part of what a load's main thread allocated (2.4 KB a record).
 */
function distinctIds(source: Uint32Array, from: number, to: number): { ids: Uint32Array; length: number } {
  if (DISTINCT.ids.length < to - from) DISTINCT.ids = new Uint32Array(Math.max(to - from, 2 * DISTINCT.ids.length));
  const ids = DISTINCT.ids;
  let n = 0;
  if (to - from > DISTINCT_BY_SCAN) {
    for (const id of new Set(source.subarray(from, to))) ids[n++] = id;
  } else {
    for (let i = from; i < to; i++) {
      const id = source[i];
      let seen = false;
      for (let k = 0; k < n && !seen; k++) seen = ids[k] === id;
      if (!seen) ids[n++] = id;
    }
  }
  DISTINCT.length = n;
  return DISTINCT;
}

/** The result of `distinctIds`, good until its next call. */
const DISTINCT = { ids: new Uint32Array(64), length: 0 };

/** Values of one document past which repeats are found with a set rather than by scanning the values so far. */
const DISTINCT_BY_SCAN = 16;

/** `docs` of a value id no document holds. */
const NO_DOC = -1;

/** A short list's place as `docsById` keeps it: a number below NO_DOC (a small integer, no heap object). */
const shortList = (at: number): number => -2 - at;
const placeOf = (docs: number): number => -2 - docs;

type Cells = Uint8Array<ArrayBufferLike> | Uint16Array<ArrayBufferLike> | Uint32Array<ArrayBufferLike>;

/**
 * `cells` copied into the narrowest kind of array that holds `largest` (and them: no cell of theirs
 * is larger), of the same length; cells from `top` on are 0 and left to the fresh array's zeros.
 */
function narrowestCells(cells: Cells, largest: number, top = cells.length): Cells {
  const Kind = widthFor(largest);
  if (cells instanceof Kind) return cells;
  const out = growableArray(cells.length, Kind);
  out.set(top < cells.length ? cells.subarray(0, top) : cells);
  return out;
}

/** `narrowestCells` of every cell, copied in steps of STEP cells (ten million cells in one go held the loop). */
function* narrowingCells(cells: Cells, largest: number): Steps<Cells> {
  const Kind = widthFor(largest);
  if (cells instanceof Kind) return cells;
  const out = yield* zeroedGrowableArray(cells.length, Kind);
  for (let from = 0; from < cells.length; from += STEP) {
    out.set(cells.subarray(from, from + STEP), from);
    yield;
  }
  return out;
}

function limitOf(cells: Cells): number {
  return 2 ** (8 * cells.BYTES_PER_ELEMENT) - 1;
}

function growCells<T extends Cells>(cells: T, size: number): T {
  return grownArray(cells, Math.max(size, Math.ceil(cells.length * 1.5)));
}

const EMPTY = new DocSet(new Uint32Array(0));
const NO_VALUES: readonly string[] = [];
