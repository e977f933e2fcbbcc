/**
 * What a saved index holds and in which order: the store's records (its
 * buffers as they are, then each kind's table: ./records.ts), then the index
 * of each search kind (its slots, dictionary, term occurrences, posting lists
 * and typed columns; before format 14 the posting lists were computed from the
 * occurrences when opened), each followed by its text part's block bounds when the save had them
 * (src/score/saved-bounds.ts).
 */
import type { NumberColumnState } from "../index/columns.js";
import { capacityOf, type BuiltSlots, type CollectionSnapshot, type CollectionState, type FieldState, type SavedLists } from "../index/state.js";
import { DUMP_KINDS } from "../kinds/index.js";
import type { DumpKind, KindSpec, RecordLike } from "../kinds/types.js";
import type { SavedBounds, SavedFieldBounds } from "../score/saved-bounds.js";
import type { SavedHeader } from "./format.js";
import { NO_ROW, type SavedRecords } from "../store.js";
import { PagedU32 } from "../structures/paged-u32.js";
import { LayoutError, pause, type FrameReader, type FrameWriter } from "./frames.js";
import { readRecords, writeRecords, type RecordsSink } from "./records.js";
import { checkingShares } from "./shares.js";
import { cut, SectionReader, SectionWriter, whole } from "./sections.js";

/** Slots' rows made or checked between pauses. */
const ROWS_PER_STEP = 1 << 18;

/** The store's current records and the buffers they lie in, and each search kind's index. */
export interface IndexSnapshot extends SavedRecords {
  collections: Array<{ spec: KindSpec<RecordLike>; state: CollectionSnapshot; bounds?: SavedBounds }>;
}

/** Where an open hands over the store's chunks and tables (in the order saved), then each index. */
export interface RestoreSink extends RecordsSink {
  /**
   * Translates, in place, each row of the saved table of `source` in `slots.refs` (NO_ROW aside) into
   * the reference of the record taken over; rejects a row past the table or named twice, and a
   * `source` that is not the records of the search kind `kind`.
   */
  slotRecords(kind: string, source: DumpKind, slots: BuiltSlots): void | Promise<void>;
  /** Each search kind's saved index (and its bounds, when saved), after every record; restoring may take turns of the event loop. */
  collection(state: CollectionState, bounds: SavedBounds | undefined): void | Promise<void>;
}

/** The shape of a kind's index (fields and typed columns): an index saved for another shape cannot be used. */
export function schemaOf(spec: KindSpec<RecordLike>): string {
  const fields = spec.textFields.map((f) => `${f.name}:${f.tokenizer}`);
  const columns = spec.columns.map((c) => `${c.name}:${c.type}`);
  return `${spec.kind}|${spec.source}|${fields.join(",")}|${columns.join(",")}`;
}

/** Whether an index saved with `saved` (a `schemaOf`) fits the kind: the same shape, once the kind's retired keyword columns are taken out of it. */
export function fitsSchema(saved: unknown, spec: KindSpec<RecordLike>): boolean {
  if (typeof saved !== "string") return false;
  const retired = new Set((spec.retiredColumns ?? []).map((name) => `${name}:keyword`));
  const parts = saved.split("|");
  if (parts.length === 4) parts[3] = parts[3].split(",").filter((column) => !retired.has(column)).join(",");
  return parts.join("|") === schemaOf(spec);
}

export async function writeSnapshot(frames: FrameWriter, snapshot: IndexSnapshot): Promise<void> {
  await writeRecords(frames, snapshot);
  const sections = new SectionWriter(frames);
  const rows = new SavedRows(snapshot.records);
  for (const { spec, state, bounds } of snapshot.collections) {
    await writeCollection(sections, state, spec.source, rows);
    if (bounds) await writeBounds(sections, bounds);
  }
  await frames.end();
}

async function writeCollection(out: SectionWriter, state: CollectionSnapshot, source: DumpKind, rows: SavedRows): Promise<void> {
  const capacity = capacityOf(state);
  await out.frames.frame("collection", {
    kind: state.kind,
    capacity,
    free: state.free,
    fields: state.fields.map((f) => ({ name: f.name, totalLength: f.totalLength, widths: f.occurrences.wide, ...(f.lists ? { lists: true } : {}) })),
    numbers: state.numbers.map((n) => n.name),
    keywords: state.keywords.map((k) => k.name),
    signals: state.signals.length,
    // Format 12 on: the slots as built, each slot's record as its row in the table of `source`.
    ...(state.slots ? { slots: { source, used: state.slots.keys.bytes.used } } : {}),
  });
  if (state.slots) await writeSlots(out, state.slots, await rows.rowsOf(source, state.slots));
  else await out.strings("keys", state.keys!);
  await out.strings("dictionary", state.dictionary);
  for (const f of state.fields) {
    const occurrences = f.occurrences;
    await out.array(`counts.${f.name}`, occurrences.counts);
    await out.chunks(`terms.${f.name}`, occurrences, "ids");
    await out.chunks(`positions.${f.name}`, occurrences, "positions");
    if (occurrences.wide) await out.chunks(`widths.${f.name}`, occurrences, "widths");
    if (f.lists) await writeLists(out, f.name, f.lists);
  }
  for (const n of state.numbers) await out.array(`number.${n.name}`, n.column.values, { form: n.column.form });
  for (const k of state.keywords) {
    await out.strings(`keyword.${k.name}.values`, k.values);
    await out.array(`keyword.${k.name}.counts`, k.counts);
    await out.array(`keyword.${k.name}.ids`, k.ids, k.ownKey === undefined ? {} : { ownKey: k.ownKey });
  }
  await out.array("orders", state.orders.values, { form: state.orders.form });
  for (const [i, { form, values }] of state.signals.entries()) await out.array(`signal.${i}`, values, { form });
}

/** A field's posting lists (format 14 on): the terms listed, their lengths, and the lists end to end, frames of whole lists that an open views. */
async function writeLists(out: SectionWriter, field: string, { terms, lengths, pieces }: SavedLists): Promise<void> {
  await out.array(`lists.${field}.terms`, terms);
  await out.array(`lists.${field}.lengths`, lengths);
  await out.groups(`lists.${field}`, "u32", pieces);
}

/** The slots as built (`BuiltSlots`), each slot's reference written as its record's row. */
async function writeSlots(out: SectionWriter, { keys }: BuiltSlots, rows: Uint32Array): Promise<void> {
  const { bytes, parts } = keys;
  await out.array("slots.partLengths", Uint32Array.from(parts, (part) => part.length));
  await out.groups("slots.parts", "u32", parts);
  await out.array("slots.pageLengths", Uint32Array.from(bytes.pages, (page) => page.length));
  await out.groups("slots.pages", "u8", bytes.pages);
  await out.array("slots.starts", bytes.starts);
  await out.array("slots.lengths", bytes.lengths);
  await out.strings("slots.wide", bytes.wide);
  await out.array("slots.wideIds", bytes.wideIds);
  await out.array("slots.freed", bytes.freed);
  await out.array("slots.rows", rows);
}

/**
 * Each saved record's row in the table of its kind (the order `writeRecords` writes them), by its
 * reference: what a collection's slots name their records by in the file, since an open gives the
 * records new references.
 */
class SavedRows {
  private readonly byKind = new Map<DumpKind, PagedU32>();

  constructor(private readonly records: IndexSnapshot["records"]) {}

  /** Each slot's row (NO_ROW for a slot without a key), in steps with pauses. Throws when a slot's record is not among the saved ones. */
  async rowsOf(kind: DumpKind, { keys, refs }: BuiltSlots): Promise<Uint32Array> {
    const rowOf = await this.rowsOfKind(kind);
    const rows = new Uint32Array(refs.length);
    for (let from = 0; from < refs.length; from += ROWS_PER_STEP) {
      for (let slot = from; slot < Math.min(refs.length, from + ROWS_PER_STEP); slot++) {
        if (keys.bytes.lengths[slot] === 0) {
          rows[slot] = NO_ROW;
          continue;
        }
        const row = rowOf.get(refs[slot]);
        if (row === 0) throw new Error(`slot ${slot} of ${kind} indexes a record that is not saved`);
        rows[slot] = row - 1;
      }
      await pause();
    }
    return rows;
  }

  /** Row + 1 by reference, for the records of `kind`. */
  private async rowsOfKind(kind: DumpKind): Promise<PagedU32> {
    let rowOf = this.byKind.get(kind);
    if (rowOf) return rowOf;
    rowOf = new PagedU32();
    let row = 0;
    for (const { entries } of this.records.filter((r) => r.kind === kind)) {
      for (const { refs } of entries) {
        for (const ref of refs) rowOf.set(ref, ++row);
        await pause();
      }
    }
    this.byKind.set(kind, rowOf);
    return rowOf;
  }
}

async function writeBounds(out: SectionWriter, bounds: SavedBounds): Promise<void> {
  const { least, blocks, fields } = bounds;
  await out.frames.frame("bounds", { least, blocks, fields: fields.map(({ name, b, avg }) => ({ name, b, avg })) });
  for (const f of fields) {
    await out.array(`bounds.${f.name}.terms`, f.terms);
    await out.groups(`bounds.${f.name}.shares`, "f32", f.shares);
    await out.array(`bounds.${f.name}.impacts`, f.impactTerms);
    await out.array(`bounds.${f.name}.lengths`, Uint32Array.from(f.frequencies, (list) => list.length));
    await out.groups(`bounds.${f.name}.frequencies`, "u8", f.frequencies);
  }
}

/** Reads records and indexes into `sink`; the header announced the records of each kind and the search kinds, in order. */
export async function readSnapshot(frames: FrameReader, header: SavedHeader, sink: RestoreSink): Promise<void> {
  const sections = new SectionReader(frames);
  let frame = await readRecords(frames, await frames.next(), header.records, sink);
  for (const { kind } of header.collections) {
    if (frame?.name !== "collection" || frame.meta.kind !== kind) throw new LayoutError(`the index of ${kind} is missing`);
    const state = await readCollection(sections, frame.meta);
    // Rows of the saved tables become references of the records taken over.
    if (state.slots) await sink.slotRecords(kind, (frame.meta as unknown as CollectionMeta).slots!.source, state.slots);
    frame = await frames.next();
    let bounds: SavedBounds | undefined;
    if (frame?.name === "bounds") {
      bounds = await readBounds(sections, frame.meta);
      frame = await frames.next();
    }
    await sink.collection(state, bounds);
  }
  if (frame) throw new LayoutError(`unexpected ${frame.name} frame`);
}

interface CollectionMeta {
  kind: string;
  capacity: number;
  free: number[];
  fields: Array<{ name: string; totalLength: number; widths: boolean; lists?: boolean }>;
  numbers: string[];
  keywords: string[];
  signals: number;
  slots?: { source: DumpKind; used: number };
}

async function readCollection(input: SectionReader, raw: Record<string, unknown>): Promise<CollectionState> {
  const meta = raw as unknown as CollectionMeta;
  const capacity = whole(meta.capacity, "capacity");
  if (!Array.isArray(meta.free) || !Array.isArray(meta.fields) || !Array.isArray(meta.numbers) || !Array.isArray(meta.keywords)) {
    throw new LayoutError(`the index of ${meta.kind} is incomplete`);
  }
  const slots = meta.slots === undefined ? undefined : await readSlots(input, meta.slots);
  const keys = slots ? undefined : await input.strings("keys");
  if (capacityOf({ keys, slots }) !== capacity) throw new LayoutError("keys do not match the capacity");
  const dictionary = (await input.strings("dictionary")).asStrings();
  if (!dictionary) throw new LayoutError("the dictionary holds a null");
  const fields: FieldState[] = [];
  for (const f of meta.fields) {
    const occurrences = {
      counts: await input.array(`counts.${f.name}`, "u32"),
      ids: await input.chunks(`terms.${f.name}`),
      positions: await input.positions(`positions.${f.name}`),
      widths: f.widths ? await input.chunks(`widths.${f.name}`) : undefined,
    };
    // Format 14 on: the posting lists, checked against the occurrences when the collection is restored.
    const lists = f.lists === true ? await readLists(input, f.name) : undefined;
    fields.push({ name: f.name, totalLength: whole(f.totalLength, "length"), occurrences, ...(lists ? { lists } : {}) });
  }
  const numbers: CollectionState["numbers"] = [];
  for (const name of meta.numbers) numbers.push({ name, column: await input.numbers(`number.${name}`) });
  const keywords: CollectionState["keywords"] = [];
  for (const name of meta.keywords) {
    const values = (await input.strings(`keyword.${name}.values`)).asStrings();
    if (!values) throw new LayoutError(`keyword.${name} holds a null`);
    const counts = await input.wholeNumbers(`keyword.${name}.counts`);
    const { values: ids, meta: idsMeta } = await input.wholeNumbersWithMeta(`keyword.${name}.ids`);
    // Format 11 on: the id standing for a document's own key.
    const ownKey = idsMeta.ownKey === undefined ? undefined : whole(idsMeta.ownKey, `keyword.${name}.ids`);
    keywords.push({ name, values, counts, ids, ...(ownKey === undefined ? {} : { ownKey }) });
  }
  const orders = await input.numbers("orders");
  const signals: NumberColumnState[] = [];
  for (let i = 0; i < whole(meta.signals, "signals"); i++) signals.push(await input.numbers(`signal.${i}`));
  return { kind: meta.kind, ...(slots ? { slots } : { keys }), free: meta.free, dictionary, fields, numbers, keywords, orders, signals };
}

/** The lists `writeLists` wrote, each frame's lists a view of its bytes. */
async function readLists(input: SectionReader, field: string): Promise<SavedLists> {
  const terms = await input.array(`lists.${field}.terms`, "u32");
  const lengths = await input.array(`lists.${field}.lengths`, "u32");
  if (lengths.length !== terms.length) throw new LayoutError(`lists.${field}.lengths do not match its terms`);
  return { terms, lengths, pieces: await input.chunks(`lists.${field}`) };
}

/**
 * The slots as `writeSlots` wrote them, their arrays views of the frames read; `refs` holds each
 * slot's row (NO_ROW for a slot without a key) until the sink translates it (`slotRecords`).
 */
async function readSlots(input: SectionReader, raw: unknown): Promise<BuiltSlots> {
  const meta = (raw ?? {}) as { source?: unknown; used?: unknown };
  if (!DUMP_KINDS.includes(meta.source as DumpKind)) throw new LayoutError("the slots name no kind of records");
  const used = whole(meta.used, "slots.used");
  const partLengths = await input.array("slots.partLengths", "u32");
  const parts = cut("slots.parts", await input.chunks("slots.parts"), partLengths);
  const pageLengths = await input.array("slots.pageLengths", "u32");
  const pages = cut("slots.pages", await input.chunks("slots.pages", "u8"), pageLengths);
  const starts = await input.array("slots.starts", "u32");
  const lengths = await input.array("slots.lengths", "u32");
  const wide = (await input.strings("slots.wide")).asStrings();
  if (!wide) throw new LayoutError("slots.wide holds a null");
  const wideIds = await input.array("slots.wideIds", "u32");
  const freed = await input.array("slots.freed", "u32");
  const rows = await input.array("slots.rows", "u32");
  if (rows.length !== lengths.length) throw new LayoutError("slots.rows do not match the slots");
  // A slot has a row exactly when it has a key.
  for (let from = 0; from < rows.length; from += ROWS_PER_STEP) {
    for (let slot = from; slot < Math.min(rows.length, from + ROWS_PER_STEP); slot++) {
      if ((rows[slot] === NO_ROW) !== (lengths[slot] === 0)) throw new LayoutError(`slot ${slot} has a key without a record, or a record without a key`);
    }
    await pause();
  }
  return { keys: { parts, bytes: { pages, used, starts, lengths, wide, wideIds, freed } }, refs: rows };
}

/** The bounds `writeBounds` wrote, checked for their shape (what they are of is checked when they are taken: `adoptBounds`). */
async function readBounds(input: SectionReader, meta: Record<string, unknown>): Promise<SavedBounds> {
  const least = whole(meta.least, "bounds");
  const blocks = whole(meta.blocks, "bounds");
  if (!Array.isArray(meta.fields)) throw new LayoutError("the bounds name no fields");
  const fields: SavedFieldBounds[] = [];
  for (const raw of meta.fields as unknown[]) {
    const { name, b, avg } = (raw ?? {}) as Record<string, unknown>;
    if (typeof name !== "string" || typeof b !== "number" || !(b >= 0 && b <= 1) || typeof avg !== "number" || !(avg > 0 && avg < Infinity)) {
      throw new LayoutError("a field of the bounds is malformed");
    }
    const terms = ascending(await input.array(`bounds.${name}.terms`, "u32"), `bounds.${name}.terms`);
    const shares = cut(`bounds.${name}.shares`, await input.chunks(`bounds.${name}.shares`, "f32"), new Uint32Array(terms.length).fill(blocks));
    for (const _ of checkingShares(shares, `bounds.${name}.shares`)) await pause();
    const impactTerms = ascending(await input.array(`bounds.${name}.impacts`, "u32"), `bounds.${name}.impacts`);
    const lengths = await input.array(`bounds.${name}.lengths`, "u32");
    if (lengths.length !== impactTerms.length) throw new LayoutError(`bounds.${name}.lengths do not match its terms`);
    const frequencies = cut(`bounds.${name}.frequencies`, await input.chunks(`bounds.${name}.frequencies`, "u8"), lengths);
    fields.push({ name, b, avg, terms, shares, impactTerms, frequencies });
  }
  return { least, blocks, fields };
}

function ascending(ids: Uint32Array, what: string): Uint32Array {
  for (let i = 1; i < ids.length; i++) if (ids[i] <= ids[i - 1]) throw new LayoutError(`${what} are not ascending`);
  return ids;
}
