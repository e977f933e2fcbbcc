/**
 * Plain records in the dump format (the hosting site's REST shapes plus the
 * documented extensions `members`, `teams`, `collaborators`, `readme`,
 * `language`, the issue extensions, `repository` on commits and files), the
 * same objects the engine is fed and the reference evaluator scans.
 */
export interface TeamRecord {
  slug: string;
  name?: string;
  members: string[];
}

export interface UserRecord {
  login: string;
  id: number;
  type: "User" | "Organization";
  name?: string | null;
  email?: string | null;
  location?: string | null;
  followers?: number;
  public_repos?: number;
  created_at?: string;
  is_sponsorable?: boolean;
  /** Explicit main language (dump extension); otherwise derived from the account's repositories. */
  language?: string;
  /** Organisation members (dump extension). */
  members?: string[];
  /** Organisation teams (dump extension). */
  teams?: TeamRecord[];
}

export interface RepositoryRecord {
  id: number;
  name: string;
  full_name: string;
  owner: { login: string };
  description?: string | null;
  topics?: string[];
  readme?: string;
  stargazers_count?: number;
  forks_count?: number;
  size?: number;
  subscribers_count?: number;
  watchers_count?: number;
  created_at?: string;
  pushed_at?: string;
  updated_at?: string;
  language?: string | null;
  license?: { key?: string; spdx_id?: string } | null;
  fork?: boolean;
  /** On forks: the repository forked from (its record, if loaded, gives its stars). */
  parent?: { full_name: string; stargazers_count?: number };
  source?: { full_name: string; stargazers_count?: number };
  private?: boolean;
  visibility?: "public" | "private" | "internal";
  archived?: boolean;
  is_template?: boolean;
  mirror_url?: string | null;
  has_funding_file?: boolean;
  collaborators?: string[];
  custom_properties?: Record<string, string | string[]>;
}

export interface TopicRecord {
  name: string;
  display_name?: string;
  short_description?: string;
  description?: string;
  featured?: boolean;
  curated?: boolean;
  created_at?: string;
}

export interface LabelRecord {
  id: number;
  name: string;
  description?: string | null;
  color: string;
  repository_id: number;
  created_at?: string;
  updated_at?: string;
}

export interface Login {
  login: string;
}

/** Reaction counts as the REST `reactions` object holds them; `total_count` may be absent. */
export type Reactions = Partial<Record<"total_count" | "+1" | "-1" | "laugh" | "hooray" | "confused" | "heart" | "rocket" | "eyes", number>>;

/** An issue or a pull request (with `pull_request`), with the dump's optional extension fields. */
export interface IssueRecord {
  id: number;
  number: number;
  title: string;
  /** The repository: `repository_url`, or the extension `repository` ("owner/name"). */
  repository_url?: string;
  repository?: string;
  state: "open" | "closed";
  labels: Array<{ name: string }>;
  pull_request?: { url: string; merged_at?: string | null };
  body?: string | null;
  user?: Login;
  assignee?: Login | null;
  assignees?: Login[];
  milestone?: { title: string } | null;
  /** The comment count; when absent, the comments of the dump are counted. */
  comments?: number;
  created_at?: string;
  updated_at?: string;
  closed_at?: string | null;
  locked?: boolean;
  state_reason?: string | null;
  reactions?: Reactions;
  type?: { name: string } | string | null;
  projects?: string[];
  linked_pull_requests?: Array<number | string>;
  linked_issues?: Array<number | string>;
  draft?: boolean;
  queued?: boolean;
  head?: { ref: string };
  base?: { ref: string };
  commits?: Array<string | { sha: string }>;
  status?: string | { state: string };
  review_decision?: string | null;
  reviews?: Array<{ user: Login; state: string }>;
  requested_reviewers?: Login[];
  requested_teams?: Array<{ slug: string; organization?: string | Login }>;
}

export interface CommentRecord {
  id: number;
  body: string;
  user: Login;
  /** `…/repos/{owner}/{repo}/issues/{number}`: the issue or pull request commented on. */
  issue_url: string;
  created_at?: string;
}

export interface GitPerson {
  name?: string;
  email?: string;
  date?: string;
}

export interface CommitRecord {
  sha: string;
  repository: string;
  commit: { message: string; author: GitPerson; committer: GitPerson; tree: { sha: string } };
  author: Login | null;
  committer: Login | null;
  parents: Array<{ sha: string }>;
}

export interface CodeRecord {
  repository: string;
  path: string;
  content?: string;
  size?: number;
  name?: string;
  indexed_at?: string;
}

export interface Dataset {
  users: UserRecord[];
  repositories: RepositoryRecord[];
  topics: TopicRecord[];
  labels: LabelRecord[];
  issues: IssueRecord[];
  comments: CommentRecord[];
  commits: CommitRecord[];
  code: CodeRecord[];
}

export const API = "https://api.github.com";

export const EMPTY_DATASET: Dataset = { users: [], repositories: [], topics: [], labels: [], issues: [], comments: [], commits: [], code: [] };
