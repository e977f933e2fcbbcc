/**
 * Plain records in the dump format (the hosting site's REST shapes plus the
 * documented extensions `members`, `collaborators`, `readme`, `language`), the
 * same objects the engine is fed and the reference evaluator scans.
 */
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

/** Issues only feed the repositories' good-first-issues / help-wanted-issues counts here. */
export interface IssueRecord {
  id: number;
  number: number;
  title: string;
  repository_url: string;
  state: "open" | "closed";
  labels: Array<{ name: string }>;
  pull_request?: { url: string };
}

export interface Dataset {
  users: UserRecord[];
  repositories: RepositoryRecord[];
  topics: TopicRecord[];
  labels: LabelRecord[];
  issues: IssueRecord[];
}

export const API = "https://api.github.com";
