/** The service edge: content negotiation, paging links, ETags, rate limits and the node:http adapter. */
export { DEFAULT_VENDOR, negotiateMediaType, parseAccept } from "../api/media-type.js";
export type { MediaRange, MediaTypeChoice, Preview } from "../api/media-type.js";
export { linkHeader } from "./link.js";
export { DEFAULT_PAGE, DEFAULT_PER_PAGE, MAX_PER_PAGE, RESULT_CAP, isPastResultCap, lastPage, parsePaging } from "../api/paging.js";
export type { LinkHeaderInput } from "./link.js";
export type { Paging } from "../api/paging.js";
export { etagOf, matchesIfNoneMatch } from "./etag.js";
export { DEFAULT_RATE_LIMITS, RateLimiter, rateLimitSubject } from "./rate-limit.js";
export type { RateLimitOptions, RateLimitResult, RateLimitSubject } from "./rate-limit.js";
export { DEFAULT_MAX_URL_LENGTH, serve } from "./server.js";
export type { RequestHandler, RunningServer, ServeOptions } from "./server.js";
export {
  AUTH_MODES,
  anonymousAuthenticate,
  developmentAuthenticate,
  insecureLoginAuthenticate,
  readTokenTable,
  tokenAuthenticator,
} from "./auth.js";
export type { Authenticate, AuthMode } from "./auth.js";
export { normalizeBaseUrl, requestBaseUrl } from "./base-url.js";
