/**
 * The `link` response header the hosting site writes for a page of search results.
 */
import { lastPage, type Paging } from "../api/paging.js";

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
