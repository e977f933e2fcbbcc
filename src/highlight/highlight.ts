/**
 * highlight: the `text_matches` of one property value. The value is cut by
 * the field's tokenizer; tokens equal to a query word are matches. A fragment
 * is a window of the value around a cluster of matches, and every index is
 * relative to the fragment: fragment.slice(i0, i1) is the matched text.
 */
import { queryTerms, tokenize, type TokenizerName } from "../text/tokenize.js";
import type { TextMatch } from "../types.js";

/** Longest fragment, in UTF-16 units; shorter values are their own fragment. */
export const FRAGMENT_LENGTH = 300;
/** Context kept before the first match of a fragment. */
const LEAD = 60;

export interface HighlightSource {
  objectUrl: string;
  objectType: string;
  property: string;
  value: string | null | undefined;
  tokenizer: TokenizerName;
}

export function queryWordsFor(texts: string[], tokenizer: TokenizerName): Set<string> {
  return new Set(texts.flatMap((t) => queryTerms(t, tokenizer)));
}

/** Up to `maxFragments` entries for one property value; none when nothing matches. */
export function highlight(source: HighlightSource, words: ReadonlySet<string>, maxFragments = 1): TextMatch[] {
  const value = source.value;
  if (!value || !words.size) return [];
  const hits = tokenize(value, source.tokenizer).filter((t) => words.has(t.term));
  if (!hits.length) return [];
  // Parts of an identifier overlap their whole: keep the widest span at each start.
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const spans: Array<{ start: number; end: number }> = [];
  for (const h of hits) {
    const last = spans[spans.length - 1];
    if (last && h.start < last.end) continue;
    spans.push({ start: h.start, end: h.end });
  }

  const out: TextMatch[] = [];
  let i = 0;
  while (i < spans.length && out.length < maxFragments) {
    const { from, to } = window(value, spans[i].start);
    const inside = [];
    while (i < spans.length && spans[i].end <= to) inside.push(spans[i++]);
    if (!inside.length) {
      i++;
      continue;
    }
    const fragment = value.slice(from, to);
    out.push({
      object_url: source.objectUrl,
      object_type: source.objectType,
      property: source.property,
      fragment,
      matches: inside.map((s) => ({ text: value.slice(s.start, s.end), indices: [s.start - from, s.end - from] as [number, number] })),
    });
  }
  return out;
}

/** A window of at most FRAGMENT_LENGTH starting a little before `at`, cut at word boundaries. */
function window(value: string, at: number): { from: number; to: number } {
  if (value.length <= FRAGMENT_LENGTH) return { from: 0, to: value.length };
  let from = Math.max(0, at - LEAD);
  if (from > 0) {
    const space = value.lastIndexOf(" ", from);
    if (space >= 0 && at - space <= LEAD * 2) from = space + 1;
  }
  let to = Math.min(value.length, from + FRAGMENT_LENGTH);
  if (to < value.length) {
    const space = value.lastIndexOf(" ", to);
    if (space > at) to = space;
  }
  return { from, to };
}
