/**
 * What the real-client tests share: the built `forgesearch serve` as a child process, the
 * engine's own answers to compare with, and running a client program with a time limit.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SearchEngine } from "../../../src/engine.js";
import type { SearchKind } from "../../../src/kinds/types.js";
import type { Caller } from "../../../src/types.js";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const BUILT_CLI = path.join(ROOT, "dist", "cli", "main.js");
const SAMPLE = path.join(ROOT, "data", "sample");

/** The token the clients send, and the sample's login it stands for (a collaborator on private repositories). */
export const TOKEN = "fs-test-token-octocat-0123456789";
export const LOGIN = "octocat";

/** Whether a client program can run here, and if not, why (the tests say so when they skip). */
export function probe(command: string, args: string[]): { ok: true } | { ok: false; reason: string } {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 10_000 });
  if (result.error) return { ok: false, reason: `${command} is not installed (${(result.error as NodeJS.ErrnoException).code ?? result.error.message}); .ci/run installs it with apt-get` };
  if (result.status !== 0) return { ok: false, reason: `${command} ${args.join(" ")} exited ${result.status}: ${(result.stderr || result.stdout).trim().split("\n")[0]}` };
  return { ok: true };
}

export interface Served {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Starts the built `forgesearch serve` on the sample, on 127.0.0.1 with a free port, with a token table. */
export async function serveSample(extraArgs: string[] = []): Promise<Served> {
  if (!existsSync(BUILT_CLI)) throw new Error(`${BUILT_CLI} is missing: run \`npm run build\` first (npm test does).`);
  const dir = mkdtempSync(path.join(tmpdir(), "forgesearch-clients-"));
  const tokens = path.join(dir, "tokens.json");
  writeFileSync(tokens, JSON.stringify({ [TOKEN]: LOGIN }));
  const child = spawn(process.execPath, [BUILT_CLI, "serve", "--data", SAMPLE, "--port", "0", "--tokens", tokens, "--no-rate-limit", ...extraArgs], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const url = await listening(child);
  return {
    url,
    port: Number(new URL(url).port),
    close: async () => {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`forgesearch serve did not start within 20 s: ${err}`));
    }, 20_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Listening on (\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => (err += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`forgesearch serve exited ${code}: ${err}`));
    });
  });
}

export interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a client program with a clean environment of our choosing, killed after `timeoutMs`. */
export function runClient(command: string, args: string[], env: Record<string, string>, timeoutMs = 20_000): Promise<Ran> {
  const base: Record<string, string> = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: process.env.HOME ?? tmpdir(), LANG: "C.UTF-8" };
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...base, ...env }, stdio: ["ignore", "pipe", "pipe"], timeout: timeoutMs, killSignal: "SIGKILL" });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

let engine: Promise<SearchEngine> | undefined;
/** The engine's own answers over the same sample, as the token's login: what the clients must see. */
export async function engineAnswer(kind: SearchKind, q: string, options: { sort?: string; order?: string; caller?: Caller | null } = {}): Promise<Array<Record<string, unknown>>> {
  engine ??= (async () => {
    const e = new SearchEngine({ rateLimit: false });
    await e.load(SAMPLE);
    return e;
  })();
  const e = await engine;
  const accept = "application/vnd.github.cloak-preview+json, application/vnd.github.mercy-preview+json";
  const caller = options.caller === null ? undefined : (options.caller ?? { login: LOGIN });
  const items: Array<Record<string, unknown>> = [];
  for (let page = 1; ; page++) {
    const r = await e.search(kind, { q, sort: options.sort, order: options.order, per_page: 100, page }, { accept, caller });
    items.push(...r.items);
    if (items.length >= r.total_count || r.items.length === 0) return items;
  }
}
