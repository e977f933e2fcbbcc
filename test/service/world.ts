/**
 * A small world of records of every dump kind, with public, private and internal repositories,
 * shared by the service and conformance tests. Every searchable record mentions the word
 * "launch", so one query reaches every repository and the callers' views can be compared.
 *
 * Who may see what (the rule under test): a non-public repository is visible to its owner, its
 * collaborators and the members of its owning organisation.
 */
import type { DumpKind, RecordLike } from "../../src/kinds/types.js";
import { SearchEngine, type SearchEngineOptions } from "../../src/engine.js";

export const API = "https://api.github.com";

/** Every repository of the world, with its visibility. */
export const REPOSITORIES = {
  rocket: "acme/rocket", // public, organisation acme
  vault: "acme/vault", // private, organisation acme (member mia), collaborator carl
  notes: "ann/notes", // private, user ann, collaborator bob
  garden: "ann/garden", // public, user ann
  lair: "phantom/lair", // private; its owner has no user record
  tools: "acme/tools", // internal, organisation acme
} as const;

export type RepositoryName = (typeof REPOSITORIES)[keyof typeof REPOSITORIES];

const PUBLIC: RepositoryName[] = ["acme/rocket", "ann/garden"];

/** The repositories each caller may see (undefined: anonymous). */
export const VISIBLE: Record<string, RepositoryName[]> = {
  anonymous: PUBLIC,
  eve: PUBLIC, // an outsider
  ann: [...PUBLIC, "ann/notes"], // owner
  bob: [...PUBLIC, "ann/notes"], // collaborator of ann/notes
  mia: [...PUBLIC, "acme/vault", "acme/tools"], // member of acme
  carl: [...PUBLIC, "acme/vault"], // collaborator of acme/vault
  phantom: [...PUBLIC, "phantom/lair"], // owner without a user record
};

export const CALLERS = Object.keys(VISIBLE);

const REPOSITORY_IDS: Record<RepositoryName, number> = {
  "acme/rocket": 1001,
  "acme/vault": 1002,
  "ann/notes": 1003,
  "ann/garden": 1004,
  "phantom/lair": 1005,
  "acme/tools": 1006,
};

export const repositoryId = (name: RepositoryName): number => REPOSITORY_IDS[name];

const TIME = "2024-03-01T12:00:00Z";

function user(login: string, id: number, more: RecordLike = {}): RecordLike {
  return { login, id, type: "User", name: `${login[0].toUpperCase()}${login.slice(1)} Person`, followers: id % 7, public_repos: 2, created_at: TIME, ...more };
}

function repository(fullName: RepositoryName, more: RecordLike): RecordLike {
  const [owner, name] = fullName.split("/");
  return {
    id: REPOSITORY_IDS[fullName],
    name,
    full_name: fullName,
    owner: { login: owner },
    private: false,
    fork: false,
    description: `The ${name} repository, ready for launch`,
    language: "TypeScript",
    stargazers_count: REPOSITORY_IDS[fullName] - 1000,
    forks_count: 1,
    topics: ["space"],
    created_at: TIME,
    updated_at: TIME,
    pushed_at: TIME,
    default_branch: "main",
    ...more,
  };
}

function issue(repo: RepositoryName, number: number, more: RecordLike = {}): RecordLike {
  return {
    id: REPOSITORY_IDS[repo] * 100 + number,
    number,
    repository_url: `${API}/repos/${repo}`,
    title: `Launch checklist ${number} for ${repo.split("/")[1]}`,
    body: `Everything needed before the launch of ${repo}.`,
    user: { login: repo.split("/")[0] === "acme" ? "mia" : "ann" },
    state: "open",
    labels: [{ name: "launch" }],
    comments: 1,
    created_at: TIME,
    updated_at: TIME,
    author_association: "OWNER",
    ...more,
  };
}

function commit(repo: RepositoryName, index: number): RecordLike {
  const sha = (REPOSITORY_IDS[repo] * 10 + index).toString(16).padStart(40, "a");
  return {
    repository: repo,
    sha,
    commit: {
      message: `Prepare launch step ${index} of ${repo}`,
      author: { name: "Ann Person", email: "ann@example.com", date: TIME },
      committer: { name: "Ann Person", email: "ann@example.com", date: TIME },
      tree: { sha: "b".repeat(40) },
      comment_count: 0,
    },
    author: { login: "ann" },
    committer: { login: "ann" },
    parents: [{ sha: "c".repeat(40) }],
  };
}

/** The records of the world, by dump kind. */
export function worldRecords(): Array<[DumpKind, RecordLike]> {
  const out: Array<[DumpKind, RecordLike]> = [];
  const add = (kind: DumpKind, record: RecordLike) => out.push([kind, record]);

  add("users", { login: "acme", id: 1, type: "Organization", members: ["mia"], created_at: TIME });
  for (const [i, login] of ["ann", "bob", "mia", "carl", "eve"].entries()) add("users", user(login, 10 + i, { bio: "launch enthusiast" }));

  add("repositories", repository("acme/rocket", { topics: ["space", "rockets"], license: { key: "mit", name: "MIT License", spdx_id: "MIT" } }));
  add("repositories", repository("acme/vault", { private: true, visibility: "private", collaborators: ["carl"] }));
  add("repositories", repository("ann/notes", { private: true, visibility: "private", collaborators: [{ login: "bob" }] }));
  add("repositories", repository("ann/garden", { language: "Go" }));
  add("repositories", repository("phantom/lair", { private: true, visibility: "private" }));
  add("repositories", repository("acme/tools", { private: true, visibility: "internal" }));

  for (const repo of Object.values(REPOSITORIES)) {
    add("issues", issue(repo, 1));
    add("issues", issue(repo, 2, { title: `Launch pull request for ${repo.split("/")[1]}`, pull_request: { url: `${API}/repos/${repo}/pulls/2` }, labels: [] }));
    add("comments", { id: REPOSITORY_IDS[repo] * 10, issue_url: `${API}/repos/${repo}/issues/1`, body: "Ready for launch?", user: { login: "ann" }, created_at: TIME });
    add("code", { repository: repo, path: "src/launch.ts", content: `export function launch() {\n  return "${repo}";\n}\n` });
    add("commits", commit(repo, 1));
    add("labels", { id: REPOSITORY_IDS[repo] * 10 + 1, repository_id: REPOSITORY_IDS[repo], name: "launch", color: "0e8a16", description: "Launch blockers", default: false, created_at: TIME, updated_at: TIME });
  }

  add("topics", { name: "space", display_name: "Space", short_description: "Launch things into space.", description: "Rockets, satellites and launch vehicles.", created_by: "NASA", released: "1958", created_at: TIME, updated_at: TIME, featured: true, curated: true });
  add("topics", { name: "rockets", display_name: "Rockets", short_description: "Launch vehicles.", description: null, created_by: null, released: null, created_at: TIME, updated_at: TIME, featured: false, curated: false });
  return out;
}

export function worldEngine(options: SearchEngineOptions = {}): SearchEngine {
  const engine = new SearchEngine({ rateLimit: false, ...options });
  for (const [kind, record] of worldRecords()) engine.add(kind, record);
  return engine;
}

/** The media types the endpoints need: previews for commits and topics, mercy for repository topics. */
export const PREVIEWS = "application/vnd.github.cloak-preview+json, application/vnd.github.mercy-preview+json";

/** The repository an item of any kind belongs to, read from the rendered item. */
export function repositoryOfItem(kind: string, item: Record<string, unknown>): string {
  switch (kind) {
    case "repositories":
      return String(item.full_name);
    case "issues":
      return String(item.repository_url).replace(`${API}/repos/`, "");
    case "code":
    case "commits":
      return String((item.repository as { full_name: string }).full_name);
    case "labels":
      return /\/repos\/([^/]+\/[^/]+)\/labels\//.exec(String(item.url))![1];
    default:
      throw new Error(`no repository for ${kind}`);
  }
}
