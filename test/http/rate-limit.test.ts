import { describe, expect, it } from "vitest";
import { RateLimiter, rateLimitSubject } from "../../src/http/rate-limit.js";

const T0 = 1_700_000_000_000;

describe("RateLimiter", () => {
  it("allows 10 anonymous requests a minute, then refuses", () => {
    const limiter = new RateLimiter();
    for (let i = 1; i <= 10; i++) {
      expect(limiter.take("1.2.3.4", false, T0 + i)).toMatchObject({ allowed: true, limit: 10, remaining: 10 - i, used: i });
    }
    expect(limiter.take("1.2.3.4", false, T0 + 11)).toMatchObject({ allowed: false, limit: 10, remaining: 0, used: 10 });
  });

  it("allows 30 authenticated requests a minute", () => {
    const limiter = new RateLimiter();
    const results = Array.from({ length: 31 }, (_, i) => limiter.take("octocat", true, T0 + i));
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
    expect(results[30]).toMatchObject({ allowed: false, limit: 30, remaining: 0 });
  });

  it("rolls: each request leaves the window a minute after it was made", () => {
    const limiter = new RateLimiter({ unauthenticated: 2 });
    limiter.take("ip", false, T0);
    limiter.take("ip", false, T0 + 30_000);
    expect(limiter.take("ip", false, T0 + 59_999).allowed).toBe(false);
    // The first request has left; the second still counts.
    expect(limiter.take("ip", false, T0 + 60_000)).toMatchObject({ allowed: true, remaining: 0, used: 2 });
    expect(limiter.take("ip", false, T0 + 60_001).allowed).toBe(false);
    expect(limiter.take("ip", false, T0 + 90_000)).toMatchObject({ allowed: true, used: 2 });
  });

  it("resets when the oldest counted request leaves, in epoch seconds", () => {
    const limiter = new RateLimiter({ unauthenticated: 2 });
    expect(limiter.take("ip", false, T0 + 400).reset).toBe(Math.ceil((T0 + 400 + 60_000) / 1000));
    expect(limiter.take("ip", false, T0 + 20_000).reset).toBe(Math.ceil((T0 + 400 + 60_000) / 1000));
    expect(limiter.take("ip", false, T0 + 20_500).reset).toBe(Math.ceil((T0 + 400 + 60_000) / 1000));
  });

  it("refused requests do not count", () => {
    const limiter = new RateLimiter({ unauthenticated: 1 });
    limiter.take("ip", false, T0);
    for (let i = 1; i < 50; i++) limiter.take("ip", false, T0 + i * 1000);
    expect(limiter.take("ip", false, T0 + 60_000).allowed).toBe(true);
  });

  it("counts callers separately, logins apart from addresses", () => {
    const limiter = new RateLimiter({ authenticated: 1, unauthenticated: 1 });
    expect(limiter.take("a", false, T0).allowed).toBe(true);
    expect(limiter.take("b", false, T0).allowed).toBe(true);
    expect(limiter.take("a", true, T0).allowed).toBe(true);
    expect(limiter.take("a", false, T0).allowed).toBe(false);
  });

  it("takes its limits and window from options", () => {
    const limiter = new RateLimiter({ authenticated: 3, windowMs: 1000 });
    expect(limiter.limits).toEqual({ authenticated: 3, unauthenticated: 10, windowMs: 1000 });
    for (let i = 0; i < 3; i++) limiter.take("u", true, T0);
    expect(limiter.take("u", true, T0 + 999).allowed).toBe(false);
    // All three leave together, so only this one counts.
    expect(limiter.take("u", true, T0 + 1000)).toMatchObject({ allowed: true, limit: 3, remaining: 2, used: 1 });
  });

  it("refuses nonsense limits", () => {
    expect(() => new RateLimiter({ authenticated: -1 })).toThrow(RangeError);
    expect(() => new RateLimiter({ unauthenticated: 1.5 })).toThrow(RangeError);
    expect(() => new RateLimiter({ windowMs: 0 })).toThrow(RangeError);
    expect(() => new RateLimiter({ windowMs: Number.POSITIVE_INFINITY })).toThrow(RangeError);
    expect(() => new RateLimiter({ authenticated: undefined })).not.toThrow();
  });

  it("forgets callers whose window emptied", () => {
    const limiter = new RateLimiter();
    for (let i = 0; i < 1000; i++) limiter.take(`10.0.${i >> 8}.${i & 255}`, false, T0 + i);
    expect(limiter.trackedCallers).toBe(1000);
    limiter.take("late", false, T0 + 2 * 60_000);
    expect(limiter.trackedCallers).toBe(1);
  });

  it("writes the site's headers", () => {
    const limiter = new RateLimiter();
    const result = limiter.take("octocat", true, T0);
    expect(limiter.headers(result)).toEqual({
      "x-ratelimit-limit": "30",
      "x-ratelimit-remaining": "29",
      "x-ratelimit-reset": String(Math.ceil((T0 + 60_000) / 1000)),
      "x-ratelimit-used": "1",
      "x-ratelimit-resource": "search",
    });
  });
});

describe("rateLimitSubject", () => {
  it("counts users by login, case-insensitively, and names them by id when known", () => {
    expect(rateLimitSubject({ login: "OctoCat" }, "1.2.3.4")).toEqual({
      key: "octocat",
      authenticated: true,
      who: "user ID OctoCat",
    });
    expect(rateLimitSubject({ login: "octocat", id: 583231 }, undefined).who).toBe("user ID 583231");
  });

  it("counts anonymous callers by address", () => {
    expect(rateLimitSubject(undefined, "203.0.113.9")).toEqual({ key: "203.0.113.9", authenticated: false, who: "203.0.113.9" });
    expect(rateLimitSubject(undefined, undefined)).toEqual({ key: "local", authenticated: false, who: "local" });
  });
});
