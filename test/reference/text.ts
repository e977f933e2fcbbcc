/**
 * The reference reading of keywords (query-syntax.md §2): text is a sequence
 * of case-insensitive words (runs of letters, digits and `_`); a keyword or
 * phrase matches a field value when its words occur there consecutively and in
 * order. Each value of a many-valued field (a repository's topics) stands on
 * its own: a phrase does not run from one value into the next.
 *
 * Code (docs/code-search.md) reads a value's words also by their identifier
 * parts: a word takes as many positions as it has parts, the whole word
 * spanning them all, so a run may start or end on a part and goes on past a
 * whole word to the next one. Query words are never split.
 */

export function words(text: string | null | undefined): string[] {
  if (!text) return [];
  return (text.match(/[\p{L}\p{N}_]+/gu) ?? []).map((w) => w.toLowerCase());
}

/** Whether `needle` occurs in `haystack` as a consecutive run (an empty needle always does). */
export function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return needle.length === 0;
}

type CharClass = "upper" | "lower" | "digit" | "other";

function classOf(ch: string): CharClass {
  if (/\p{N}/u.test(ch)) return "digit";
  if (/\p{Lu}/u.test(ch)) return "upper";
  if (/\p{Ll}/u.test(ch)) return "lower";
  return "other";
}

/**
 * The parts of an identifier, lower-cased: split at underscores, between a
 * lower-case letter and an upper-case one, before the last capital of a run of
 * capitals followed by a lower-case letter, and between letters and digits.
 * `HTTPServer2` → http, server, 2; `__init__` → init.
 */
export function identifierParts(word: string): string[] {
  const parts: string[] = [];
  for (const chunk of word.split("_")) {
    const chars = [...chunk];
    let current = "";
    chars.forEach((ch, i) => {
      const prev = i > 0 ? classOf(chars[i - 1]) : undefined;
      const here = classOf(ch);
      const next = i + 1 < chars.length ? classOf(chars[i + 1]) : undefined;
      const letterDigit = prev !== undefined && (prev === "digit") !== (here === "digit");
      const camel = prev === "lower" && here === "upper";
      const acronymEnd = prev === "upper" && here === "upper" && next === "lower";
      if (current && (letterDigit || camel || acronymEnd)) {
        parts.push(current);
        current = "";
      }
      current += ch;
    });
    if (current) parts.push(current);
  }
  return parts.map((p) => p.toLowerCase());
}

interface Placed {
  term: string;
  position: number;
  width: number;
}

/** A value's words and parts, placed: a word at position p with n parts spans p … p+n-1, its parts one each. */
function placedCodeWords(text: string): Placed[] {
  const out: Placed[] = [];
  let position = 0;
  for (const word of text.match(/[\p{L}\p{N}_]+/gu) ?? []) {
    const parts = identifierParts(word);
    const width = Math.max(1, parts.length);
    out.push({ term: word.toLowerCase(), position, width });
    parts.forEach((part, i) => out.push({ term: part, position: position + i, width: 1 }));
    position += width;
  }
  return out;
}

/** Whether the words occur in the code text one after another, each starting where the previous one ends. */
export function containsCodeRun(text: string | null | undefined, needle: readonly string[]): boolean {
  if (needle.length === 0) return true;
  if (!text) return false;
  const placed = placedCodeWords(text);
  const from = (j: number, position: number): boolean =>
    j === needle.length || placed.some((t) => t.position === position && t.term === needle[j] && from(j + 1, position + t.width));
  return placed.some((t) => t.term === needle[0] && from(1, t.position + t.width));
}
