/**
 * highlight: the `text_matches` of one property value. The value is cut by
 * the field's tokenizer; tokens equal to a bare query word are matches, and so
 * is each run of tokens where a quoted phrase occurs (its words in order and
 * adjacent, as the index reads them). A fragment is a window of the value
 * around a cluster of matches, and every index is relative to the fragment:
 * fragment.slice(i0, i1) is the matched text.
 */
import { queryTerms, tokenize, type Token, type TokenizerName } from "../text/tokenize.js";
import type { TextMatch } from "../types.js";

/** Longest fragment, in UTF-16 units; shorter values are their own fragment. */
const FRAGMENT_LENGTH = 300;
/** Context kept before the first match of a fragment. */
const LEAD = 60;

export interface HighlightSource {
  objectUrl: string;
  objectType: string;
  property: string;
  value: string | null | undefined;
  tokenizer: TokenizerName;
}

/** What a query highlights in one field: bare words (each occurrence) and phrases (each run where all their words follow one another). */
export interface HighlightTerms {
  words: ReadonlySet<string>;
  /** The terms of each phrase of two or more terms, in order. */
  phrases: ReadonlyArray<readonly string[]>;
}

/** The query's text leaves (each a word or a phrase) as a field's tokenizer cuts them. */
export function queryWordsFor(leaves: ReadonlyArray<{ text: string; phrase: boolean }>, tokenizer: TokenizerName): HighlightTerms {
  const words = new Set<string>();
  const phrases: string[][] = [];
  for (const leaf of leaves) {
    const terms = queryTerms(leaf.text, tokenizer);
    // A phrase of one term is that word.
    if (leaf.phrase && terms.length > 1) phrases.push(terms);
    else for (const term of terms) words.add(term);
  }
  return { words, phrases };
}

/** Up to `maxFragments` entries for one property value; none when nothing matches. */
export function highlight(source: HighlightSource, terms: HighlightTerms, maxFragments = 1): TextMatch[] {
  const value = source.value;
  if (!value || (!terms.words.size && !terms.phrases.length)) return [];
  const tokens = tokenize(value, source.tokenizer);
  const hits: Array<{ start: number; end: number }> = tokens.filter((t) => terms.words.has(t.term));
  for (const phrase of terms.phrases) hits.push(...phraseRuns(tokens, phrase));
  if (!hits.length) return [];
  // Parts of an identifier overlap their whole: keep the widest span at each start.
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const spans: Array<{ start: number; end: number }> = [];
  for (const h of hits) {
    const last = spans.at(-1);
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

/**
 * The spans where `phrase` occurs: a token of its first term, then one of the next term at the
 * position right after it (after all of an identifier's parts, for a whole identifier), and so on.
 */
function phraseRuns(tokens: Token[], phrase: readonly string[]): Array<{ start: number; end: number }> {
  const at = new Map<number, Token[]>();
  for (const t of tokens) {
    const list = at.get(t.position);
    if (list) list.push(t);
    else at.set(t.position, [t]);
  }
  // The end offset of the rest of the phrase from term `i` at `position`, or -1.
  const rest = (i: number, position: number): number => {
    for (const t of at.get(position) ?? []) {
      if (t.term !== phrase[i]) continue;
      const end = i === phrase.length - 1 ? t.end : rest(i + 1, position + (t.width ?? 1));
      if (end >= 0) return end;
    }
    return -1;
  };
  const runs: Array<{ start: number; end: number }> = [];
  for (const t of tokens) {
    if (t.term !== phrase[0]) continue;
    const end = rest(1, t.position + (t.width ?? 1));
    if (end >= 0) runs.push({ start: t.start, end });
  }
  return runs;
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
