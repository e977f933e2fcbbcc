/**
 * The files of a dump folder: one NDJSON file per resource kind, each optional.
 * See docs/dump-format.md for the record shapes.
 */

export type DumpKind = "repositories" | "users" | "issues" | "comments" | "commits" | "code" | "labels" | "topics";

export const DUMP_FILES: Record<DumpKind, string> = {
  repositories: "repositories.ndjson",
  users: "users.ndjson",
  issues: "issues.ndjson",
  comments: "comments.ndjson",
  commits: "commits.ndjson",
  code: "code.ndjson",
  labels: "labels.ndjson",
  topics: "topics.ndjson",
};

/** Owners before their repositories, repositories before what hangs off them, issues before their comments. */
export const LOAD_ORDER: readonly DumpKind[] = [
  "users",
  "repositories",
  "topics",
  "labels",
  "issues",
  "comments",
  "commits",
  "code",
];
