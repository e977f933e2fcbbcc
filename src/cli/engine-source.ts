/**
 * Where a command's engine comes from: a dump folder loaded now (`--data`, with a progress bar on
 * a terminal and the load summary on stderr) or an index saved by `forgesearch index` (`--index`,
 * opened without indexing again).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { createProgress, type ProgressStream } from "./progress.js";
import { isLoadReport, summarizeLoad } from "./load-summary.js";
import type { Envelope, HttpRequest, HttpResponse, SearchOptions, SearchParams } from "../types.js";
import type { SearchKind } from "../kinds/types.js";
import type { RankingOptions } from "../score/ranking-config.js";

/** What the command needs of the engine. */
export interface CliEngine {
  request(req: HttpRequest): Promise<HttpResponse>;
  load(dir: string, options?: { onProgress?: (bytesRead: number, bytesTotal: number) => void }): Promise<unknown>;
  save?(dir: string): Promise<{ path: string; bytes: number }>;
  counts?(): Record<string, number>;
  searchAll?(kind: SearchKind, params: SearchParams, options?: SearchOptions): AsyncIterable<Record<string, unknown>>;
  search?(kind: SearchKind, params: SearchParams, options?: SearchOptions): Promise<Envelope>;
  /** Runs searches of its own so that the first callers' are not slow (`SearchEngine.warm`). */
  warm?(): Promise<unknown>;
}

export interface CliEngineOptions {
  baseUrl?: string;
  timeLimitMs?: number;
  rateLimit?: false;
  previews?: "required" | "optional";
  ranking?: RankingOptions;
}

export interface EngineFactory {
  stderr: ProgressStream;
  cwd: string;
  createEngine(options: CliEngineOptions): Promise<CliEngine>;
  openEngine(dir: string, options: CliEngineOptions): Promise<CliEngine>;
}

export type EngineSource = { from: "data"; dir: string } | { from: "index"; dir: string };

/** An engine over the source; rejects (exit 1) when it cannot be had, or under `strict` when the dump has problems. */
export async function engineFrom(env: EngineFactory, source: EngineSource, options: CliEngineOptions, strict = false): Promise<CliEngine> {
  if (!existsSync(source.dir)) throw new Error(`no ${source.from === "data" ? "data dump" : "saved index"} at ${source.dir}`);
  if (source.from === "index") {
    const engine = await env.openEngine(source.dir, options).catch((err: unknown) => {
      throw new Error(`cannot open the index at ${source.dir}: ${messageOf(err)}`);
    });
    const counts = engine.counts?.();
    if (counts) env.stderr.write(summarizeLoad({ counts, errors: [] }, source.dir, env.cwd).text.replace(/^loaded/, "opened"));
    return engine;
  }
  const engine = await env.createEngine(options);
  await loadInto(env, engine, source.dir, strict);
  return engine;
}

/** Loads a dump into the engine with a progress bar, then prints the summary; `strict` refuses any problem. */
async function loadInto(env: Pick<EngineFactory, "stderr" | "cwd">, engine: CliEngine, dir: string, strict: boolean): Promise<void> {
  const progress = createProgress(env.stderr, "loading", "bytes");
  let report: unknown;
  try {
    report = await engine.load(dir, { onProgress: (read, total) => progress.update(read, total) });
  } catch (err) {
    throw new Error(`cannot load ${dir}: ${messageOf(err)}`);
  } finally {
    progress.finish();
  }
  if (!isLoadReport(report)) return;
  const summary = summarizeLoad(report, dir, env.cwd);
  env.stderr.write(summary.text);
  if (strict && summary.problems > 0) throw new Error(`${summary.problems} ${summary.problems === 1 ? "problem" : "problems"} in ${dir} (--strict)`);
}

/** The source the options name: `--index`, else `--data`, else ./data/sample when it exists. */
export function sourceOf(options: { data?: string; index?: string }, cwd: string, usageError: (message: string) => never): EngineSource {
  if (options.index !== undefined && options.data !== undefined) usageError("error: give --data <dir> or --index <dir>, not both");
  if (options.index !== undefined) return { from: "index", dir: path.resolve(cwd, options.index) };
  if (options.data !== undefined) return { from: "data", dir: path.resolve(cwd, options.data) };
  const sample = path.resolve(cwd, "data", "sample");
  if (existsSync(sample)) return { from: "data", dir: sample };
  return usageError("error: --data <dir> or --index <dir> is required (there is no ./data/sample here)");
}

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
