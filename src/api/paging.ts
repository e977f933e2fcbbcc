/**
 * Paging of search results: reading `page` / `per_page` as the site does, and the 1,000-result cap.
 * The `link` header built from them is the HTTP layer's (src/http/link.ts).
 */

const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 100;
const DEFAULT_PAGE = 1;
/** The site serves at most this many results of any one search. */
export const RESULT_CAP = 1000;

export interface Paging {
  page: number;
  perPage: number;
}

type ParamValue = number | string | readonly string[] | null | undefined;

/**
 * Reads `page` and `per_page` as the site does: the integer at the start of the value is used
 * (`"2"` → 2, `"2.5"` → 2, `"3abc"` → 3); a missing, non-numeric, zero or negative value falls back
 * to the default (page 1, 30 per page); `per_page` above 100 is lowered to 100 without an error.
 * A repeated parameter counts by its last value.
 */
export function parsePaging(params: { page?: ParamValue; per_page?: ParamValue }): Paging {
  const perPage = readPositiveInteger(params.per_page) ?? DEFAULT_PER_PAGE;
  return {
    page: readPositiveInteger(params.page) ?? DEFAULT_PAGE,
    perPage: Math.min(perPage, MAX_PER_PAGE),
  };
}

/** True when the page starts past the 1,000th result: the site answers 422 for it. */
export function isPastResultCap({ page, perPage }: Paging): boolean {
  return (page - 1) * perPage >= RESULT_CAP;
}

/** The last page that can be asked for: the 1,000-result cap limits it as much as the total. */
export function lastPage(totalCount: number, perPage: number): number {
  return Math.max(1, Math.ceil(Math.min(Math.max(totalCount, 0), RESULT_CAP) / perPage));
}

function readPositiveInteger(value: ParamValue): number | undefined {
  const last = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof last === "number") {
    return Number.isFinite(last) && last >= 1 ? Math.min(Math.trunc(last), Number.MAX_SAFE_INTEGER) : undefined;
  }
  if (typeof last !== "string") return undefined;
  const digits = /^\s*\+?(\d+)/.exec(last)?.[1];
  if (digits === undefined) return undefined;
  const n = Number(digits);
  if (n < 1) return undefined;
  // Absurdly long numbers only need to stay larger than any real page.
  return Math.min(n, Number.MAX_SAFE_INTEGER);
}
