/**
 * Failures the fuzzer has found that are still open, each with a focused `it.fails` case in
 * test/hardening/fuzz-regressions.test.ts. Runs leave out the cases they match (and count them)
 * so that a run reports what is new; `npm run fuzz -- --all` includes them. Remove an entry when
 * its case is fixed.
 */

/** Whether `value` survives the conversions the engine applies to parameters. */
function converts(value) {
  try {
    void `${value}`;
    void String(value);
    void Number(value);
    return true;
  } catch {
    return false;
  }
}

export const KNOWN_OPEN = [
  {
    name: "request() given a request that is not an object answers 500",
    matches: (c) => c.via === "request" && (c.req === null || typeof c.req !== "object"),
  },
  {
    name: "search() given a parameter that cannot be turned into text answers 500",
    matches: (c) => c.via === "search" && c.params !== null && typeof c.params === "object" && !Object.values(c.params).every(converts),
  },
];
