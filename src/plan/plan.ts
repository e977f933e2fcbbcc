/**
 * plan: logical query × index → a tree of operators, each able to fill a
 * block bitset with its documents in a range of slots and to test one
 * document, with a cost (how many documents it lists). A conjunction is led by
 * its cheapest child; each other child either fills its own block and is
 * combined a word at a time, or tests the few documents left, whichever is
 * cheaper for that block. The loops that run per block or per document are
 * plain indexed loops: quick from a search's first block on, before the code
 * is optimised.
 */
import type { Collection, FieldIndex } from "../index/collection.js";
import type { DocSet } from "../index/doc-set.js";
import { finish, type Steps } from "../index/steps.js";
import type { Match } from "../logical/match.js";
import { queryTerms } from "../text/tokenize.js";
import { andFromBitmaps, countBits, fillFromList, fillTested, inBitmap, keepTested, orFromBitmap, wordsFor } from "./bits.js";

/**
 * The largest range of slots one `fill` covers: each fill and count has its own cost besides its
 * words, and 4,096 slots took 9 % less search time than 1,024 over AND and qualifier queries at a
 * million documents (`bench/search-ab.mjs`); larger ones gained nothing more.
 */
export const BLOCK = 4096;

export interface Operator {
  /** Estimated number of documents the operator lists. */
  cost: number;
  /** True when filling a block tests every slot in it (a scan) rather than stepping through a list. */
  scans: boolean;
  /** What one `test` costs, counted in listed documents a fill steps over (a fill sets a bit per step). */
  testCost: number;
  /** What filling a whole block costs in the same unit, when not its share of `cost` (a bitmap's words). */
  fillCost?: number;
  /**
   * When the operator's documents are exactly the union of bitmaps over every slot (each as long as
   * its last document needs): those bitmaps, fetched when first asked for. A conjunction narrows its
   * block by them in one pass, where filling a block of their own and combining it took three.
   */
  bitmaps?: () => readonly Uint32Array[];
  /**
   * Sets the bits of the matching documents of slots [lo, hi) in `out` (bits.ts), `lo` a multiple
   * of 32 and `hi - lo` at most BLOCK. Blocks are asked for in ascending order (any may be skipped).
   */
  fill(out: Uint32Array, lo: number, hi: number): void;
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
  /** One past the highest slot: the documents lie in [0, capacity). */
  capacity: number;
  /** Text leaves that count towards the score (not under a NOT). */
  scoring: TextLeaf[];
  /**
   * Work the first fill would do at once, to be run before it in steps (a common word's bitmap made
   * from millions of list entries): `collect` runs them with pauses.
   */
  readying: Array<() => Steps<void>>;
}

/** An operator that tests every live slot of a block. */
function scan(cost: number, test: (doc: number) => boolean, describe: string): Operator {
  return { cost, scans: true, testCost: 1, fill: (out, lo, hi) => fillTested(out, lo, hi, test), test, describe };
}

/** An operator over ascending lists of documents, fetched when first filled; a cursor per list follows the blocks. */
function listed(cost: number, lists: () => Array<ArrayLike<number>>, test: (doc: number) => boolean, testCost: number, describe: string): Operator {
  let held: Array<ArrayLike<number>> | undefined;
  let cursors: number[] = [];
  return {
    cost,
    scans: false,
    testCost,
    fill(out, lo, hi) {
      if (!held) {
        held = lists();
        cursors = held.map(() => 0);
      }
      for (let i = 0; i < held.length; i++) cursors[i] = fillFromList(held[i], cursors[i], out, lo, hi);
    },
    test,
    describe,
  };
}

/**
 * The documents of keyword values: the bitmaps of the dense ones (DocSet.bitmap) combined a word
 * at a time, the ascending lists of the others stepped through. A dense set is kept as bits
 * alone, so it is never read as a list here: that would make an array of millions per search.
 */
function keywordSets(sets: DocSet[], test: (doc: number) => boolean, describe: string, capacity: number): Operator {
  const cost = sets.reduce((n, set) => n + set.size, 0);
  const maps = sets.map((set) => set.bitmap());
  const bitmaps = maps.filter((map): map is Uint32Array => map !== undefined);
  const sparse = sets.filter((_, i) => !maps[i]);
  const lists = sparse.length ? listed(sparse.reduce((n, set) => n + set.size, 0), () => sparse.map((set) => set.ascending()), test, KEYWORD_TEST, describe) : undefined;
  if (!bitmaps.length) return lists ?? { ...NOTHING, describe };
  const bitsTest = (doc: number): boolean => {
    for (let m = 0; m < bitmaps.length; m++) if (inBitmap(bitmaps[m], doc)) return true;
    return false;
  };
  return {
    cost,
    scans: false,
    testCost: lists ? KEYWORD_TEST : 1,
    fillCost: wordsFor(BLOCK) * bitmaps.length + (lists ? (lists.cost * BLOCK) / Math.max(capacity, 1) : 0),
    fill(out, lo, hi) {
      for (let m = 0; m < bitmaps.length; m++) orFromBitmap(bitmaps[m], out, lo, hi);
      lists?.fill(out, lo, hi);
    },
    test: lists ? test : bitsTest,
    ...(lists ? {} : { bitmaps: () => bitmaps }),
    describe,
  };
}

/**
 * A word's documents in a field, as a bitmap (Postings.bitmapping): a word per 32 slots to fill a
 * block and one look to test, where its list would step through most of the block. Made in steps
 * before the first fill (`readying`), or at once when first used without them.
 */
function bitmapped(cost: number, making: () => Steps<Uint32Array>, readying: Compiled["readying"]): Operator {
  let map: Uint32Array | undefined;
  const bitmap = () => finish(making());
  readying.push(function* () {
    map ??= yield* making();
  });
  return {
    cost,
    scans: false,
    testCost: 1,
    fillCost: wordsFor(BLOCK),
    fill: (out, lo, hi) => orFromBitmap((map ??= bitmap()), out, lo, hi),
    test: (doc) => inBitmap((map ??= bitmap()), doc),
    bitmaps: () => [(map ??= bitmap())],
    describe: "",
  };
}

/** A word in at least this share of the slots is read as a bitmap (two documents per 32 slots or more). */
const BITMAP_SHARE = 1 / 16;

/** A keyword test reads the document's values and looks each up in a set. */
const KEYWORD_TEST = 8;
/** A word's test looks it up among a document's terms: a binary search in memory no other step touched. */
const WORD_TEST = 40;

const NOTHING: Operator = { cost: 0, scans: false, testCost: 1, fill: () => {}, test: () => false, describe: "none" };

export function plan(match: Match, collection: Collection): Plan {
  const out: Compiled = { scoring: [], readying: [] };
  const root = compile(match, collection, out, false);
  return { root, capacity: collection.capacity, ...out };
}

/** What compiling gathers besides the operators. */
type Compiled = Pick<Plan, "scoring" | "readying">;

function compile(match: Match, c: Collection, out: Compiled, negated: boolean): Operator {
  switch (match.op) {
    case "all":
      return scan(c.capacity, (d) => c.isLive(d), "all");
    case "none":
      return { ...NOTHING, describe: `none(${match.reason})` };
    case "text":
      return textOperator(match, c, out, negated);
    case "keyword": {
      const col = c.keywordColumn(match.column);
      const test = col.holderOf(match.values);
      return keywordSets(match.values.map((v) => col.docs(v)), test, `${match.column}=${match.values.join("|")}`, c.capacity);
    }
    case "prefix": {
      const col = c.keywordColumn(match.column);
      const sets = [...col.values()].filter((v) => v.startsWith(match.prefix)).map((v) => col.docs(v));
      const test = (d: number) => col.get(d).some((v) => v.startsWith(match.prefix));
      return keywordSets(sets, test, `${match.column}^=${match.prefix}`, c.capacity);
    }
    case "range": {
      const col = c.numberColumn(match.column);
      const test = (d: number) => {
        const v = col.get(d);
        return v >= match.low && v <= match.high;
      };
      return scan(c.capacity, test, `${match.column}:[${match.low}..${match.high}]`);
    }
    case "exists": {
      const test = c.hasNumberColumn(match.column)
        ? (d: number) => !Number.isNaN(c.numberColumn(match.column).get(d))
        : (d: number) => c.keywordColumn(match.column).count(d) > 0;
      return scan(c.capacity, test, `${match.column}:*`);
    }
    case "and": {
      const children = match.children.map((m) => compile(m, c, out, negated)).sort((a, b) => a.cost - b.cost);
      return conjunction(children, c.capacity);
    }
    case "or": {
      const children = match.children.map((m) => compile(m, c, out, negated));
      return {
        cost: children.reduce((n, o) => n + o.cost, 0),
        scans: children.some((o) => o.scans),
        testCost: children.reduce((n, o) => n + o.testCost, 0),
        fill(out, lo, hi) {
          for (let i = 0; i < children.length; i++) children[i].fill(out, lo, hi);
        },
        test: (d) => children.some((o) => o.test(d)),
        ...(children.every((o) => o.bitmaps) ? { bitmaps: () => children.flatMap((o) => o.bitmaps!()) } : {}),
        describe: `(or ${children.map((o) => o.describe).join(" ")})`,
      };
    }
    case "not": {
      const child = compile(match.child, c, out, !negated);
      const test = (d: number) => c.isLive(d) && !child.test(d);
      const inner = new Uint32Array(wordsFor(BLOCK));
      return {
        cost: c.capacity,
        scans: true,
        testCost: child.testCost + 1,
        fill(out, lo, hi) {
          const words = wordsFor(hi - lo);
          inner.fill(0, 0, words);
          child.fill(inner, lo, hi);
          for (let doc = lo; doc < hi; doc++) {
            const bit = doc - lo;
            if (!(inner[bit >>> 5] & (1 << (bit & 31))) && c.isLive(doc)) out[bit >>> 5] |= 1 << (bit & 31);
          }
        },
        test,
        describe: `(not ${child.describe})`,
      };
    }
  }
}


/** Every child's documents, children ordered by cost: the first fills the block, the others narrow it. */
function conjunction(children: Operator[], capacity: number): Operator {
  const [lead, ...rest] = children;
  const block = new Uint32Array(wordsFor(BLOCK));
  const other = new Uint32Array(wordsFor(BLOCK));
  // Each other child's bitmaps where it is a union of bitmaps, fetched at the first fill (a plan only described fetches none).
  let narrowing: Array<readonly Uint32Array[] | undefined> | undefined;
  return {
    cost: lead.cost,
    scans: lead.scans,
    testCost: children.reduce((n, o) => n + o.testCost, 0),
    fill(out, lo, hi) {
      const words = wordsFor(hi - lo);
      block.fill(0, 0, words);
      lead.fill(block, lo, hi);
      narrowing ??= rest.map((o) => o.bitmaps?.());
      for (let r = 0; r < rest.length; r++) {
        const o = rest[r];
        const maps = narrowing[r];
        if (maps) {
          andFromBitmaps(maps, block, lo, hi);
          continue;
        }
        const left = countBits(block, words);
        if (left === 0) return;
        // A listed child fills its block when testing what is left would cost more than stepping
        // through its documents there; a scan tests what is left.
        if (o.scans || left * o.testCost < (o.fillCost ?? (o.cost * (hi - lo)) / Math.max(capacity, 1))) {
          keepTested(block, words, lo, o.test);
        } else {
          other.fill(0, 0, words);
          o.fill(other, lo, hi);
          for (let i = 0; i < words; i++) block[i] &= other[i];
        }
      }
      for (let i = 0; i < words; i++) out[i] |= block[i];
    },
    test: (d) => {
      for (let i = 0; i < children.length; i++) if (!children[i].test(d)) return false;
      return true;
    },
    describe: `(and ${children.map((o) => o.describe).join(" ")})`,
  };
}

function textOperator(match: Extract<Match, { op: "text" }>, c: Collection, out: Compiled, negated: boolean): Operator {
  const perField: FieldTerms[] = [];
  for (const name of match.fields) {
    const field = c.fields.get(name);
    if (!field) continue;
    const terms = queryTerms(match.text, field.spec.tokenizer);
    if (!terms.length) continue;
    perField.push({ field, terms, termIds: terms.map((t) => c.termIdOf(t)) });
  }
  // A word with nothing searchable in it (only punctuation) constrains nothing.
  if (!perField.length) return compile({ op: "all" }, c, out, negated);
  if (!negated) out.scoring.push({ match, perField });

  const fieldTest = (ft: FieldTerms, d: number): boolean => {
    for (let i = 0; i < ft.termIds.length; i++) if (c.termFrequency(ft.field, d, ft.termIds[i]) === 0) return false;
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
    const test = (d: number) => fieldTest(ft, d);
    // A single word's own posting list needs no second look; a common one's bitmap is quicker to combine.
    if (ft.terms.length === 1) {
      if (bestCount >= c.capacity * BITMAP_SHARE) return bitmapped(bestCount, () => ft.field.postings.bitmapping(term), out.readying);
      return listed(bestCount, () => [ft.field.postings.view(term)], test, WORD_TEST, "");
    }
    let list: ArrayLike<number> | undefined;
    let cursor = 0;
    const scratch = new Uint32Array(wordsFor(BLOCK));
    // The leading word's documents, each tested for the others (and their order, for a phrase).
    const fill = (out: Uint32Array, lo: number, hi: number) => {
      list ??= ft.field.postings.view(term);
      const words = wordsFor(hi - lo);
      scratch.fill(0, 0, words);
      cursor = fillFromList(list, cursor, scratch, lo, hi);
      keepTested(scratch, words, lo, test);
      for (let i = 0; i < words; i++) out[i] |= scratch[i];
    };
    return { cost: bestCount, scans: false, testCost: WORD_TEST * ft.terms.length, fill, test, describe: "" };
  });
  const bitmaps = leads.some((l) => l.fillCost !== undefined);
  return {
    cost: leads.reduce((n, l) => n + l.cost, 0),
    scans: false,
    testCost: perField.reduce((n, ft) => n + WORD_TEST * ft.terms.length, 0),
    ...(bitmaps ? { fillCost: leads.reduce((n, l) => n + (l.fillCost ?? (l.cost * BLOCK) / Math.max(c.capacity, 1)), 0) } : {}),
    fill(out, lo, hi) {
      for (let i = 0; i < leads.length; i++) leads[i].fill(out, lo, hi);
    },
    test: (d) => perField.some((ft) => fieldTest(ft, d)),
    ...(leads.every((l) => l.bitmaps) ? { bitmaps: () => leads.flatMap((l) => l.bitmaps!()) } : {}),
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
