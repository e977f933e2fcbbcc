/**
 * The newest fields of every record, in bounded memory. Parts are merged into
 * an in-memory table until its estimated size passes the budget; the table is
 * then written to disk as a run (one line per record, in key order) and
 * emptied. At the end the runs are merged k ways, records of the same key
 * folding together by the field rule of fields.ts, which does not care how the
 * parts were grouped into runs. Memory holds the table plus one record per run.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readLines } from "../../load/index.js";
import { NdjsonFile } from "../dump-output.js";
import { mergeFields, supersedes, type ArchiveKind, type Field, type Fields, type Part } from "./fields.js";

export interface NewestWinsOptions {
  /** Estimated bytes of fields held in memory before they are spilled to a run; default 64 MiB. */
  budgetBytes?: number;
  /** Where runs are written (in a folder of their own, removed by `close`); default the system's. */
  tempDir?: string;
}

export interface MergedRecord {
  readonly kind: ArchiveKind;
  readonly key: string;
  readonly fields: Fields;
}

const DEFAULT_BUDGET_BYTES = 64 * 1024 * 1024;
// Runs merged at once; more runs are merged in rounds, so open files stay few.
const FAN_IN = 32;
// A rough cost of a field's tuple and name, and of a record's own entry, beside its value's JSON.
const FIELD_OVERHEAD = 64;
const RECORD_OVERHEAD = 128;
const SEPARATOR = "\u0000";

export class NewestWins {
  private table = new Map<string, Fields>();
  private tableBytes = 0;
  private readonly runs: string[] = [];
  private folder: string | undefined;
  private written = 0;
  private readonly budget: number;

  constructor(private readonly options: NewestWinsOptions = {}) {
    this.budget = options.budgetBytes ?? DEFAULT_BUDGET_BYTES;
  }

  /** Runs written so far, those of merge rounds included. */
  get spills(): number {
    return this.written;
  }

  add(part: Part, stamp: string): void {
    const id = `${part.kind}${SEPARATOR}${part.key}`;
    let fields = this.table.get(id);
    if (!fields) {
      this.table.set(id, (fields = Object.create(null) as Fields));
      this.tableBytes += RECORD_OVERHEAD;
    }
    const fieldStamp = stamp + part.rank;
    for (const name of Object.keys(part.fields)) {
      const field: Field = [fieldStamp, part.fields[name]];
      const current = fields[name];
      if (current !== undefined && !supersedes(field, current)) continue;
      this.tableBytes += sizeOf(field[1]) - (current === undefined ? -FIELD_OVERHEAD : sizeOf(current[1]));
      fields[name] = field;
    }
  }

  /** Spills the table when it has outgrown the budget; call between events, so that an event's parts stay together. */
  async relieve(): Promise<void> {
    if (this.tableBytes > this.budget) await this.spill();
  }

  /** Every record once, merged, in key order (grouped by kind); the table is handed over, not copied. */
  async *records(): AsyncGenerator<MergedRecord> {
    if (this.runs.length === 0) {
      const table = this.table;
      this.table = new Map();
      this.tableBytes = 0;
      for (const id of [...table.keys()].sort()) yield merged(id, table.get(id)!);
      return;
    }
    if (this.table.size > 0) await this.spill();
    while (this.runs.length > FAN_IN) {
      const round = this.runs.splice(0, FAN_IN);
      const out = await this.newRun();
      for await (const [id, fields] of mergeRuns(round)) await out.file.write(runLine(id, fields));
      await finishRun(out.file);
      await Promise.all(round.map((path) => rm(path, { force: true })));
      this.runs.push(out.path);
    }
    for await (const [id, fields] of mergeRuns(this.runs)) yield merged(id, fields);
  }

  /** Removes the runs. */
  async close(): Promise<void> {
    if (this.folder) await rm(this.folder, { recursive: true, force: true });
    this.folder = undefined;
  }

  private async spill(): Promise<void> {
    const out = await this.newRun();
    for (const id of [...this.table.keys()].sort()) await out.file.write(runLine(id, this.table.get(id)!));
    await finishRun(out.file);
    this.runs.push(out.path);
    this.table = new Map();
    this.tableBytes = 0;
  }

  private async newRun(): Promise<{ path: string; file: NdjsonFile }> {
    this.folder ??= await mkdtemp(join(this.options.tempDir ?? tmpdir(), "forgesearch-gharchive-"));
    const path = join(this.folder, `run-${this.written++}.ndjson`);
    return { path, file: await NdjsonFile.open(path, false) };
  }
}

async function finishRun(file: NdjsonFile): Promise<void> {
  await file.close();
  await file.publish();
}

function merged(id: string, fields: Fields): MergedRecord {
  const at = id.indexOf(SEPARATOR);
  return { kind: id.slice(0, at) as ArchiveKind, key: id.slice(at + 1), fields };
}

type RunLine = [id: string, fields: Fields];

/** The runs' records merged by key: each run is in key order, so the smallest head is the next key. */
async function* mergeRuns(paths: readonly string[]): AsyncGenerator<RunLine> {
  const readers = paths.map((path) => readRun(path));
  const heads: Array<RunLine | undefined> = await Promise.all(readers.map(async (reader) => (await reader.next()).value));
  for (;;) {
    let least: string | undefined;
    for (const head of heads) if (head && (least === undefined || head[0] < least)) least = head[0];
    if (least === undefined) return;
    let fields: Fields | undefined;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i];
      if (!head || head[0] !== least) continue;
      fields = fields ? mergeFields(fields, head[1]) : head[1];
      heads[i] = (await readers[i].next()).value;
    }
    yield [least, fields!];
  }
}

/**
 * A record as one line of a run: its fields grouped by stamp, since most of a
 * record's fields come from few events and a stamp is longer than most values.
 */
function runLine(id: string, fields: Fields): [string, Array<[string, Record<string, unknown>]>] {
  const groups = new Map<string, Record<string, unknown>>();
  for (const [name, field] of Object.entries(fields)) {
    if (field === undefined) continue;
    const [stamp, value] = field;
    let group = groups.get(stamp);
    if (!group) groups.set(stamp, (group = {}));
    group[name] = value;
  }
  return [id, [...groups]];
}

async function* readRun(path: string): AsyncGenerator<RunLine, undefined> {
  for await (const line of readLines(path)) {
    // Runs are our own output: the names in them were checked when their events were read.
    const [id, groups] = JSON.parse(line.text) as ReturnType<typeof runLine>;
    const fields = Object.create(null) as Fields;
    for (const [stamp, group] of groups) for (const name of Object.keys(group)) fields[name] = [stamp, group[name]];
    yield [id, fields];
  }
  return undefined;
}

function sizeOf(value: unknown): number {
  return value === undefined ? 0 : JSON.stringify(value).length;
}
