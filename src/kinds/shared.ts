/**
 * Columns, qualifiers and helpers shared by the kinds whose records belong to
 * a repository (issues, code, commits, labels): the repository's name, owner
 * and visibility, read through the store so they follow the repository.
 */
import { resolveLanguage } from "../languages/index.js";
import type { QualifierNode } from "../parse/ast.js";
import { arr, lower, obj, repositoryOf, str } from "../records/read.js";
import type { StoreReader } from "../records/store-reader.js";
import type { ColumnSpec, RecordLike, ResolveContext } from "./types.js";

export function time(v: unknown): number | null {
  if (typeof v !== "string") return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

export function count(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

const KNOWN_VISIBILITIES = new Set(["public", "private", "internal"]);

/**
 * Visibility of a repository record: "public", "private" or "internal", and "unknown" when there is
 * no repository (visible to nobody). Doubtful data fails closed: see {@link visibilityDoubt}.
 */
export function visibilityOf(repo: RecordLike | undefined): string {
  if (!repo) return "unknown";
  if (visibilityDoubt(repo)) return "private";
  if (typeof repo.visibility === "string") return repo.visibility;
  return repo.private === true ? "private" : "public";
}

/**
 * Why a repository's visibility is doubtful, or undefined when it is not: a `visibility` that is not
 * exactly one of the known words, a `private` that is not a boolean, or the two contradicting each
 * other. A doubtful repository is treated as private.
 */
export function visibilityDoubt(repo: RecordLike): string | undefined {
  const { visibility, private: isPrivate } = repo;
  if (visibility != null && !(typeof visibility === "string" && KNOWN_VISIBILITIES.has(visibility))) {
    return `"visibility" is ${shortJson(visibility)}, not one of public, private, internal: treated as private`;
  }
  if (isPrivate != null && typeof isPrivate !== "boolean") return `"private" is ${shortJson(isPrivate)}, not a boolean: treated as private`;
  if (typeof visibility === "string" && typeof isPrivate === "boolean" && (visibility === "public") === isPrivate) {
    return `"private": ${isPrivate} contradicts "visibility": "${visibility}": treated as private`;
  }
  return undefined;
}

function shortJson(value: unknown): string {
  const text = (JSON.stringify(value) as string | undefined) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** A repository's key, its full name lower-cased: what every record of a repository joins it by. */
export function repositoryKey(record: RecordLike): string | undefined {
  const owner = obj(record.owner);
  const full = str(record.full_name) ?? (owner && str(record.name) ? `${str(owner.login)}/${str(record.name)}` : undefined);
  return full?.toLowerCase();
}

export function ownerLogin(repo: RecordLike | undefined, fullName?: string): string {
  return (str(obj(repo?.owner)?.login) ?? fullName?.split("/")[0] ?? "").toLowerCase();
}

/**
 * Columns for a record of a repository: `repo`, `owner`, `owner_type`,
 * `visibility`, `archived`, `repo_fork`, `repo_language`.
 */
export function repositoryColumns(repoName: RepoName): ColumnSpec<RecordLike>[] {
  const facts = (doc: RecordLike, store: StoreReader) => repositoryFacts(doc, repoName, store);
  // A repository's change reaches exactly the documents whose `repo` column names it.
  const joined = { dependsOn: ["repositories" as const], joinedBy: { column: "repo", key: repositoryKey } };
  return [
    // Read from the record alone (one parameter): a load's reading thread reads it.
    { name: "repo", type: "keyword", value: (d) => repoName(d)?.toLowerCase() },
    { name: "owner", type: "keyword", value: (d, s) => facts(d, s).owner },
    { name: "visibility", type: "keyword", ...joined, value: (d, s) => facts(d, s).visibility },
    { name: "archived", type: "keyword", ...joined, value: (d, s) => facts(d, s).archived },
    { name: "repo_fork", type: "keyword", ...joined, value: (d, s) => facts(d, s).fork },
    { name: "repo_language", type: "keyword", ...joined, value: (d, s) => facts(d, s).language },
  ];
}

/** What the columns of a record of a repository read of the repository. */
interface RepositoryFacts {
  owner: string;
  visibility: string;
  archived: boolean;
  fork: boolean;
  language: string;
}

/**
 * Repository facts by repository name, per store, while its repositories are unchanged. Records
 * of thousands of repositories come in mixed: reading the repository anew for each would parse it
 * again for most (5 µs a record, the costliest column of a load).
 */
const factsByStore = new WeakMap<StoreReader, KeptFacts>();

/** A store's facts by name, and those of the record last asked about (its five columns ask one after another). */
interface KeptFacts {
  version: number;
  byName: Map<string, RepositoryFacts>;
  lastDoc?: RecordLike;
  lastRepoName?: RepoName;
  lastFacts?: RepositoryFacts;
}

/** A record's repository's name, read from the record alone. */
type RepoName = (doc: RecordLike) => string | undefined;
/** Names whose facts are kept; past this many, the table starts again. */
const FACTS_KEPT = 1 << 16;

/** Lets go of the store's repository facts (up to 65,536 names, each an object and strings on the heap); they are read again as needed. */
export function forgetRepositoryFacts(store: StoreReader): void {
  factsByStore.delete(store);
}

/**
 * The facts of the repository `repoName` names for `doc`. Records are never changed once stored, so
 * the same record under the same repositories has the same facts: its columns after the first take
 * them without reading its repository's name again (a pattern match of its URL, for an issue).
 */
function repositoryFacts(doc: RecordLike, repoName: RepoName, store: StoreReader): RepositoryFacts {
  const version = store.versionOf("repositories");
  let kept = factsByStore.get(store);
  if (!kept || kept.version !== version || kept.byName.size >= FACTS_KEPT) factsByStore.set(store, (kept = { version, byName: new Map() }));
  if (kept.lastDoc === doc && kept.lastRepoName === repoName) return kept.lastFacts!;
  const name = repoName(doc);
  const key = name ?? "";
  let facts = kept.byName.get(key);
  if (!facts) {
    const repo = store.repository(name);
    facts = { owner: ownerLogin(repo, name), visibility: visibilityOf(repo), archived: repo?.archived === true, fork: repo?.fork === true, language: lower(repo?.language) };
    kept.byName.set(key, facts);
  }
  kept.lastDoc = doc;
  kept.lastRepoName = repoName;
  kept.lastFacts = facts;
  return facts;
}

/** The repository record a record belongs to, or a stand-in `{ full_name }` when the dump has none (for rendering). */
export function repositoryRecordOf(record: RecordLike, store: StoreReader): RecordLike {
  const name = repositoryOf(record) ?? "unknown/unknown";
  return store.repository(name) ?? { full_name: name };
}

/** A `language:` value as stored: the linguist name, lower-cased. */
export function languageValue(v: string): string {
  return (resolveLanguage(v) ?? v).toLowerCase();
}

export function normalizeLanguage(v: string, _node: QualifierNode, _ctx: ResolveContext): string {
  return languageValue(v);
}

export function logins(v: unknown): string[] {
  return arr(v)
    .map((u) => (typeof u === "string" ? u : str(obj(u)?.login)))
    .filter((l): l is string => typeof l === "string")
    .map((l) => l.toLowerCase());
}
