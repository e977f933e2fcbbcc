/** Hashes of keys for tables that spread their entries over many small parts. */

export const FNV_SEED = 0x811c9dc5;
export const FNV_PRIME = 0x01000193;

/** FNV-1a over a string's UTF-16 code units, as an unsigned 32-bit number. */
export function hashString(text: string): number {
  let hash = FNV_SEED;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}

/**
 * A well-mixed unsigned 32-bit hash of any key that a `Map` tells apart: strings by their text,
 * numbers by their integer part (keys a `Map` holds equal, such as 0 and -0, hash alike), and
 * every other key to 0. FNV-1a's low bits follow the last characters closely; the final mix
 * spreads every bit of the hash over them.
 */
export function hashKey(key: unknown): number {
  return mixed(typeof key === "string" ? hashString(key) : typeof key === "number" ? Math.imul(key | 0, 0x9e3779b1) : 0);
}

/** `hashKey` of the string of `bytes[from … to)`, a character per byte (Latin-1), without making the string. */
export function hashLatin1(bytes: Uint8Array, from: number, to: number): number {
  let hash = FNV_SEED;
  for (let i = from; i < to; i++) hash = Math.imul(hash ^ bytes[i], FNV_PRIME);
  return mixed(hash >>> 0);
}

/** The final mix of `hashKey`. */
function mixed(fnv: number): number {
  let hash = Math.imul(fnv ^ (fnv >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  return (hash ^ (hash >>> 16)) >>> 0;
}
