#!/usr/bin/env node
/**
 * The `forgesearch` command: search a data dump from the shell, serve it over HTTP, or turn a git
 * clone into a dump. Exit codes: 0 success, 1 failure (a search answered with an error status, a
 * dump that cannot be loaded, an import that fails), 2 usage error.
 */
import { existsSync, realpathSync } from "node:fs";
import type { ImportGitOptions, ImportGitReport } from "../import/index.js";
import { STATUS_CODES } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Argument, Command, CommanderError, InvalidArgumentError } from "commander";
import { serviceUnavailable } from "../errors.js";
import { serve, type RequestHandler } from "../http/server.js";
import type { HttpResponse } from "../types.js";
import type { RankingOptions } from "../score/ranking-config.js";
import { readRankingFile, registerEval } from "./eval.js";
import { addImportGharchive } from "./import-gharchive.js";
import { createProgress, type ProgressStream } from "./progress.js";
import { ENDPOINTS, searchRequest, type Endpoint, type SearchCommandOptions } from "./search-request.js";

/** What the command needs of the engine. */
export interface CliEngine extends RequestHandler {
  load(dir: string, options?: { onProgress?: (bytesRead: number, bytesTotal: number) => void }): Promise<unknown>;
}

export interface CliEngineOptions {
  baseUrl?: string;
  timeLimitMs?: number;
  rateLimit?: false;
  ranking?: RankingOptions;
}

export type { ImportGitOptions, ImportGitReport };

/** Everything the command touches outside itself, replaceable in tests. */
export interface CliEnvironment {
  stdout: ProgressStream;
  stderr: ProgressStream;
  cwd: string;
  /** Stops `serve`; without one it serves until the process ends. */
  signal?: AbortSignal;
  createEngine(options: CliEngineOptions): Promise<CliEngine>;
  importGit(clonePath: string, options: ImportGitOptions): Promise<ImportGitReport>;
}

const EXIT_OK = 0;
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;
const DEFAULT_PORT = 3000;
const SAMPLE_DATA = path.join("data", "sample");

/** Runs the command line `argv` (arguments only, without `node` and the script) and gives the exit code. */
export async function run(argv: readonly string[], overrides: Partial<CliEnvironment> = {}): Promise<number> {
  const env: CliEnvironment = { ...defaultEnvironment(), ...overrides };
  let exitCode = EXIT_OK;
  const program = buildProgram(env, (code) => {
    exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
    // Anything else is a failure of the run itself, not of the user's typing.
    env.stderr.write(`forgesearch: ${err instanceof Error ? err.message : String(err)}\n`);
    return EXIT_FAILURE;
  }
}

function buildProgram(env: CliEnvironment, setExitCode: (code: number) => void): Command {
  const program = new Command("forgesearch")
    .description("Search code-forge data with the hosting site's search API, in-process or over HTTP.")
    .version(packageVersion(), "-V, --version")
    .exitOverride()
    .showHelpAfterError("(add --help for usage)")
    .configureOutput({
      writeOut: (text) => void env.stdout.write(text),
      writeErr: (text) => void env.stderr.write(text),
    });

  program
    .command("search")
    .description("Run one search over a data dump and print the JSON result.")
    .addArgument(new Argument("<endpoint>", "what to search").choices(ENDPOINTS))
    .argument("<q>", "the query, e.g. 'express language:javascript'")
    .option("--sort <field>", "sort field (depends on the endpoint); default best match")
    .option("--order <order>", "desc or asc, with --sort")
    .option("--per-page <n>", "results per page (1-100, default 30)", positiveInteger)
    .option("--page <n>", "page number (default 1)", positiveInteger)
    .option("--text-match", "add text_matches to each item")
    .option("--repository-id <id>", "repository id (label search)", positiveInteger)
    .option("--accept <media-type>", "Accept header to send instead of the endpoint's default")
    .option("--data <dir>", "data dump to load (default ./data/sample when present)")
    .option("--as <login>", "search as this user, seeing what they may see")
    .option("--ranking <file>", "best-match configuration (JSON), see the README")
    .addHelpText(
      "after",
      `
Commit and topic search need preview media types; they are sent for you unless
--accept is given.

Examples:
  forgesearch search repositories 'tetris language:assembly' --sort stars
  forgesearch search issues 'is:pr state:closed router' --per-page 5 --text-match
  forgesearch search commits 'fix repo:expressjs/express' --data ./my-dump`,
    )
    .action(async (endpoint: Endpoint, q: string, options: SearchCommandOptions & { data?: string; ranking?: string }, command: Command) => {
      const ranking = options.ranking === undefined ? undefined : await readRankingFile(path.resolve(env.cwd, options.ranking));
      const engine = await loadEngine(env, dataDir(options.data, env.cwd, command), { rateLimit: false, ...(ranking && { ranking }) });
      const response = await engine.request(searchRequest(endpoint, q, options));
      if (response.status === 200) {
        env.stdout.write(`${JSON.stringify(response.body, null, 2)}\n`);
      } else {
        env.stderr.write(describeResponse(response));
        setExitCode(EXIT_FAILURE);
      }
    });

  program
    .command("serve")
    .description("Serve a data dump over HTTP with the hosting site's search endpoints.")
    .option("--data <dir>", "data dump to load (default ./data/sample when present)")
    .option("--port <n>", "port to listen on, 0 for any free one", portNumber, DEFAULT_PORT)
    .option("--host <address>", "interface to listen on", "127.0.0.1")
    .option("--time-limit <ms>", "time limit per search in milliseconds", positiveInteger)
    .option("--no-rate-limit", "do not limit requests per minute")
    .option("--ranking <file>", "best-match configuration (JSON), see the README")
    .addHelpText(
      "after",
      `
Requests are answered with 503 until the dump has loaded. Callers are identified
by a development stand-in that checks nothing: 'Authorization: token <login>'
(or Bearer <login>, or Basic login:password) makes <login> the caller.

Example:
  forgesearch serve --data ./data/sample --port 3000
  curl 'http://127.0.0.1:3000/search/repositories?q=express'`,
    )
    .action(async (options: ServeCommandOptions, command: Command) => {
      const dir = dataDir(options.data, env.cwd, command);
      await serveDump(env, dir, options);
    });

  program
    .command("import-git")
    .description("Import a git clone's commits and default-branch files into a data dump.")
    .argument("<clone>", "path to a git clone")
    .requiredOption("--repo <owner/name>", "the repository's full name on the site", repositoryName)
    .requiredOption("--out <dir>", "dump folder to write")
    .option("--branch <name>", "branch to import (default: the branch origin/HEAD names, else the checked-out branch)")
    .option("--owner-type <type>", "User or Organization (default: User)", ownerType)
    .option("--append", "add to an existing dump instead of replacing it")
    .action(async (clone: string, options: Omit<ImportGitOptions, "onProgress">) => {
      const report = await importClone(env, path.resolve(env.cwd, clone), {
        ...options,
        out: path.resolve(env.cwd, options.out),
      });
      const skipped = `skipped ${report.skipped.binary} binary, ${report.skipped.tooLarge} too large`;
      env.stdout.write(
        `Imported ${report.repository}: ${report.commits} commits, ${report.files} files (${skipped}) ` +
          `in ${(report.ms / 1000).toFixed(1)} s into ${options.out}\n`,
      );
    });

  registerEval(program, env);
  addImportGharchive(program, env);
  return program;
}

interface ServeCommandOptions {
  data?: string;
  port: number;
  host: string;
  timeLimit?: number;
  rateLimit: boolean;
  ranking?: string;
}

async function serveDump(env: CliEnvironment, dir: string, options: ServeCommandOptions): Promise<void> {
  // Listen first so that links in responses can name the real port (port 0 picks one).
  let engine: CliEngine | undefined;
  const whileLoading: RequestHandler = {
    request: async (req) => {
      if (engine) return engine.request(req);
      const { status, body } = serviceUnavailable();
      return { status, headers: { "retry-after": "5" }, body };
    },
  };
  const running = await serve(whileLoading, { port: options.port, host: options.host }).catch((err: unknown) => {
    throw new Error(`cannot listen on ${options.host}:${options.port}: ${messageOf(err)}`);
  });
  try {
    engine = await loadEngine(env, dir, {
      baseUrl: running.url,
      timeLimitMs: options.timeLimit,
      rateLimit: options.rateLimit ? undefined : false,
      ...(options.ranking !== undefined && { ranking: await readRankingFile(path.resolve(env.cwd, options.ranking)) }),
    });
    env.stdout.write(`Listening on ${running.url}\n`);
    await untilAborted(env.signal);
  } finally {
    await running.close();
  }
}

async function loadEngine(env: CliEnvironment, dir: string, options: CliEngineOptions): Promise<CliEngine> {
  if (!existsSync(dir)) throw new Error(`no data dump at ${dir}`);
  const engine = await env.createEngine(options);
  const progress = createProgress(env.stderr, "loading", "bytes");
  try {
    await engine.load(dir, { onProgress: (read, total) => progress.update(read, total) });
  } catch (err) {
    throw new Error(`cannot load ${dir}: ${messageOf(err)}`);
  } finally {
    progress.finish();
  }
  return engine;
}

function ownerType(value: string): "User" | "Organization" {
  const v = value.toLowerCase();
  if (v === "user") return "User";
  if (v === "organization" || v === "org") return "Organization";
  throw new InvalidArgumentError("expected User or Organization.");
}

async function importClone(env: CliEnvironment, clone: string, options: ImportGitOptions): Promise<ImportGitReport> {
  if (!existsSync(clone)) throw new Error(`no git clone at ${clone}`);
  let phase: "commits" | "files" | undefined;
  let progress = createProgress(env.stderr, "", "items");
  try {
    return await env.importGit(clone, {
      ...options,
      signal: env.signal,
      onProgress: (p) => {
        if (p.phase !== phase) {
          progress.finish();
          phase = p.phase;
          progress = createProgress(env.stderr, p.phase, "items");
        }
        progress.update(p.done, p.total);
      },
    });
  } catch (err) {
    throw new Error(`cannot import ${clone}: ${messageOf(err)}`);
  } finally {
    progress.finish();
  }
}

/** `--data` if given, else ./data/sample if it exists; otherwise the option is required. */
function dataDir(given: string | undefined, cwd: string, command: Command): string {
  if (given !== undefined) return path.resolve(cwd, given);
  const sample = path.resolve(cwd, SAMPLE_DATA);
  if (existsSync(sample)) return sample;
  return command.error("error: --data <dir> is required (there is no ./data/sample here)", { exitCode: EXIT_USAGE });
}

function describeResponse({ status, body }: HttpResponse): string {
  const reason = STATUS_CODES[status] ?? "";
  return `${status} ${reason}\n${body === undefined ? "" : `${JSON.stringify(body, null, 2)}\n`}`;
}

function untilAborted(signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!signal) return;
    if (signal.aborted) return resolve();
    signal.addEventListener("abort", () => resolve(), { once: true });
  });
}

function positiveInteger(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError("expected a whole number of 1 or more.");
  return Number(value);
}

function portNumber(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) > 65535) throw new InvalidArgumentError("expected a port from 0 to 65535.");
  return Number(value);
}

function repositoryName(value: string): string {
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(value)) throw new InvalidArgumentError("expected owner/name.");
  return value;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function packageVersion(): string {
  try {
    // Both src/cli and dist/cli sit two levels below the package root.
    return (createRequire(import.meta.url)("../../package.json") as { version: string }).version;
  } catch {
    return "unknown";
  }
}

function defaultEnvironment(): CliEnvironment {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    cwd: process.cwd(),
    // Loaded on demand: `--help` stays instant and each command pulls in only what it uses.
    createEngine: async (options) => {
      const { SearchEngine } = await import("../engine.js");
      return new SearchEngine(options);
    },
    importGit: async (clonePath, options) => {
      const { importGit } = await import("../import/index.js");
      return importGit(clonePath, options);
    },
  };
}

function invokedDirectly(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    // npm links the bin, so compare real paths.
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (invokedDirectly()) {
  const stop = new AbortController();
  process.once("SIGINT", () => stop.abort());
  process.once("SIGTERM", () => stop.abort());
  // `forgesearch … | head` closes the pipe early; that is not an error.
  process.stdout.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE") process.exit(process.exitCode ?? EXIT_OK);
    throw err;
  });
  process.exitCode = await run(process.argv.slice(2), { signal: stop.signal });
}
