/**
 * Indexing while a dump loads. A record the loader has just parsed is still among the store's
 * recently read records, so indexing it at once reads it without parsing it again (the largest
 * cost after the posting lists, at millions of records). The load's end state is the same as
 * indexing after it: each record is indexed as the store holds it once the load is over, because
 * a collection is indexed during the load only when no file still to come can change a document
 * of it — none of those files' kinds affects its records (comments their issues) or feeds its
 * joined columns. Other collections keep their marks for the background indexer, which indexes a
 * document once however often the load changed it. A value a collection reads over a whole kind
 * (`store.derived`) must then not be over the kind being loaded: it would be computed anew for
 * every record.
 */
import { RECORD_KINDS } from "../kinds/index.js";
import type { KindSpec, RecordLike, SearchKind } from "../kinds/types.js";
import type { DumpKind } from "../records/kinds.js";
import type { Collection } from "./collection.js";
import { columnsFromRecordAlone } from "./column-values.js";
import type { GivenBatch } from "./given-terms.js";

/**
 * Marked records indexed per record loaded: the one just loaded, and one left over from a time when
 * indexing had to wait (a search in flight), so that leftovers drain while the load goes on.
 */
const STEP_PER_RECORD = 2;

/** Records of a file read before its mean line length is trusted for an estimate of those to come. */
const ESTIMATE_AFTER = 1000;

export class LoadIndexer {
  private readonly collections: readonly Collection[];
  /** Whether the indexes may change now (no search in flight). */
  private readonly mayWrite: () => boolean;
  /** The collections indexed as the current file loads. */
  private active: Collection[] = [];
  /** The active collections a reading thread reads fields for (`readers`), in the readers' order. */
  private reading: Collection[] = [];
  private failed = false;
  private fileBytes = 0;
  private bytesSeen = 0;
  private recordsSeen = 0;

  private readonly onError: (error: unknown) => void;

  constructor(collections: Iterable<Collection>, mayWrite: () => boolean, onError: (error: unknown) => void) {
    this.collections = [...collections];
    this.mayWrite = mayWrite;
    this.onError = onError;
  }

  /** A file of `kind` begins, `bytes` long, with files of `later` kinds after it. */
  startFile(kind: DumpKind, bytes: number, later: readonly DumpKind[]): void {
    this.finish();
    if (this.failed) return;
    this.active = this.collections.filter((c) => c.spec.source === kind && !later.some((k) => mayChange(c.spec, k)));
    this.fileBytes = bytes;
    this.bytesSeen = 0;
    this.recordsSeen = 0;
  }

  /**
   * What a reading thread may read of the current file's records for the collections indexed as it
   * loads: per collection, its fields and columns that come from the record alone.
   */
  readers(): Array<{ kind: SearchKind; fields: string[]; numbers: string[]; keywords: string[] }> {
    const readers = this.active.map((c) => ({ collection: c, kind: c.spec.kind, fields: c.spec.textFields.filter((f) => f.fromRecordAlone).map((f) => f.name), ...columnsFromRecordAlone(c.spec) }));
    const reading = readers.filter((r) => r.fields.length + r.numbers.length + r.keywords.length > 0);
    this.reading = reading.map((r) => r.collection);
    return reading.map(({ kind, fields, numbers, keywords }) => ({ kind, fields, numbers, keywords }));
  }

  /**
   * A record of the current file was stored (and marked) as `ref`; `textLength` is its line's length;
   * a reading thread read its fields into line `line` of `given`, a batch per reader.
   */
  loaded(textLength: number, ref?: number, given?: readonly GivenBatch[], line = 0): void {
    this.bytesSeen += textLength + 1;
    this.recordsSeen++;
    if (!this.active.length || !this.mayWrite()) return;
    // Records still to come in this file at the mean line length so far: the collection sizes its arrays for them.
    const more = this.recordsSeen < ESTIMATE_AFTER ? 0 : ((this.fileBytes - this.bytesSeen) * this.recordsSeen) / this.bytesSeen;
    try {
      if (given && ref !== undefined) this.reading.forEach((c, r) => c.offerTerms(ref, given[r], line));
      for (const c of this.active) {
        c.expectMore(more);
        c.step(STEP_PER_RECORD);
      }
    } catch (error) {
      // A failure of indexing is not the line's problem: it is reported as the engine's, and indexing waits for the load's end.
      this.failed = true;
      this.finish();
      this.onError(error);
    }
  }

  /** The load (or the file) is over: no more records are expected. */
  finish(): void {
    for (const c of this.active) c.expectMore(0);
    for (const c of this.reading) c.forgetOffers();
    this.active = [];
    this.reading = [];
  }
}

/** Whether a record of `kind` may change a document of the kind: by affecting it, or through a joined column. */
function mayChange(spec: KindSpec<RecordLike>, kind: DumpKind): boolean {
  return RECORD_KINDS[kind].affects?.kind === spec.kind || spec.columns.some((c) => c.dependsOn?.includes(kind));
}
