/**
 * A field value's occurrences as term ids, positions and widths, cut as `tokenizeValue` cuts them,
 * in typed arrays reused from one document to the next. ASCII prose (most of it) is read word by
 * word straight into dictionary ids, without a token object or a lower-cased string per word.
 */
import { asciiProseSpans, tokenize, WordSpans, type TokenizerName } from "../text/tokenize.js";
import type { GivenBatch, TermTranslation } from "./given-terms.js";
import type { TermDictionary } from "./term-dictionary.js";

export class FieldTerms {
  ids = new Uint32Array(1024);
  positions = new Uint32Array(1024);
  widths = new Uint32Array(1024);
  count = 0;
  /** Whether some occurrence is wider than one position. */
  wide = false;
  /** One past the highest position. */
  maxPosition = 0;
  private readonly spans = new WordSpans();

  /** Reads a field's value (text, a list of texts, or none), numbering new terms in `dictionary`. */
  read(value: string | string[] | null | undefined, tokenizer: TokenizerName, dictionary: TermDictionary): void {
    this.count = 0;
    this.wide = false;
    this.maxPosition = 0;
    if (value == null) return;
    if (!Array.isArray(value)) {
      this.element(String(value), tokenizer, dictionary, 0);
      return;
    }
    // As tokenizeValue: each element on its own, a position gap between elements.
    let position = 0;
    for (const element of value) {
      if (typeof element !== "string") continue;
      position += this.element(element, tokenizer, dictionary, position) + 2;
    }
  }

  /** Takes the occurrences of field `field` of line `line` of a batch read elsewhere, its local ids translated. */
  take(batch: GivenBatch, line: number, field: number, translation: TermTranslation): void {
    const at = line * batch.fields.length + field;
    const from = batch.starts[at];
    const n = batch.starts[at + 1] - from;
    while (this.ids.length < n) {
      this.ids = grow(this.ids);
      this.positions = grow(this.positions);
      this.widths = grow(this.widths);
    }
    translation.translate(batch.ids, from, from + n, this.ids);
    this.count = n;
    this.wide = false;
    this.maxPosition = 0;
    // Copied in the loop that reads them: views to copy from were garbage of every record of a load.
    const { positions, widths } = batch;
    for (let i = 0; i < n; i++) {
      const position = positions[from + i];
      const width = widths[from + i];
      this.positions[i] = position;
      this.widths[i] = width;
      if (width !== 1) this.wide = true;
      if (position >= this.maxPosition) this.maxPosition = position + 1;
    }
  }

  /** Adds one text's occurrences from `base` on; returns the last position it spans plus one, -1 for none. */
  private element(text: string, tokenizer: TokenizerName, dictionary: TermDictionary, base: number): number {
    const spans = this.spans;
    if (tokenizer === "prose" && asciiProseSpans(text, spans)) {
      for (let i = 0; i < spans.count; i++) this.push(dictionary.idOfAsciiSpan(text, spans.starts[i], spans.ends[i]), base + i, 1);
      return spans.count ? spans.count : -1;
    }
    let last = -1;
    for (const t of tokenize(text, tokenizer)) {
      const width = t.width ?? 1;
      this.push(dictionary.idOf(t.term), base + t.position, width);
      last = Math.max(last, t.position + width);
    }
    return last;
  }

  private push(id: number, position: number, width: number): void {
    if (this.count === this.ids.length) {
      this.ids = grow(this.ids);
      this.positions = grow(this.positions);
      this.widths = grow(this.widths);
    }
    this.ids[this.count] = id;
    this.positions[this.count] = position;
    this.widths[this.count++] = width;
    if (width !== 1) this.wide = true;
    if (position >= this.maxPosition) this.maxPosition = position + 1;
  }
}

function grow(array: Uint32Array): Uint32Array<ArrayBuffer> {
  const out = new Uint32Array(array.length * 2);
  out.set(array);
  return out;
}
