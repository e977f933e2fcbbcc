/**
 * plan: logical query × index → a tree of operators, each able to enumerate
 * its documents and to test one document, with a cost (how many documents it
 * would enumerate). A conjunction is led by its cheapest child and tests the
 * others on the leader's documents only.
 *
 * Enumeration may emit HEARTBEAT between documents while it scans: the
 * collector uses it to check the deadline and to yield, so that a scan that
 * finds little still stops on time.
 */
import type { Collection, FieldIndex } from "../index/collection.js";
import type { Match } from "../logical/match.js";
import { queryTerms } from "../text/tokenize.js";

export const HEARTBEAT = -1;
/** Documents scanned between heartbeats. */
export const BLOCK = 1024;

export interface Operator {
  /** Estimated number of documents `docs()` walks through. */
  cost: number;
  docs(): Iterable<number>;
  test(doc: number): boolean;
  /** Printed form, for explain output and plan goldens. */
  describe: string;
}

/** The words of one text node as one field cuts them. */
export interface FieldTerms {
  field: FieldIndex;
  terms: string[];
  termIds: number[];
}

export interface TextLeaf {
  match: Extract<Match, { op: "text" }>;
  perField: FieldTerms[];
}

export interface Plan {
  root: Operator;
  /** Text leaves that count towards the score (not under a NOT). */
  scoring: TextLeaf[];
}

function* scanLive(collection: Collection, keep: (doc: number) => boolean): Generator<number> {
  const n = collection.capacity;
  for (let doc = 0; doc < n; doc++) {
    if ((doc & (BLOCK - 1)) === BLOCK - 1) yield HEARTBEAT;
    if (collection.isLive(doc) && keep(doc)) yield doc;
  }
}

const NOTHING: Operator = { cost: 0, docs: () => [], test: () => false, describe: "none" };

export function plan(match: Match, collection: Collection): Plan {
  const scoring: TextLeaf[] = [];
  const root = compile(match, collection, scoring, false);
  return { root, scoring };
}

function compile(match: Match, c: Collection, scoring: TextLeaf[], negated: boolean): Operator {
  switch (match.op) {
    case "all":
      return { cost: c.capacity, docs: () => scanLive(c, () => true), test: (d) => c.isLive(d), describe: "all" };
    case "none":
      return { ...NOTHING, describe: `none(${match.reason})` };
    case "text":
      return textOperator(match, c, scoring, negated);
    case "keyword": {
      const col = c.keywordColumn(match.column);
      const sets = match.values.map((v) => col.docs(v));
      const cost = sets.reduce((n, s) => n + s.size, 0);
      const values = new Set(match.values);
      return {
        cost,
        docs: () => (sets.length === 1 ? sets[0] : unionSets(sets)),
        test: (d) => {
          for (const v of col.get(d)) if (values.has(v)) return true;
          return false;
        },
        describe: `${match.column}=${match.values.join("|")}`,
      };
    }
    case "prefix": {
      const col = c.keywordColumn(match.column);
      const sets = [...col.values()].filter((v) => v.startsWith(match.prefix)).map((v) => col.docs(v));
      return {
        cost: sets.reduce((n, s) => n + s.size, 0),
        docs: () => unionSets(sets),
        test: (d) => col.get(d).some((v) => v.startsWith(match.prefix)),
        describe: `${match.column}^=${match.prefix}`,
      };
    }
    case "range": {
      const col = c.numberColumn(match.column);
      const test = (d: number) => {
        const v = col.get(d);
        return v >= match.low && v <= match.high;
      };
      return { cost: c.capacity, docs: () => scanLive(c, test), test, describe: `${match.column}:[${match.low}..${match.high}]` };
    }
    case "exists": {
      const test = c.hasNumberColumn(match.column)
        ? (d: number) => !Number.isNaN(c.numberColumn(match.column).get(d))
        : (d: number) => c.keywordColumn(match.column).get(d).length > 0;
      return { cost: c.capacity, docs: () => scanLive(c, test), test, describe: `${match.column}:*` };
    }
    case "and": {
      const children = match.children.map((m) => compile(m, c, scoring, negated)).sort((a, b) => a.cost - b.cost);
      const [lead, ...rest] = children;
      const test = allOf(children);
      const others = allOf(rest);
      return {
        cost: lead.cost,
        docs: () => filter(lead.docs(), others),
        test,
        describe: `(and ${children.map((o) => o.describe).join(" ")})`,
      };
    }
    case "or": {
      const children = match.children.map((m) => compile(m, c, scoring, negated));
      return {
        cost: children.reduce((n, o) => n + o.cost, 0),
        docs: () => unionOperators(children, c.capacity),
        test: (d) => children.some((o) => o.test(d)),
        describe: `(or ${children.map((o) => o.describe).join(" ")})`,
      };
    }
    case "not": {
      const child = compile(match.child, c, scoring, !negated);
      const test = (d: number) => c.isLive(d) && !child.test(d);
      return { cost: c.capacity, docs: () => scanLive(c, test), test, describe: `(not ${child.describe})` };
    }
  }
}

function textOperator(match: Extract<Match, { op: "text" }>, c: Collection, scoring: TextLeaf[], negated: boolean): Operator {
  const perField: FieldTerms[] = [];
  for (const name of match.fields) {
    const field = c.fields.get(name);
    if (!field) continue;
    const terms = queryTerms(match.text, field.spec.tokenizer);
    if (!terms.length) continue;
    perField.push({ field, terms, termIds: terms.map((t) => c.termIdOf(t)) });
  }
  // A word with nothing searchable in it (only punctuation) constrains nothing.
  if (!perField.length) return compile({ op: "all" }, c, scoring, negated);
  if (!negated) scoring.push({ match, perField });

  const fieldTest = (ft: FieldTerms, d: number): boolean => {
    for (const id of ft.termIds) if (c.termFrequency(ft.field, d, id) === 0) return false;
    return ft.terms.length === 1 || adjacent(ft, d);
  };
  const leads = perField.map((ft) => {
    // The rarest word leads: its posting list is the shortest.
    let best = 0;
    let bestCount = Infinity;
    for (let i = 0; i < ft.terms.length; i++) {
      const count = c.documentFrequency(ft.field, ft.termIds[i]);
      if (count < bestCount) [best, bestCount] = [i, count];
      if (count === 0) break;
    }
    const term = ft.terms[best];
    // A single word's own posting list needs no second look.
    const docs = () => (ft.terms.length === 1 ? ft.field.postings.docs(term) : filter(ft.field.postings.docs(term), (d) => fieldTest(ft, d)));
    return { cost: bestCount, docs, test: (d: number) => fieldTest(ft, d), describe: "" };
  });
  return {
    cost: leads.reduce((n, l) => n + l.cost, 0),
    docs: () => (leads.length === 1 ? leads[0].docs() : unionOperators(leads, c.capacity)),
    test: (d) => perField.some((ft) => fieldTest(ft, d)),
    describe: `${match.phrase ? '"' : ""}${match.text}${match.phrase ? '"' : ""}@${perField.map((p) => p.field.spec.name).join("|")}`,
  };
}

/**
 * Whether the words occur in order, each starting where the previous one ends
 * (an identifier's whole spans the positions of its parts).
 */
function adjacent(ft: FieldTerms, doc: number): boolean {
  const o = ft.field.occurrences;
  const ranges = ft.termIds.map((id) => o.range(doc, id));
  // Whether word `i` occurs at `position` and the rest follow it.
  const from = (i: number, position: number): boolean => {
    if (i === ranges.length) return true;
    const [lo, hi] = ranges[i];
    for (let at = o.firstAtOrAfter(position, lo, hi); at < hi && o.positionAt(at) === position; at++) {
      if (from(i + 1, position + o.widthAt(at))) return true;
    }
    return false;
  };
  const [lo, hi] = ranges[0];
  for (let at = lo; at < hi; at++) if (from(1, o.positionAt(at) + o.widthAt(at))) return true;
  return false;
}

/** A test passed when every operator's is (a plain loop: it runs once per candidate document). */
function allOf(operators: Operator[]): (doc: number) => boolean {
  return (d) => {
    for (const o of operators) if (!o.test(d)) return false;
    return true;
  };
}

/** Keeps the documents `keep` accepts; a heartbeat every block examined, so a filter that rejects most still lets the deadline be checked. */
function* filter(docs: Iterable<number>, keep: (d: number) => boolean): Generator<number> {
  let examined = 0;
  for (const d of docs) {
    if (d === HEARTBEAT) {
      examined = 0;
      yield d;
    } else {
      if (++examined === BLOCK) {
        examined = 0;
        yield HEARTBEAT;
      }
      if (keep(d)) yield d;
    }
  }
}

function* unionSets(sets: ReadonlyArray<Iterable<number>>): Generator<number> {
  if (sets.length === 1) {
    yield* sets[0];
    return;
  }
  const seen = new Set<number>();
  for (const s of sets) for (const d of s) if (!seen.has(d)) {
    seen.add(d);
    yield d;
  }
}

function* unionOperators(children: Operator[], capacity: number): Generator<number> {
  const seen = new Uint8Array(capacity);
  let examined = 0;
  for (const o of children) {
    for (const d of o.docs()) {
      if (d === HEARTBEAT || ++examined === BLOCK) {
        examined = 0;
        yield HEARTBEAT;
        if (d === HEARTBEAT) continue;
      }
      if (!seen[d]) {
        seen[d] = 1;
        yield d;
      }
    }
  }
}
