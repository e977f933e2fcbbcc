/**
 * The code tokenizer cuts ASCII identifiers into parts without a regular expression; its parts must
 * be the pattern's (runs of capitals, a capital and lower case, digits, other letters), on ASCII and
 * non-ASCII words alike.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tokenize } from "../../src/text/tokenize.js";

/** The pattern's parts of one word, and the tokens the code tokenizer makes of it: the whole, then its parts where it has several or one shorter than itself. */
function expectedTokens(word: string) {
  const parts = [...word.matchAll(/\p{Lu}+(?=\p{Lu}\p{Ll})|\p{Lu}?\p{Ll}+|\p{Lu}+|\p{N}+|[\p{L}]+/gu)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }));
  const whole = { term: word.toLowerCase(), start: 0, end: word.length, position: 0, ...(parts.length > 1 ? { width: parts.length } : {}) };
  const split = parts.length > 1 || (parts.length === 1 && parts[0].end - parts[0].start < word.length);
  return [whole, ...(split ? parts.map((p, i) => ({ term: word.slice(p.start, p.end).toLowerCase(), start: p.start, end: p.end, position: i })) : [])];
}

const ASCII = ["a", "b", "z", "A", "B", "Z", "0", "7", "_"];
const BEYOND = ["é", "É", "ß", "中", "ǅ", "٣", "ⅷ"];

describe("code tokens of identifiers", () => {
  it.each(["HTTPServer2", "parseQuery", "parse_query", "__init__", "XMLHttpRequest", "ABc", "aB", "A", "AB", "a1B2", "getURLs", "Éclair", "naïveParser", "HTTPé"])(
    "%s",
    (word) => expect(tokenize(word, "code")).toEqual(expectedTokens(word)),
  );

  it("cuts every word as the pattern does, ASCII or not", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ASCII, ...ASCII, ...BEYOND), { minLength: 1, maxLength: 12 }), (chars) => {
        const word = chars.join("");
        // Only words the tokenizer reads as one (letters, digits and `_` throughout).
        expect(tokenize(word, "code")).toEqual(expectedTokens(word));
      }),
      { numRuns: 3000, seed: 42 },
    );
  });
});
