/**
 * Readers of the hosting site's record shapes: typed looks at fields that may
 * be missing or of another type, and the names and keys a record points at.
 * Every kind, the store and the importers read records through these.
 */

/** Record of the hosting site's REST shape; unknown fields are kept as they came. */
export type RecordLike = Record<string, unknown>;

export function str(v: unknown): string | undefined {
  return typeof v === "string" ? v : undefined;
}

export function lower(v: unknown): string {
  return typeof v === "string" ? v.toLowerCase() : "";
}

export function obj(v: unknown): RecordLike | undefined {
  return v !== null && typeof v === "object" && !Array.isArray(v) ? (v as RecordLike) : undefined;
}

export function arr(v: unknown): unknown[] {
  return Array.isArray(v) ? v : [];
}

/** `https://api.example.com/repos/OWNER/NAME[/...]` → `OWNER/NAME`. */
function repoFromUrl(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  const m = /\/repos\/([^/]+)\/([^/?#]+)/.exec(url);
  return m ? `${decodeURIComponent(m[1])}/${decodeURIComponent(m[2])}` : undefined;
}

/** The full name of the repository a record belongs to: `repository` (string or object) or its API URL. */
export function repositoryOf(record: RecordLike): string | undefined {
  const r = record.repository;
  if (typeof r === "string") return r;
  const o = obj(r);
  if (o && typeof o.full_name === "string") return o.full_name;
  return repoFromUrl(record.repository_url) ?? repoFromUrl(record.url);
}

/** An issue's key, `owner/name#number` lower-cased. */
export function issueKeyOf(record: RecordLike): string | undefined {
  const repo = repositoryOf(record);
  const n = record.number;
  if (!repo || (typeof n !== "number" && typeof n !== "string")) return undefined;
  return `${repo}#${n}`.toLowerCase();
}

/** `…/repos/o/r/issues/12` → `o/r#12`. */
function issueKeyFromUrl(url: unknown): string | undefined {
  if (typeof url !== "string") return undefined;
  const m = /\/repos\/([^/]+)\/([^/]+)\/(?:issues|pulls)\/(\d+)/.exec(url);
  return m ? `${decodeURIComponent(m[1])}/${decodeURIComponent(m[2])}#${m[3]}`.toLowerCase() : undefined;
}

/** The issue key a comment belongs to. */
export function commentIssueKey(comment: RecordLike): string | undefined {
  return issueKeyFromUrl(comment.issue_url) ?? (typeof comment.issue === "string" ? comment.issue.toLowerCase() : undefined);
}
