/**
 * One NDJSON line to one record. Keys that name prototype machinery are
 * dropped at every depth, so that no later merge or lookup of a loaded record
 * can reach Object.prototype (`{"__proto__":{…}}`, `{"constructor":{"prototype":{…}}}`).
 * No dump field uses these names.
 */

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/**
 * A line can only spell an unsafe key with those letters or with a \u escape;
 * every other line skips the reviver, which makes JSON.parse several times slower.
 */
const MAY_SPELL_UNSAFE_KEY = /__proto__|constructor|prototype|\\u/;

export function parseRecord(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = MAY_SPELL_UNSAFE_KEY.test(text) ? JSON.parse(text, dropUnsafeKeys) : JSON.parse(text);
  } catch (error) {
    throw new Error(`invalid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`expected a JSON object, found ${describe(value)}`);
  }
  return value as Record<string, unknown>;
}

function dropUnsafeKeys(key: string, value: unknown): unknown {
  return UNSAFE_KEYS.has(key) ? undefined : value;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}
