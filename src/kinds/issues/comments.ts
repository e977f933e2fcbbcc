/**
 * Issue comments: records of their own in a dump, searched only as part of
 * their issue (its `comments` field, its commenters), so a changed comment
 * changes its issue.
 */
import { commentIssueKey, str } from "../../records/read.js";
import type { RecordKindSpec } from "../types.js";

export const commentRecords: RecordKindSpec = {
  kind: "comments",
  file: "comments.ndjson",
  loadOrder: 5,
  // Comments from the REST API carry a numeric id; a URL stands in for one that has none.
  key: (c) => (typeof c.id === "number" || typeof c.id === "string" ? String(c.id) : (str(c.url) ?? str(c.html_url))),
  keyFields: "id",
  affects: { kind: "issues", key: commentIssueKey },
};
