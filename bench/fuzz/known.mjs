/**
 * Failures the fuzzer has found that are still open, each with a focused `it.fails` case in
 * test/hardening/fuzz-regressions.test.ts. Runs leave out the cases they match (and count them)
 * so that a run reports what is new; `npm run fuzz -- --all` includes them. Remove an entry when
 * its case is fixed.
 */

/** None open: the two found so far (a request that is not an object, a parameter that cannot be read as text) are fixed. */
/** @type {Array<{ name: string, matches: (c: any) => boolean }>} */
export const KNOWN_OPEN = [];
