/**
 * Object ids for generated commits, pull-request commits and trees: real
 * looking 40-digit SHAs, some pairs sharing their first nine digits so that
 * short prefixes are ambiguous and longer ones are not.
 */
import { createHash } from "node:crypto";

const sha1 = (seed: string) => createHash("sha1").update(seed).digest("hex");

/** `count` SHAs for `seed`; every third one shares its first nine digits with the one before. */
export function shaPool(seed: string, count: number): string[] {
  const pool: string[] = [];
  for (let i = 0; i < count; i++) {
    const own = sha1(`${seed}:${i}`);
    pool.push(i % 3 === 2 ? pool[i - 1].slice(0, 9) + own.slice(9) : own);
  }
  return pool;
}

/** Hex prefixes of a SHA as a query may write them: too short, the shortest allowed, longer, whole, too long. */
export const PREFIX_LENGTHS = [6, 7, 8, 9, 10, 12, 40, 41] as const;

export function prefixOf(sha: string, length: number, upper: boolean): string {
  const text = length > 40 ? `${sha}0` : sha.slice(0, length);
  return upper ? text.toUpperCase() : text;
}
