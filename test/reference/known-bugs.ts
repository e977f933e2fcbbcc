/**
 * Queries on which the engine is known to disagree with the reference (each
 * a `knownBug` case in regressions.test.ts). The random properties leave
 * exactly these out of generation, so that they stay green while a case is
 * open; remove an entry when its case is fixed. None is open now.
 */
import type { OracleKindName } from "./kinds/index.js";
import type { Query } from "./query.js";

const KNOWN: Partial<Record<OracleKindName, Array<(q: Query) => boolean>>> = {};

export function hitsKnownBug(kind: OracleKindName, q: Query): boolean {
  return (KNOWN[kind] ?? []).some((test) => test(q));
}
