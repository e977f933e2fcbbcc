/**
 * The search rate limit: a rolling window of requests per caller, 30 a minute for authenticated
 * callers (keyed by login) and 10 for anonymous ones (keyed by address). The clock is passed in.
 */

import { rateLimits, type RateLimitOptions } from "../api/rate-limits.js";


export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Epoch seconds at which the oldest counted request leaves the window. */
  reset: number;
  /** Requests counted in the window, this one included when allowed. */
  used: number;
}

export class RateLimiter {
  readonly limits: Readonly<Required<RateLimitOptions>>;
  /** Request times per caller, oldest first; never longer than the caller's limit. */
  private readonly windows = new Map<string, number[]>();
  private lastSweepMs = Number.NEGATIVE_INFINITY;

  constructor(options: RateLimitOptions = {}) {
    this.limits = rateLimits(options);
  }

  /** Counts one request by `key` at `nowMs`, unless the caller has used up the window. */
  take(key: string, authenticated: boolean, nowMs: number): RateLimitResult {
    this.sweep(nowMs);
    const limit = authenticated ? this.limits.authenticated : this.limits.unauthenticated;
    // Logins and addresses live in separate namespaces so neither can spend the other's allowance.
    const windowKey = `${authenticated ? "user" : "addr"}:${key}`;
    const times = this.windows.get(windowKey) ?? [];
    dropExpired(times, nowMs - this.limits.windowMs);

    const allowed = times.length < limit;
    if (allowed) times.push(nowMs);
    if (times.length > 0) this.windows.set(windowKey, times);
    else this.windows.delete(windowKey);

    const oldest = times[0] ?? nowMs;
    return {
      allowed,
      limit,
      remaining: Math.max(0, limit - times.length),
      reset: Math.ceil((oldest + this.limits.windowMs) / 1000),
      used: times.length,
    };
  }

  /** The headers the site sends with every search response. */
  headers(result: RateLimitResult): Record<string, string> {
    return {
      "x-ratelimit-limit": String(result.limit),
      "x-ratelimit-remaining": String(result.remaining),
      "x-ratelimit-reset": String(result.reset),
      "x-ratelimit-used": String(result.used),
      "x-ratelimit-resource": "search",
    };
  }

  /** Callers currently tracked (those with a request inside the window). */
  get trackedCallers(): number {
    return this.windows.size;
  }

  /** Forgets callers whose window has emptied; runs at most once per window length. */
  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweepMs < this.limits.windowMs) return;
    this.lastSweepMs = nowMs;
    const horizon = nowMs - this.limits.windowMs;
    for (const [key, times] of this.windows) {
      if (times[times.length - 1] <= horizon) this.windows.delete(key);
    }
  }
}

export interface RateLimitSubject {
  /** The key to count requests under: the login, or the address for anonymous callers. */
  key: string;
  authenticated: boolean;
  /** How the 403 message names the caller: `user ID <id>` or the address. */
  who: string;
}

/**
 * Whom a request counts against. Logins are compared case-insensitively, as the site does. A
 * request without an address (an in-process call) counts against the address `local`.
 */
export function rateLimitSubject(caller: { login: string; id?: number } | undefined, ip: string | undefined): RateLimitSubject {
  // A malformed caller (no login string) counts against the address; the search then refuses it as a usage error.
  if (caller && typeof caller === "object" && typeof caller.login === "string" && caller.login.trim() !== "") {
    return { key: caller.login.toLowerCase(), authenticated: true, who: `user ID ${caller.id ?? caller.login}` };
  }
  const address = typeof ip === "string" && ip !== "" ? ip : "local";
  return { key: address, authenticated: false, who: address };
}

function dropExpired(times: number[], horizon: number): void {
  let expired = 0;
  while (expired < times.length && times[expired] <= horizon) expired++;
  if (expired > 0) times.splice(0, expired);
}
