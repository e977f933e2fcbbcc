/**
 * The search rate limit's numbers: requests per rolling window, 30 a minute for authenticated
 * callers and 10 for anonymous ones by default. The limiter that counts them is the HTTP layer's
 * (src/http/rate-limit.ts); the engine checks an embedder's numbers when it is made.
 */

export interface RateLimitOptions {
  /** Requests per window for authenticated callers; default 30. */
  authenticated?: number;
  /** Requests per window for anonymous callers; default 10. */
  unauthenticated?: number;
  /** Window length in milliseconds; default 60,000. */
  windowMs?: number;
}

const DEFAULT_RATE_LIMITS: Required<RateLimitOptions> = {
  authenticated: 30,
  unauthenticated: 10,
  windowMs: 60_000,
};

/** The limits with the defaults filled in; a RangeError names a number that cannot be a limit. */
export function rateLimits(options: RateLimitOptions = {}): Required<RateLimitOptions> {
  const limits = { ...DEFAULT_RATE_LIMITS, ...definedOnly(options) };
  for (const name of ["authenticated", "unauthenticated"] as const) {
    if (!Number.isInteger(limits[name]) || limits[name] < 0) {
      throw new RangeError(`rate limit "${name}" must be a whole number of requests, got ${limits[name]}`);
    }
  }
  if (!(limits.windowMs > 0) || !Number.isFinite(limits.windowMs)) {
    throw new RangeError(`rate limit "windowMs" must be a positive number of milliseconds, got ${limits.windowMs}`);
  }
  return limits;
}

function definedOnly(options: RateLimitOptions): RateLimitOptions {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}
