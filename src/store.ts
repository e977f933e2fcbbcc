/**
 * The records of every dump kind, keyed, with the cross-kind lookups the kinds
 * need (a repository by name or id, an issue's comments, an organisation's
 * members). Every change bumps the kind's version, which lazy derived columns
 * compare against.
 */
import type { DumpKind, RecordLike } from "./kinds/types.js";

const KINDS: DumpKind[] = ["repositories", "users", "issues", "comments", "commits", "code", "labels", "topics"];

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
export function repoFromUrl(url: unknown): string | undefined {
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

/** The natural key of a record of a dump kind; undefined when the record lacks it. */
export function keyOf(kind: DumpKind, record: RecordLike): string | undefined {
  switch (kind) {
    case "repositories": {
      const full = str(record.full_name) ?? (obj(record.owner) && str(record.name) ? `${str(obj(record.owner)!.login)}/${str(record.name)}` : undefined);
      return full?.toLowerCase();
    }
    case "users":
      return str(record.login)?.toLowerCase();
    case "issues":
      return issueKeyOf(record);
    case "comments": {
      if (typeof record.id === "number" || typeof record.id === "string") return String(record.id);
      return str(record.url) ?? str(record.html_url);
    }
    case "commits": {
      const repo = repositoryOf(record);
      const sha = str(record.sha);
      return repo && sha ? `${repo}@${sha}`.toLowerCase() : undefined;
    }
    case "code": {
      const repo = repositoryOf(record);
      const path = str(record.path);
      return repo && path ? `${repo.toLowerCase()}:${path}` : undefined;
    }
    case "labels": {
      const rid = record.repository_id;
      const name = str(record.name);
      if ((typeof rid === "number" || typeof rid === "string") && name) return `${rid}:${name.toLowerCase()}`;
      return undefined;
    }
    case "topics":
      return str(record.name)?.toLowerCase();
  }
}

export class Store {
  private readonly records = new Map<DumpKind, Map<string, RecordLike>>(KINDS.map((k) => [k, new Map()]));
  private readonly version = new Map<DumpKind, number>(KINDS.map((k) => [k, 0]));
  private readonly repoIds = new Map<number, string>();
  private readonly commentsByIssue = new Map<string, Map<string, RecordLike>>();

  private readonly memo = new Map<string, { stamp: string; value: unknown }>();

  /**
   * A value computed from whole kinds (counts, aggregates), recomputed only
   * after one of `dependsOn` changed.
   */
  derived<T>(name: string, dependsOn: DumpKind[], compute: (store: Store) => T): T {
    const stamp = dependsOn.map((k) => this.versionOf(k)).join(",");
    const hit = this.memo.get(name);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = compute(this);
    this.memo.set(name, { stamp, value });
    return value;
  }

  versionOf(kind: DumpKind): number {
    return this.version.get(kind)!;
  }

  size(kind: DumpKind): number {
    return this.records.get(kind)!.size;
  }

  get(kind: DumpKind, key: string): RecordLike | undefined {
    return this.records.get(kind)!.get(key.toLowerCase()) ?? this.records.get(kind)!.get(key);
  }

  all(kind: DumpKind): IterableIterator<RecordLike> {
    return this.records.get(kind)!.values();
  }

  /** Inserts or replaces; returns the key and the record it replaced. */
  put(kind: DumpKind, key: string, record: RecordLike): RecordLike | undefined {
    const map = this.records.get(kind)!;
    const previous = map.get(key);
    if (previous) this.unlink(kind, key, previous);
    map.set(key, record);
    this.link(kind, key, record);
    this.version.set(kind, this.versionOf(kind) + 1);
    return previous;
  }

  delete(kind: DumpKind, key: string): RecordLike | undefined {
    const map = this.records.get(kind)!;
    const previous = map.get(key);
    if (!previous) return undefined;
    map.delete(key);
    this.unlink(kind, key, previous);
    this.version.set(kind, this.versionOf(kind) + 1);
    return previous;
  }

  repository(fullName: string | undefined): RecordLike | undefined {
    return fullName ? this.records.get("repositories")!.get(fullName.toLowerCase()) : undefined;
  }

  repositoryById(id: unknown): RecordLike | undefined {
    const n = typeof id === "string" ? Number(id) : id;
    if (typeof n !== "number" || !Number.isFinite(n)) return undefined;
    const name = this.repoIds.get(n);
    return name ? this.repository(name) : undefined;
  }

  user(login: string | undefined): RecordLike | undefined {
    return login ? this.records.get("users")!.get(login.toLowerCase()) : undefined;
  }

  issue(key: string): RecordLike | undefined {
    return this.records.get("issues")!.get(key.toLowerCase());
  }

  commentsOf(issueKey: string): RecordLike[] {
    const m = this.commentsByIssue.get(issueKey);
    return m ? [...m.values()] : [];
  }

  /** The issue key a comment belongs to. */
  static commentIssueKey(comment: RecordLike): string | undefined {
    return issueKeyFromUrl(comment.issue_url) ?? (typeof comment.issue === "string" ? comment.issue.toLowerCase() : undefined);
  }

  private link(kind: DumpKind, key: string, record: RecordLike): void {
    if (kind === "repositories" && typeof record.id === "number") this.repoIds.set(record.id, key);
    if (kind === "comments") {
      const issue = Store.commentIssueKey(record);
      if (!issue) return;
      let m = this.commentsByIssue.get(issue);
      if (!m) this.commentsByIssue.set(issue, (m = new Map()));
      m.set(key, record);
    }
  }

  private unlink(kind: DumpKind, key: string, record: RecordLike): void {
    if (kind === "repositories" && typeof record.id === "number" && this.repoIds.get(record.id) === key) this.repoIds.delete(record.id);
    if (kind === "comments") {
      const issue = Store.commentIssueKey(record);
      const m = issue ? this.commentsByIssue.get(issue) : undefined;
      m?.delete(key);
      if (m && m.size === 0) this.commentsByIssue.delete(issue!);
    }
  }
}
