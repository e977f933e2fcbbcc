/**
 * The file formats ranking researchers already use: TREC topics (or the
 * tab-separated topics of Anserini), NDJSON query sets, TREC qrels
 * (`query 0 key grade`) and TREC runs (`query Q0 key rank score tag`), read and
 * written as trec_eval reads and writes them. Pure text in, text out: the
 * caller does the I/O.
 */
import { SEARCH_KINDS } from "../kinds/index.js";
import type { SearchKind } from "../kinds/types.js";
import type { SearchParams } from "../types.js";

/** One query of a query set: an endpoint and what the REST API would be sent. */
export interface EvalQuery {
  id: string;
  endpoint: SearchKind;
  q: string;
  /** Other search parameters (`sort`, `order`, `repository_id`); paging is the evaluation's. */
  params?: Omit<SearchParams, "q" | "per_page" | "page">;
}

/** Judgments: query id → item key → grade (1 and above is relevant, as trec_eval's default relevance level). */
export type Qrels = Map<string, Map<string, number>>;

export interface RunEntry {
  key: string;
  score: number;
}

/** A run: query id → retrieved items, best first. */
export type Run = Map<string, RunEntry[]>;

/** A line of a query set, qrels or run file that cannot be read; `line` is 1-based. */
export class EvalFormatError extends Error {
  readonly source: string;
  readonly line: number;

  constructor(source: string, line: number, detail: string) {
    super(`${source}:${line}: ${detail}`);
    this.name = "EvalFormatError";
    this.source = source;
    this.line = line;
  }
}

/**
 * Item keys as a document number: trec_eval splits on white space, so white
 * space (a code path may hold it) and `%` itself are percent-encoded: `%XX`
 * below U+0100, `%uXXXX` above (every white-space character is in that plane).
 */
export function docno(key: string): string {
  return key.replace(/[%\s]/gu, (c) => {
    const code = c.charCodeAt(0);
    return code < 0x100 ? `%${hex(code, 2)}` : `%u${hex(code, 4)}`;
  });
}

const hex = (code: number, width: number) => code.toString(16).toUpperCase().padStart(width, "0");

/** The item key a document number stands for. */
export function keyOfDocno(no: string): string {
  return no.replace(/%u([0-9A-F]{4})|%([0-9A-F]{2})/g, (_, wide: string | undefined, narrow: string | undefined) =>
    String.fromCharCode(parseInt(wide ?? narrow!, 16)),
  );
}

const lines = (text: string) => text.split(/\r?\n/);

/** TREC qrels: `query iteration docno grade` per line; blank lines are skipped. */
export function parseQrels(text: string, source = "qrels"): Qrels {
  const qrels: Qrels = new Map();
  lines(text).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const parts = line.split(/\s+/);
    if (parts.length !== 4) throw new EvalFormatError(source, i + 1, `expected "query iteration docno grade", got ${parts.length} fields`);
    const [query, , no, gradeText] = parts;
    if (!/^-?\d+$/.test(gradeText)) throw new EvalFormatError(source, i + 1, `grade ${JSON.stringify(gradeText)} is not a whole number`);
    let judged = qrels.get(query);
    if (!judged) qrels.set(query, (judged = new Map()));
    judged.set(keyOfDocno(no), Number(gradeText));
  });
  return qrels;
}

export function formatQrels(qrels: Qrels): string {
  let out = "";
  for (const [query, judged] of qrels) for (const [key, grade] of judged) out += `${query} 0 ${docno(key)} ${grade}\n`;
  return out;
}

/**
 * A query set: NDJSON (`{"id", "endpoint", "q", "params"?}` per line), TREC
 * topics (`<top> <num> Number: 1 <title> words </top>`, with an optional
 * `<endpoint>` field) or Anserini's tab-separated topics (`id<TAB>query`).
 * Topics without an endpoint search `endpoint`.
 */
export function parseQueries(text: string, options: { source?: string; endpoint?: SearchKind } = {}): EvalQuery[] {
  const source = options.source ?? "queries";
  const first = text.trimStart();
  if (first.startsWith("{")) return parseNdjsonQueries(text, source);
  if (/^<top>/i.test(first)) return parseTopics(text, source, options.endpoint);
  return parseTsvTopics(text, source, options.endpoint);
}

function endpointOf(value: unknown, source: string, line: number): SearchKind {
  if (typeof value !== "string" || !SEARCH_KINDS.includes(value as SearchKind)) {
    throw new EvalFormatError(source, line, `endpoint ${JSON.stringify(value)} is not one of ${SEARCH_KINDS.join(", ")}`);
  }
  return value as SearchKind;
}

function required(endpoint: SearchKind | undefined, source: string, line: number): SearchKind {
  if (!endpoint) throw new EvalFormatError(source, line, "the topic names no endpoint and no default endpoint was given");
  return endpoint;
}

function parseNdjsonQueries(text: string, source: string): EvalQuery[] {
  const out: EvalQuery[] = [];
  lines(text).forEach((raw, i) => {
    if (!raw.trim()) return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      throw new EvalFormatError(source, i + 1, "not a JSON object");
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) throw new EvalFormatError(source, i + 1, "not a JSON object");
    const { id, endpoint, q, params } = value as Record<string, unknown>;
    if ((typeof id !== "string" && typeof id !== "number") || /\s/.test(String(id)) || String(id) === "") throw new EvalFormatError(source, i + 1, "id must be a string or number without white space");
    if (typeof q !== "string") throw new EvalFormatError(source, i + 1, "q must be a string");
    if (params !== undefined && (params === null || typeof params !== "object" || Array.isArray(params))) throw new EvalFormatError(source, i + 1, "params must be an object");
    out.push({ id: String(id), endpoint: endpointOf(endpoint, source, i + 1), q, ...(params ? { params: params as EvalQuery["params"] } : {}) });
  });
  return out;
}

function parseTopics(text: string, source: string, endpoint: SearchKind | undefined): EvalQuery[] {
  const out: EvalQuery[] = [];
  for (const m of text.matchAll(/<top>([\s\S]*?)<\/top>/gi)) {
    const body = m[1];
    const line = text.slice(0, m.index).split("\n").length;
    const field = (name: string) => new RegExp(`<${name}>\\s*([^<]*)`, "i").exec(body)?.[1].trim();
    const num = field("num")?.replace(/^Number:\s*/i, "");
    const title = field("title");
    if (!num || /\s/.test(num)) throw new EvalFormatError(source, line, "a topic needs a <num> without white space");
    if (title === undefined) throw new EvalFormatError(source, line, `topic ${num} has no <title>`);
    const named = field("endpoint");
    out.push({ id: num, endpoint: named ? endpointOf(named, source, line) : required(endpoint, source, line), q: title });
  }
  return out;
}

function parseTsvTopics(text: string, source: string, endpoint: SearchKind | undefined): EvalQuery[] {
  const out: EvalQuery[] = [];
  lines(text).forEach((raw, i) => {
    if (!raw.trim()) return;
    const tab = raw.indexOf("\t");
    if (tab <= 0) throw new EvalFormatError(source, i + 1, "expected NDJSON, TREC topics or \"id<TAB>query\" lines");
    out.push({ id: raw.slice(0, tab).trim(), endpoint: required(endpoint, source, i + 1), q: raw.slice(tab + 1).trim() });
  });
  return out;
}

/**
 * Orders each query's items as trec_eval reads a run: score descending, equal
 * scores by document number descending (trec_eval ignores the rank column).
 */
export function trecOrder(entries: readonly RunEntry[]): RunEntry[] {
  return entries
    .map((e) => ({ e, no: docno(e.key) }))
    .sort((a, b) => b.e.score - a.e.score || (a.no < b.no ? 1 : a.no > b.no ? -1 : 0))
    .map((x) => x.e);
}

/** A run file: `query Q0 docno rank score tag`, in trec_eval's order, ranks from 1; scores as the shortest exact decimal. */
export function formatRun(run: Run, tag: string): string {
  if (!tag || /\s/.test(tag)) throw new RangeError(`run tag ${JSON.stringify(tag)} must be non-empty and without white space`);
  let out = "";
  for (const [query, entries] of run) {
    trecOrder(entries).forEach((e, i) => {
      out += `${query} Q0 ${docno(e.key)} ${i + 1} ${String(e.score)} ${tag}\n`;
    });
  }
  return out;
}

/** Reads a run file back; items keep the file's order per query. */
export function parseRun(text: string, source = "run"): { run: Run; tag: string | undefined } {
  const run: Run = new Map();
  let tag: string | undefined;
  lines(text).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const parts = line.split(/\s+/);
    if (parts.length !== 6) throw new EvalFormatError(source, i + 1, `expected "query Q0 docno rank score tag", got ${parts.length} fields`);
    const score = Number(parts[4]);
    if (!Number.isFinite(score)) throw new EvalFormatError(source, i + 1, `score ${JSON.stringify(parts[4])} is not a number`);
    tag ??= parts[5];
    let entries = run.get(parts[0]);
    if (!entries) run.set(parts[0], (entries = []));
    entries.push({ key: keyOfDocno(parts[2]), score });
  });
  return { run, tag };
}
