/**
 * One NDJSON line to one record. Keys that name prototype machinery are
 * dropped at every depth, so that no later merge or lookup of a loaded record
 * can reach Object.prototype (`{"__proto__":{…}}`, `{"constructor":{"prototype":{…}}}`).
 * No dump field uses these names.
 */

const UNSAFE_KEYS = new Set(["__proto__", "constructor", "prototype"]);

export function parseRecord(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new Error(`invalid JSON: ${(error as Error).message}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new Error(`expected a JSON object, found ${describe(value)}`);
  }
  dropUnsafeKeys(value);
  return value as Record<string, unknown>;
}

/**
 * Deletes the unsafe keys of every object in `root`, after parsing: a reviver made JSON.parse
 * several times slower, and a test of the text for the names first still read every line through
 * (the words "constructor" and "prototype" are common in prose). Without recursion: nothing limits
 * how deeply a line nests.
 */
function dropUnsafeKeys(root: object): void {
  const pending: object[] = [root];
  for (let value = pending.pop(); value !== undefined; value = pending.pop()) {
    if (Array.isArray(value)) {
      for (const child of value) if (typeof child === "object" && child !== null) pending.push(child as object);
      continue;
    }
    const members = value as Record<string, unknown>;
    for (const key in members) {
      // UNSAFE_KEYS spelled out: a set's look-up per member cost more than the walk.
      if (key === "__proto__" || key === "constructor" || key === "prototype") {
        delete members[key];
        continue;
      }
      const child = members[key];
      if (typeof child === "object" && child !== null) pending.push(child);
    }
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return `a ${typeof value}`;
}

/**
 * The first member name that an object of the (valid) JSON text repeats, or undefined. JSON.parse
 * keeps the last of repeated members silently, and readers disagree on which wins, so where it
 * matters (who may see what) a repeat is reported.
 */
export function repeatedMember(text: string): string | undefined {
  // Member names seen per open object; null for an open array.
  const open: Array<Set<string> | null> = [];
  let expectName = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === QUOTE) {
      let end = i + 1;
      let escaped = false;
      while (end < text.length && text.charCodeAt(end) !== QUOTE) {
        if (text.charCodeAt(end) === BACKSLASH) {
          escaped = true;
          end++;
        }
        end++;
      }
      const names = open[open.length - 1];
      if (names && expectName) {
        const name = escaped ? (JSON.parse(text.slice(i, end + 1)) as string) : text.slice(i + 1, end);
        // Prototype names are dropped on parsing, repeated or not.
        if (names.has(name) && !UNSAFE_KEYS.has(name)) return name;
        names.add(name);
        expectName = false;
      }
      i = end;
    } else if (ch === OPEN_BRACE) {
      open.push(new Set());
      expectName = true;
    } else if (ch === OPEN_BRACKET) open.push(null);
    else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) open.pop();
    else if (ch === COMMA) expectName = open[open.length - 1] != null;
  }
  return undefined;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
