/**
 * The reference reading of qualifier values (query-syntax.md §4, §5): number
 * and date expressions become tests on a record's value. Every value, a number
 * or a bare date, stands for an interval [start, end): a number n covers
 * [n, n + 1), a bare date the whole UTC day, a date-time one instant. The
 * comparisons then read the same for all of them:
 *   v          start <= x < end
 *   >v         x >= end              >=v   x >= start
 *   <v         x < start             <=v   x < end
 *   a..b       a.start <= x < b.end  (`*` leaves that side open; reversed: nothing)
 * A record without the value never matches.
 */

/** Why the reference refuses a request: the status the engine must answer with. */
export class Rejected extends Error {
  constructor(
    readonly status: 404 | 415 | 422,
    why: string,
  ) {
    super(why);
  }
}

export const reject = (why: string, status: 404 | 415 | 422 = 422): never => {
  throw new Rejected(status, why);
};

interface Interval {
  start: number;
  end: number;
}

export type ValueTest = (x: number | undefined | null) => boolean;

const DAY_MS = 24 * 60 * 60 * 1000;

function parseNumber(text: string): Interval | undefined {
  if (!/^[0-9]+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? { start: n, end: n + 1 } : undefined;
}

/** A calendar date that really exists, as epoch ms of its UTC midnight. */
function calendarDay(year: string, month: string, day: string): number | undefined {
  const [y, m, d] = [Number(year), Number(month), Number(day)];
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? t : undefined;
}

function parseDate(text: string): Interval | undefined {
  const bare = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (bare) {
    const day = calendarDay(bare[1], bare[2], bare[3]);
    return day === undefined ? undefined : { start: day, end: day + DAY_MS };
  }
  // A zone whose "+" became a space in URL decoding still counts as "+" (query-syntax.md §5.1).
  const stamp = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:(Z)|([+ -])(\d{2}):(\d{2}))$/.exec(text);
  if (!stamp) return undefined;
  const day = calendarDay(stamp[1], stamp[2], stamp[3]);
  const [h, min, s] = [Number(stamp[4]), Number(stamp[5]), Number(stamp[6])];
  if (day === undefined || h > 23 || min > 59 || s > 59) return undefined;
  let offsetMinutes = 0;
  if (!stamp[7]) {
    const [oh, om] = [Number(stamp[9]), Number(stamp[10])];
    if (oh > 23 || om > 59) return undefined;
    offsetMinutes = (stamp[8] === "-" ? -1 : 1) * (oh * 60 + om);
  }
  const instant = day + ((h * 60 + min) * 60 + s) * 1000 - offsetMinutes * 60_000;
  return { start: instant, end: instant + 1 };
}

function expression(text: string, parse: (s: string) => Interval | undefined, what: string): ValueTest {
  const invalid = () => reject(`"${text}" is not a valid ${what}`);
  const compare = /^(>=|<=|>|<)(.*)$/.exec(text);
  if (compare) {
    const v = parse(compare[2]) ?? invalid();
    switch (compare[1]) {
      case ">":
        return (x) => x != null && x >= v.end;
      case ">=":
        return (x) => x != null && x >= v.start;
      case "<":
        return (x) => x != null && x < v.start;
      default:
        return (x) => x != null && x < v.end;
    }
  }
  const dots = text.indexOf("..");
  if (dots >= 0) {
    const [lowText, highText] = [text.slice(0, dots), text.slice(dots + 2)];
    const low = lowText === "*" ? undefined : (parse(lowText) ?? invalid());
    const high = highText === "*" ? undefined : (parse(highText) ?? invalid());
    return (x) => x != null && (!low || x >= low.start) && (!high || x < high.end);
  }
  const v = parse(text) ?? invalid();
  return (x) => x != null && x >= v.start && x < v.end;
}

export const numberTest = (text: string): ValueTest => expression(text, parseNumber, "number");
export const dateTest = (text: string): ValueTest => expression(text, parseDate, "date");

/** A record's timestamp as epoch ms (undefined when absent or unreadable). */
export function instant(value: string | null | undefined): number | undefined {
  if (typeof value !== "string") return undefined;
  const t = Date.parse(value);
  return Number.isNaN(t) ? undefined : t;
}

/** A record's count (undefined unless a finite number). */
export function amount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}
