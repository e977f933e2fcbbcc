/**
 * Corpus statistics, printed before any figure so that a reader knows what was
 * measured: record count and size, words per text field, vocabulary, and the
 * spread of the count and date fields. One streaming pass; only numbers are kept.
 */
import { streamCorpus } from "./corpora.mjs";
import { flatten, kindSpec } from "./schema.mjs";

const WORD = /[\p{L}\p{N}_]+/gu;

function quantile(sorted, p) {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const isDateField = (name) => /created|updated|closed|pushed|date/.test(name);

export function corpusStats(corpus) {
  const spec = kindSpec(corpus.kind);
  const textFields = Object.keys(spec.text);
  const numberFields = Object.entries(spec.values).filter(([, v]) => v.type === "number").map(([k]) => k);
  const tokensPerField = Object.fromEntries(textFields.map((f) => [f, 0]));
  const emptyPerField = Object.fromEntries(textFields.map((f) => [f, 0]));
  const numbers = Object.fromEntries(numberFields.map((f) => [f, []]));
  const vocabulary = new Map();
  let records = 0;
  let jsonBytes = 0;
  for (const record of streamCorpus(corpus)) {
    records++;
    jsonBytes += JSON.stringify(record).length;
    const doc = flatten(corpus.kind, record);
    for (const f of textFields) {
      let n = 0;
      for (const m of doc[f].matchAll(WORD)) {
        const t = m[0].toLowerCase();
        vocabulary.set(t, (vocabulary.get(t) ?? 0) + 1);
        n++;
      }
      tokensPerField[f] += n;
      if (n === 0) emptyPerField[f]++;
    }
    for (const f of numberFields) if (typeof doc[f] === "number") numbers[f].push(doc[f]);
  }
  let totalTokens = 0;
  for (const c of vocabulary.values()) totalTokens += c;
  const top = [...vocabulary].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([t, c]) => `${t} (${((100 * c) / totalTokens).toFixed(1)}%)`);
  const fields = {};
  for (const f of numberFields) {
    const sorted = Float64Array.from(numbers[f]).sort();
    if (isDateField(f)) {
      const day = (ms) => (ms === null ? null : new Date(ms).toISOString().slice(0, 10));
      fields[f] = { present: sorted.length, min: day(quantile(sorted, 0)), median: day(quantile(sorted, 0.5)), max: day(sorted.length ? sorted[sorted.length - 1] : null) };
    } else {
      fields[f] = { present: sorted.length, median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99), max: sorted.length ? sorted[sorted.length - 1] : null };
    }
  }
  return {
    corpus: corpus.name,
    kind: corpus.kind,
    source: corpus.source,
    records,
    jsonBytesPerRecord: records ? jsonBytes / records : 0,
    tokensPerRecord: Object.fromEntries(textFields.map((f) => [f, records ? tokensPerField[f] / records : 0])),
    emptyShare: Object.fromEntries(textFields.map((f) => [f, records ? emptyPerField[f] / records : 0])),
    distinctTokens: vocabulary.size,
    totalTokens,
    topTokens: top,
    fields,
  };
}
