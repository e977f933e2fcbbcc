/**
 * What a saved index holds and in which order: the store's records, kind by
 * kind (NDJSON blocks), then the index of each search kind (its slots,
 * dictionary, term occurrences and typed columns; the posting lists are
 * computed from the occurrences when it is opened).
 */
import type { CollectionState, FieldState } from "../index/state.js";
import type { DumpKind, KindSpec, RecordLike } from "../kinds/types.js";
import type { Link, StoredBlock, StoredEntries } from "../store.js";
import { LayoutError, type FrameReader, type FrameWriter } from "./frames.js";
import { SectionReader, SectionWriter, whole } from "./sections.js";

/** Bytes of records per records frame. */
const RECORD_BLOCK_BYTES = 4 * 1024 * 1024;

export interface IndexSnapshot {
  /** Every record under its key, kind by kind. */
  records: Array<{ kind: DumpKind; entries: StoredEntries }>;
  collections: Array<{ spec: KindSpec<RecordLike>; state: CollectionState }>;
}

export interface RestoreSink {
  /** The saved records, block by block, kind by kind, in the order they were saved: JSON texts, parsed when first read. */
  records(block: StoredBlock): void;
  /** Each search kind's saved index, after every record; restoring may take turns of the event loop. */
  collection(state: CollectionState): void | Promise<void>;
}

/** The shape of a kind's index (fields and typed columns): an index saved for another shape cannot be used. */
export function schemaOf(spec: KindSpec<RecordLike>): string {
  const fields = spec.textFields.map((f) => `${f.name}:${f.tokenizer}`);
  const columns = spec.columns.map((c) => `${c.name}:${c.type}`);
  return `${spec.kind}|${spec.source}|${fields.join(",")}|${columns.join(",")}`;
}

export async function writeSnapshot(frames: FrameWriter, snapshot: IndexSnapshot): Promise<void> {
  for (const { kind, entries } of snapshot.records) await writeRecords(frames, kind, entries);
  const sections = new SectionWriter(frames);
  for (const { state } of snapshot.collections) await writeCollection(sections, state);
  await frames.end();
}

/**
 * Records as blocks of their JSON texts end to end, with each record's key, byte length and link
 * (`Store.linkOf`) in the block's meta: an opened store takes each block over as it is.
 */
async function writeRecords(frames: FrameWriter, kind: DumpKind, entries: Iterable<[key: string, bytes: Buffer, link: Link]>): Promise<void> {
  let keys: string[] = [];
  let links: Link[] = [];
  let texts: Buffer[] = [];
  let bytes = 0;
  const block = () => frames.frame("records", { kind, count: texts.length, keys, links, lengths: texts.map((t) => t.length) }, Buffer.concat(texts, bytes));
  for (const [key, text, link] of entries) {
    keys.push(key);
    links.push(link);
    texts.push(text);
    bytes += text.length;
    if (bytes >= RECORD_BLOCK_BYTES) {
      await block();
      [keys, links, texts, bytes] = [[], [], [], 0];
    }
  }
  if (texts.length) await block();
}

async function writeCollection(out: SectionWriter, state: CollectionState): Promise<void> {
  const capacity = state.keys.length;
  await out.frames.frame("collection", {
    kind: state.kind,
    capacity,
    free: state.free,
    fields: state.fields.map((f) => ({ name: f.name, totalLength: f.totalLength, widths: f.occurrences.widths !== undefined })),
    numbers: state.numbers.map((n) => n.name),
    keywords: state.keywords.map((k) => k.name),
    signals: state.signals.length,
  });
  await out.strings("keys", state.keys);
  await out.strings("dictionary", state.dictionary);
  for (const f of state.fields) {
    const { counts, ids, positions, widths } = f.occurrences;
    await out.array(`counts.${f.name}`, counts);
    await out.array(`terms.${f.name}`, ids);
    await out.array(`positions.${f.name}`, positions);
    if (widths) await out.array(`widths.${f.name}`, widths);
  }
  for (const n of state.numbers) await out.array(`number.${n.name}`, n.values);
  for (const k of state.keywords) {
    await out.strings(`keyword.${k.name}.values`, k.values);
    await out.array(`keyword.${k.name}.counts`, k.counts);
    await out.array(`keyword.${k.name}.ids`, k.ids);
  }
  await out.array("orders", state.orders);
  for (const [i, values] of state.signals.entries()) await out.array(`signal.${i}`, values);
}

/** Reads records and indexes into `sink`; `kinds` are the search kinds the header announced, in order. */
export async function readSnapshot(frames: FrameReader, kinds: string[], sink: RestoreSink): Promise<void> {
  const sections = new SectionReader(frames);
  let frame = await frames.next();
  while (frame?.name === "records") {
    sink.records(recordsOf(frame.meta, frame.payload));
    frame = await frames.next();
  }
  for (const kind of kinds) {
    if (frame?.name !== "collection" || frame.meta.kind !== kind) throw new LayoutError(`the index of ${kind} is missing`);
    await sink.collection(await readCollection(sections, frame.meta));
    frame = await frames.next();
  }
  if (frame) throw new LayoutError(`unexpected ${frame.name} frame`);
}

/** A records frame as a block of the store: keys, links and lengths checked against the payload. */
function recordsOf(meta: Record<string, unknown>, payload: Buffer): StoredBlock {
  const { kind, count, keys, links, lengths } = meta as { kind: DumpKind; count: number; keys: unknown; links: unknown; lengths: unknown };
  const n = whole(count, `${kind} records`);
  if (![keys, links, lengths].every((list) => Array.isArray(list) && list.length === n)) throw new LayoutError(`a block of ${kind} has the wrong number of records`);
  const [keyList, linkList, lengthList] = [keys, links, lengths] as unknown[][];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const [key, link, length] = [keyList[i], linkList[i], lengthList[i]];
    if (typeof key !== "string" || !(link === null || typeof link === "string" || typeof link === "number")) throw new LayoutError(`a ${kind} key or link is not valid`);
    bytes += whole(length, `a ${kind} record's length`);
  }
  if (bytes !== payload.length) throw new LayoutError(`a block of ${kind} has the wrong length`);
  return { kind, keys: keyList as string[], links: linkList as Link[], lengths: lengthList as number[], bytes: payload };
}

interface CollectionMeta {
  kind: string;
  capacity: number;
  free: number[];
  fields: Array<{ name: string; totalLength: number; widths: boolean }>;
  numbers: string[];
  keywords: string[];
  signals: number;
}

async function readCollection(input: SectionReader, raw: Record<string, unknown>): Promise<CollectionState> {
  const meta = raw as unknown as CollectionMeta;
  const capacity = whole(meta.capacity, "capacity");
  if (!Array.isArray(meta.free) || !Array.isArray(meta.fields) || !Array.isArray(meta.numbers) || !Array.isArray(meta.keywords)) {
    throw new LayoutError(`the index of ${meta.kind} is incomplete`);
  }
  const keys = await input.strings("keys");
  if (keys.length !== capacity) throw new LayoutError("keys do not match the capacity");
  const dictionary = await input.strings("dictionary");
  if (dictionary.some((t) => t === null)) throw new LayoutError("the dictionary holds a null");
  const fields: FieldState[] = [];
  for (const f of meta.fields) {
    const occurrences = {
      counts: await input.array(`counts.${f.name}`, "u32"),
      ids: await input.array(`terms.${f.name}`, "u32"),
      positions: await input.array(`positions.${f.name}`, "u32"),
      widths: f.widths ? await input.array(`widths.${f.name}`, "u32") : undefined,
    };
    fields.push({ name: f.name, totalLength: whole(f.totalLength, "length"), occurrences });
  }
  const numbers: CollectionState["numbers"] = [];
  for (const name of meta.numbers) numbers.push({ name, values: await input.array(`number.${name}`, "f64") });
  const keywords: CollectionState["keywords"] = [];
  for (const name of meta.keywords) {
    const values = await input.strings(`keyword.${name}.values`);
    if (values.some((v) => v === null)) throw new LayoutError(`keyword.${name} holds a null`);
    const counts = await input.array(`keyword.${name}.counts`, "u32");
    const ids = await input.array(`keyword.${name}.ids`, "u32");
    keywords.push({ name, values: values as string[], counts, ids });
  }
  const orders = await input.array("orders", "f64");
  const signals: Float64Array[] = [];
  for (let i = 0; i < whole(meta.signals, "signals"); i++) signals.push(await input.array(`signal.${i}`, "f64"));
  return { kind: meta.kind, keys, free: meta.free, dictionary: dictionary as string[], fields, numbers, keywords, orders, signals };
}
