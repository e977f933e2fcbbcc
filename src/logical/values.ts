/**
 * Typing of qualifier values: number and date expressions become inclusive
 * [low, high] bounds (dates as epoch milliseconds, bare dates in UTC).
 */
import type { QualifierValue } from "../parse/ast.js";

export interface Bounds {
  low: number;
  high: number;
}

const DAY = 86_400_000;

function parseCount(s: string): number | undefined {
  return /^\d{1,15}$/.test(s) ? Number(s) : undefined;
}

interface Instant {
  /** First millisecond the value covers. */
  start: number;
  /** First millisecond after it: a day for a bare date, one ms for a date-time. */
  end: number;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z|[+-]\d{2}:\d{2})$/;

function validDay(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return d <= days;
}

function parseInstant(s: string): Instant | undefined {
  let m = DATE.exec(s);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (!validDay(y, mo, d)) return undefined;
    const start = Date.UTC(y, mo - 1, d);
    return { start, end: start + DAY };
  }
  m = DATE_TIME.exec(s);
  if (m) {
    const [y, mo, d, h, mi, se] = m.slice(1, 7).map(Number);
    if (!validDay(y, mo, d) || h > 23 || mi > 59 || se > 59) return undefined;
    let offset = 0;
    if (m[7] !== "Z") {
      const sign = m[7][0] === "-" ? -1 : 1;
      const [oh, om] = m[7].slice(1).split(":").map(Number);
      if (oh > 23 || om > 59) return undefined;
      offset = sign * (oh * 60 + om) * 60_000;
    }
    const start = Date.UTC(y, mo - 1, d, h, mi, se) - offset;
    return { start, end: start + 1 };
  }
  return undefined;
}

/** Bounds of a number expression, or undefined when it is not one. */
export function numberBounds(value: QualifierValue): Bounds | undefined {
  return bounds(value, (s) => {
    const n = parseCount(s);
    return n === undefined ? undefined : { start: n, end: n + 1 };
  });
}

/** Bounds of a date expression, or undefined when it is not one. */
export function dateBounds(value: QualifierValue): Bounds | undefined {
  return bounds(value, parseInstant);
}

function bounds(value: QualifierValue, parse: (s: string) => Instant | undefined): Bounds | undefined {
  switch (value.type) {
    case "text": {
      const v = parse(value.text);
      return v && { low: v.start, high: v.end - 1 };
    }
    case "compare": {
      const v = parse(value.operand);
      if (!v) return undefined;
      switch (value.op) {
        case ">":
          return { low: v.end, high: Infinity };
        case ">=":
          return { low: v.start, high: Infinity };
        case "<":
          return { low: -Infinity, high: v.start - 1 };
        case "<=":
          return { low: -Infinity, high: v.end - 1 };
      }
      break;
    }
    case "range": {
      const lo = value.low === null ? undefined : parse(value.low);
      const hi = value.high === null ? undefined : parse(value.high);
      if ((value.low !== null && !lo) || (value.high !== null && !hi)) return undefined;
      return { low: lo ? lo.start : -Infinity, high: hi ? hi.end - 1 : Infinity };
    }
    case "list":
      return undefined;
  }
}
