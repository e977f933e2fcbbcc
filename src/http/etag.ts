/**
 * Entity tags for search responses, so that a client repeating a search with `If-None-Match`
 * gets a 304 when nothing changed.
 */
import { createHash } from "node:crypto";
import stableStringify from "fast-json-stable-stringify";

/**
 * A weak ETag (`W/"<sha256 hex>"`, the form the site sends) of the body serialised with sorted
 * keys, so that equal bodies get equal tags whatever order their keys were built in.
 */
export function etagOf(body: unknown): string {
  const serialised = body === undefined ? "" : stableStringify(body);
  return `W/"${createHash("sha256").update(serialised).digest("hex")}"`;
}

/**
 * Whether an `If-None-Match` header matches the tag, compared weakly (as RFC 9110 asks for
 * If-None-Match): `W/` prefixes are ignored, `*` matches anything, lists are comma-separated.
 * Unquoted tags, which some clients send, are read as if quoted.
 */
export function matchesIfNoneMatch(header: string | readonly string[] | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const text = typeof header === "string" ? header : header.join(",");
  const wanted = opaqueTag(etag);
  return listedTags(text).some((tag) => tag === "*" || opaqueTag(tag) === wanted);
}

/** The tag without its weakness marker and quotes. */
function opaqueTag(tag: string): string {
  const bare = tag.trim().replace(/^w\//i, "");
  return bare.length >= 2 && bare.startsWith('"') && bare.endsWith('"') ? bare.slice(1, -1) : bare;
}

/** Splits a comma list of entity tags; a quoted tag may itself contain commas. */
function listedTags(text: string): string[] {
  return text.match(/(?:[wW]\/)?"[^"]*"|[^,\s]+/g) ?? [];
}
