/**
 * How dump records name the records they belong to (docs/dump-format.md).
 * API URLs are read by their path only, so that exports from any host
 * (the cloud service, an enterprise server) link the same way.
 */

export interface IssueRef {
  /** `owner/name`. */
  repository: string;
  number: number;
}

const REPOSITORY_PATH = /\/repos\/([^/]+)\/([^/]+?)\/?$/;
const ISSUE_PATH = /\/repos\/([^/]+)\/([^/]+)\/issues\/(\d+)\/?$/;

/**
 * `owner/name` of an issue's repository: the `repository` extension (a full
 * name, or a repository object as some list endpoints embed it), else `repository_url`.
 */
export function issueRepository(issue: Record<string, unknown>): string | undefined {
  const { repository } = issue;
  if (typeof repository === "string" && repository.includes("/")) return repository;
  if (isObject(repository) && typeof repository.full_name === "string") return repository.full_name;
  const match = typeof issue.repository_url === "string" ? REPOSITORY_PATH.exec(issue.repository_url) : null;
  return match ? `${decodeURIComponent(match[1])}/${decodeURIComponent(match[2])}` : undefined;
}

/** The issue or pull request a comment belongs to, from its `issue_url`. */
export function commentIssue(comment: Record<string, unknown>): IssueRef | undefined {
  const match = typeof comment.issue_url === "string" ? ISSUE_PATH.exec(comment.issue_url) : null;
  if (!match) return undefined;
  return { repository: `${decodeURIComponent(match[1])}/${decodeURIComponent(match[2])}`, number: Number(match[3]) };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
