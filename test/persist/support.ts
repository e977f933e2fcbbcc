/** Shared by the persistence tests: temporary folders and a fixed set of requests over data/sample. */
import { mkdtemp, open, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { crc32 } from "../../src/persist/checksum.js";
import { FORMAT_VERSION, INDEX_FILE, type SavedHeader } from "../../src/persist/format.js";
import { FrameReader, FrameWriter, type Frame } from "../../src/persist/frames.js";
import { StringList } from "../../src/structures/string-list.js";
import { SearchEngine } from "../../src/index.js";
import { SavedIndexError } from "../../src/persist/index.js";
import type { Caller, SearchKind, SearchParams } from "../../src/index.js";

const folders: string[] = [];
afterAll(async () => {
  await Promise.all(folders.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A new empty folder, removed after the file's tests. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "forgesearch-persist-"));
  folders.push(dir);
  return dir;
}

/** Every preview and text matches, so that every part of an item is compared. */
export const ACCEPT = "application/vnd.github.cloak-preview.mercy-preview.text-match+json";

export interface Request {
  kind: SearchKind;
  params: SearchParams;
  caller?: Caller;
}

const as = (login: string): Caller => ({ login });

/** Requests over data/sample for all seven kinds: terms, phrases, qualifiers, sorts, pages, callers, errors. */
export const REQUESTS: Request[] = [
  ...[
    "windows label:bug language:python state:open",
    "error in:title,body",
    "shipit in:comments",
    '"pull request"',
    "is:pr is:merged",
    "involves:defunkt involves:jlord",
    "NOT bootstrap in:body involves:mdo",
    "comments:>2 sort:comments-desc",
    "is:issue",
    "repo:desktop/desktop is:open -linked:pr",
  ].map((q) => ({ kind: "issues" as const, params: { q, per_page: 7 } })),
  { kind: "issues", params: { q: "is:open", sort: "created", order: "asc", per_page: 5, page: 2 } },
  { kind: "issues", params: { q: "is:issue assignee:@me" }, caller: as("vmg") },
  { kind: "issues", params: { q: "team:myorg/ops is:open is:pr" }, caller: as("pat-ops") },
  ...["tetris", "language:javascript stars:>100", "topic:ruby", "is:private", "game in:name,description", "good-first-issues:>0"].map((q) => ({
    kind: "repositories" as const,
    params: { q, per_page: 10 },
  })),
  { kind: "repositories", params: { q: "stars:>1", sort: "stars", order: "desc", per_page: 5 } },
  { kind: "repositories", params: { q: "is:private" }, caller: as("octocat") },
  ...["tom", "type:org", "followers:>100 sort:followers", "location:san", "language:ruby"].map((q) => ({ kind: "users" as const, params: { q } })),
  ...["javascript", "is:featured", "repositories:>1 ruby"].map((q) => ({ kind: "topics" as const, params: { q } })),
  ...["bug", "help wanted", "enhancement"].map((q) => ({ kind: "labels" as const, params: { q, repository_id: 64778136 } })),
  ...["addClass in:file language:js repo:jquery/jquery", "octocat in:path", "function size:>10000 language:python", "parse"].map((q) => ({
    kind: "code" as const,
    params: { q },
  })),
  { kind: "code", params: { q: "console", sort: "indexed", order: "asc" } },
  ...["repo:electron/electron sort:committer-date", "fix", "merge:true", "author-date:>2015-01-01 bump"].map((q) => ({ kind: "commits" as const, params: { q } })),
  { kind: "issues", params: { q: "is:open" }, caller: { login: "app", via: "app-user" } },
  { kind: "issues", params: { q: "" } },
];

/** Each request's whole answer (envelope or error) as JSON. */
export async function answers(engine: SearchEngine, requests: Request[] = REQUESTS): Promise<string[]> {
  const out: string[] = [];
  for (const r of requests) {
    const answer = await engine
      .search(r.kind, r.params, { accept: ACCEPT, caller: r.caller, explain: true })
      .catch((error: { status?: number; body?: unknown }) => ({ error: error.status, body: error.body }));
    out.push(JSON.stringify(answer));
  }
  return out;
}

/** Where a saved file's header JSON starts: after the magic, the version and the length. */
const HEADER_JSON_AT = 16;

/**
 * A saved file with a well-formed header of its own: `version` in the version field and in the
 * JSON, the JSON changed by `edit`, and the header checksum made to match, as another build of the
 * library would write it.
 */
export function withHeader(saved: Buffer, version: number, edit: (header: Record<string, unknown>) => void = () => undefined): Buffer {
  const length = saved.readUInt32LE(12);
  const header = JSON.parse(saved.subarray(HEADER_JSON_AT, HEADER_JSON_AT + length).toString("utf8")) as Record<string, unknown>;
  header.version = version;
  edit(header);
  const json = Buffer.from(JSON.stringify(header));
  const fields = Buffer.alloc(8);
  fields.writeUInt32LE(version, 0);
  fields.writeUInt32LE(json.length, 4);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32LE(crc32(json, crc32(fields)));
  return Buffer.concat([saved.subarray(0, 8), fields, json, checksum, saved.subarray(HEADER_JSON_AT + length + 4)]);
}

/** The bytes of a saved file's header, checksum included. */
export const headerBytes = (saved: Buffer): number => HEADER_JSON_AT + saved.readUInt32LE(12) + 4;

/** A saved file's header and frames (end frame left out), read and checked as the library reads them. */
export async function framesOf(path: string): Promise<{ header: SavedHeader; frames: Frame[] }> {
  const file = await open(path, "r");
  try {
    const reader = new FrameReader(file, (await file.stat()).size);
    const header = await reader.header([FORMAT_VERSION]);
    const frames: Frame[] = [];
    for (let frame = await reader.next(); frame; frame = await reader.next()) frames.push(frame);
    return { header, frames };
  } finally {
    await file.close();
  }
}

/**
 * Writes a header and frames as the library writes them, checksums and end frame included: a file
 * that differs only where a test changed it (saying format `version`).
 */
export async function writeFrames(path: string, header: SavedHeader, frames: Frame[], version = FORMAT_VERSION): Promise<void> {
  const file = await open(path, "w");
  try {
    const writer = new FrameWriter(file);
    await writer.header(version, { ...header, version });
    for (const { name, meta, payload } of frames) await writer.frame(name, meta, payload);
    await writer.end();
  } finally {
    await file.close();
  }
}

/** The keys of a table frame of the store (format 9 on: after its numbers, as `StringList.encode` lays them out). */
export function tableKeys(frame: Frame): string[] {
  const keys = new StringList();
  keys.appendEncoded(frame.payload.subarray(12 * (frame.meta.count as number)));
  return keys.slice() as string[];
}

/** Strings a data frame of a strings section holds (format 9 on). */
function frameStrings(frame: Frame): Array<string | null> {
  return decoded(frame.payload);
}

/** The keys and links of a links frame (format 10 on: as bytes after its meta). */
export function linksRows(frame: Frame): { keys: string[]; links: Array<string | number> } {
  const keyBytes = frame.meta.keyBytes as number;
  const keys = decoded(frame.payload.subarray(0, keyBytes)) as string[];
  const rest = frame.payload.subarray(keyBytes);
  const links = frame.meta.kind === "comments" ? (decoded(rest) as string[]) : keys.map((_, i) => rest.readDoubleLE(8 * i));
  return { keys, links };
}

/** The rows of a tally frame (format 10 on: as bytes after its meta). */
export function tallyRows(frame: Frame): { groups: string[]; items: string[]; counts: number[] } {
  const count = frame.meta.count as number;
  const groupBytes = frame.meta.groupBytes as number;
  const counts = Array.from({ length: count }, (_, i) => frame.payload.readUInt32LE(4 * i));
  const groups = decoded(frame.payload.subarray(4 * count, 4 * count + groupBytes)) as string[];
  return { groups, items: decoded(frame.payload.subarray(4 * count + groupBytes)) as string[], counts };
}

function decoded(bytes: Uint8Array): Array<string | null> {
  const list = new StringList();
  list.appendEncoded(bytes);
  return list.slice();
}

/** A number column's stored numbers as the values they stand for (NaN: none), by the form a section names. */
function numbersAsDoubles(form: string, payload: Buffer): Float64Array {
  const Kind = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, seconds: Uint32Array, f64: Float64Array }[form]!;
  const stored = new Kind(payload.buffer as ArrayBuffer, payload.byteOffset, payload.length / Kind.BYTES_PER_ELEMENT);
  if (form === "f64") return Float64Array.from(stored);
  return Float64Array.from(stored, (n) => (n === 0 ? NaN : (n - 1) * (form === "seconds" ? 1000 : 1)));
}

/** The sections of the slots as built (format 12), in the order written. */
const SLOT_SECTIONS = ["partLengths", "parts", "pageLengths", "pages", "starts", "lengths", "wide", "wideIds", "freed", "rows"];

/** Each slot's key (null for a free slot) from the slots' sections that follow the collection frame at `at`; and where they end. */
export function builtSlotKeys(frames: Frame[], at: number): { keys: Array<string | null>; end: number } {
  const sections = new Map<string, Frame[]>();
  let i = at + 1;
  for (const name of SLOT_SECTIONS) {
    if (frames[i].meta.of !== `slots.${name}`) throw new Error(`expected slots.${name}, found ${String(frames[i].meta.of)}`);
    const end = sectionEnd(frames, i);
    sections.set(name, frames.slice(i + 1, end));
    i = end;
  }
  const numbers = (name: string) => sections.get(name)!.flatMap((f) => [...new Uint32Array(f.payload.buffer as ArrayBuffer, f.payload.byteOffset, f.payload.length / 4)]);
  const pages = Buffer.concat(sections.get("pages")!.map((f) => f.payload));
  const pageLengths = numbers("pageLengths");
  // A page's bytes start where the pages before it end; a start is page × 2^20 + offset.
  const pageStarts = pageLengths.map((_, p) => pageLengths.slice(0, p).reduce((a, b) => a + b, 0));
  const [starts, lengths, wideIds] = [numbers("starts"), numbers("lengths"), numbers("wideIds")];
  const wide = sections.get("wide")!.flatMap((f) => decoded(f.payload));
  const keys = lengths.map((length, slot) => {
    if (length === 0) return null;
    if (length === 0xffffffff) return wide[wideIds.indexOf(slot)];
    const from = pageStarts[Math.floor(starts[slot] / 2 ** 20)] + (starts[slot] % 2 ** 20);
    return pages.subarray(from, from + length - 1).toString("latin1");
  });
  return { keys, end: i };
}

/**
 * The frames as format 13 laid them out: format 14's without each field's posting lists (its sections
 * `lists.<field>.terms`, `lists.<field>.lengths` and `lists.<field>`), the fields of a collection frame
 * naming no `lists`. Nothing else changed between the two.
 */
export function asFormat13(frames: Frame[]): Frame[] {
  const out: Frame[] = [];
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i];
    if (frame.name !== "data" && String(frame.meta.of).startsWith("lists.")) {
      i = sectionEnd(frames, i) - 1;
      continue;
    }
    if (frame.name !== "collection") {
      out.push(frame);
      continue;
    }
    const fields = (frame.meta.fields as Array<Record<string, unknown>>).map(({ lists: _, ...field }) => field);
    out.push({ ...frame, meta: { ...frame.meta, fields } });
  }
  return out;
}

/** The frames as format 12 laid them out: format 13's, with every position in four bytes, no data frame naming a `type`. Nothing else changed between the two. */
export function asFormat12(given: Frame[]): Frame[] {
  return asFormat13(given).map((frame) => {
    if (frame.name !== "data" || frame.meta.type !== "u16") return frame;
    const narrow = new Uint16Array(frame.payload.buffer as ArrayBuffer, frame.payload.byteOffset, frame.payload.length / 2);
    return { name: "data", meta: {}, payload: Buffer.from(Uint32Array.from(narrow).buffer) };
  });
}

/**
 * The frames as format 11 laid them out: format 12's, with each kind's slots as a list of keys (a
 * strings section, `keys`) in place of the slots as built, its collection frame naming no `slots`.
 * Nothing else changed between the two.
 */
export function asFormat11(given: Frame[]): Frame[] {
  const frames = asFormat12(given);
  const out: Frame[] = [];
  for (let i = 0; i < frames.length; i++) {
    const frame = frames[i];
    if (frame.name !== "collection" || !frame.meta.slots) {
      out.push(frame);
      continue;
    }
    const { slots: _, ...meta } = frame.meta;
    const { keys, end } = builtSlotKeys(frames, i);
    const list = StringList.of(keys);
    out.push({ name: "collection", meta, payload: frame.payload }, { name: "strings", meta: { of: "keys", count: keys.length, encoding: "bytes" }, payload: Buffer.alloc(0) });
    for (let at = 0; at < keys.length; at += 16_384) out.push({ name: "data", meta: {}, payload: Buffer.from(list.encode(at, at + 16_384)) });
    i = end - 1;
  }
  return out;
}

/**
 * The frames as format 10 laid them out: format 11's, without the bounds after each kind's index, and a keyword
 * column's own keys (documents holding their own key, marked by the id its ids section names
 * `ownKey`) as values of their own at the end of its values, its ids in four bytes. Nothing else
 * changed between the two.
 */
export function asFormat10(frames: Frame[]): Frame[] {
  let inBounds = false;
  const unbounded = asFormat11(frames).filter((frame) => {
    if (frame.name === "bounds") inBounds = true;
    else if (frame.name === "collection") inBounds = false;
    return !inBounds;
  });
  const out: Frame[] = [];
  let keys: Array<string | null> = [];
  for (let i = 0; i < unbounded.length; i++) {
    const frame = unbounded[i];
    const of = String(frame.meta.of);
    if (frame.name === "strings" && of === "keys") keys = sectionStrings(unbounded, i);
    const column = frame.name === "strings" && /^keyword\.(.+)\.values$/.exec(of)?.[1];
    if (!column) {
      out.push(frame);
      continue;
    }
    const countsAt = sectionEnd(unbounded, i);
    const idsAt = sectionEnd(unbounded, countsAt);
    const ownKey = unbounded[idsAt].meta.ownKey as number | undefined;
    const values = sectionStrings(unbounded, i);
    const counts = sectionNumbers(unbounded, countsAt);
    const ids = sectionNumbers(unbounded, idsAt);
    let at = 0;
    counts.forEach((n, doc) => {
      if (n === 1 && ids[at] === ownKey) ids[at] = values.push(keys[doc]) - 1;
      at += n;
    });
    const list = StringList.of(values);
    const idsMeta = { of: `keyword.${column}.ids`, type: "u32", length: ids.length };
    out.push(
      { name: "strings", meta: { ...frame.meta, count: values.length }, payload: Buffer.alloc(0) },
      ...(values.length ? [{ name: "data", meta: {}, payload: Buffer.from(list.encode(0, values.length)) }] : []),
      ...unbounded.slice(countsAt, idsAt),
      { name: "array", meta: idsMeta, payload: Buffer.alloc(0) },
      ...(ids.length ? [{ name: "data", meta: {}, payload: Buffer.from(Uint32Array.from(ids).buffer) }] : []),
    );
    i = sectionEnd(unbounded, idsAt) - 1;
  }
  return out;
}

/** Where the section whose first frame is at `at` ends: past its data frames. */
function sectionEnd(frames: Frame[], at: number): number {
  let end = at + 1;
  while (end < frames.length && frames[end].name === "data") end++;
  return end;
}

/** The strings of the strings section at `at` (format 9 on). */
function sectionStrings(frames: Frame[], at: number): Array<string | null> {
  return frames.slice(at + 1, sectionEnd(frames, at)).flatMap((f) => decoded(f.payload));
}

/** The numbers of the whole-number array section at `at`. */
function sectionNumbers(frames: Frame[], at: number): number[] {
  const Kind = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array }[frames[at].meta.type as "u8" | "u16" | "u32"];
  return frames.slice(at + 1, sectionEnd(frames, at)).flatMap((f) => [...new Kind(f.payload.buffer as ArrayBuffer, f.payload.byteOffset, f.payload.length / Kind.BYTES_PER_ELEMENT)]);
}

/**
 * The frames as format 9 laid them out: format 10's, with the store's links and tallies as JSON
 * arrays in their frames' meta, every number column as doubles and every keyword column's counts
 * and ids in four bytes each. Nothing else changed between the two.
 */
export function asFormat9(frames: Frame[]): Frame[] {
  const empty = Buffer.alloc(0);
  let form: string | undefined;
  let narrow: typeof Uint8Array | typeof Uint16Array | undefined;
  return asFormat10(frames).map((frame) => {
    const { name, meta, payload } = frame;
    if (name === "array" && (meta.type === "u8" || meta.type === "u16") && meta.form === undefined) {
      narrow = meta.type === "u8" ? Uint8Array : Uint16Array;
      return { name, meta: { ...meta, type: "u32" }, payload };
    }
    if (name === "data" && narrow) {
      const numbers = new narrow(payload.buffer as ArrayBuffer, payload.byteOffset, payload.length / narrow.BYTES_PER_ELEMENT);
      return { name, meta, payload: Buffer.from(Uint32Array.from(numbers).buffer) };
    }
    narrow = undefined;
    if (name === "links") return { name, meta: { kind: meta.kind, ...linksRows(frame) }, payload: empty };
    if (name === "tally") return { name, meta: { name: meta.name, ...tallyRows(frame) }, payload: empty };
    if (name === "array" && typeof meta.form === "string") {
      form = meta.form;
      const { form: _, ...rest } = meta;
      return { name, meta: { ...rest, type: "f64" }, payload };
    }
    if (name === "data" && form) return { name, meta, payload: Buffer.from(numbersAsDoubles(form, payload).buffer) };
    form = undefined;
    return frame;
  });
}

/**
 * The frames as format 8 laid them out: format 9's, with a table's keys as a JSON array in its meta
 * and each strings section as JSON arrays.
 */
export function asFormat8(frames: Frame[]): Frame[] {
  let inStrings = false;
  return asFormat9(frames).map((frame) => {
    const { name, meta, payload } = frame;
    if (name === "table") {
      const { encoding: _, count, ...rest } = meta;
      return { name, meta: { ...rest, keys: tableKeys(frame) }, payload: payload.subarray(0, 12 * (count as number)) };
    }
    if (name === "strings") {
      inStrings = true;
      const { encoding: _, ...rest } = meta;
      return { name, meta: rest, payload };
    }
    if (name !== "data" || !inStrings) {
      inStrings = false;
      return frame;
    }
    return { name, meta, payload: Buffer.from(JSON.stringify(frameStrings(frame))) };
  });
}

/** Options of the engines the frame tests open: no rate limit, a fixed clock. */
export const FIXED = { rateLimit: false as const, now: () => Date.UTC(2025, 0, 1) };

/** Opens `frames` written under `header` (saying format `version`) with FIXED; an open refused gives its SavedIndexError. */
export async function openFrames(header: SavedHeader, frames: Frame[], version?: number): Promise<SearchEngine | SavedIndexError> {
  const dir = await tempDir();
  await writeFrames(join(dir, INDEX_FILE), header, frames, version);
  return SearchEngine.open(dir, FIXED).catch((error: unknown) => {
    if (error instanceof SavedIndexError) return error;
    throw error;
  });
}

/** data/sample loaded with FIXED, its answers to REQUESTS, and the header and frames of its save. */
export async function savedSample(): Promise<{ header: SavedHeader; frames: Frame[]; expected: string[] }> {
  const engine = new SearchEngine(FIXED);
  await engine.load("data/sample");
  const expected = await answers(engine);
  const dir = await tempDir();
  await engine.save(dir);
  return { ...(await framesOf(join(dir, INDEX_FILE))), expected };
}
