/** Public types shared by the engine, the HTTP face and the CLI. */
import type { Preview } from "./api/media-type.js";

export type { Preview };

export interface Caller {
  login: string;
  /** How the caller authenticated; "app-user" is a user-to-server app token. */
  via?: "basic" | "oauth" | "client" | "app-user";
}

/** Parameters as the query string carries them (strings or numbers both accepted). */
export interface SearchParams {
  q?: string;
  sort?: string;
  order?: string;
  per_page?: number | string;
  page?: number | string;
  /** Label search only. */
  repository_id?: number | string;
}

export interface SearchOptions {
  /** The Accept header; defaults to `application/vnd.<vendor>.v3+json`. */
  accept?: string;
  /** Asks for `text_matches`, as the text-match media type does (added to `accept`, if any). */
  textMatch?: boolean;
  /** Preview features to ask for, as their media types do: `cloak` (commit search), `mercy` (topics). */
  previews?: Preview[];
  caller?: Caller;
  /** Adds a score breakdown to every item as `explain`. */
  explain?: boolean;
  /** Base of API URLs in items; default the engine's `baseUrl`. */
  baseUrl?: string;
}

export interface TextMatch {
  object_url: string;
  object_type: string;
  property: string;
  fragment: string;
  matches: Array<{ text: string; indices: [number, number] }>;
}

export interface Envelope<T = Record<string, unknown>> {
  total_count: number;
  incomplete_results: boolean;
  items: T[];
}

export interface HttpRequest {
  url: string;
  headers?: Record<string, string | string[] | undefined>;
  caller?: Caller;
  /** Client address, the rate-limit key of unauthenticated callers. */
  ip?: string;
  /** Base of API URLs in this response's items and `link` header; default the engine's `baseUrl`. */
  baseUrl?: string;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  /** Absent for 304. */
  body: unknown;
}
