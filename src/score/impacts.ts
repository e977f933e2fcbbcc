/**
 * Term frequencies kept beside the posting lists of common terms (impacts). Scoring a match reads
 * each word's frequency from the document's occurrences, a binary search in memory nothing else
 * touched: at a million documents several cache misses per match and field, most of a broad query's
 * ranking. Ranking walks matches in ascending slot order, so a term's list and its documents'
 * frequencies beside it are read in step with the walk instead, a cursor moving forward.
 *
 * Kept for the terms that keep block bounds, computed in the same walk over the documents'
 * occurrences (block-maxima.ts): each term's list of documents as it was then, ascending, and each
 * document's frequency, capped at FREQUENCY_CAP (a document at the cap is looked up). A document
 * indexed anew since is looked up too; once more than CHANGES_LOOKED_UP documents were, the
 * frequencies are let go until the bounds are computed whole again.
 */
import type { Collection, FieldIndex } from "../index/collection.js";
import type { Steps } from "../index/steps.js";
import { seek } from "../plan/bits.js";

/** The greatest frequency kept; a document holding a term this often or more is looked up. */
const FREQUENCY_CAP = 255;

/** Documents indexed anew that a search looks up itself; with more, the frequencies are let go. */
export const CHANGES_LOOKED_UP = 4096;

/**
 * List entries read per step when the lists are taken; a list is read whole in one (the indexer may
 * append to lists between steps). Steps of 2^20 entries took 19-36 ms under the profiler at the end of a
 * load of 200,000 records.
 */
const ENTRIES_PER_STEP = 1 << 16;

/** Bytes of fresh frequencies allocated per step: first writes cost some 4 ms a megabyte on a virtual machine. */
const BYTES_PER_STEP = 1 << 20;

/** One term's documents in a field as they were when computed (ascending), and its frequency in each. */
export interface TermImpacts {
  /** The list the field's postings held; only its first `frequencies.length` entries are read. */
  docs: ArrayLike<number>;
  frequencies: Uint8Array;
}

export interface KeptImpacts {
  /** The collection's `textVersion` when computed: documents indexed anew since are looked up. */
  version: number;
  /** Per field, per term id. */
  fields: Map<FieldIndex, Map<number, TermImpacts>>;
}

/**
 * Fills the frequencies of one field's terms during the walk over its documents in ascending
 * order: `note(t, doc, frequency)` for each run of the `t`-th term. A term's list, as long as it was
 * when the walk began, must name exactly the documents the walk finds holding it, in order; one
 * that does not (a document it lacks, or one it names that the walk passes over) keeps no
 * frequencies. A document the walk finds past a list's end is taken as one appended since the walk
 * began (looked up, as indexed anew): the lists read are exact, as `Postings.view` gives them.
 */
export class ImpactWriter {
  private readonly lists: Array<ArrayLike<number> | undefined>;
  /** Each list's length when the walk began: the entries whose frequencies are kept. */
  private readonly lengths: Uint32Array;
  private readonly frequencies: Uint8Array[] = [];
  private readonly at: Uint32Array;

  private constructor(
    private readonly termIds: readonly number[],
    lists: Array<ArrayLike<number> | undefined>,
  ) {
    this.lists = lists;
    this.lengths = Uint32Array.from(lists, (list) => list?.length ?? 0);
    this.at = new Uint32Array(termIds.length);
  }

  /**
   * A writer for `termIds` (numbered 0, 1, … in that order), their lists read from the field's
   * postings, in steps: reading a list checks it through (`Postings.viewing`), and the common terms'
   * lists hold some 28 million entries at 1M documents.
   */
  static *starting(field: FieldIndex, termIds: readonly number[], termOf: (id: number) => string): Steps<ImpactWriter> {
    const lists: Array<ArrayLike<number> | undefined> = [];
    let read = 0;
    for (const id of termIds) {
      // Checked in steps: a word in most documents is a list of millions at ten million (40-60 ms in one go).
      const list = id < field.df.length && field.df[id] > 0 ? yield* field.postings.viewing(termOf(id)) : undefined;
      lists.push(list);
      if ((read += list?.length ?? 0) >= ENTRIES_PER_STEP) {
        read = 0;
        yield;
      }
    }
    const writer = new ImpactWriter(termIds, lists);
    let fresh = 0;
    for (const length of writer.lengths) {
      writer.frequencies.push(new Uint8Array(length));
      if ((fresh += length) >= BYTES_PER_STEP) {
        fresh = 0;
        yield;
      }
    }
    return writer;
  }

  note(t: number, doc: number, frequency: number): void {
    const docs = this.lists[t];
    if (!docs) return;
    const at = this.at[t];
    // Past the list's end: appended since (the walk ascends, so it is past the last entry noted).
    if (at === this.lengths[t]) return;
    if (docs[at] === doc) {
      this.frequencies[t][at] = Math.min(frequency, FREQUENCY_CAP);
      this.at[t] = at + 1;
    } else this.lists[t] = undefined;
  }

  /** The terms whose lists the walk found whole, by term id. */
  finished(): Map<number, TermImpacts> {
    const out = new Map<number, TermImpacts>();
    this.termIds.forEach((id, t) => {
      const docs = this.lists[t];
      if (docs && this.at[t] === this.lengths[t] && this.lengths[t]) out.set(id, { docs, frequencies: this.frequencies[t] });
    });
    return out;
  }
}

/**
 * The kept frequencies usable now: undefined when there are none or more than CHANGES_LOOKED_UP
 * documents were indexed anew since (they are then let go: `drop`), else a term's frequencies in a
 * field and the documents to look up instead.
 */
export function impactsNow(
  kept: KeptImpacts | undefined,
  collection: Collection,
  drop: () => void,
): { of: (field: FieldIndex, termId: number) => TermImpacts | undefined; changed: ReadonlySet<number> | undefined } | undefined {
  if (!kept) return undefined;
  const changes = collection.textChangesSince(kept.version);
  if (!changes || changes.length > CHANGES_LOOKED_UP) {
    drop();
    return undefined;
  }
  return { of: (field, termId) => kept.fields.get(field)?.get(termId), changed: changes.length ? new Set(changes) : undefined };
}

/**
 * A term's frequency in the documents of its kept list, asked in ascending order (quickest) or not:
 * the position reached is kept, and the next document is sought from it (`seek`).
 */
export class ImpactCursor {
  private at = 0;
  private readonly docs: ArrayLike<number>;
  private readonly frequencies: Uint8Array;
  private readonly length: number;

  constructor({ docs, frequencies }: TermImpacts) {
    this.docs = docs;
    this.frequencies = frequencies;
    this.length = frequencies.length;
  }

  /** The term's frequency in `doc` (0 when its list lacks it), or -1 when it must be looked up. */
  frequency(doc: number): number {
    const at = (this.at = seek(this.docs, this.at, doc, this.length));
    if (at === this.length || this.docs[at] !== doc) return 0;
    const frequency = this.frequencies[at];
    return frequency === FREQUENCY_CAP ? -1 : frequency;
  }
}
