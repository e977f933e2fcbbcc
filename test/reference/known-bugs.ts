/**
 * Queries on which the engine is known to disagree with the reference (each
 * a `knownBug` case in regressions.test.ts). The random properties leave
 * exactly these out of generation, so that they stay green while the cases
 * stay open; remove an entry when its case is fixed.
 */
import type { OracleKindName } from "./kinds/index.js";
import type { Query } from "./query.js";
import { words } from "./text.js";

type Node = Query;

function some(q: Node, test: (n: Node) => boolean): boolean {
  if (test(q)) return true;
  switch (q.type) {
    case "and":
    case "or":
      return q.parts.some((p) => some(p, test));
    case "not":
    case "group":
      return some(q.part, test);
    default:
      return false;
  }
}

/** Code: a bare keyword of several words (`parse.query`) is several terms, but the engine wants them adjacent. */
const severalWordTerm = (q: Node) => some(q, (n) => n.type === "term" && words(n.text).length > 1);

const KNOWN: Partial<Record<OracleKindName, Array<(q: Node) => boolean>>> = {
  code: [severalWordTerm],
};

export function hitsKnownBug(kind: OracleKindName, q: Query): boolean {
  return (KNOWN[kind] ?? []).some((test) => test(q));
}
