/**
 * Builds the HTTP request a `forgesearch search` command stands for, so that the command line goes
 * through exactly the same path (negotiation, paging, errors) as the HTTP service.
 */
import { KINDS, SEARCH_KINDS } from "../kinds/index.js";
import type { SearchKind } from "../kinds/types.js";
import type { HttpRequest } from "../types.js";

export const ENDPOINTS: readonly SearchKind[] = SEARCH_KINDS;
export type Endpoint = SearchKind;

export interface SearchCommandOptions {
  sort?: string;
  order?: string;
  perPage?: number;
  page?: number;
  repositoryId?: number;
  textMatch?: boolean;
  /** Sent as is instead of the endpoint's default media type. */
  accept?: string;
  /** Search as this user (authenticated caller). */
  as?: string;
}

/**
 * The media type a command sends unless told otherwise: the kind's preview type when it has one
 * (commit and topic search need theirs; repository search gets the topics preview, so that
 * results carry `topics` and several `topic:` qualifiers work).
 */
export function defaultAccept(endpoint: Endpoint, vendor = "github"): string {
  const preview = KINDS[endpoint].preview;
  return preview ? `application/vnd.${vendor}.${preview.media}-preview+json` : `application/vnd.${vendor}.v3+json`;
}

export function searchRequest(
  endpoint: Endpoint,
  q: string,
  options: SearchCommandOptions,
  vendor = "github",
): HttpRequest {
  const params = new URLSearchParams({ q });
  const optional: Array<[string, string | number | undefined]> = [
    ["sort", options.sort],
    ["order", options.order],
    ["per_page", options.perPage],
    ["page", options.page],
    ["repository_id", options.repositoryId],
  ];
  for (const [name, value] of optional) if (value !== undefined) params.set(name, String(value));

  const accepted = [options.accept ?? defaultAccept(endpoint, vendor)];
  if (options.textMatch) accepted.push(`application/vnd.${vendor}.v3.text-match+json`);
  return {
    url: `/search/${endpoint}?${params.toString()}`,
    headers: { accept: accepted.join(", ") },
    caller: options.as ? { login: options.as, via: "oauth" } : undefined,
  };
}
