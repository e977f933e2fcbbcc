/**
 * Paging of search results: reading `page` / `per_page`, the 1,000-result cap, and the `link`
 * response header the hosting site writes for search results.
 */

export const DEFAULT_PER_PAGE = 30;
export const MAX_PER_PAGE = 100;
export const DEFAULT_PAGE = 1;
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

export interface LinkHeaderInput {
  /** Where the service is reached, e.g. `https://api.github.com`. */
  baseUrl: string;
  /** Endpoint path, e.g. `/search/code`. */
  path: string;
  /** The request's query, every parameter of which is kept in the links. */
  query: URLSearchParams | string;
  paging: Paging;
  totalCount: number;
}

/**
 * The `link` header for one page of results, or undefined when there is nothing to link to
 * (everything fits on the page asked for). Relations come in the site's order: prev, next, last,
 * first — next/last while pages remain, prev/first past page 1. The `page` parameter is replaced
 * where it stands, or appended; the query is re-encoded as a form (`+` for spaces, `%3A` for `:`);
 * credentials (`client_secret`, `access_token`) are left out.
 */
export function linkHeader({ baseUrl, path, query, paging, totalCount }: LinkHeaderInput): string | undefined {
  const { page, perPage } = paging;
  const last = lastPage(totalCount, perPage);
  const relations: Array<[rel: string, page: number]> = [];
  if (page > 1) relations.push(["prev", page - 1]);
  if (page < last) relations.push(["next", page + 1], ["last", last]);
  if (page > 1) relations.push(["first", 1]);
  if (relations.length === 0) return undefined;

  const base = baseUrl.replace(/\/+$/, "") + (path.startsWith("/") ? path : `/${path}`);
  return relations.map(([rel, target]) => `<${pageUrl(base, query, target)}>; rel="${rel}"`).join(", ");
}

/** Query parameters that carry secrets: never repeated in a link (links end up in logs and caches). */
const CREDENTIAL_PARAMETERS = ["client_secret", "access_token"];

function pageUrl(base: string, query: URLSearchParams | string, page: number): string {
  const params = new URLSearchParams(query);
  for (const name of CREDENTIAL_PARAMETERS) params.delete(name);
  // `set` keeps the first occurrence's position and drops repeats, as the site's links do.
  params.set("page", String(page));
  return `${base}?${params.toString()}`;
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
