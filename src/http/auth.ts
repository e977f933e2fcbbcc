/**
 * Who a request comes from. Three authenticators: everyone anonymous, a table of tokens, and a
 * development stand-in that believes any login it is told (opt-in by name only).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { badCredentials } from "../errors.js";
import type { Caller } from "../types.js";

/**
 * Turns a request's credentials into a caller; undefined means anonymous; throwing a SearchError
 * (401) refuses the request. Receives the `Authorization` header (if any) and the query parameters.
 */
export type Authenticate = (
  authorization: string | undefined,
  query: URLSearchParams,
) => Caller | undefined | Promise<Caller | undefined>;

/** The names `serve --auth` takes. */
export const AUTH_MODES = ["none", "tokens", "insecure-login"] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

/** Everyone is anonymous, whatever they send. */
export const anonymousAuthenticate: Authenticate = () => undefined;

interface Credentials {
  /** Lower-cased. */
  scheme: string;
  value: string;
}

function readAuthorization(authorization: string | undefined): Credentials | undefined {
  const header = authorization?.trim() ?? "";
  if (!header) return undefined;
  const space = header.search(/\s/);
  return {
    scheme: (space < 0 ? header : header.slice(0, space)).toLowerCase(),
    value: space < 0 ? "" : header.slice(space + 1).trim(),
  };
}

/** `Basic base64(user:password)` → [user, password]. */
function readBasic(value: string): [user: string, password: string] {
  const decoded = Buffer.from(value, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  return colon < 0 ? [decoded, ""] : [decoded.slice(0, colon), decoded.slice(colon + 1)];
}

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/**
 * Checks tokens against a table `{ "<token>": "<login>" }`: `Authorization: token <token>`,
 * `Bearer <token>`, or `Basic` with the token as password (as the site accepts). A token that is
 * not in the table is a 401 "Bad credentials"; a scheme the site does not know leaves the caller
 * anonymous, as the site does. Every stored token is compared, in constant time, on every
 * request, so the timing tells nothing about which tokens exist.
 */
export function tokenAuthenticator(tokens: Readonly<Record<string, string>>): Authenticate {
  const table = Object.entries(tokens).map(([token, login]) => ({ hash: digest(token), login }));
  const lookup = (token: string): string | undefined => {
    const presented = digest(token);
    let found: string | undefined;
    for (const entry of table) if (timingSafeEqual(entry.hash, presented) && found === undefined) found = entry.login;
    return found;
  };
  return (authorization) => {
    const credentials = readAuthorization(authorization);
    if (!credentials) return undefined;
    const { scheme, value } = credentials;
    let token: string;
    if (scheme === "token" || scheme === "bearer") token = value;
    else if (scheme === "basic") token = readBasic(value)[1];
    else return undefined;
    const login = token ? lookup(token) : undefined;
    if (login === undefined) throw badCredentials();
    return { login, via: scheme === "basic" ? "basic" : "oauth" };
  };
}

/**
 * Reads a token table (the parsed JSON of `serve --tokens FILE`): an object of non-empty tokens
 * to logins. Throws a TypeError naming the first bad entry, never quoting a token.
 */
export function readTokenTable(json: unknown): Record<string, string> {
  if (json === null || typeof json !== "object" || Array.isArray(json)) {
    throw new TypeError('the tokens file must hold one JSON object: { "<token>": "<login>" }');
  }
  const table: Record<string, string> = Object.create(null) as Record<string, string>;
  let entry = 0;
  for (const [token, login] of Object.entries(json)) {
    entry++;
    if (!token.trim() || /\s/.test(token)) throw new TypeError(`entry ${entry} of the tokens file: a token must be non-empty and hold no spaces`);
    if (typeof login !== "string" || !isLogin(login)) throw new TypeError(`entry ${entry} of the tokens file: the login must be a login, got ${JSON.stringify(login)}`);
    table[token] = login;
  }
  return table;
}

/**
 * A development stand-in that trusts what it is told and checks nothing (`serve --auth
 * insecure-login`): `Authorization: token <login>` or `Bearer <login>` → `{ login, via: "oauth" }`;
 * `Basic base64(login:anything)` → `{ login, via: "basic" }`; `?client_id=<id>&client_secret=…` →
 * `{ login: <id>, via: "client" }`. Anything else is anonymous. Never for a shared service.
 */
export const insecureLoginAuthenticate: Authenticate = (authorization, query) => {
  const credentials = readAuthorization(authorization);
  if (credentials?.scheme === "basic" && credentials.value) {
    const [login] = readBasic(credentials.value);
    if (isLogin(login)) return { login, via: "basic" };
  }
  if ((credentials?.scheme === "token" || credentials?.scheme === "bearer") && isLogin(credentials.value)) {
    return { login: credentials.value, via: "oauth" };
  }
  const clientId = query.get("client_id");
  if (clientId && query.has("client_secret") && isLogin(clientId)) return { login: clientId, via: "client" };
  return undefined;
};

/** The former name of {@link insecureLoginAuthenticate}. */
export const developmentAuthenticate = insecureLoginAuthenticate;

/** Logins on the site: letters, digits and single hyphens; kept loose enough for bots (`name[bot]`). */
function isLogin(value: string): boolean {
  return /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/.test(value);
}
