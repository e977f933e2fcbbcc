/**
 * The reading thread of a load (src/load/thread-lines.ts): reads one dump file's lines as `readLines`
 * does, parses each and reads the text fields that come from the record alone into term ids of a
 * dictionary of its own and the columns that do into values (`ColumnBatch`), and hands the lines
 * over in batches, a few batches ahead of the main thread.
 * What it cannot read (a line that is not a JSON object, a field that throws) it marks unread: the
 * main thread then reads that line as it would without this thread.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import { lowerThreadPriority } from "../concurrency/thread-priority.js";
import { FieldTerms } from "../index/field-terms.js";
import { TermDictionary } from "../index/term-dictionary.js";
import { KINDS } from "../kinds/index.js";
import { readFromRecordAlone } from "../index/column-values.js";
import type { ColumnSpec, RecordLike, SearchKind, TextFieldSpec } from "../kinds/types.js";
import type { StoreReader } from "../records/store-reader.js";
import { ColumnBatch } from "./column-batch.js";
import { readLines } from "./lines.js";
import { parseRecord } from "./parse-record.js";
import { LINE_TOO_LONG, LINE_INVALID_UTF8, LINE_UNREAD, type BatchMessage, type ReadingRequest, type ReadingReply } from "./thread-protocol.js";

/** Lines and bytes of text a batch holds at most. */
const BATCH_LINES = 1024;
const BATCH_CHARS = 1 << 20;

/** A store that is never there: a field that reaches for one is not from the record alone, and its line is left unread. */
const NO_STORE = new Proxy({} as StoreReader, {
  get() {
    throw new Error("a field read from the record alone reached for the store");
  },
});

/** Growable occurrences of one kind's fields over a batch. */
class KindOccurrences {
  starts: number[] = [0];
  ids: Uint32Array<ArrayBuffer> = new Uint32Array(1 << 16);
  positions: Uint32Array<ArrayBuffer> = new Uint32Array(1 << 16);
  widths: Uint32Array<ArrayBuffer> = new Uint32Array(1 << 16);
  count = 0;

  append(terms: FieldTerms): void {
    const n = terms.count;
    if (this.count + n > this.ids.length) {
      const size = Math.max(this.count + n, this.ids.length * 2);
      this.ids = grown(this.ids, size);
      this.positions = grown(this.positions, size);
      this.widths = grown(this.widths, size);
    }
    this.ids.set(terms.ids.subarray(0, n), this.count);
    this.positions.set(terms.positions.subarray(0, n), this.count);
    this.widths.set(terms.widths.subarray(0, n), this.count);
    this.count += n;
    this.starts.push(this.count);
  }

  /** Empty again, for the next batch (the arrays kept: a batch sends copies). */
  reset(): void {
    this.starts = [0];
    this.count = 0;
  }

  /** No occurrences for each of `fields` (a line left unread). */
  skip(fields: number): void {
    for (let f = 0; f < fields; f++) this.starts.push(this.count);
  }
}

function grown(array: Uint32Array, size: number): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(size);
  out.set(array);
  return out;
}

interface Reader {
  fields: TextFieldSpec<RecordLike>[];
  dictionary: TermDictionary;
  /** Local terms sent so far. */
  sent: number;
  columns: ColumnBatch;
}

/** `Atomics.waitAsync` (Node 16 on), which the ES2023 library this project compiles with does not declare. */
const waitAsync = (Atomics as unknown as { waitAsync(array: Int32Array, index: number, value: number, timeout: number): { value: Promise<string> | string } }).waitAsync;

lowerThreadPriority(setPriority, readlinkSync);

const port = parentPort!;
const request = workerData as ReadingRequest;
const readers: Reader[] = request.readers.map(({ kind, fields, numbers, keywords }) => ({
  fields: fields.map((name) => {
    const field = KINDS[kind].textFields.find((f) => f.name === name);
    if (!field?.fromRecordAlone) throw new Error(`${kind} has no field ${name} read from the record alone`);
    return field;
  }),
  dictionary: new TermDictionary(),
  sent: 0,
  columns: new ColumnBatch(numbers.map(columnOf(kind)), keywords.map(columnOf(kind)), NO_STORE),
}));

function columnOf(kind: SearchKind): (name: string) => ColumnSpec<RecordLike> {
  return (name) => {
    const column = KINDS[kind].columns.find((c) => c.name === name);
    if (!column || !readFromRecordAlone(column)) throw new Error(`${kind} has no column ${name} read from the record alone`);
    return column;
  };
}

const terms = new FieldTerms();
let sent = 0;
let stopped = false;
// The one message the main thread sends: stop.
port.on("message", (_: ReadingReply) => (stopped = true));

await reading().catch((error: unknown) => {
  const failure: NodeJS.ErrnoException = error instanceof Error ? error : new Error(String(error));
  port.postMessage({ type: "failed", message: failure.message, name: failure.name, code: failure.code });
});

async function reading(): Promise<void> {
  let texts: string[] = [];
  let flags: number[] = [];
  const occurrences = readers.map(() => new KindOccurrences());
  let first = 1;
  let chars = 0;
  let bytes = 0;
  const send = async (): Promise<void> => {
    for (let taken = Atomics.load(request.taken, 0); sent - taken >= request.ahead && !stopped; taken = Atomics.load(request.taken, 0)) {
      await waitAsync(request.taken, 0, taken, 1000).value;
    }
    if (stopped) return;
    sent += 1;
    const message: BatchMessage = {
      type: "batch",
      first,
      texts,
      flags: Uint8Array.from(flags),
      bytes,
      readers: occurrences.map((o, r) => {
        const { dictionary } = readers[r];
        const newTerms: string[] = [];
        for (let id = readers[r].sent; id < dictionary.size; id++) newTerms.push(dictionary.term(id));
        readers[r].sent = dictionary.size;
        const columns = readers[r].columns.take();
        return { starts: Uint32Array.from(o.starts), ids: o.ids.slice(0, o.count), positions: o.positions.slice(0, o.count), widths: o.widths.slice(0, o.count), newTerms, columns };
      }),
    };
    const moved = message.readers.flatMap((r) => [r.starts.buffer, r.ids.buffer, r.positions.buffer, r.widths.buffer, r.columns.numbers.buffer, r.columns.keywordStarts.buffer, r.columns.keywordIds.buffer]);
    port.postMessage(message, [message.flags.buffer, ...moved]);
    first += texts.length;
    [texts, flags, chars, bytes] = [[], [], 0, 0];
    for (const o of occurrences) o.reset();
  };
  for await (const line of readLines(request.path, { maxLineBytes: request.maxLineBytes, onChunk: (n) => (bytes += n) })) {
    if (stopped) return;
    texts.push(line.text);
    chars += line.text.length;
    let flag = (line.tooLong ? LINE_TOO_LONG : 0) | (line.invalidUtf8 ? LINE_INVALID_UTF8 : 0);
    // A line past the limit holds no text; one that is not a record the main thread reports.
    if (line.tooLong || !read(line.text, occurrences)) {
      flag |= LINE_UNREAD;
      occurrences.forEach((o, r) => o.skip(readers[r].fields.length));
      for (const reader of readers) reader.columns.skip();
    }
    flags.push(flag);
    if (texts.length >= BATCH_LINES || chars >= BATCH_CHARS) await send();
  }
  if (texts.length || bytes) await send();
  if (!stopped) port.postMessage({ type: "end" });
}

/** Reads the line's fields and columns for every reader; false (and nothing appended) when it cannot. */
function read(text: string, occurrences: KindOccurrences[]): boolean {
  const marks = occurrences.map((o) => [o.starts.length, o.count]);
  let columnsRead = 0;
  try {
    const record = parseRecord(text);
    readers.forEach((reader, r) => {
      for (const field of reader.fields) {
        terms.read(field.text(record, NO_STORE), field.tokenizer, reader.dictionary);
        occurrences[r].append(terms);
      }
    });
    // A reader's columns take back their own line when a value throws; earlier readers' columns are taken back below.
    for (const reader of readers) {
      reader.columns.read(record);
      columnsRead++;
    }
    return true;
  } catch {
    // The main thread reads the line itself: what this one appended for it goes.
    occurrences.forEach((o, r) => ([o.starts.length, o.count] = marks[r]));
    for (let r = 0; r < columnsRead; r++) readers[r].columns.unread();
    return false;
  }
}
