/**
 * Running the `git` command against one clone: short commands whose output is
 * read whole, and long ones whose output is streamed.
 */
import { spawn } from "node:child_process";
import { stat } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { Readable, Writable } from "node:stream";

export interface Clone {
  readonly path: string;
  readonly env: NodeJS.ProcessEnv;
  readonly signal?: AbortSignal;
}

export interface RunningGit {
  readonly stdin: Writable;
  readonly stdout: Readable;
  /** Settles when git has exited; rejects, with git's own message, unless it exited with status 0. */
  readonly exited: Promise<void>;
  kill(): void;
}

// Variables that would point git at another repository than the one asked for.
const LOCATION_VARIABLES = [
  "GIT_DIR",
  "GIT_WORK_TREE",
  "GIT_COMMON_DIR",
  "GIT_INDEX_FILE",
  "GIT_OBJECT_DIRECTORY",
  "GIT_ALTERNATE_OBJECT_DIRECTORIES",
  "GIT_NAMESPACE",
];

// Output that must not depend on the user's configuration.
const FIXED_CONFIG = ["-c", "i18n.logOutputEncoding=UTF-8", "-c", "log.showSignature=false", "-c", "core.quotePath=false"];

const STDERR_LIMIT = 4096;

/** Checks that `path` is itself a git repository (not merely inside one) and returns a handle on it. */
export async function openClone(path: string, signal?: AbortSignal): Promise<Clone> {
  const absolute = resolve(path);
  const info = await stat(absolute).catch(() => null);
  if (!info?.isDirectory()) throw new Error(`Not a git repository: ${path} is not a directory`);
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_CEILING_DIRECTORIES: dirname(absolute), GIT_TERMINAL_PROMPT: "0" };
  for (const name of LOCATION_VARIABLES) delete env[name];
  const clone: Clone = { path: absolute, env, signal };
  try {
    await gitOutput(clone, ["rev-parse", "--git-dir"]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new Error("The git command is not installed (or not on PATH)");
    throw new Error(`Not a git repository: ${path} (${(error as Error).message})`);
  }
  return clone;
}

/** Starts git; its stdin is closed at once unless `input` says the caller will write to it. */
export function spawnGit(clone: Clone, args: readonly string[], { input = false } = {}): RunningGit {
  const child = spawn("git", [...FIXED_CONFIG, ...args], {
    cwd: clone.path,
    env: clone.env,
    signal: clone.signal,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.setEncoding("utf8");
  child.stderr.on("data", (text: string) => {
    if (stderr.length < STDERR_LIMIT) stderr += text;
  });
  const exited = new Promise<void>((resolvePromise, reject) => {
    child.once("error", reject);
    child.once("close", (code, signalName) => {
      if (code === 0) resolvePromise();
      else reject(new Error(`git ${args[0]} failed (${code ?? signalName}): ${stderr.trim() || "no message"}`));
    });
  });
  // Callers await `exited` once they have read the output; until then a failure must not count as unhandled.
  exited.catch(() => {});
  // git may exit before reading all of its input; that shows in `exited`, not as a stray EPIPE.
  child.stdin.on("error", () => {});
  if (!input) child.stdin.end();
  return { stdin: child.stdin, stdout: child.stdout, exited, kill: () => child.kill() };
}

/** Runs a short git command and returns its output without the final newline. */
export async function gitOutput(clone: Clone, args: readonly string[]): Promise<string> {
  const git = spawnGit(clone, args);
  const chunks: Buffer[] = [];
  for await (const chunk of git.stdout) chunks.push(chunk as Buffer);
  await git.exited;
  return Buffer.concat(chunks).toString("utf8").replace(/\n$/, "");
}

/** Like gitOutput, but null when git reports failure (a ref that does not exist, …). */
export async function gitOutputOrNull(clone: Clone, args: readonly string[]): Promise<string | null> {
  try {
    return await gitOutput(clone, args);
  } catch {
    clone.signal?.throwIfAborted();
    return null;
  }
}

/** Splits git's `-z` output into its NUL-terminated pieces. An unterminated tail is dropped: git's exit status tells whether the output was cut short. */
export async function* nulTerminated(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let carried: Buffer[] = [];
  for await (const chunk of stream) {
    let start = 0;
    for (let end = chunk.indexOf(0, start); end !== -1; end = chunk.indexOf(0, start)) {
      const piece = chunk.subarray(start, end);
      yield carried.length === 0 ? piece : Buffer.concat([...carried, piece]);
      carried = [];
      start = end + 1;
    }
    if (start < chunk.length) carried.push(chunk.subarray(start));
  }
}
