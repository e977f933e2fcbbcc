/**
 * The node:http adapter: serves the engine's `request()` over HTTP. It only translates — the
 * routing, negotiation, paging, ETags and rate limits all happen inside the engine.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { asSearchError, notFound } from "../errors.js";
import type { Caller, HttpRequest, HttpResponse } from "../types.js";

/** Anything that answers requests the way the engine does. */
export interface RequestHandler {
  request(req: HttpRequest): Promise<HttpResponse>;
}

/**
 * Turns a request's credentials into a caller; undefined means anonymous. Receives the
 * `Authorization` header (if any) and the query string's parameters.
 */
export type Authenticate = (
  authorization: string | undefined,
  query: URLSearchParams,
) => Caller | undefined | Promise<Caller | undefined>;

export interface ServeOptions {
  /** Port to listen on; 0 picks a free one (read it back from `url`). */
  port: number;
  /** Interface to listen on; default `127.0.0.1`, the local machine only. */
  host?: string;
  /** How callers are identified; default {@link developmentAuthenticate}. */
  authenticate?: Authenticate;
}

export interface RunningServer {
  server: Server;
  /** Where the server listens, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

/**
 * A development stand-in for real credentials: it trusts what it is told and checks nothing.
 *
 * - `Authorization: Basic base64(login:password)` → `{ login, via: "basic" }` (password ignored);
 * - `Authorization: token <login>` or `Bearer <login>` → `{ login, via: "oauth" }` — the token *is*
 *   the login;
 * - `?client_id=<id>&client_secret=<anything>` → `{ login: <id>, via: "client" }`.
 *
 * Anything else, malformed headers included, is anonymous. Pass `authenticate` to `serve()` to
 * check real credentials.
 */
export function developmentAuthenticate(authorization: string | undefined, query: URLSearchParams): Caller | undefined {
  const header = authorization?.trim() ?? "";
  const space = header.indexOf(" ");
  const scheme = (space < 0 ? header : header.slice(0, space)).toLowerCase();
  const credentials = space < 0 ? "" : header.slice(space + 1).trim();
  if (scheme === "basic" && credentials) {
    const decoded = Buffer.from(credentials, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    const login = colon < 0 ? decoded : decoded.slice(0, colon);
    if (isLogin(login)) return { login, via: "basic" };
  }
  if ((scheme === "token" || scheme === "bearer") && isLogin(credentials)) return { login: credentials, via: "oauth" };
  const clientId = query.get("client_id");
  if (clientId && query.has("client_secret") && isLogin(clientId)) return { login: clientId, via: "client" };
  return undefined;
}

/** Starts an HTTP server answering with `engine.request()`. Only GET and HEAD are served. */
export async function serve(engine: RequestHandler, options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const authenticate = options.authenticate ?? developmentAuthenticate;
  const server = createServer((req, res) => {
    answer(engine, authenticate, req, res).catch((err: unknown) => writeFailure(res, err));
  });
  // Malformed HTTP never reaches the handler; answer it plainly instead of letting it throw.
  server.on("clientError", (_err, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
    else socket.destroy();
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });

  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    server,
    url,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function answer(
  engine: RequestHandler,
  authenticate: Authenticate,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const target = req.url ?? "/";
  const isHead = req.method === "HEAD";
  // The site answers other methods on search routes as unknown routes: 404.
  if (req.method !== "GET" && !isHead) {
    const { status, body } = notFound();
    return write(res, { status, headers: {}, body }, true);
  }

  const questionMark = target.indexOf("?");
  const query = new URLSearchParams(questionMark < 0 ? "" : target.slice(questionMark + 1));
  const caller = await authenticate(headerText(req.headers.authorization), query);
  const response = await engine.request({ url: target, headers: req.headers, caller, ip: clientAddress(req) });
  write(res, response, !isHead);
}

function write(res: ServerResponse, response: HttpResponse, withBody: boolean): void {
  const headers: Record<string, string> = { ...response.headers };
  if (response.status === 304 || response.body === undefined) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  // Pretty-printed, as the site sends it.
  const payload = Buffer.from(JSON.stringify(response.body, null, 2) + "\n", "utf8");
  headers["content-type"] = JSON_CONTENT_TYPE;
  headers["content-length"] = String(payload.length);
  res.writeHead(response.status, headers);
  res.end(withBody ? payload : undefined);
}

function writeFailure(res: ServerResponse, err: unknown): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body } = asSearchError(err);
  write(res, { status, headers: {}, body }, true);
}

function clientAddress(req: IncomingMessage): string | undefined {
  const address = req.socket.remoteAddress;
  // IPv4 clients of a dual-stack socket show up as IPv4-mapped IPv6 addresses.
  return address?.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Logins on the site: letters, digits and single hyphens; kept loose enough for bots (`name[bot]`). */
function isLogin(value: string): boolean {
  return /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})(?:\[bot\])?$/.test(value);
}
