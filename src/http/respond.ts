/**
 * `request()`: the HTTP-shaped answer to `GET /search/<kind>?…`, without a network. It routes the
 * path, counts the request against the rate limit, reads the parameters, runs the search and
 * writes the site's headers (media type, `link`, ETag, 304); every failure becomes the site's
 * status and body. The engine's `request()` delegates here; the node:http adapter sits on top.
 */
import { parsePaging } from "../api/paging.js";
import { negotiateMediaType } from "../api/media-type.js";
import { asSearchError, notFound, rateLimited, UsageError } from "../errors.js";
import { KINDS, SEARCH_KINDS } from "../kinds/index.js";
import type { SearchKind } from "../kinds/types.js";
import type { RateLimitOptions } from "../api/rate-limits.js";
import type { Envelope, HttpRequest, HttpResponse, SearchOptions, SearchParams } from "../types.js";
import { etagOf, matchesIfNoneMatch } from "./etag.js";
import { linkHeader } from "./link.js";
import { RateLimiter, rateLimitSubject } from "./rate-limit.js";

/** What `respond` needs of an engine. */
export interface Searcher {
  readonly options: {
    baseUrl: string;
    vendor: string;
    now: () => number;
    rateLimit: false | RateLimitOptions;
    logger: { error(message: string, cause: unknown): void };
  };
  search(kind: SearchKind, params: SearchParams, options: SearchOptions): Promise<Envelope>;
}

/** The parameters a search reads from the query string: the common ones and every kind's scope parameters. */
const PARAMETERS: ReadonlyArray<keyof SearchParams> = [
  ...new Set<keyof SearchParams>(["q", "sort", "order", "per_page", "page", ...SEARCH_KINDS.flatMap((k) => (KINDS[k].scopeParameters ?? []).map((p) => p.name))]),
];

/** Each engine's rate limiter, made on its first request (none when its rate limit is off). */
const limiters = new WeakMap<Searcher, RateLimiter | undefined>();

function limiterOf(engine: Searcher): RateLimiter | undefined {
  if (!limiters.has(engine)) limiters.set(engine, engine.options.rateLimit === false ? undefined : new RateLimiter(engine.options.rateLimit));
  return limiters.get(engine);
}

/** Answers one request; never throws. */
export async function respond(engine: Searcher, req: HttpRequest): Promise<HttpResponse> {
  const { options } = engine;
  const headers: Record<string, string> = {};
  try {
    const given: unknown = req;
    if (given === null || typeof given !== "object") throw new UsageError("request", "expected { url, headers?, caller?, ip? }");
    // Every request counts, so that every answer (unknown routes too) carries the allowance headers.
    const limiter = limiterOf(engine);
    if (limiter) {
      const subject = rateLimitSubject(req.caller, req.ip);
      const result = limiter.take(subject.key, subject.authenticated, options.now());
      Object.assign(headers, limiter.headers(result));
      if (!result.allowed) throw rateLimited(headers, subject.who, subject.authenticated);
    }
    const url = new URL(req.url, "http://localhost");
    const m = /^\/search\/([a-z]+)\/?$/.exec(url.pathname);
    if (!m || !SEARCH_KINDS.includes(m[1] as SearchKind)) throw notFound();
    const accept = header(req.headers, "accept");
    const params: SearchParams = {};
    for (const name of PARAMETERS) {
      // A repeated parameter counts by its last value, as the site (a Rails application) reads it.
      const v = url.searchParams.getAll(name).at(-1);
      if (v !== undefined) params[name] = v;
    }
    const baseUrl = req.baseUrl ?? options.baseUrl;
    const body = await engine.search(m[1] as SearchKind, params, { accept, caller: req.caller, baseUrl });
    const media = negotiateMediaType(accept, options.vendor);
    headers["content-type"] = "application/json; charset=utf-8";
    headers[`x-${options.vendor}-media-type`] = media.mediaType;
    const link = linkHeader({ baseUrl, path: url.pathname, query: url.searchParams, paging: parsePaging(params as never), totalCount: body.total_count });
    if (link) headers.link = link;
    const etag = etagOf(body);
    headers.etag = etag;
    if (matchesIfNoneMatch(header(req.headers, "if-none-match"), etag)) return { status: 304, headers, body: undefined };
    return { status: 200, headers, body };
  } catch (err) {
    const e = asSearchError(err, (cause) => options.logger.error("request failed", cause));
    return { status: e.status, headers: { ...headers, ...e.headers, "content-type": "application/json; charset=utf-8" }, body: e.body };
  }
}

function header(headers: HttpRequest["headers"], name: string): string | undefined {
  if (!headers) return undefined;
  for (const k of Object.keys(headers)) {
    if (k.toLowerCase() === name) {
      const v = headers[k];
      return Array.isArray(v) ? v.join(", ") : v;
    }
  }
  return undefined;
}
