/**
 * The node:http adapter: serves the engine's `request()` over HTTP. It only translates — the
 * routing, negotiation, paging, ETags and rate limits all happen inside the engine; here are who
 * the caller is, where the client reached us (the base of response URLs) and over-long requests.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { asSearchError, headersTooLarge, notFound, uriTooLong, type SearchError } from "../errors.js";
import type { HttpRequest, HttpResponse } from "../types.js";
import { anonymousAuthenticate, type Authenticate } from "./auth.js";
import { requestBaseUrl } from "./base-url.js";

/** Anything that answers requests the way the engine does. */
export interface RequestHandler {
  request(req: HttpRequest): Promise<HttpResponse>;
}

export type { Authenticate };

export interface ServeOptions {
  /** Port to listen on; 0 picks a free one (read it back from `url`). */
  port: number;
  /** Interface to listen on; default `127.0.0.1`, the local machine only. */
  host?: string;
  /** How callers are identified; default {@link anonymousAuthenticate}: everyone anonymous. */
  authenticate?: Authenticate;
  /**
   * The base of every URL in responses (`link` headers, items). Without it, each response names
   * where its request was sent (the `Host` header, or an absolute-form target).
   */
  baseUrl?: string;
  /** Read the base from `X-Forwarded-Host` / `X-Forwarded-Proto`: only behind a proxy that sets them. */
  trustProxy?: boolean;
  /** Longest request target answered; longer ones get a 414. Default 8,192 characters. */
  maxUrlLength?: number;
}

export interface RunningServer {
  server: Server;
  /** Where the server listens, e.g. `http://127.0.0.1:3000`. */
  url: string;
  /** Stops listening and drops open connections. */
  close(): Promise<void>;
}

const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
const DEFAULT_MAX_URL_LENGTH = 8192;

interface Edge {
  engine: RequestHandler;
  authenticate: Authenticate;
  baseUrl(req: IncomingMessage): string;
  maxUrlLength: number;
}

/** Starts an HTTP server answering with `engine.request()`. Only GET and HEAD are served. */
export async function serve(engine: RequestHandler, options: ServeOptions): Promise<RunningServer> {
  const host = options.host ?? "127.0.0.1";
  const maxUrlLength = options.maxUrlLength ?? DEFAULT_MAX_URL_LENGTH;
  let listenUrl = "";
  const edge: Edge = {
    engine,
    authenticate: options.authenticate ?? anonymousAuthenticate,
    maxUrlLength,
    baseUrl: (req) =>
      requestBaseUrl(
        { target: req.url ?? "/", headers: req.headers, encrypted: (req.socket as { encrypted?: boolean }).encrypted === true },
        { pinned: options.baseUrl, trustProxy: options.trustProxy, fallback: listenUrl },
      ),
  };
  const server = createServer((req, res) => {
    answer(edge, req, res).catch((err: unknown) => writeFailure(res, err));
  });
  server.on("clientError", (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket) => {
    if (!socket.writable) return void socket.destroy();
    // Node refuses an over-long request line or header block before any handler runs: answer
    // with the site's JSON body rather than a bare status.
    if (err.code === "HPE_HEADER_OVERFLOW") {
      const lineLength = requestLineLength(err.rawPacket);
      return void socket.end(rawResponse(lineLength === undefined || lineLength > maxUrlLength ? uriTooLong() : headersTooLarge()));
    }
    socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n");
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });

  const { port } = server.address() as AddressInfo;
  listenUrl = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  return {
    server,
    url: listenUrl,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function answer(edge: Edge, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const target = req.url ?? "/";
  const isHead = req.method === "HEAD";
  if (target.length > edge.maxUrlLength) return writeFailure(res, uriTooLong(), isHead);
  // The site answers other methods on search routes as unknown routes: 404.
  if (req.method !== "GET" && !isHead) {
    const { status, body } = notFound();
    return write(res, { status, headers: {}, body }, true);
  }

  const questionMark = target.indexOf("?");
  const query = new URLSearchParams(questionMark < 0 ? "" : target.slice(questionMark + 1));
  const caller = await edge.authenticate(headerText(req.headers.authorization), query);
  const response = await edge.engine.request({ url: target, headers: req.headers, caller, ip: clientAddress(req), baseUrl: edge.baseUrl(req) });
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

function writeFailure(res: ServerResponse, err: unknown, isHead = false): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const { status, body, headers } = asSearchError(err);
  write(res, { status, headers, body }, !isHead);
}

/** A whole HTTP/1.1 response, for a socket no request handler will see. */
function rawResponse({ status, body }: SearchError): string {
  const payload = JSON.stringify(body, null, 2) + "\n";
  const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ""}`, `Content-Type: ${JSON_CONTENT_TYPE}`, `Content-Length: ${Buffer.byteLength(payload)}`, "Connection: close"];
  return `${head.join("\r\n")}\r\n\r\n${payload}`;
}

/** Length of the request line in what was read, or undefined when it never ended. */
function requestLineLength(packet: Buffer | undefined): number | undefined {
  const end = packet ? packet.indexOf("\r\n") : -1;
  return end < 0 ? undefined : end;
}

function clientAddress(req: IncomingMessage): string | undefined {
  const address = req.socket.remoteAddress;
  // IPv4 clients of a dual-stack socket show up as IPv4-mapped IPv6 addresses.
  return address?.startsWith("::ffff:") && address.includes(".") ? address.slice("::ffff:".length) : address;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
