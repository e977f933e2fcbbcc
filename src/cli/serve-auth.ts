/**
 * Who `forgesearch serve` believes: `--tokens FILE` (a token table), `--auth none` (everyone
 * anonymous, the default without `--tokens`) or `--auth insecure-login` (any claimed login, for
 * development). Says on stderr when the choice exposes private data.
 */
import { readFile } from "node:fs/promises";
import { isIP } from "node:net";
import { AUTH_MODES, anonymousAuthenticate, insecureLoginAuthenticate, readTokenTable, tokenAuthenticator, type Authenticate, type AuthMode } from "../http/auth.js";

export interface AuthChoice {
  authenticate: Authenticate;
  mode: AuthMode;
  /** Lines to print on stderr before serving. */
  warnings: string[];
}

/** Reads `--auth` and `--tokens`; throws a usage message (string) or an Error (an unreadable file). */
export async function chooseAuth(options: { auth?: string; tokens?: string; host: string }): Promise<AuthChoice> {
  const mode = (options.auth ?? (options.tokens ? "tokens" : "none")) as AuthMode;
  if (!AUTH_MODES.includes(mode)) throw new UsageError(`--auth takes ${AUTH_MODES.join(", ")}, not "${options.auth}"`);
  if (mode === "tokens" && !options.tokens) throw new UsageError("--auth tokens needs --tokens FILE");
  if (mode !== "tokens" && options.tokens) throw new UsageError(`--tokens cannot be used with --auth ${mode}`);

  const warnings: string[] = [];
  let authenticate: Authenticate = anonymousAuthenticate;
  if (mode === "tokens") authenticate = tokenAuthenticator(await tokenTable(options.tokens!));
  if (mode === "insecure-login") {
    authenticate = insecureLoginAuthenticate;
    warnings.push("warning: --auth insecure-login believes any claimed login ('Authorization: token <login>'): anyone can read every private repository. Use it for development only.");
  }
  if (mode !== "tokens" && !isLoopback(options.host)) {
    warnings.push(`warning: listening on ${options.host}, beyond this machine, without real authentication; give --tokens FILE to check callers.`);
  }
  return { authenticate, mode, warnings };
}

/** A usage error: exit code 2. */
export class UsageError extends Error {}

async function tokenTable(file: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new Error(`cannot read the tokens file ${file}: ${(err as NodeJS.ErrnoException).code ?? "unreadable"}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse quotes the text it failed on, which may be a token: say only where the file is.
    throw new Error(`the tokens file ${file} is not valid JSON`);
  }
  try {
    return readTokenTable(json);
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`);
  }
}

/** Whether an address reaches this machine only. */
export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost") return true;
  if (isIP(bare) === 4) return bare.startsWith("127.");
  return bare === "::1" || bare === "::ffff:127.0.0.1";
}
