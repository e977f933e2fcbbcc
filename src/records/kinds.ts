/**
 * The names of the kinds: the seven search endpoints, and the kinds of
 * record a dump holds (each search kind's own, and an issue's comments).
 * What each kind is lives in its module under src/kinds/, gathered in the
 * registry (src/kinds/index.ts).
 */

export type SearchKind = "code" | "commits" | "issues" | "labels" | "repositories" | "topics" | "users";

/** The kinds of record a dump holds: every search kind's own, and the comments issue search reads. */
export type DumpKind = SearchKind | "comments";
