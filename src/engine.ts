/**
 * The engine: the one place that wires the stages together
 * (parse → resolve → plan → execute → score → highlight → render), holds the
 * records and indexes, and answers both `search()` and the HTTP-shaped
 * `request()`.
 */
import { collect } from "./execute/execute.js";
import {
  asSearchError,
  beyondResultCap,
  invalidRecord,
  missingParameter,
  notFound,
  previewRequired,
  rateLimited,
  SearchError,
  serviceUnavailable,
  unsupportedMediaType,
  validationFailed,
} from "./errors.js";
import { highlight, queryWordsFor } from "./highlight/highlight.js";
import { etagOf, matchesIfNoneMatch } from "./http/etag.js";
import { isPastResultCap, linkHeader, parsePaging, RESULT_CAP } from "./http/link.js";
import { negotiateMediaType, type MediaTypeChoice } from "./http/media-type.js";
import { RateLimiter, rateLimitSubject, type RateLimitOptions } from "./http/rate-limit.js";
import { Collection } from "./index/collection.js";
import type { NumberColumn } from "./index/columns.js";
import { KINDS, SEARCH_KINDS } from "./kinds/index.js";
import type { DumpKind, KindSpec, RecordLike, RenderContext, SearchKind } from "./kinds/types.js";
import { readDump, type LoadReport } from "./load/index.js";
import { parseQuery } from "./parse/parse.js";
import { openIndex, saveIndex, type SaveReport } from "./persist/index.js";
import { plan } from "./plan/plan.js";
import { and, keyword, type Match } from "./resolve/match.js";
import { resolve } from "./resolve/resolve.js";
import { comparator, TopK, type Ranked } from "./score/rank.js";
import { resolveRanking, type Ranking, type RankingOptions } from "./score/ranking-config.js";
import { makeScorer } from "./score/score.js";
import { DUMP_KINDS, keyOf, Store } from "./store.js";
import type { Caller, Envelope, HttpRequest, HttpResponse, SearchOptions, SearchParams, TextMatch } from "./types.js";
import { accessFor, canSeeRepository, visibilityFilter } from "./visibility.js";

export interface SearchEngineOptions {
  /** Base of API URLs in items and links; default `https://api.github.com`. */
  baseUrl?: string;
  /** Base of web URLs in items; default `https://github.com`. */
  htmlUrl?: string;
  /** The vendor word of media types (`application/vnd.<vendor>.v3+json`); default `github`. */
  vendor?: string;
  /** Time limit of one search; past it the matches found so far come back with `incomplete_results: true`. Default 10,000 ms. */
  timeLimitMs?: number;
  /** Rate limits of `request()`; `false` switches them off. `search()` is never rate-limited. */
  rateLimit?: false | RateLimitOptions;
  /** The clock (epoch ms); default `Date.now`. */
  now?: () => number;
  /** Best-match configuration per kind (README: "Ranking configuration"); checked here, a RankingError names a mistake. */
  ranking?: RankingOptions;
}

/** Lets other work run between blocks of a long search. */
const pause = () => new Promise<void>((resolveTick) => setImmediate(resolveTick));

/** Records indexed between pauses when a search first indexes what was added since the last one. */
const INDEX_BLOCK = 2048;

/** Matches scored and ranked between pauses: scoring every match of a broad query at once holds the host for long. */
const RANK_BLOCK = 2048;

/**
 * The best matches, scored block by block with a pause between blocks. The order is total, so
 * offering block by block gives the same answer as ranking everything at once. Ranked by a
 * column, a match whose key alone puts it below every kept one is passed over unscored.
 */
async function topInBlocks(docs: Uint32Array, top: TopK, rankOf: (doc: number) => Ranked, sortColumn: NumberColumn | undefined): Promise<Ranked[]> {
  for (let start = 0; start < docs.length; start += RANK_BLOCK) {
    if (start > 0) await pause();
    const end = Math.min(docs.length, start + RANK_BLOCK);
    for (let i = start; i < end; i++) {
      if (sortColumn && !top.mayTake(sortColumn.get(docs[i]))) continue;
      top.offer(rankOf(docs[i]));
    }
  }
  return top.sorted();
}

interface Prepared {
  spec: KindSpec<RecordLike>;
  collection: Collection;
  media: MediaTypeChoice;
}

export class SearchEngine {
  readonly options: Required<Omit<SearchEngineOptions, "rateLimit" | "ranking">> & { rateLimit: false | RateLimitOptions };
  /** The ranking every search scores with: the defaults with the `ranking` option applied. */
  readonly ranking: Ranking;
  private readonly store = new Store();
  private readonly collections = new Map<SearchKind, Collection>();
  private readonly limiter: RateLimiter | undefined;
  private loads = 0;

  constructor(options: SearchEngineOptions = {}) {
    this.options = {
      baseUrl: (options.baseUrl ?? "https://api.github.com").replace(/\/+$/, ""),
      htmlUrl: (options.htmlUrl ?? "https://github.com").replace(/\/+$/, ""),
      vendor: options.vendor ?? "github",
      timeLimitMs: options.timeLimitMs ?? 10_000,
      rateLimit: options.rateLimit ?? {},
      now: options.now ?? Date.now,
    };
    this.ranking = resolveRanking(options.ranking);
    this.limiter = this.options.rateLimit === false ? undefined : new RateLimiter(this.options.rateLimit);
    for (const kind of SEARCH_KINDS) {
      const spec = KINDS[kind];
      if (spec) this.collections.set(kind, new Collection(spec, this.store));
    }
  }

  /** True while a load is in progress: searches answer 503 until it ends. */
  get loading(): boolean {
    return this.loads > 0;
  }

  /** Loads a dump folder; resolves to a report of counts per kind and of the lines that were skipped. */
  async load(dir: string, options: { onProgress?: (bytesRead: number, bytesTotal: number) => void } = {}): Promise<LoadReport> {
    this.loads++;
    try {
      return await readDump(dir, (kind, record) => this.add(kind, record), options);
    } finally {
      this.loads--;
    }
  }

  /** Inserts or replaces a record of any dump kind. Throws a SearchError for a record without its key fields. */
  add(kind: DumpKind, record: RecordLike): string {
    if (!DUMP_KINDS.includes(kind)) throw invalidRecord(String(kind), "kind", `unknown kind "${String(kind)}"`);
    if (record === null || typeof record !== "object" || Array.isArray(record)) throw invalidRecord(kind, "record", "a record must be a JSON object");
    const key = keyOf(kind, record);
    if (!key) throw invalidRecord(kind, keyFieldOf(kind), `a ${kind} record needs ${keyFieldOf(kind)}`);
    const previous = this.store.put(kind, key, record);
    this.touch(kind, key, record, previous);
    return key;
  }

  /** Removes a record by its key (`owner/name`, a login, `owner/name#number`, …); false when there was none. */
  remove(kind: DumpKind, key: string): boolean {
    const stored = this.store.get(kind, key);
    const exact = (stored && keyOf(kind, stored)) ?? key.toLowerCase();
    const previous = this.store.delete(kind, exact);
    if (!previous) return false;
    this.touch(kind, exact, previous);
    return true;
  }

  /**
   * Marks the documents a changed record affects, indexed before the next search of their kind:
   * indexing lazily indexes a record once however often it changes (an issue and each of its comments).
   */
  private touch(kind: DumpKind, key: string, ...records: Array<RecordLike | undefined>): void {
    for (const c of this.collections.values()) if (c.spec.source === kind) c.touch(key);
    if (kind !== "comments") return;
    // A comment changes its issue's searchable text (both issues' when it moved).
    for (const record of records) {
      const issue = record && Store.commentIssueKey(record);
      if (issue) this.collections.get("issues")?.touch(issue);
    }
  }

  /** Brings a collection up to date with the store: joined columns, then the records changed since, pausing between blocks. */
  private async refresh(collection: Collection): Promise<void> {
    for (;;) {
      collection.refreshJoins();
      if (collection.flush(INDEX_BLOCK) === 0) return;
      await pause();
    }
  }

  private prepare(kind: string, accept: string | undefined): Prepared {
    if (this.loading) throw serviceUnavailable();
    const spec = (KINDS as Record<string, KindSpec<RecordLike> | undefined>)[kind];
    const collection = spec && this.collections.get(spec.kind);
    if (!spec || !collection) throw notFound();
    const media = negotiateMediaType(accept, this.options.vendor);
    if (!media.acceptable) throw unsupportedMediaType(accept ?? "");
    if (kind === "commits" && !media.previews.has("cloak")) throw previewRequired("Commit Search");
    if (kind === "topics" && !media.previews.has("mercy")) throw previewRequired("Topics");
    return { spec, collection, media };
  }

  /** Runs one search; rejects with a SearchError carrying the hosting site's status and body. */
  async search(kind: SearchKind, params: SearchParams = {}, options: SearchOptions = {}): Promise<Envelope> {
    try {
      return await this.run(kind, params, options);
    } catch (err) {
      throw asSearchError(err);
    }
  }

  private async run(kind: SearchKind, params: SearchParams, options: SearchOptions): Promise<Envelope> {
    const { spec, collection, media } = this.prepare(kind, options.accept);
    const caller = options.caller;
    const q = params.q === undefined || params.q === null ? "" : String(params.q);
    if (!q.trim()) throw missingParameter("q");

    const restSorts = Object.keys(spec.sorts).filter((s) => !spec.sorts[s].queryOnly);
    const sortParam = params.sort === undefined || params.sort === "" || restSorts.length === 0 ? undefined : String(params.sort);
    if (sortParam !== undefined && !restSorts.includes(sortParam)) {
      throw validationFailed(`"${sortParam}" is not a valid sort for ${kind}: use one of ${restSorts.join(", ")}`, "sort");
    }
    const paging = parsePaging({ page: params.page as string | undefined, per_page: params.per_page as string | undefined });
    if (isPastResultCap(paging)) throw beyondResultCap();

    const filters: Match[] = [];
    if (spec.kind === "labels") filters.push(this.labelScope(params.repository_id, caller));

    const tree = parseQuery(q);
    spec.check?.(tree, caller);
    await this.refresh(collection);
    const resolved = resolve(tree, { spec, store: this.store, caller, mercy: media.previews.has("mercy"), access: accessFor(caller, this.store) });
    if (spec.columns.some((c) => c.name === "visibility")) filters.push(visibilityFilter(caller, this.store));
    const match = and([resolved.match, ...filters]);

    const now = this.options.now;
    const executionPlan = plan(match, collection);
    const found = await collect(executionPlan, { now, at: now() + this.options.timeLimitMs }, pause);
    const scorer = makeScorer(collection, executionPlan.scoring, this.store, this.ranking[spec.kind]);

    const sortField = sortParam ?? resolved.sort?.field;
    const direction = sortParam ? (String(params.order).toLowerCase() === "asc" ? "asc" : "desc") : (resolved.sort?.order ?? "desc");
    const sortColumn = sortField ? collection.numberColumn(spec.sorts[sortField].column) : undefined;
    const rankOf = (doc: number): Ranked => ({
      doc,
      score: scorer.score(doc),
      key: sortColumn ? sortColumn.get(doc) : 0,
      order: scorer.order(doc),
    });
    const offset = (paging.page - 1) * paging.perPage;
    const end = Math.min(offset + paging.perPage, RESULT_CAP);
    const best = new TopK(end, comparator(!!sortColumn, direction), sortColumn ? direction : undefined);
    const top = (await topInBlocks(found.docs, best, rankOf, sortColumn)).slice(offset, end);

    // The query's words as each text-match field cuts them, once per search.
    const texts = executionPlan.scoring.map((l) => l.match.text);
    const wordsByField = media.textMatch ? new Map(spec.textFields.map((f) => [f.name, queryWordsFor(texts, f.tokenizer)])) : undefined;
    const ctx: RenderContext = { store: this.store, baseUrl: this.options.baseUrl, htmlUrl: this.options.htmlUrl, mercy: media.previews.has("mercy") };
    const items = top.map((r) => {
      const record = collection.record(r.doc)!;
      const item: Record<string, unknown> = { ...spec.render(record, ctx), score: r.score };
      if (wordsByField) item.text_matches = this.textMatches(spec, record, ctx, wordsByField);
      if (options.explain) item.explain = scorer.explain(r.doc);
      return item;
    });
    return { total_count: found.docs.length, incomplete_results: found.incomplete, items };
  }

  private textMatches(spec: KindSpec<RecordLike>, record: RecordLike, ctx: RenderContext, wordsByField: Map<string, Set<string>>): TextMatch[] {
    const out: TextMatch[] = [];
    for (const tm of spec.textMatches) {
      const field = spec.textFields.find((f) => f.name === tm.field);
      const words = wordsByField.get(tm.field);
      if (!field || !words) continue;
      for (const source of tm.sources(record, ctx)) {
        out.push(
          ...highlight(
            { objectUrl: source.objectUrl, objectType: source.objectType ?? tm.objectType, property: tm.property, value: source.value, tokenizer: field.tokenizer },
            words,
            tm.maxFragments ?? 1,
          ),
        );
      }
    }
    return out;
  }

  /** Label search is confined to one repository the caller can see; 404 otherwise. */
  private labelScope(repositoryId: unknown, caller: Caller | undefined): Match {
    if (repositoryId === undefined || repositoryId === null || repositoryId === "") throw missingParameter("repository_id");
    const id = Number(repositoryId);
    if (!Number.isInteger(id)) throw validationFailed(`"${String(repositoryId)}" is not a repository id`, "repository_id");
    const repo = this.store.repositoryById(id);
    if (!repo || !canSeeRepository(repo, caller, this.store)) throw notFound();
    return keyword("repository_id", String(id));
  }

  /** The HTTP-shaped answer to `GET /search/<kind>?…`, without HTTP. Never throws. */
  async request(req: HttpRequest): Promise<HttpResponse> {
    const headers: Record<string, string> = {};
    try {
      // Every request counts, so that every answer (unknown routes too) carries the allowance headers.
      if (this.limiter) {
        const subject = rateLimitSubject(req.caller, req.ip);
        const result = this.limiter.take(subject.key, subject.authenticated, this.options.now());
        Object.assign(headers, this.limiter.headers(result));
        if (!result.allowed) throw rateLimited(headers, subject.who, subject.authenticated);
      }
      const url = new URL(req.url, "http://localhost");
      const m = /^\/search\/([a-z]+)\/?$/.exec(url.pathname);
      if (!m || !SEARCH_KINDS.includes(m[1] as SearchKind)) throw notFound();
      const accept = header(req.headers, "accept");
      const params: SearchParams = {};
      for (const name of ["q", "sort", "order", "per_page", "page", "repository_id"] as const) {
        // A repeated parameter counts by its last value, as the site (a Rails application) reads it.
        const v = url.searchParams.getAll(name).at(-1);
        if (v !== undefined) params[name] = v;
      }
      const body = await this.search(m[1] as SearchKind, params, { accept, caller: req.caller });
      const media = negotiateMediaType(accept, this.options.vendor);
      headers["content-type"] = "application/json; charset=utf-8";
      headers[`x-${this.options.vendor}-media-type`] = media.mediaType;
      const link = linkHeader({ baseUrl: this.options.baseUrl, path: url.pathname, query: url.searchParams, paging: parsePaging(params as never), totalCount: body.total_count });
      if (link) headers.link = link;
      const etag = etagOf(body);
      headers.etag = etag;
      if (matchesIfNoneMatch(header(req.headers, "if-none-match"), etag)) return { status: 304, headers, body: undefined };
      return { status: 200, headers, body };
    } catch (err) {
      const e = asSearchError(err);
      return { status: e.status, headers: { ...headers, ...e.headers, "content-type": "application/json; charset=utf-8" }, body: e.body };
    }
  }

  /**
   * Saves every record and index to `dir` (one file, `forgesearch.index`), so that
   * `SearchEngine.open(dir)` answers as this engine does without indexing again.
   * What was added since the last search is indexed first.
   */
  async save(dir: string): Promise<SaveReport> {
    if (this.loading) throw new Error("cannot save while a load is in progress");
    for (const collection of this.collections.values()) await this.refresh(collection);
    // Taken at once (no pause in between), so the saved records and indexes agree.
    const records = DUMP_KINDS.map((kind) => ({ kind, entries: [...this.store.storedEntries(kind)] }));
    const collections = [...this.collections.values()].map((c) => ({ spec: c.spec, state: c.state() }));
    return saveIndex(dir, { records, collections });
  }

  /**
   * An engine over an index saved by `save(dir)`. Rejects with a SavedIndexError
   * when there is none, when it was saved by another format version, or when it is damaged.
   */
  static async open(dir: string, options: SearchEngineOptions = {}): Promise<SearchEngine> {
    const engine = new SearchEngine(options);
    const specs = [...engine.collections.values()].map((c) => c.spec);
    await openIndex(dir, specs, {
      record(kind, key, record) {
        if (!DUMP_KINDS.includes(kind)) throw new RangeError(`unknown kind ${String(kind)}`);
        engine.store.putUnparsed(kind, key, record);
      },
      collection(state) {
        const spec = specs.find((s) => s.kind === state.kind);
        if (!spec) throw new RangeError(`unknown kind ${state.kind}`);
        engine.collections.set(spec.kind, Collection.restore(spec, engine.store, state));
      },
    });
    return engine;
  }

  /** Records held per dump kind. */
  counts(): Record<DumpKind, number> {
    return Object.fromEntries(DUMP_KINDS.map((k) => [k, this.store.size(k)])) as Record<DumpKind, number>;
  }
}

function header(headers: HttpRequest["headers"], name: string): string | undefined {
  if (!headers) return undefined;
  for (const k of Object.keys(headers)) {
    if (k.toLowerCase() === name) {
      const v = headers[k];
      return Array.isArray(v) ? v.join(", ") : v;
    }
  }
  return undefined;
}

function keyFieldOf(kind: DumpKind): string {
  switch (kind) {
    case "repositories":
      return "full_name";
    case "users":
      return "login";
    case "issues":
      return "number and repository_url";
    case "comments":
      return "id";
    case "commits":
      return "sha and repository";
    case "code":
      return "path and repository";
    case "labels":
      return "name and repository_id";
    case "topics":
      return "name";
  }
}

export { SearchError };
