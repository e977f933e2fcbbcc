/**
 * Tokenizers shared by indexing, query resolution and highlighting, so that a
 * query term and an indexed word are always cut the same way.
 *
 * - prose: runs of letters, digits and `_`, lower-cased (`don't` → `don`, `t`).
 * - code: like prose, but identifiers are also indexed by their parts:
 *   `parseQuery` → `parsequery`, `parse`, `query`; `parse_query` → `parse_query`,
 *   `parse`, `query`; `HTTPServer2` → `httpserver2`, `http`, `server`, `2`;
 *   `__init__` → `__init__`, `init`.
 *   The characters code search ignores (`.`, `/`, `(`, …) separate tokens, so
 *   `parse.query` is the two tokens `parse`, `query`.
 * - exact: the whole value, trimmed and lower-cased (logins, e-mails, names).
 */

export type TokenizerName = "prose" | "code" | "exact";

export interface Token {
  /** Normalised token text. */
  term: string;
  /** Offsets of the source text the token came from, [start, end). */
  start: number;
  end: number;
  /** Ordinal position for phrase adjacency; the parts of an identifier share the run after their whole. */
  position: number;
  /** Positions the token spans (default 1): an identifier's whole spans its parts, so the next word follows all of them. */
  width?: number;
}

const WORD = /[\p{L}\p{N}_]+/gu;

export function proseTokens(text: string): Token[] {
  const out: Token[] = [];
  let position = 0;
  for (const m of text.matchAll(WORD)) {
    out.push({ term: m[0].toLowerCase(), start: m.index!, end: m.index! + m[0].length, position: position++ });
  }
  return out;
}

/** Word characters of prose among the ASCII ones: in ASCII, `[\p{L}\p{N}_]` is `[A-Za-z0-9_]`. */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) ASCII_WORD[c] = /[A-Za-z0-9_]/.test(String.fromCharCode(c)) ? 1 : 0;

/** Where the words of a text start and end, in reused typed arrays: no object per word. */
export class WordSpans {
  starts = new Uint32Array(256);
  ends = new Uint32Array(256);
  count = 0;

  push(start: number, end: number): void {
    if (this.count === this.starts.length) {
      const starts = new Uint32Array(this.count * 2);
      const ends = new Uint32Array(this.count * 2);
      starts.set(this.starts);
      ends.set(this.ends);
      this.starts = starts;
      this.ends = ends;
    }
    this.starts[this.count] = start;
    this.ends[this.count++] = end;
  }
}

/**
 * The words `proseTokens` cuts from an all-ASCII text, as spans (word i is at position i; its term
 * is the span lower-cased, A–Z alone changing); false, with `spans` unusable, when the text holds a
 * character past ASCII (Unicode letters, digits and case then need `proseTokens`).
 */
export function asciiProseSpans(text: string, spans: WordSpans): boolean {
  spans.count = 0;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 127) return false;
    if (ASCII_WORD[c]) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      spans.push(start, i);
      start = -1;
    }
  }
  if (start >= 0) spans.push(start, text.length);
  return true;
}

/** The parts of an identifier: runs of upper case, of a capital and lower case, of digits, of other letters. */
const IDENTIFIER_PART = /\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[\p{L}]+/gu;

/** Splits an identifier at case changes, underscores and letter/digit boundaries. */
function identifierParts(word: string): Array<{ start: number; end: number }> {
  const ascii = asciiIdentifierParts(word);
  if (ascii) return ascii;
  const parts: Array<{ start: number; end: number }> = [];
  for (const m of word.matchAll(IDENTIFIER_PART)) parts.push({ start: m.index!, end: m.index! + m[0].length });
  return parts;
}

const UPPER = 1;
const LOWER = 2;
const DIGIT = 3;
/** The class of an ASCII character for identifier parts (0: none, a separator such as `_`). */
const ASCII_CLASS = new Uint8Array(128);
for (let c = 65; c <= 90; c++) ASCII_CLASS[c] = UPPER;
for (let c = 97; c <= 122; c++) ASCII_CLASS[c] = LOWER;
for (let c = 48; c <= 57; c++) ASCII_CLASS[c] = DIGIT;

/**
 * `IDENTIFIER_PART`'s matches in an ASCII word, without the regular expression (a Unicode pattern
 * with a look-ahead, run on every word of every code file highlighted: a third of a code search's
 * time); undefined for a word past ASCII. A run of capitals before a capital and a lower-case letter
 * ends before that capital (`HTTPServer` → `HTTP`, `Server`).
 */
function asciiIdentifierParts(word: string): Array<{ start: number; end: number }> | undefined {
  const n = word.length;
  for (let i = 0; i < n; i++) if (word.charCodeAt(i) > 127) return undefined;
  const classAt = (i: number) => (i < n ? ASCII_CLASS[word.charCodeAt(i)] : 0);
  const parts: Array<{ start: number; end: number }> = [];
  for (let i = 0; i < n; ) {
    const kind = classAt(i);
    if (kind === 0) {
      i++;
      continue;
    }
    let end = i + 1;
    while (classAt(end) === kind) end++;
    if (kind === UPPER && classAt(end) === LOWER) {
      if (end - i >= 2) end--;
      else while (classAt(end) === LOWER) end++;
    }
    parts.push({ start: i, end });
    i = end;
  }
  return parts;
}

function codeTokens(text: string): Token[] {
  const out: Token[] = [];
  let position = 0;
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const base = m.index!;
    const whole = word.toLowerCase();
    const parts = identifierParts(word);
    const token: Token = { term: whole, start: base, end: base + word.length, position };
    if (parts.length > 1) token.width = parts.length;
    out.push(token);
    // `__init__` has one part, `init`, which is still a different term.
    if (parts.length > 1 || (parts.length === 1 && parts[0].end - parts[0].start < word.length)) {
      parts.forEach((p, i) => {
        out.push({ term: word.slice(p.start, p.end).toLowerCase(), start: base + p.start, end: base + p.end, position: position + i });
      });
      position += parts.length;
    } else {
      position += 1;
    }
  }
  return out;
}

function exactTokens(text: string): Token[] {
  const term = text.trim().toLowerCase();
  if (!term) return [];
  const start = text.indexOf(text.trim());
  return [{ term, start, end: start + text.trim().length, position: 0 }];
}

export function tokenize(text: string, tokenizer: TokenizerName): Token[] {
  switch (tokenizer) {
    case "prose":
      return proseTokens(text);
    case "code":
      return codeTokens(text);
    case "exact":
      return exactTokens(text);
  }
}

/**
 * The terms a query word stands for: prose and exact fields take the word as the
 * user wrote it; code fields do not split a query identifier into parts, so that
 * `parseQuery` finds that identifier, while `parse` finds it by its part.
 */
export function queryTerms(text: string, tokenizer: TokenizerName): string[] {
  if (tokenizer === "exact") return exactTokens(text).map((t) => t.term);
  return proseTokens(text).map((t) => t.term);
}

/**
 * Tokens of a field whose value may be a list (topics, comment bodies): each
 * element is cut on its own and a position gap separates elements, so a
 * phrase never runs from one element into the next. Offsets are into the
 * elements joined by "\n".
 */
export function tokenizeValue(value: string | string[] | null | undefined, tokenizer: TokenizerName): Token[] {
  if (value == null) return [];
  if (!Array.isArray(value)) return tokenize(String(value), tokenizer);
  const out: Token[] = [];
  let offset = 0;
  let position = 0;
  for (const element of value) {
    if (typeof element !== "string") continue;
    let last = -1;
    for (const t of tokenize(element, tokenizer)) {
      out.push({ ...t, start: t.start + offset, end: t.end + offset, position: t.position + position });
      last = Math.max(last, t.position + (t.width ?? 1));
    }
    position += last + 2;
    offset += element.length + 1;
  }
  return out;
}
