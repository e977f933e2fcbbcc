#!/usr/bin/env node
/**
 * The `forgesearch` command: search a data dump from the shell, serve it over HTTP, save its index,
 * or turn a git clone into a dump. Exit codes: 0 success, 1 failure (a search answered with an
 * error status, a dump that cannot be loaded, problems in a dump under --strict, an import that
 * fails), 2 usage error.
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
import { engineFrom, messageOf, sourceOf, type CliEngine, type CliEngineOptions, type EngineSource } from "./engine-source.js";
import { parseFields } from "./output.js";
import { printResults, type OutputOptions } from "./print-results.js";
import { createProgress, type ProgressStream } from "./progress.js";
import { ENDPOINTS, type Endpoint, type SearchCommandOptions } from "./search-request.js";
import { chooseAuth, UsageError } from "./serve-auth.js";

export type { CliEngine, CliEngineOptions, ImportGitOptions, ImportGitReport };

/** Everything the command touches outside itself, replaceable in tests. */
export interface CliEnvironment {
  stdout: ProgressStream;
  stderr: ProgressStream;
  cwd: string;
  /** Stops `serve`; without one it serves until the process ends. */
  signal?: AbortSignal;
  createEngine(options: CliEngineOptions): Promise<CliEngine>;
  /** An engine over an index saved by `forgesearch index`. */
  openEngine(dir: string, options: CliEngineOptions): Promise<CliEngine>;
  importGit(clonePath: string, options: ImportGitOptions): Promise<ImportGitReport>;
}

const EXIT_OK = 0;
const EXIT_FAILURE = 1;
const EXIT_USAGE = 2;
const DEFAULT_PORT = 3000;

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
    if (err instanceof UsageError) {
      env.stderr.write(`error: ${err.message}\n(add --help for usage)\n`);
      return EXIT_USAGE;
    }
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
    .description("Run one search over a data dump or a saved index and print the results.")
    .addArgument(new Argument("<endpoint>", "what to search").choices(ENDPOINTS))
    .argument("<q>", "the query, e.g. 'express language:javascript'")
    .option("--sort <field>", "sort field (depends on the endpoint); default best match")
    .option("--order <order>", "desc or asc, with --sort")
    .option("--per-page <n>", "results per page (1-100, default 30)", positiveInteger)
    .option("--page <n>", "page number (default 1)", positiveInteger)
    .option("--all", "every match, past the API's 1,000-result cap, streamed in page order")
    .option("--text-match", "add text_matches to each item")
    .option("--repository-id <id>", "repository id (label search)", positiveInteger)
    .option("--accept <media-type>", "Accept header to send instead of the endpoint's default")
    .option("--json [fields]", "print JSON: the whole response, or the listed fields of each item (comma-separated, dotted for nested)")
    .option("--ndjson", "print one item per line as JSON (with --json FIELDS: those fields)")
    .option("--data <dir>", "data dump to load (default ./data/sample when present)")
    .option("--index <dir>", "index saved by 'forgesearch index' to open instead of loading a dump")
    .option("--strict", "exit 1 when the dump has any problem (skipped lines, unresolved records)")
    .option("--as <login>", "search as this user, seeing what they may see")
    .option("--ranking <file>", "best-match configuration (JSON), see the README")
    .addHelpText(
      "after",
      `
On a terminal the results print as a table; piped, as the JSON response. Commit
and topic search need preview media types; they are sent for you unless --accept
is given. The load summary (counts and the first problems) goes to stderr.

Examples:
  forgesearch search repositories 'tetris language:assembly' --sort stars
  forgesearch search issues 'is:pr state:closed router' --json number,title,state
  forgesearch search commits 'fix repo:expressjs/express' --index ./express.index --all --ndjson`,
    )
    .action(async (endpoint: Endpoint, q: string, options: SearchCommandOptions & OutputOptions & SourceOptions & { json?: string | boolean; ranking?: string }, command: Command) => {
      const usageError = (message: string): never => command.error(message, { exitCode: EXIT_USAGE });
      const source = sourceOf(options, env.cwd, usageError);
      const fields = typeof options.json === "string" ? fieldList(options.json, usageError) : undefined;
      const ranking = options.ranking === undefined ? undefined : await readRankingFile(path.resolve(env.cwd, options.ranking));
      const engine = await engineFrom(env, source, { rateLimit: false, ...(ranking && { ranking }) }, options.strict);
      const ok = await printResults(env.stdout, engine, endpoint, q, { ...options, json: options.json !== undefined, fields }, (response) =>
        env.stderr.write(describeResponse(response)),
      );
      if (!ok) setExitCode(EXIT_FAILURE);
    });

  program
    .command("index")
    .description("Load a data dump and save its index, for 'search --index' and 'serve --index' to open at once.")
    .argument("<dump>", "data dump folder")
    .requiredOption("--out <dir>", "folder to save the index in")
    .option("--strict", "exit 1 (saving nothing) when the dump has any problem")
    .action(async (dump: string, options: { out: string; strict?: boolean }) => {
      const dir = path.resolve(env.cwd, dump);
      const out = path.resolve(env.cwd, options.out);
      const engine = await engineFrom(env, { from: "data", dir }, { rateLimit: false }, options.strict);
      if (!engine.save) throw new Error("this engine cannot save an index");
      const started = Date.now();
      const saved = await engine.save(out).catch((err: unknown) => {
        throw new Error(`cannot save the index to ${out}: ${messageOf(err)}`);
      });
      const megabytes = (saved.bytes / 1048576).toFixed(1);
      env.stdout.write(`Saved the index of ${dump} to ${options.out} (${megabytes} MB) in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    });

  program
    .command("serve")
    .description("Serve a data dump or a saved index over HTTP with the hosting site's search endpoints.")
    .option("--data <dir>", "data dump to load (default ./data/sample when present)")
    .option("--index <dir>", "index saved by 'forgesearch index' to open instead of loading a dump")
    .option("--port <n>", "port to listen on, 0 for any free one", portNumber, DEFAULT_PORT)
    .option("--host <address>", "interface to listen on", "127.0.0.1")
    .option("--tokens <file>", 'JSON file of tokens to logins, { "<token>": "<login>" }; callers send Authorization: token <token>')
    .option("--auth <mode>", "none (everyone anonymous; the default without --tokens), tokens, or insecure-login (development only)")
    .option("--base-url <url>", "base of every URL in responses (default: where each request was sent)", baseUrl)
    .option("--trust-proxy", "read the base from X-Forwarded-Host / X-Forwarded-Proto (behind a proxy that sets them)")
    .option("--previews <mode>", "required (default) or optional: whether commit and topic search need their preview media types", previewsMode)
    .option("--time-limit <ms>", "time limit per search in milliseconds", positiveInteger)
    .option("--no-rate-limit", "do not limit requests per minute")
    .option("--ranking <file>", "best-match configuration (JSON), see the README")
    .option("--strict", "exit 1 when the dump has any problem (skipped lines, unresolved records)")
    .addHelpText(
      "after",
      `
Requests are answered with 503 until the dump has loaded. Without --tokens every
caller is anonymous (public data only). Links and item URLs name the host each
request was sent to, so clients page correctly through any host name or proxy.

Examples:
  forgesearch serve --index ./sample.index --tokens tokens.json --previews optional
  curl 'http://127.0.0.1:3000/search/repositories?q=express'`,
    )
    .action(async (options: ServeCommandOptions, command: Command) => {
      const source = sourceOf(options, env.cwd, (message) => command.error(message, { exitCode: EXIT_USAGE }));
      await serveDump(env, source, options);
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

interface SourceOptions {
  data?: string;
  index?: string;
  strict?: boolean;
}

interface ServeCommandOptions extends SourceOptions {
  port: number;
  host: string;
  tokens?: string;
  auth?: string;
  baseUrl?: string;
  trustProxy?: boolean;
  previews?: "required" | "optional";
  timeLimit?: number;
  rateLimit: boolean;
  ranking?: string;
}

async function serveDump(env: CliEnvironment, source: EngineSource, options: ServeCommandOptions): Promise<void> {
  const auth = await chooseAuth(options);
  for (const warning of auth.warnings) env.stderr.write(`${warning}\n`);
  // Listen first, so that clients get a 503 rather than a refused connection while the dump loads.
  let engine: CliEngine | undefined;
  const whileLoading: RequestHandler = {
    request: async (req) => {
      if (engine) return engine.request(req);
      const { status, body } = serviceUnavailable();
      return { status, headers: { "retry-after": "5" }, body };
    },
  };
  const listen = { port: options.port, host: options.host, authenticate: auth.authenticate, baseUrl: options.baseUrl, trustProxy: options.trustProxy };
  const running = await serve(whileLoading, listen).catch((err: unknown) => {
    throw new Error(`cannot listen on ${options.host}:${options.port}: ${messageOf(err)}`);
  });
  try {
    const engineOptions: CliEngineOptions = {
      baseUrl: options.baseUrl ?? running.url,
      timeLimitMs: options.timeLimit,
      rateLimit: options.rateLimit ? undefined : false,
    };
    if (options.previews) engineOptions.previews = options.previews;
    if (options.ranking !== undefined) engineOptions.ranking = await readRankingFile(path.resolve(env.cwd, options.ranking));
    const ready = await engineFrom(env, source, engineOptions, options.strict);
    // Requests are served while it warms; "Listening" once the first ones are fast.
    engine = ready;
    await ready.warm?.();
    env.stdout.write(`Listening on ${running.url}\n`);
    await untilAborted(env.signal);
  } finally {
    await running.close();
  }
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

function baseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError("expected an absolute URL, e.g. https://search.example/api.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new InvalidArgumentError("expected an http or https URL.");
  if (url.search || url.hash || url.username || url.password) throw new InvalidArgumentError("expected a URL without query, fragment or credentials.");
  return value.replace(/\/+$/, "");
}

function previewsMode(value: string): "required" | "optional" {
  if (value === "required" || value === "optional") return value;
  throw new InvalidArgumentError("expected required or optional.");
}

function fieldList(list: string, usageError: (message: string) => never): string[] {
  try {
    return parseFields(list);
  } catch (err) {
    return usageError(`error: option '--json [fields]': ${messageOf(err)}`);
  }
}

function repositoryName(value: string): string {
  if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9._-]+$/.test(value)) throw new InvalidArgumentError("expected owner/name.");
  return value;
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
    openEngine: async (dir, options) => {
      const { SearchEngine } = await import("../engine.js");
      return SearchEngine.open(dir, options);
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
