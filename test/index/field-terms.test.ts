/**
 * The indexing fast path cuts and numbers words exactly as the tokenizers and a plain Map would:
 * ASCII prose read in place, anything else through `tokenize`, lists with the same position gaps.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FieldTerms } from "../../src/index/field-terms.js";
import { TermDictionary } from "../../src/index/term-dictionary.js";
import { asciiProseSpans, proseTokens, tokenizeValue, WordSpans, type TokenizerName } from "../../src/text/tokenize.js";

/** Text mixing ASCII words, punctuation, case, and some characters past ASCII. */
const text = fc
  .array(fc.constantFrom("Foo", "bar", "BAZ", "x_1", "42", " ", ".", ",", "\n", "don't", "É", "é", "İ", "ß", "²", "日本", "émoji😀", "_", "Ab9"), { maxLength: 30 })
  .map((parts) => parts.join(""));
const asciiText = fc.string({ unit: fc.integer({ min: 0, max: 127 }).map((c) => String.fromCharCode(c)), maxLength: 200 });

describe("asciiProseSpans", () => {
  it("cuts ASCII text into the words proseTokens finds", () => {
    const spans = new WordSpans();
    fc.assert(
      fc.property(asciiText, (s) => {
        expect(asciiProseSpans(s, spans)).toBe(true);
        const words = Array.from({ length: spans.count }, (_, i) => s.slice(spans.starts[i], spans.ends[i]).toLowerCase());
        expect(words).toEqual(proseTokens(s).map((t) => t.term));
      }),
    );
  });

  it("declines text past ASCII", () => {
    expect(asciiProseSpans("naïve", new WordSpans())).toBe(false);
  });
});

describe("TermDictionary", () => {
  it("numbers terms as a Map in order of first use would, from strings and from spans", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(asciiText, fc.constantFrom("a", "A", "ab", "Ab", "", "é")), { maxLength: 300 }), (words) => {
        const dictionary = new TermDictionary();
        const model = new Map<string, number>();
        for (const [i, word] of words.entries()) {
          // Every other ASCII word is looked up as a span of a larger text, lower-cased in place.
          const asSpan = i % 2 === 1 && !/[^\x00-\x7f]/.test(word);
          const term = asSpan ? word.toLowerCase() : word;
          const id = asSpan ? dictionary.idOfAsciiSpan(`(${word})`, 1, word.length + 1) : dictionary.idOf(term);
          if (!model.has(term)) model.set(term, model.size);
          expect(id).toBe(model.get(term));
          expect(dictionary.term(id)).toBe(term);
        }
        expect(dictionary.size).toBe(model.size);
        for (const [term, id] of model) expect(dictionary.find(term)).toBe(id);
        expect(dictionary.find("never-added-term")).toBe(-1);
      }),
    );
  });
});

describe("FieldTerms", () => {
  const value = fc.oneof(text, fc.array(fc.oneof(text, fc.constant(null as unknown as string)), { maxLength: 5 }), fc.constant(null));
  const tokenizer = fc.constantFrom<TokenizerName>("prose", "code", "exact");

  it("gives tokenizeValue's terms, positions and widths, numbered in order of first use", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(value, tokenizer), { minLength: 1, maxLength: 6 }), (values) => {
        const dictionary = new TermDictionary();
        const model = new Map<string, number>();
        const terms = new FieldTerms();
        for (const [v, t] of values) {
          terms.read(v, t, dictionary);
          const tokens = tokenizeValue(v, t);
          const expected = tokens.map((token) => {
            if (!model.has(token.term)) model.set(token.term, model.size);
            return [model.get(token.term), token.position, token.width ?? 1];
          });
          const got = Array.from({ length: terms.count }, (_, i) => [terms.ids[i], terms.positions[i], terms.widths[i]]);
          expect(got).toEqual(expected);
          expect(terms.wide).toBe(tokens.some((token) => (token.width ?? 1) !== 1));
          expect(terms.maxPosition).toBe(tokens.reduce((m, token) => Math.max(m, token.position + 1), 0));
        }
      }),
    );
  });
});
