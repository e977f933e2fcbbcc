/**
 * Known-item tasks: a query made from one record must find that record. Shared
 * by the ranking benchmark, the judged sets (bench/judgments/make.mjs) and the
 * ranking lab. Query selection is seeded, so runs repeat exactly.
 */
import { hashString, mulberry32, sample } from "./random.mjs";
import { idKey, kindSpec } from "./schema.mjs";

export const WORD = /[\p{L}\p{N}_]+/gu;
export const IDENTIFIER = /[A-Za-z_][A-Za-z0-9_]{5,}/g;

export const tokens = (text) => Array.from(text.matchAll(WORD), (m) => m[0].toLowerCase());

/** Document frequency of each token over the given texts. */
export function documentFrequency(texts) {
  const df = new Map();
  for (const text of texts) for (const t of new Set(tokens(text))) df.set(t, (df.get(t) ?? 0) + 1);
  return df;
}

/**
 * The 2 or 3 (seeded) most distinctive words of a short text: highest idf first,
 * words of 3+ characters with a letter; null when fewer than 2 qualify.
 */
export function distinctiveWords(text, df, rng) {
  const words = [...new Set(tokens(text))].filter((w) => w.length >= 3 && /\p{L}/u.test(w));
  if (words.length < 2) return null;
  const k = Math.min(words.length, rng() < 0.5 ? 2 : 3);
  return words.sort((a, b) => (df.get(a) ?? 0) - (df.get(b) ?? 0) || (a < b ? -1 : 1)).slice(0, k);
}

/** Known-item tasks over text records whose key text is `keyText(record)`. */
export function wordTasks({ name, kind, records, keyText, indexText, items, seed }) {
  const df = documentFrequency(records.map(indexText));
  const seen = new Map();
  for (const r of records) seen.set(keyText(r).toLowerCase(), (seen.get(keyText(r).toLowerCase()) ?? 0) + 1);
  // A text shared by several records names none of them.
  const eligible = records.filter((r) => seen.get(keyText(r).toLowerCase()) === 1);
  const rng = mulberry32(hashString(`${seed}:${name}`));
  const tasks = [];
  for (const r of sample(rng, eligible, eligible.length)) {
    if (tasks.length >= items) break;
    const words = distinctiveWords(keyText(r), df, rng);
    if (words) tasks.push({ target: idKey(kindSpec(kind).id(r)), words });
  }
  return { name, kind, records, tasks };
}

/**
 * Code tasks: per sampled file, the identifier (6+ characters, not a hex string)
 * found in at most five files that it uses most often; files without one are skipped.
 */
export function codeTasks({ records, items, seed }) {
  const df = new Map();
  const perFile = records.map((r) => {
    const tf = new Map();
    for (const m of r.content.matchAll(IDENTIFIER)) tf.set(m[0], (tf.get(m[0]) ?? 0) + 1);
    for (const id of new Set([...tf.keys()].map((k) => k.toLowerCase()))) df.set(id, (df.get(id) ?? 0) + 1);
    return tf;
  });
  const rng = mulberry32(hashString(`${seed}:code`));
  const order = sample(rng, records.map((_, i) => i), records.length);
  const tasks = [];
  for (const i of order) {
    if (tasks.length >= items) break;
    // Hex strings (hashes, colours) are not identifiers anyone searches for by name.
    const candidates = [...perFile[i]].filter(([id]) => (df.get(id.toLowerCase()) ?? 0) <= 5 && /[a-z]/.test(id) && !/^[0-9a-f]+$/i.test(id));
    if (!candidates.length) continue;
    candidates.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    tasks.push({ target: idKey(kindSpec("code").id(records[i])), words: [candidates[0][0]] });
  }
  return { name: "code", kind: "code", records, tasks };
}

