/**
 * Runs the search a `forgesearch search` command stands for and prints what it found: one page
 * through `request()` (the same path as the HTTP service), or with `--all` every match through the
 * engine's streaming search, written as it comes so that memory stays flat.
 */
import { SearchError } from "../errors.js";
import type { SearchKind } from "../kinds/types.js";
import type { HttpResponse, SearchParams } from "../types.js";
import type { CliEngine } from "./engine-source.js";
import { pickFields, tableLines, tableWidths } from "./output.js";
import type { ProgressStream } from "./progress.js";
import { searchRequest, type Endpoint, type SearchCommandOptions } from "./search-request.js";

export interface OutputOptions {
  /** `--json`: JSON rather than a table. */
  json?: boolean;
  /** `--json FIELDS`: only these fields of each item. */
  fields?: string[];
  ndjson?: boolean;
  all?: boolean;
}

type Item = Record<string, unknown>;

/** Items written between checks of the output's buffer, and rows of a streamed table laid out together. */
const BATCH = 100;

/** Prints the results; false (after `onError`) when the search was refused. */
export async function printResults(
  out: ProgressStream,
  engine: CliEngine,
  endpoint: Endpoint,
  q: string,
  options: SearchCommandOptions & OutputOptions,
  onError: (response: HttpResponse) => void,
): Promise<boolean> {
  const request = searchRequest(endpoint, q, options);
  if (options.all) return printAll(out, engine, endpoint, request, options, onError);

  const response = await engine.request(request);
  if (response.status !== 200) {
    onError(response);
    return false;
  }
  const body = response.body as { total_count: number; items: Item[] };
  const items = body.items.map((item) => pickFields(item, options.fields));
  if (options.ndjson) await write(out, items.map((item) => `${JSON.stringify(item)}\n`).join(""));
  else if (options.fields) await write(out, `${JSON.stringify(items, null, 2)}\n`);
  else if (options.json || !out.isTTY) await write(out, `${JSON.stringify(body, null, 2)}\n`);
  else {
    const shown = `Showing ${body.items.length.toLocaleString("en-US")} of ${body.total_count.toLocaleString("en-US")} ${endpoint}`;
    const table = body.items.length ? `\n${tableLines(endpoint, body.items, tableWidths(endpoint, body.items, out.columns)).join("\n")}\n` : "";
    await write(out, `${shown}\n${table}`);
  }
  return true;
}

async function printAll(
  out: ProgressStream,
  engine: CliEngine,
  endpoint: Endpoint,
  request: ReturnType<typeof searchRequest>,
  options: OutputOptions,
  onError: (response: HttpResponse) => void,
): Promise<boolean> {
  if (!engine.searchAll) throw new Error("this engine cannot stream every result (--all)");
  const url = new URL(request.url, "http://localhost");
  const params: SearchParams = {};
  for (const name of ["q", "sort", "order", "repository_id"] as const) {
    const value = url.searchParams.get(name);
    if (value !== null) params[name] = value;
  }
  const accept = request.headers?.accept as string | undefined;
  const table = !options.json && !options.ndjson && out.isTTY === true;
  const array = !options.ndjson && !table;

  let batch: Item[] = [];
  let count = 0;
  let widths: number[] | undefined;
  const flush = async () => {
    if (!batch.length) return;
    let text: string;
    if (table) {
      widths ??= tableWidths(endpoint, batch, out.columns);
      text = `${tableLines(endpoint, batch, widths, count === batch.length).join("\n")}\n`;
    } else if (options.ndjson) {
      text = batch.map((item) => `${JSON.stringify(pickFields(item, options.fields))}\n`).join("");
    } else {
      const first = count === batch.length;
      text = batch.map((item, i) => `${first && i === 0 ? "[\n" : ",\n"}${indent(JSON.stringify(pickFields(item, options.fields), null, 2))}`).join("");
    }
    batch = [];
    await write(out, text);
  };

  try {
    for await (const item of engine.searchAll(endpoint as SearchKind, params, { accept, caller: request.caller })) {
      batch.push(item);
      count++;
      if (batch.length >= BATCH) await flush();
    }
  } catch (err) {
    await flush();
    if (array && count > 0) await write(out, "\n]\n");
    if (!(err instanceof SearchError)) throw err;
    onError({ status: err.status, headers: err.headers, body: err.body });
    return false;
  }
  await flush();
  if (array) await write(out, count > 0 ? "\n]\n" : "[]\n");
  if (table) await write(out, `${count.toLocaleString("en-US")} ${endpoint}\n`);
  return true;
}

const indent = (json: string) => json.replace(/^/gm, "  ");

/** Writes, waiting for the stream to drain when its buffer is full (a pipe to a slow reader). */
async function write(out: ProgressStream, text: string): Promise<void> {
  const ok = out.write(text);
  const stream = out as ProgressStream & { once?: (event: string, listener: () => void) => unknown; writableNeedDrain?: boolean };
  if (ok === false && typeof stream.once === "function") await new Promise<void>((resolve) => stream.once!("drain", resolve));
}
