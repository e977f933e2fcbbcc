/**
 * Simplification of a logical query to a fixed point: named rewrites that keep both what matches
 * and what is scored (the text leaves, in their order), applied until none changes anything.
 */
import { ALL, type Match } from "./match.js";

type Rewrite = (m: Match) => Match | undefined;

/** The rewrites, each of one node given simplified children; undefined when it does not apply. */
const REWRITES: Record<string, Rewrite> = {
  /** (and a (and b c)) → (and a b c), and the same for or. */
  flatten: (m) =>
    (m.op === "and" || m.op === "or") && m.children.some((c) => c.op === m.op)
      ? { op: m.op, children: m.children.flatMap((c) => (c.op === m.op ? (c as typeof m).children : [c])) }
      : undefined,
  /** `all` adds nothing to a conjunction, `none` nothing to a disjunction. */
  dropNeutral: (m) => {
    if (m.op !== "and" && m.op !== "or") return undefined;
    const neutral = m.op === "and" ? "all" : "none";
    return m.children.some((c) => c.op === neutral) && m.children.some((c) => c.op !== neutral)
      ? { op: m.op, children: m.children.filter((c) => c.op !== neutral) }
      : undefined;
  },
  /** A conjunction with `none` in it matches nothing: the first `none`, with its reason. */
  absorbNone: (m) => (m.op === "and" ? m.children.find((c) => c.op === "none") : undefined),
  /** (and a) → a, (or a) → a. */
  unwrap: (m) => ((m.op === "and" || m.op === "or") && m.children.length === 1 ? m.children[0] : undefined),
  /** (and), (and all all) → all: a conjunction of nothing asks nothing. */
  allOnly: (m) => (m.op === "and" && m.children.every((c) => c.op === "all") ? ALL : undefined),
};

const REWRITE_LIST = Object.values(REWRITES);

/** One bottom-up sweep of every rewrite; the node itself where nothing in it changed. */
function sweep(m: Match): Match {
  let node: Match = m;
  if (node.op === "and" || node.op === "or") {
    const before = node.children;
    const children = before.map(sweep);
    if (children.some((c, i) => c !== before[i])) node = { op: node.op, children };
  } else if (node.op === "not") {
    const child = sweep(node.child);
    if (child !== node.child) node = { op: "not", child };
  }
  for (const rewrite of REWRITE_LIST) node = rewrite(node) ?? node;
  return node;
}

/**
 * Rewrites `m` until nothing changes. Every rewrite that applies returns a new, smaller node, so a
 * sweep that returns its input unchanged is the fixed point: no tree printed and compared per sweep
 * (a long visibility filter is printed in full).
 */
export function simplify(m: Match): Match {
  let current = m;
  for (;;) {
    const next = sweep(current);
    if (next === current) return next;
    current = next;
  }
}
