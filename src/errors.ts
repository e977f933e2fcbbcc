/**
 * One catalogue of every failure the library reports, each with the hosting
 * site's status code and body shape. Nothing else in src/ builds error bodies.
 */

export interface ValidationErrorEntry {
  resource: string;
  field: string;
  code: string;
  message?: string;
}

export interface ErrorBody {
  message: string;
  errors?: ValidationErrorEntry[];
  documentation_url?: string;
  status?: string;
}

const DOCUMENTATION_URL = "https://docs.github.com/rest/search/search";

/**
 * The stable name of every failure, with its status: tell failures apart by `code`, never by
 * message text (messages follow the hosting site's wording and may change with it).
 */
export const ERROR_CODES = {
  /** The query text cannot be parsed or validated (a QueryError, with the offending span). */
  invalid_query: 422,
  /** A parameter other than the query text is invalid (sort, per_page, repository_id, …). */
  validation_failed: 422,
  /** A required parameter is absent (q; repository_id of label search). */
  missing_parameter: 422,
  /** A page past the first 1,000 results. */
  result_cap: 422,
  /** A record given to `add` (or a dump line) lacks its key fields, nests too deeply, or is not JSON. */
  invalid_record: 422,
  /** An unknown route, or a repository the caller may not see (label search). */
  not_found: 404,
  /** Commit or topic search without its preview media type. */
  preview_required: 415,
  /** An Accept header that admits no JSON. */
  unsupported_media_type: 415,
  rate_limited: 403,
  bad_credentials: 401,
  /** The embedder misused the library (a UsageError). */
  usage: 400,
  uri_too_long: 414,
  headers_too_large: 431,
  /** A load is in progress, or a stream ran out of time. */
  service_unavailable: 503,
  /** Anything unexpected; the cause goes to the engine's logger, never to the client. */
  internal: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** Every failure the engine reports: a stable `code`, an HTTP status and the body the hosting site sends. */
export class SearchError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, body: ErrorBody, headers: Record<string, string> = {}) {
    const status = ERROR_CODES[code];
    super(describe(status, body));
    this.name = "SearchError";
    this.code = code;
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/** A query that cannot be parsed or validated: always 422, with the offending span. */
export class QueryError extends SearchError {
  readonly offset: number;
  readonly length: number;
  readonly detail: string;

  constructor(detail: string, offset: number, length = 0) {
    super("invalid_query", validationBody(detail));
    this.name = "QueryError";
    this.offset = offset;
    this.length = length;
    this.detail = detail;
  }
}

/**
 * A misuse of the library by its embedder (an unknown kind, a malformed caller, a bad option):
 * status 400, with `what` naming the offending argument or option.
 */
export class UsageError extends SearchError {
  readonly what: string;

  constructor(what: string, message: string) {
    super("usage", { message: `${what}: ${message}` });
    this.name = "UsageError";
    this.what = what;
  }
}

function describe(status: number, body: ErrorBody): string {
  const details = body.errors?.map((e) => e.message).filter(Boolean) ?? [];
  return details.length ? `${status} ${body.message}: ${details.join("; ")}` : `${status} ${body.message}`;
}

function validationBody(message: string, field = "q", code = "invalid"): ErrorBody {
  return {
    message: "Validation Failed",
    errors: [{ resource: "Search", field, code, message }],
    documentation_url: DOCUMENTATION_URL,
  };
}

/** 422 about a parameter other than the query text (sort, per_page, repository_id, …). */
export function validationFailed(message: string, field = "q", code = "invalid"): SearchError {
  return new SearchError("validation_failed", validationBody(message, field, code));
}

/** 422 for a parameter that is required and absent. */
export function missingParameter(field: string): SearchError {
  return new SearchError("missing_parameter", {
    message: "Validation Failed",
    errors: [{ resource: "Search", field, code: "missing" }],
    documentation_url: DOCUMENTATION_URL,
  });
}

/** The hosting site's answer to a page past the first 1,000 results. */
export function beyondResultCap(): SearchError {
  return new SearchError("result_cap", {
    message: "Only the first 1000 search results are available",
    documentation_url: DOCUMENTATION_URL,
  });
}

export function notFound(): SearchError {
  return new SearchError("not_found", { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
}

/** 415 when an endpoint's preview media type is missing from `accept`. */
export function previewRequired(feature: string): SearchError {
  return new SearchError("preview_required", {
    message: `If you would like to help us test the ${feature} API during its preview period, you must specify a custom media type in the 'Accept' header. Please see the docs for full details.`,
    documentation_url: DOCUMENTATION_URL,
  });
}

export function unsupportedMediaType(accept: string): SearchError {
  return new SearchError("unsupported_media_type", {
    message: `Unsupported 'Accept' header: '${accept}'. Must accept 'application/json'.`,
    documentation_url: "https://docs.github.com/rest/overview/media-types",
  });
}

export function rateLimited(headers: Record<string, string>, who: string, authenticated: boolean): SearchError {
  const hint = authenticated
    ? ""
    : " (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)";
  return new SearchError(
    "rate_limited",
    {
      message: `API rate limit exceeded for ${who}.${hint}`,
      documentation_url: "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting",
    },
    headers,
  );
}

/** A record given to `add` that lacks what identifies it. */
export function invalidRecord(resource: string, field: string, message: string): SearchError {
  return new SearchError("invalid_record", {
    message: "Validation Failed",
    errors: [{ resource, field, code: "missing_field", message }],
  });
}

/** 401 for credentials that name no one, with the site's body. */
export function badCredentials(): SearchError {
  return new SearchError("bad_credentials", { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" });
}

/** 431 for request headers larger than the service reads. */
export function headersTooLarge(): SearchError {
  return new SearchError("headers_too_large", { message: "Request Header Fields Too Large", documentation_url: "https://docs.github.com/rest" });
}

export function serviceUnavailable(): SearchError {
  return new SearchError("service_unavailable", { message: "Service Unavailable", documentation_url: DOCUMENTATION_URL });
}

/** 414 for a request line past the limit; the site answers with its usual JSON body. */
export function uriTooLong(): SearchError {
  return new SearchError("uri_too_long", { message: "URI Too Long", documentation_url: "https://docs.github.com/rest" });
}

/**
 * Turns anything thrown inside the engine into a typed error: the host never sees a raw exception,
 * and the client never sees its cause (given to `report`, e.g. the engine's logger, instead).
 */
export function asSearchError(err: unknown, report?: (cause: unknown) => void): SearchError {
  if (err instanceof SearchError) return err;
  report?.(err);
  return new SearchError("internal", { message: "Internal error", documentation_url: "https://docs.github.com/rest" });
}
