/**
 * The benchmark's own small query form: a text expression, the fields it
 * searches, filters and a sort. Each query is written once in this form; the
 * engine's query string is printed from it and each peer translates it to its
 * own API, so the engine and the peers always answer the same question, and the
 * linear scan evaluates it exactly.
 */

export const term = (text) => {
  if (!/^[\p{L}\p{N}_]+$/u.test(text)) throw new Error(`a term is one word of letters, digits and _: "${text}"`);
  return { type: "term", text: text.toLowerCase() };
};
export const phrase = (text) => ({ type: "phrase", words: text.toLowerCase().split(/\s+/).map((w) => term(w).text) });
export const and = (...items) => ({ type: "and", items });
export const or = (...items) => ({ type: "or", items });
export const not = (item) => ({ type: "not", item });

const DAY = 86_400_000;

function parseBound(text, isDate) {
  if (!isDate) {
    if (!/^\d+$/.test(text)) throw new Error(`not a number: ${text}`);
    return { lo: Number(text), hi: Number(text) };
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) throw new Error(`not a date: ${text}`);
  const lo = Date.UTC(+m[1], +m[2] - 1, +m[3]);
  // A bare date stands for the whole UTC day.
  return { lo, hi: lo + DAY - 1 };
}

/**
 * Inclusive [min, max] (whole counts or epoch ms) of a qualifier's range value: `n`, `>n`, `>=n`, `<n`, `<=n`,
 * `a..b`, `a..*`, `*..b`, for whole numbers or YYYY-MM-DD dates (UTC days).
 */
export function parseRange(value, isDate) {
  let m;
  if ((m = /^(.*)\.\.(.*)$/.exec(value))) {
    const min = m[1] === "*" ? -Infinity : parseBound(m[1], isDate).lo;
    const max = m[2] === "*" ? Infinity : parseBound(m[2], isDate).hi;
    return { min, max };
  }
  if ((m = /^(>=|<=|>|<)(.*)$/.exec(value))) {
    const b = parseBound(m[2], isDate);
    if (m[1] === ">") return { min: b.hi + 1, max: Infinity };
    if (m[1] === ">=") return { min: b.lo, max: Infinity };
    if (m[1] === "<") return { min: -Infinity, max: b.lo - 1 };
    return { min: -Infinity, max: b.hi };
  }
  const b = parseBound(value, isDate);
  return { min: b.lo, max: b.hi };
}

/** `qualifier:value` testing a keyword or list field for that (lower-cased) value. */
export function has(qualifier, field, value) {
  const shown = /\s/.test(value) ? `"${value}"` : value;
  return { q: `${qualifier}:${shown}`, field, op: "has", value: value.toLowerCase() };
}

/** A qualifier written out in full whose value differs from the field value: `is:open` → state open. */
export function flag(q, field, value) {
  return { q, field, op: "has", value };
}

/** `qualifier:range` over a number field (counts, or dates when `isDate`). */
export function range(qualifier, field, value, isDate = false) {
  return { q: `${qualifier}:${value}`, field, op: "range", ...parseRange(value, isDate) };
}
export const dateRange = (qualifier, field, value) => range(qualifier, field, value, true);

/** `-qualifier:value`. */
export const exclude = (filter) => ({ ...filter, q: `-${filter.q}`, negate: true });

/** Whether one document value satisfies a filter (negation applied). */
export function filterMatches(filter, value) {
  let hit;
  if (filter.op === "has") hit = Array.isArray(value) ? value.includes(filter.value) : value === filter.value;
  else hit = typeof value === "number" && value >= filter.min && value <= filter.max;
  return filter.negate ? !hit : hit;
}

function printText(expr, top = true) {
  switch (expr.type) {
    case "term":
      return expr.text;
    case "phrase":
      return `"${expr.words.join(" ")}"`;
    case "not":
      return `NOT ${printText(expr.item, false)}`;
    case "and":
      return expr.items.map((i) => printText(i, false)).join(" ");
    case "or": {
      const s = expr.items.map((i) => printText(i, false)).join(" OR ");
      return top ? s : `(${s})`;
    }
  }
  throw new Error(`unknown text node ${expr.type}`);
}

/** A benchmark query; `fields` (an `in:` list) is [] for the kind's default fields. */
export function query({ id, kind, shape, text = null, fields = [], filters = [], sort = null }) {
  if (text?.type === "or" && filters.length) {
    // OR next to qualifiers would need grouping that only issue advanced search documents.
    throw new Error(`${id}: OR with qualifiers is ambiguous in the legacy syntax`);
  }
  const parts = [];
  if (text) parts.push(printText(text));
  if (fields.length) parts.push(`in:${fields.join(",")}`);
  for (const f of filters) parts.push(f.q);
  return { id, kind, shape, text, fields, filters, sort, q: parts.join(" ") };
}

/**
 * The features a query uses, which decide whether a system can answer it:
 * term, phrase, and, or, not, nested (a boolean inside another), in-one-field,
 * in-fields, filter, negated-filter, no-text, sort.
 */
export function featuresOf(q) {
  const out = new Set();
  const walk = (e, depth) => {
    if (e.type === "term") out.add("term");
    else if (e.type === "phrase") out.add("phrase");
    else if (e.type === "not") {
      out.add("not");
      walk(e.item, depth + 1);
    } else {
      out.add(e.type);
      if (depth > 0) out.add("nested");
      for (const i of e.items) walk(i, depth + 1);
    }
  };
  if (q.text) walk(q.text, 0);
  else out.add("no-text");
  if (q.fields.length === 1) out.add("in-one-field");
  if (q.fields.length > 1) out.add("in-fields");
  if (q.filters.some((f) => !f.negate)) out.add("filter");
  if (q.filters.some((f) => f.negate)) out.add("negated-filter");
  if (q.sort) out.add("sort");
  return out;
}

/** The positive terms of a text expression (for peers that take a bag of words). */
export function positiveTerms(expr) {
  if (!expr) return [];
  if (expr.type === "term") return [expr.text];
  if (expr.type === "phrase") return expr.words;
  if (expr.type === "not") return [];
  return expr.items.flatMap(positiveTerms);
}
