/**
 * The hosting site's embedded objects (user 2.2, repository 2.3), with every
 * URL built from the engine's baseUrl / htmlUrl so that a different host
 * gives self-consistent links.
 */
import { legacyNodeId } from "../records/node-id.js";
import { obj, str, type RecordLike } from "../records/read.js";

export interface Urls {
  baseUrl: string;
  htmlUrl: string;
}

function num(v: unknown, fallback = 0): number {
  return typeof v === "number" && Number.isFinite(v) ? v : fallback;
}

/** A stable 31-bit id for records that carry none (derived from their natural key). */
export function stableId(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 1) || 1;
}

export function idOf(record: RecordLike, key: string): number {
  return typeof record.id === "number" ? record.id : stableId(key);
}

/** User object (2.2) from a full user record, an embedded `{login}`, or just a login. */
export function userObject(source: RecordLike | string | undefined | null, urls: Urls): Record<string, unknown> {
  const record: RecordLike = typeof source === "string" ? { login: source } : (source ?? {});
  const login = str(record.login) ?? "ghost";
  const path = encodeURIComponent(login);
  const api = `${urls.baseUrl}/users/${path}`;
  const type = str(record.type) ?? (login.endsWith("[bot]") ? "Bot" : "User");
  const id = idOf(record, `user:${login.toLowerCase()}`);
  return {
    login,
    id,
    node_id: str(record.node_id) ?? legacyNodeId("User", id),
    avatar_url: str(record.avatar_url) ?? `${urls.htmlUrl.replace("://", "://avatars.")}/u/${id}?v=4`,
    gravatar_id: str(record.gravatar_id) ?? "",
    url: api,
    // A bot's page is its app's page, as the site links it.
    html_url: type === "Bot" ? `${urls.htmlUrl}/apps/${encodeURIComponent(login.replace(/\[bot\]$/, ""))}` : `${urls.htmlUrl}/${path}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type,
    site_admin: record.site_admin === true,
  };
}

/** Owner login and name of a repository record. */
export function repoNames(record: RecordLike): { owner: string; name: string; fullName: string } {
  const full = str(record.full_name);
  const ownerLogin = str(obj(record.owner)?.login) ?? (full ? full.split("/")[0] : "unknown");
  const name = str(record.name) ?? (full ? full.split("/")[1] : "unknown");
  return { owner: ownerLogin, name, fullName: `${ownerLogin}/${name}` };
}

/** Repository object (2.3): the part every repository item shares. */
export function repositoryObject(record: RecordLike, urls: Urls, ownerRecord?: RecordLike): Record<string, unknown> {
  const { owner, name, fullName } = repoNames(record);
  const api = `${urls.baseUrl}/repos/${fullName}`;
  const id = idOf(record, `repo:${fullName.toLowerCase()}`);
  const ownerSource = ownerRecord ?? obj(record.owner) ?? owner;
  return {
    id,
    node_id: str(record.node_id) ?? legacyNodeId("Repository", id),
    name,
    full_name: fullName,
    owner: userObject(ownerSource, urls),
    private: record.private === true,
    html_url: `${urls.htmlUrl}/${fullName}`,
    description: str(record.description) ?? null,
    fork: record.fork === true,
    url: api,
    forks_url: `${api}/forks`,
    keys_url: `${api}/keys{/key_id}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    teams_url: `${api}/teams`,
    hooks_url: `${api}/hooks`,
    issue_events_url: `${api}/issues/events{/number}`,
    events_url: `${api}/events`,
    assignees_url: `${api}/assignees{/user}`,
    branches_url: `${api}/branches{/branch}`,
    tags_url: `${api}/tags`,
    blobs_url: `${api}/git/blobs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    trees_url: `${api}/git/trees{/sha}`,
    statuses_url: `${api}/statuses/{sha}`,
    languages_url: `${api}/languages`,
    stargazers_url: `${api}/stargazers`,
    contributors_url: `${api}/contributors`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    commits_url: `${api}/commits{/sha}`,
    git_commits_url: `${api}/git/commits{/sha}`,
    comments_url: `${api}/comments{/number}`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    contents_url: `${api}/contents/{+path}`,
    compare_url: `${api}/compare/{base}...{head}`,
    merges_url: `${api}/merges`,
    archive_url: `${api}/{archive_format}{/ref}`,
    downloads_url: `${api}/downloads`,
    issues_url: `${api}/issues{/number}`,
    pulls_url: `${api}/pulls{/number}`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    labels_url: `${api}/labels{/name}`,
    releases_url: `${api}/releases{/id}`,
    deployments_url: `${api}/deployments`,
  };
}

/** The full repository search item: 2.3 plus the repository's own scalar fields. */
export function repositoryItem(record: RecordLike, urls: Urls, ownerRecord: RecordLike | undefined, mercy: boolean): Record<string, unknown> {
  const base = repositoryObject(record, urls, ownerRecord);
  const { fullName } = repoNames(record);
  const license = obj(record.license);
  // Assigned onto the shared part rather than spread into a new literal, which V8 runs a hundred times slower.
  const item: Record<string, unknown> = Object.assign(base, {
    created_at: str(record.created_at) ?? null,
    updated_at: str(record.updated_at) ?? null,
    pushed_at: str(record.pushed_at) ?? null,
    git_url: `git:${urls.htmlUrl.replace(/^https?:/, "")}/${fullName}.git`,
    ssh_url: `git@${urls.htmlUrl.replace(/^https?:\/\//, "")}:${fullName}.git`,
    clone_url: `${urls.htmlUrl}/${fullName}.git`,
    svn_url: `${urls.htmlUrl}/${fullName}`,
    homepage: str(record.homepage) ?? null,
    size: num(record.size),
    stargazers_count: num(record.stargazers_count),
    watchers_count: num(record.watchers_count, num(record.stargazers_count)),
    language: str(record.language) ?? null,
    has_issues: record.has_issues !== false,
    has_projects: record.has_projects !== false,
    has_downloads: record.has_downloads !== false,
    has_wiki: record.has_wiki !== false,
    has_pages: record.has_pages === true,
    has_discussions: record.has_discussions === true,
    forks_count: num(record.forks_count),
    mirror_url: str(record.mirror_url) ?? null,
    archived: record.archived === true,
    disabled: record.disabled === true,
    open_issues_count: num(record.open_issues_count),
    license: license
      ? {
          key: str(license.key) ?? "other",
          name: str(license.name) ?? "Other",
          spdx_id: str(license.spdx_id) ?? "NOASSERTION",
          url: str(license.key) ? `${urls.baseUrl}/licenses/${str(license.key)}` : null,
          node_id: str(license.node_id) ?? legacyNodeId("License", stableId(str(license.key) ?? "other")),
        }
      : null,
    allow_forking: record.allow_forking !== false,
    is_template: record.is_template === true,
    web_commit_signoff_required: record.web_commit_signoff_required === true,
    visibility: str(record.visibility) ?? (record.private === true ? "private" : "public"),
    forks: num(record.forks_count),
    open_issues: num(record.open_issues_count),
    watchers: num(record.watchers_count, num(record.stargazers_count)),
    default_branch: str(record.default_branch) ?? "main",
  });
  if (mercy) item.topics = Array.isArray(record.topics) ? record.topics.filter((t) => typeof t === "string") : [];
  return item;
}
