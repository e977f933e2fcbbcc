/**
 * The engine: the one place that wires the stages together
 * (parse → resolve → plan → execute → score → highlight → render), holds the
 * records and indexes, and answers both `search()` and the HTTP-shaped
 * `request()`.
 */
import { Turns } from "./concurrency/turns.js";
import { ReadGate } from "./concurrency/read-gate.js";
import { collect, type Deadline } from "./execute/execute.js";
import { countBits, docsOf, keepTested, wordsFor } from "./plan/bits.js";
import { BitsetPool } from "./structures/bitset-pool.js";
import {
  asSearchError,
  beyondResultCap,
  invalidRecord,
  missingParameter,
  notFound,
  previewRequired,
  SearchError,
  serviceUnavailable,
  unsupportedMediaType,
  UsageError,
  validationFailed,
} from "./errors.js";
import { highlight, queryWordsFor, type HighlightTerms } from "./highlight/highlight.js";
import { isPastResultCap, parsePaging, RESULT_CAP } from "./api/paging.js";
import { acceptFrom, negotiateMediaType, type MediaTypeChoice } from "./api/media-type.js";
import { rateLimits, type RateLimitOptions } from "./api/rate-limits.js";
import { respond } from "./http/respond.js";
import { Collection } from "./index/collection.js";
import { LoadIndexer } from "./index/load-indexer.js";
import { capacityOf, type CollectionSnapshot, type CollectionState } from "./index/state.js";
import { finish, type Steps, type WaitingSteps } from "./index/steps.js";
import { RANGE_BLOCK, type NumberColumn } from "./index/columns.js";
import { DUMP_KINDS, KINDS, keyOf, RECORD_KINDS, SEARCH_KINDS } from "./kinds/index.js";
import { forgetRepositoryFacts } from "./kinds/shared.js";
import type { ColumnSpec, DumpKind, KindSpec, RecordLike, RenderContext, ScopeContext, SearchKind } from "./kinds/types.js";
import { parseRecord, readDump, type LoadReport, type ReadDumpOptions } from "./load/index.js";

/** Options of `load()`: progress, cancelling, and the limits on problems kept and line length. */
export type LoadOptions = ReadDumpOptions;

/** Options of `SearchEngine.open()`: the engine's, and progress (bytes of the saved file read so far, and its size). */
export type OpenOptions = SearchEngineOptions & { onProgress?: (bytesRead: number, bytesTotal: number) => void };

/** Options of `warm()`. */
export interface WarmUpOptions {
  /** Searches per kind with documents; default 32. */
  searches?: number;
  /** Aborting rejects `warm()` with the signal's reason between searches. */
  signal?: AbortSignal;
}

/** What `warm()` did. */
export interface WarmUpReport {
  /** Searches run, over every kind. */
  searches: number;
}
import { parseQuery } from "./parse/parse.js";
import { openIndex, saveIndex, type SaveReport } from "./persist/index.js";
import { fieldListsElsewhere, type ListsThread } from "./persist/lists-thread.js";
import { plan, type Plan } from "./plan/plan.js";
import { printMatch } from "./logical/print.js";
import { simplify } from "./logical/simplify.js";
import { and, type Match } from "./logical/match.js";
import { checkQuery, resolve } from "./resolve/resolve.js";
import { preparingMaxima } from "./score/block-maxima.js";
import { adoptingBounds, savingBounds, type SavedBounds } from "./score/saved-bounds.js";
import { comparator, TopK, type Ranked } from "./score/rank.js";
import { resolveRanking, type Ranking, type RankingOptions } from "./score/ranking-config.js";
import { afterCursor, searchAll, type Cursor, type SearchAllOptions } from "./search-all.js";
import { BOOST_BLOCK, makeScorer, preparingBoosts } from "./score/score.js";
import { rankInBlocks, type RankedMatches } from "./score/top-k.js";
import { renderPage } from "./render/page.js";
import { Store, type Stored } from "./store.js";
import { warmUpQueries } from "./warm-up.js";
import { BitSet } from "./structures/bit-set.js";
import { KeyMap } from "./structures/key-map.js";
import type { SearchItem } from "./items.js";
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
  /**
   * Documents handled between pauses by indexing, collecting and ranking; smaller answers other work
   * sooner at some cost in throughput. Default: indexing, collecting and ranking in slices of about 8 ms each.
   * Set, `save` and `open` also pause after each of their steps instead of after about 8 ms of them.
   */
  blockSize?: number;
  /**
   * A term held by at least this many documents of a text field keeps, per block of 1,024 slots, its
   * greatest length-normalised frequency there: what lets best match pass over blocks and matches that
   * cannot beat the ones kept (answers do not change). Fewer keep less memory (4 bytes a block a
   * term), more speed up fewer queries. Default: 4,096, or a 256th of the slots when that is more.
   */
  termBoundsFrom?: number;
  /** Where internal failures (500s, with their cause) and data problems found outside a load go; default: nowhere. */
  logger?: EngineLogger;
  /** Best-match configuration per kind (README: "Ranking configuration"); checked here, a RankingError names a mistake. */
  ranking?: RankingOptions;
  /**
   * "required" (default, the specification's rule): commit and topic search answer 415 without
   * their preview media types. "optional": they also answer clients that send none (gh, current octokit).
   */
  previews?: "required" | "optional";
}

export interface EngineLogger {
  warn(message: string): void;
  error(message: string, cause: unknown): void;
}

/** Searches `warm()` runs per kind by default: at a million issues, 20 brought the first searches' p99 from 19.8 to 7.6 ms (docs/performance-notes.md). */
const WARM_UP_SEARCHES = 32;

/** The longest time limit accepted: a day. */
const MAX_TIME_LIMIT_MS = 86_400_000;

/** Lets other work run between blocks of a long search. */
const pause = () => new Promise<void>((resolveTick) => setImmediate(resolveTick));

/** The loop's turns, shared by every engine's sliced work (one loop per process). */
const turns = new Turns(
  () => performance.now(),
  (run) => setImmediate(run),
);

/** Runs steps until the turn's INDEX_SLICE_MS is spent (at least one); false once they are done. */
function runSlice(steps: Steps<unknown>): boolean {
  do if (steps.next().done) return false;
  while (!turns.spent(INDEX_SLICE_MS));
  return true;
}

/**
 * Runs a long index operation step by step, pausing once the turn's `sliceMs` is spent (0: after
 * every step); a step that yields a promise is waited for (`WaitingSteps`).
 */
async function stepped<T>(steps: Steps<T> | WaitingSteps<T>, sliceMs: number): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (step.value) {
      await step.value;
      continue;
    }
    if (sliceMs > 0 && !turns.spent(sliceMs)) continue;
    await turns.next();
  }
}

/**
 * The background indexer works in slices of about this long (wall time) between pauses, so that
 * neither the host nor a waiting search's deadline is held up by a block of slow records.
 */
const INDEX_SLICE_MS = 8;

/** Repositories checked per step when the records of repositories not stored are counted. */
const REPOSITORIES_PER_STEP = 1024;

/** Records indexed between two looks at the wall clock within a slice. */
const INDEX_STEP = 16;

/** Time kept back from the time limit for rendering the page once ranking is done (at most a fifth of the limit). */
const RENDER_RESERVE_MS = 10;

/** The longest a search waiting for indexing sleeps before it looks at its deadline again. */
const WAIT_SLICE_MS = 25;

/**
 * Matches scored and ranked between pauses: scoring every match of a broad query at once holds the
 * host for long, and a pause costs a turn of the event loop (a block is about a millisecond of work).
 */
const RANK_BLOCK = 16_384;
/** Matches ranked between looks at the clock when no blockSize is set. */
const RANK_SLICE_BLOCK = 1_024;

/** Per dump kind, the `repo` columns of the searchable kinds with visibility by repository that index it (what `byRepository` counts by). */
const REPO_COLUMNS = new Map<DumpKind, ReadonlyArray<ColumnSpec<RecordLike>>>(
  DUMP_KINDS.map((kind) => [
    kind,
    SEARCH_KINDS.map((k) => KINDS[k])
      .filter((spec) => spec.source === kind && spec.visibility === "repository")
      .flatMap((spec) => spec.columns.filter((c) => c.name === "repo")),
  ]),
);

/**
 * The best matches, scored block by block with a pause between blocks and the deadline checked
 * after each. The order is total, so offering block by block gives the same answer as ranking
 * everything at once. Ranked by a column, a match whose key alone puts it below every kept one is
 * passed over unscored. `complete` is false when the deadline cut the ranking short.
 */
async function topInBlocks(
  docs: Uint32Array,
  top: TopK,
  rankOf: (doc: number) => Ranked,
  sortColumn: NumberColumn | undefined,
  deadline: Deadline,
  block: number,
  wanted: number,
): Promise<{ ranked: Ranked[]; complete: boolean }> {
  // Collecting used the time up: rank only as many matches as the page shows, so that it still has items.
  const first = deadline.now() > deadline.at ? Math.max(1, wanted) : block;
  for (let start = 0; start < docs.length; start += start === 0 ? first : block) {
    if (start > 0) {
      if (deadline.now() > deadline.at) return { ranked: top.sorted(), complete: false };
      await pause();
    }
    const end = Math.min(docs.length, start + (start === 0 ? first : block));
    for (let i = start; i < end; i++) {
      if (sortColumn && !top.mayTake(sortColumn.get(docs[i]))) continue;
      top.offer(rankOf(docs[i]));
    }
  }
  return { ranked: top.sorted(), complete: true };
}

interface Prepared {
  spec: KindSpec<RecordLike>;
  collection: Collection;
  media: MediaTypeChoice;
}

/** What a search settled before it reads the indexes. */
interface ReadContext {
  caller: Caller | undefined;
  sortParam: string | undefined;
  paging: ReturnType<typeof parsePaging>;
  filters: Match[];
  deadline: Deadline;
  /** A batch of `searchAll`: no paging and no cap, only matches after the cursor; `onLast` gets the batch's last match. */
  cursor?: Cursor & { onLast(last: Ranked | undefined): void };
  /** Told what the query became: the logical query with every filter, and the plan. */
  onPlan?: (match: Match, executionPlan: Plan) => void;
  /** The search's bitset over every slot (all zero), from the engine's pool. */
  bits: Uint32Array;
}

export class SearchEngine {
  readonly options: Required<Omit<SearchEngineOptions, "rateLimit" | "blockSize" | "termBoundsFrom" | "ranking">> & {
    rateLimit: false | RateLimitOptions;
    blockSize?: number;
    termBoundsFrom?: number;
  };
  /** The ranking every search scores with: the defaults with the `ranking` option applied. */
  readonly ranking: Ranking;
  private readonly store = new Store(parseRecord);
  private readonly collections = new Map<SearchKind, Collection>();
  private loads = 0;
  /** Searches in flight hold it; the indexer changes indexes only while none does. */
  private readonly gate = new ReadGate();
  /** Bitsets of matches, kept from one search to the next. */
  private readonly bitsets = new BitsetPool();
  /** The background indexer while it runs. */
  private indexer: Promise<void> | undefined;
  /** Woken after each block the indexer does. */
  private stepWaiters: Array<() => void> = [];
  /** Searches waiting for each collection: the indexer serves those first. */
  private readonly waiting = new Map<Collection, number>();
  private readonly logger: EngineLogger | undefined;
  /** Records of the kinds with visibility per repository name (lower case; "" for none). */
  private readonly byRepository = new KeyMap<string, number>();

  constructor(options: SearchEngineOptions = {}) {
    checkEngineOptions(options);
    this.logger = options.logger;
    this.options = {
      baseUrl: (options.baseUrl ?? "https://api.github.com").replace(/\/+$/, ""),
      htmlUrl: (options.htmlUrl ?? "https://github.com").replace(/\/+$/, ""),
      vendor: options.vendor ?? "github",
      timeLimitMs: options.timeLimitMs ?? 10_000,
      rateLimit: options.rateLimit ?? {},
      now: options.now ?? Date.now,
      logger: options.logger ?? { warn() {}, error() {} },
      blockSize: options.blockSize,
      termBoundsFrom: options.termBoundsFrom,
      previews: options.previews ?? "required",
    };
    this.ranking = resolveRanking(options.ranking);
    // Checked now, though only request() counts requests: a bad limit is the embedder's mistake, not a 500 later.
    if (this.options.rateLimit !== false) rateLimits(this.options.rateLimit);
    for (const kind of SEARCH_KINDS) this.collections.set(kind, new Collection(KINDS[kind], this.store));
  }

  /** True while a load is in progress: searches answer 503 until it ends. */
  get loading(): boolean {
    return this.loads > 0;
  }

  /**
   * Loads a dump folder; resolves to a report of counts per kind and of the problems found (the
   * first `maxProblems` of them, with file and line, and the total). Doubtful records fail closed:
   * a repository of doubtful visibility loads as private, a record whose repository is not loaded
   * is visible to nobody (counted as `unresolved`).
   */
  async load(dir: string, options: LoadOptions = {}): Promise<LoadReport> {
    this.loads++;
    try {
      // The versions this load stored, by reference from the load's first: a line replacing one of them is reported.
      const firstRef = this.store.nextRef;
      const loaded = new BitSet();
      // Records are indexed as they load where nothing later in the load can change them (src/index/load-indexer.ts).
      const indexer = new LoadIndexer(
        this.collections.values(),
        () => !this.gate.busy,
        (error) => this.logger?.error("indexing while loading failed", error),
      );
      const report = await readDump(
        dir,
        (kind, record, origin) => {
          checkDepth(kind, record);
          const { key, ref, replaced } = this.put(kind, record, (message) => origin.problem("doubtful-visibility", message), origin.text);
          if (replaced && replaced.ref >= firstRef && loaded.has(replaced.ref - firstRef)) {
            origin.problem("duplicate-record", `${kind} ${key} was loaded before: this line replaced it`);
          }
          loaded.add(ref - firstRef);
          indexer.loaded(origin.text.length, ref, origin.given, origin.givenLine);
        },
        options,
        { onFile: (kind, bytes, later) => indexer.startFile(kind, bytes, later), pace: this.loadPace(), readers: () => indexer.readers() },
      ).finally(() => indexer.finish());
      for (const c of this.collections.values()) await this.whenIdle(c.trimming());
      await this.prepareBoosts();
      report.unresolved = await this.stepped(this.countingUnresolved());
      // What the last load kept to read repositories quickly is let go: every later full collection would mark it.
      if (this.loads === 1) {
        forgetRepositoryFacts(this.store);
        this.store.forgetParsed();
      }
      return report;
    } finally {
      this.loads--;
    }
  }

  /** Runs a long index operation in steps, pausing between slices of them (between steps with a set blockSize). */
  private stepped<T>(steps: Steps<T> | WaitingSteps<T>): Promise<T> {
    return stepped(steps, this.options.blockSize === undefined ? INDEX_SLICE_MS : 0);
  }

  /**
   * Every document's boost and the text part's block bounds under the engine's ranking, and the
   * sortable columns' bounds, computed in steps before the first search needs them.
   */
  private async prepareBoosts(): Promise<void> {
    await this.whenIdle(this.preparingAllBoosts());
  }

  private *preparingAllBoosts(): Steps<void> {
    for (const c of this.collections.values()) {
      yield* preparingBoosts(c, this.ranking[c.spec.kind]);
      yield* preparingMaxima(c, this.ranking[c.spec.kind], this.options.termBoundsFrom);
      yield* c.preparingSortRanges();
    }
  }

  /** Runs steps that change an index, each while no search is in flight, pausing between them. */
  private async whenIdle(steps: Steps<void>): Promise<void> {
    for (;;) {
      while (this.gate.busy) await this.gate.whenIdle();
      // A search starts only at a turn of the event loop: none can begin within a slice.
      if (!runSlice(steps)) return;
      await turns.next();
    }
  }

  /**
   * A load's pace: a pause once lines have been read and indexed for INDEX_SLICE_MS, so that the
   * host runs on (a chunk of the file may hold dozens of records, and collections add their work).
   */
  private loadPace(): () => Promise<void> | undefined {
    return () => (turns.spent(INDEX_SLICE_MS) ? turns.next() : undefined);
  }

  /** Records of the kinds with visibility whose repository is not in the store: visible to nobody. */
  private *countingUnresolved(): Steps<number> {
    let n = 0;
    let checked = 0;
    // Whether the repository is stored, not the record: reading each would parse tens of thousands at the end of a load.
    for (const [name, count] of this.byRepository) {
      if (!this.store.hasRepository(name)) n += count;
      // A million records name some hundred thousand repositories: 90 ms in one go.
      if (++checked % REPOSITORIES_PER_STEP === 0) yield;
    }
    return n;
  }

  /** `byRepository` from restored indexes, which hold exactly the store's records: their `repo` columns. */
  private *tallyingRestored(): Steps<void> {
    for (const c of this.collections.values()) {
      if (c.spec.visibility !== "repository" || !c.size) continue;
      let named = 0;
      // A million records name some hundred thousand repositories: 120 ms in one go.
      yield* c.keywordColumn("repo").counting((name, n) => {
        this.byRepository.set(name, (this.byRepository.get(name) ?? 0) + n);
        named += n;
      });
      if (c.size > named) this.byRepository.set("", (this.byRepository.get("") ?? 0) + c.size - named);
    }
  }

  /**
   * Keeps `byRepository` up to date as a record of a kind with visibility joins or leaves (`by` +1
   * or -1): counting unresolved records then reads no record.
   */
  private tallyRepository(kind: DumpKind, record: RecordLike | undefined, by: number): void {
    if (!record) return;
    for (const column of REPO_COLUMNS.get(kind)!) {
      const name = column.value(record, this.store);
      const key = typeof name === "string" ? name : "";
      const n = (this.byRepository.get(key) ?? 0) + by;
      if (n) this.byRepository.set(key, n);
      else this.byRepository.delete(key);
    }
  }

  /** Inserts or replaces a record of any dump kind. Throws a SearchError for a record without its key fields. */
  add(kind: DumpKind, record: RecordLike): string {
    checkKind(kind);
    // Typed callers cannot pass anything else; JavaScript callers can.
    const given: unknown = record;
    if (given === null || typeof given !== "object" || Array.isArray(given)) throw invalidRecord(kind, "record", "a record must be a JSON object");
    checkDepth(kind, record);
    // The engine keeps its own copy, as JSON text: a caller editing its object afterwards changes nothing here.
    const text = jsonOf(kind, record);
    return this.put(kind, parseRecord(text), undefined, text).key;
  }

  /** Stores a record the engine owns (a fresh copy, or one the loader just parsed), checked for depth. */
  private put(kind: DumpKind, record: RecordLike, onProblem?: (message: string) => void, text?: string): Stored & { key: string } {
    const { keyFields, doubt: doubtOf } = RECORD_KINDS[kind];
    const key = keyOf(kind, record);
    if (!key) throw invalidRecord(kind, keyFields, `a ${kind} record needs ${keyFields}`);
    const doubt = doubtOf?.(record);
    if (doubt) (onProblem ?? ((message) => this.logger?.warn(message)))(`repository ${key}: ${doubt}`);
    const stored = this.store.put(kind, key, record, text);
    const previous = stored.replaced?.record;
    this.tallyRepository(kind, previous, -1);
    this.tallyRepository(kind, record, +1);
    this.touch(kind, key, record, previous);
    return { ref: stored.ref, replaced: stored.replaced, key };
  }

  /** Removes a record by its key (`owner/name`, a login, `owner/name#number`, …); false when there was none. */
  remove(kind: DumpKind, key: string): boolean {
    checkKind(kind);
    if (typeof key !== "string") throw new UsageError("key", `a key is a string, not ${typeof key}`);
    const stored = this.store.get(kind, key);
    const exact = (stored && keyOf(kind, stored)) ?? key.toLowerCase();
    const previous = this.store.delete(kind, exact);
    if (!previous) return false;
    this.tallyRepository(kind, previous, -1);
    this.touch(kind, exact, previous);
    return true;
  }

  /**
   * Marks the documents a changed record affects, indexed before the next search of their kind:
   * indexing lazily indexes a record once however often it changes (an issue and each of its comments).
   */
  private touch(kind: DumpKind, key: string, ...records: Array<RecordLike | undefined>): void {
    for (const c of this.collections.values()) {
      if (c.spec.source === kind) c.touch(key);
      c.dependencyChanged(kind, records);
    }
    // A record may change a document of another kind (a comment its issue; both issues when it moved).
    const affects = RECORD_KINDS[kind].affects;
    if (!affects) return;
    for (const record of records) {
      const key = record && affects.key(record);
      if (key) this.collections.get(affects.kind)?.touch(key);
    }
  }

  /** Starts the background indexer unless it runs: it indexes every pending change in blocks, with pauses, while no search is in flight. */
  private startIndexer(): Promise<void> {
    this.indexer ??= this.runIndexer().finally(() => {
      this.indexer = undefined;
      this.wakeStepWaiters();
    });
    return this.indexer;
  }

  private async runIndexer(): Promise<void> {
    for (;;) {
      while (this.gate.busy) await this.gate.whenIdle();
      const collection = this.nextToIndex();
      if (!collection) {
        // Last, the boosts of the documents indexed since they were computed (only their blocks'):
        // the next broad search then finds them ready.
        if (!this.boostSlice()) return;
      } else {
        try {
          this.indexSlice(collection);
        } finally {
          this.wakeStepWaiters();
        }
      }
      await turns.next();
    }
  }

  /** The boosts being computed ahead by the indexer, between its slices. */
  private boosting: Steps<void> | undefined;

  /** One slice of computing boosts ahead; false once all are computed. */
  private boostSlice(): boolean {
    this.boosting ??= this.preparingAllBoosts();
    if (runSlice(this.boosting)) return true;
    this.boosting = undefined;
    return false;
  }

  /**
   * One slice of indexing: `blockSize` records when set, else as many as fit in INDEX_SLICE_MS; with
   * nothing pending, a slice of merging posting lists instead.
   */
  private indexSlice(collection: Collection): void {
    // A merge step writes thousands of list entries: the clock is read after each.
    const [work, perCheck] = collection.hasPendingWork() ? [(limit: number) => collection.step(limit), INDEX_STEP] : [(limit: number) => collection.maintain(limit), 1];
    if (this.options.blockSize !== undefined) {
      work(this.options.blockSize);
      return;
    }
    // The host's own monotonic clock, not the configurable search clock: this bounds real stalls.
    while (work(perCheck) && !turns.spent(INDEX_SLICE_MS));
  }

  /** The collection to index next: one a search waits for, else any with pending changes, else any with lists to merge. */
  private nextToIndex(): Collection | undefined {
    let any: Collection | undefined;
    let maintained: Collection | undefined;
    for (const c of this.collections.values()) {
      if (!c.hasPendingWork()) {
        if (!maintained && c.hasMaintenance()) maintained = c;
        continue;
      }
      if (this.waiting.get(c)) return c;
      any ??= c;
    }
    return any ?? maintained;
  }

  private wakeStepWaiters(): void {
    const waiters = this.stepWaiters;
    this.stepWaiters = [];
    for (const wake of waiters) wake();
  }

  /** Every pending change indexed, however long it takes. */
  private async indexEverything(): Promise<void> {
    while ([...this.collections.values()].some((c) => c.hasPendingWork())) await this.startIndexer();
  }

  /**
   * Waits until the collection's pending changes are indexed, or the deadline passes (indexing
   * then goes on in the background); true when nothing is pending.
   */
  private async indexedBy(collection: Collection, deadline: Deadline): Promise<boolean> {
    if (!collection.hasPendingWork()) return true;
    this.waiting.set(collection, (this.waiting.get(collection) ?? 0) + 1);
    try {
      for (;;) {
        // The indexer changes the collection while this waits.
        if (!collection.hasPendingWork()) return true;
        const left = deadline.at - deadline.now();
        if (left <= 0) return false;
        void this.startIndexer();
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          new Promise<void>((wake) => this.stepWaiters.push(wake)),
          new Promise<void>((wake) => (timer = setTimeout(wake, Math.min(left, WAIT_SLICE_MS)))),
        ]);
        clearTimeout(timer);
      }
    } finally {
      this.waiting.set(collection, this.waiting.get(collection)! - 1);
    }
  }

  private prepare(kind: string, accept: string | undefined): Prepared {
    if (this.loading) throw serviceUnavailable();
    const spec = Object.hasOwn(KINDS, kind) ? KINDS[kind as SearchKind] : undefined;
    const collection = spec && this.collections.get(spec.kind);
    if (!spec || !collection) throw notFound();
    const media = negotiateMediaType(accept, this.options.vendor);
    if (!media.acceptable) throw unsupportedMediaType(accept ?? "");
    const preview = spec.preview;
    if (this.options.previews === "required" && preview?.requiredFor && !media.previews.has(preview.media)) throw previewRequired(preview.requiredFor);
    return { spec, collection, media };
  }

  /** Runs one search; rejects with a SearchError carrying the hosting site's status and body. */
  async search<K extends SearchKind>(kind: K, params: SearchParams = {}, options: SearchOptions = {}): Promise<Envelope<SearchItem<K>>> {
    try {
      // Items are built to the site's shapes (checked against its OpenAPI schemas in the conformance tests).
      return (await this.run(kind, params, optionsOf(options))) as unknown as Envelope<SearchItem<K>>;
    } catch (err) {
      throw asSearchError(err, (cause) => this.logger?.error("search failed", cause));
    }
  }

  /**
   * Runs a few searches of each kind that has documents, over words those documents hold, so that the
   * process's first searches are not slow while V8 compiles the search path (src/warm-up.ts): for a
   * service, before it takes requests (`serve` does). Changes not yet indexed are indexed first.
   * Answers, records and rate limits do not change; the searches leave caches only. Labels (whose
   * searches need a repository) are left out. Rejects as `search()` does, and with the signal's reason.
   */
  async warm(options: WarmUpOptions = {}): Promise<WarmUpReport> {
    const { searches = WARM_UP_SEARCHES, signal } = optionsOf(options);
    if (!Number.isInteger(searches) || searches < 0) throw new UsageError("searches", `expected a whole number of searches per kind, 0 or more, got ${String(searches)}`);
    signal?.throwIfAborted();
    if (this.loading) throw serviceUnavailable();
    await this.indexEverything();
    let ran = 0;
    for (const kind of SEARCH_KINDS) {
      const spec = KINDS[kind];
      const collection = this.collections.get(spec.kind);
      if (!collection?.size || spec.scopeParameters?.length) continue;
      // Best match and each sort in turn, and now and then text matches: each is code of its own.
      const sorts = [undefined, ...Object.keys(spec.sorts).filter((s) => !spec.sorts[s].queryOnly)];
      const previews = spec.preview ? [spec.preview.media] : [];
      for (const [i, q] of warmUpQueries(collection, searches).entries()) {
        // A turn between searches: one's last slice and the next one's first would hold the loop together.
        await pause();
        signal?.throwIfAborted();
        await this.search(kind, { q, sort: sorts[i % sorts.length] }, { previews, textMatch: i % 4 === 3 });
        ran++;
      }
    }
    return { searches: ran };
  }

  /**
   * Every match, past the 1,000-result cap, in the order paging gives, a batch at a time (memory
   * holds one batch). For offline use: `request()` and `serve` keep the cap. Rejects (on first
   * read) as `search()` does.
   */
  searchAll<K extends SearchKind>(kind: K, params: SearchParams = {}, options: SearchAllOptions = {}): AsyncIterable<SearchItem<K>> {
    const { batchSize, ...search } = optionsOf(options);
    return searchAll(async (cursor) => {
      let last: Ranked | undefined;
      try {
        const { items, incomplete_results } = await this.run(kind, params, search, { ...cursor, onLast: (r) => (last = r) });
        return { items, last, incomplete: incomplete_results };
      } catch (err) {
        throw asSearchError(err, (cause) => this.logger?.error("search failed", cause));
      }
    }, batchSize) as AsyncIterable<SearchItem<K>>;
  }

  /**
   * What a search becomes: its logical query (resolved, with the visibility and scope filters) and
   * the plan's description, conjunctions led by their cheapest child. For goldens and debugging;
   * rejects as `search()` does.
   */
  async describeQuery(kind: SearchKind, params: SearchParams = {}, options: SearchOptions = {}): Promise<{ logical: string; plan: string }> {
    let described = { logical: "", plan: "" };
    const onPlan = (match: Match, executionPlan: Plan) => (described = { logical: printMatch(match), plan: executionPlan.root.describe });
    try {
      await this.run(kind, { ...params, per_page: 1 }, optionsOf(options), undefined, onPlan);
    } catch (err) {
      throw asSearchError(err, (cause) => this.logger?.error("search failed", cause));
    }
    return described;
  }

  private async run(kind: SearchKind, given: SearchParams, options: SearchOptions, cursor?: ReadContext["cursor"], onPlan?: ReadContext["onPlan"]): Promise<Envelope> {
    const params = textParams(given);
    const now = this.options.now;
    // Waiting, collecting and ranking stop a little early: rendering the page (text matches too) comes after them.
    const deadline: Deadline = { now, at: now() + this.options.timeLimitMs - Math.min(RENDER_RESERVE_MS, this.options.timeLimitMs / 5) };
    const { spec, collection, media } = this.prepare(kind, acceptFrom(options, this.options.vendor));
    const caller = checkCaller(options.caller);
    const q = params.q ?? "";
    if (!q.trim()) throw missingParameter("q");

    const restSorts = Object.keys(spec.sorts).filter((s) => !spec.sorts[s].queryOnly);
    const sortParam = params.sort === undefined || params.sort === "" || restSorts.length === 0 ? undefined : String(params.sort);
    if (sortParam !== undefined && !restSorts.includes(sortParam)) {
      throw validationFailed(`"${sortParam}" is not a valid sort for ${kind}: use one of ${restSorts.join(", ")}`, "sort");
    }
    const paging = parsePaging({ page: params.page as string | undefined, per_page: params.per_page as string | undefined });
    if (!cursor && isPastResultCap(paging)) throw beyondResultCap();

    const scope: ScopeContext = { store: this.store, canSee: (repo) => canSeeRepository(repo, caller, this.store) };
    const filters: Match[] = (spec.scopeParameters ?? []).map((p) => p.filter(params[p.name], scope));

    const tree = parseQuery(q);
    // The checks that need no records, before waiting for indexing: a refused query does not wait.
    checkQuery(tree, spec, caller);
    // Records may change between the indexer catching up and this search going on: wait again while time is left,
    // so that the index read is the store's state at one instant (or, past the deadline, what is indexed).
    while ((await this.indexedBy(collection, deadline)) && collection.hasPendingWork());
    // From here to the answer the indexes stay as they are: the indexer waits for every search in flight.
    this.gate.enter();
    const bits = this.bitsets.take(wordsFor(collection.capacity));
    try {
      return await this.read({ spec, collection, media }, tree, params, options, { caller, sortParam, paging, filters, deadline, cursor, onPlan, bits });
    } finally {
      this.bitsets.give(bits);
      this.gate.leave();
    }
  }

  private async read(
    { spec, collection, media }: Prepared,
    tree: ReturnType<typeof parseQuery>,
    params: SearchParams,
    options: SearchOptions,
    { caller, sortParam, paging, filters, deadline, cursor, onPlan, bits }: ReadContext,
  ): Promise<Envelope> {
    // Changes not yet indexed: their records are left out, and joined columns may be stale.
    const behind = collection.hasPendingWork();
    const resolved = resolve(tree, { spec, store: this.store, caller, access: accessFor(caller, this.store) });
    const guarded = spec.visibility !== "public";
    if (guarded) filters.push(visibilityFilter(caller, this.store));
    const match = simplify(and([resolved.match, ...filters]));

    const executionPlan = plan(match, collection);
    onPlan?.(match, executionPlan);
    // Without a set blockSize, blocks follow one another until INDEX_SLICE_MS has passed, as ranking's do.
    const sliced = this.options.blockSize === undefined;
    const slice = sliced ? { ms: INDEX_SLICE_MS, now: () => performance.now() } : undefined;
    const found = await collect(executionPlan, deadline, { pause, pauseEvery: this.options.blockSize, slice, into: bits });
    // A stale visibility column could show a repository that has since turned private or gone: check each against the store as it is now.
    if (guarded && behind) found.count = this.keepVisibleNow(collection, found.bits, caller);
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
    const offset = cursor ? 0 : (paging.page - 1) * paging.perPage;
    const end = cursor ? cursor.size : Math.min(offset + paging.perPage, RESULT_CAP);
    const block = this.options.blockSize ?? RANK_BLOCK;
    let ranking: RankedMatches;
    if (cursor) {
      const compare = comparator(!!sortColumn, direction);
      const best = afterCursor(new TopK(end, compare, sortColumn ? direction : undefined), cursor.after, compare);
      ranking = await topInBlocks(docsOf(found.bits, found.count), best, rankOf, sortColumn, deadline, block, end);
    } else {
      // Without a set blockSize, small blocks and a pause each INDEX_SLICE_MS: a block's cost varies (code not yet optimised).
      const rankBlock = sliced ? RANK_SLICE_BLOCK : block;
      // Collecting used the time up: rank only as many matches as the page shows, so that it still has items.
      const first = deadline.now() > deadline.at ? Math.max(1, end) : rankBlock;
      ranking = await rankInBlocks({
        bits: found.bits,
        // No more room kept than there are matches (a typed array per column of the kept).
        k: Math.min(end, found.count),
        score: scorer.score,
        // Ranked by a column, scores only break ties: no bound passes a match over.
        bound: sortColumn ? undefined : scorer.bound,
        scoreAbove: sortColumn ? undefined : scorer.scoreAbove,
        prepare: sortColumn ? undefined : scorer.prepare,
        prepared: sortColumn ? undefined : scorer.prepared,
        blockBound: sortColumn ? undefined : scorer.blockBound,
        wordBound: sortColumn ? undefined : scorer.wordBound,
        blockSlots: BOOST_BLOCK,
        order: scorer.order,
        key: sortColumn && ((doc) => sortColumn.get(doc)),
        keyInWord: sortColumn && ((word) => sortColumn.bestInWord(word, direction)),
        keyInBlock: sortColumn && ((block) => sortColumn.bestInBlock(block, direction)),
        keyBlockSlots: RANGE_BLOCK,
        direction,
        expired: () => deadline.now() > deadline.at,
        pause,
        block: rankBlock,
        // The host's own monotonic clock, as for indexing: this bounds real stalls.
        // The slice collecting began goes on: a search holds the loop one slice at most between pauses.
        slice: slice && { ...slice, began: found.sliceBegan },
        first,
      });
    }
    const top = ranking.ranked.slice(offset, end);
    cursor?.onLast(top.at(-1));

    // The query's words and phrases as each text-match field cuts them, once per search.
    const texts = executionPlan.scoring.map((l) => l.match);
    const wordsByField = media.textMatch ? new Map(spec.textFields.map((f) => [f.name, queryWordsFor(texts, f.tokenizer)])) : undefined;
    const ctx: RenderContext = { store: this.store, baseUrl: options.baseUrl ?? this.options.baseUrl, htmlUrl: this.options.htmlUrl, mercy: media.previews.has("mercy") };
    // The slice ranking began goes on; without a slice, a pause between any two items (as between blocks).
    let since = ranking.sliceBegan ?? slice?.now() ?? 0;
    const items = await renderPage({
      count: top.length,
      item: (i) => {
        const r = top[i];
        const record = collection.record(r.doc)!;
        // Completed in place, not copied into a new literal with a spread (a slow path of V8's for objects of dozens of properties).
        const item = spec.render(record, ctx);
        item.score = r.score;
        if (wordsByField) item.text_matches = this.textMatches(spec, record, ctx, wordsByField);
        if (options.explain) item.explain = scorer.explain(r.doc);
        return item;
      },
      due: () => !slice || slice.now() - since >= slice.ms,
      pause: async () => {
        await pause();
        if (slice) since = slice.now();
      },
      revision: () => this.store.revision,
    });
    const incomplete = behind || found.incomplete || !ranking.complete;
    return { total_count: found.count, incomplete_results: incomplete, items };
  }

  /** Keeps the matches whose repository the caller may see in the store as it is now (one look-up per repository); returns how many. */
  private keepVisibleNow(collection: Collection, bits: Uint32Array, caller: Caller | undefined): number {
    const repos = collection.keywordColumn("repo");
    const seen = new Map<string, boolean>();
    const visible = (name: string | undefined): boolean => {
      if (name === undefined) return false;
      let ok = seen.get(name);
      if (ok === undefined) {
        const repo = this.store.repository(name);
        seen.set(name, (ok = !!repo && canSeeRepository(repo, caller, this.store)));
      }
      return ok;
    };
    keepTested(bits, bits.length, 0, (doc) => visible(repos.get(doc)[0]));
    return countBits(bits, bits.length);
  }

  private textMatches(spec: KindSpec<RecordLike>, record: RecordLike, ctx: RenderContext, wordsByField: Map<string, HighlightTerms>): TextMatch[] {
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

  /** The HTTP-shaped answer to `GET /search/<kind>?…`, without HTTP (src/http/respond.ts). Never throws. */
  request(req: HttpRequest): Promise<HttpResponse> {
    return respond(this, req);
  }

  /**
   * Saves every record and index to `dir` (one file, `forgesearch.index`), so that
   * `SearchEngine.open(dir)` answers as this engine does without indexing again.
   * What was added since the last search is indexed first.
   */
  async save(dir: string): Promise<SaveReport> {
    if (this.loading) throw new UsageError("save", "cannot save while a load is in progress");
    await this.indexEverything();
    // Buffers being packed are saved once packed; the store's tables are copied in steps.
    await this.store.whenPacked();
    const revision = this.store.revision;
    const copied = await this.stepped(this.store.saving());
    while (this.gate.busy) await this.gate.whenIdle();
    // No search in flight: what was added since the indexer finished is indexed now, at once.
    for (const c of this.collections.values()) c.drain();
    // The records as they are now (copied again at once if they changed since the copy), and the indexes
    // kept as they are (the indexer waits at the gate) while their states are copied in steps: the saved
    // records and indexes agree.
    this.gate.enter();
    let collections: Array<{ spec: KindSpec<RecordLike>; state: CollectionSnapshot; bounds?: SavedBounds }>;
    const records = copied && this.store.revision === revision ? copied : finish(this.store.saving())!;
    try {
      collections = [];
      for (const c of this.collections.values()) {
        const state = await this.stepped(c.snapshotting(true));
        collections.push({ spec: c.spec, state, bounds: await this.stepped(savingBounds(c, this.ranking[c.spec.kind])) });
      }
    } finally {
      this.gate.leave();
    }
    return saveIndex(dir, { ...records, collections });
  }

  /**
   * An engine over an index saved by `save(dir)`. Rejects with a SavedIndexError
   * when there is none, when it was saved by another format version, or when it is damaged.
   */
  static async open(dir: string, options: OpenOptions = {}): Promise<SearchEngine> {
    // JavaScript callers may pass anything.
    const given: unknown = options;
    const isObject = typeof given === "object" && given !== null;
    const { onProgress, ...engineOptions } = isObject ? options : ({} as OpenOptions);
    if (onProgress !== undefined && typeof onProgress !== "function") throw new UsageError("onProgress", "expected a function of (bytesRead, bytesTotal)");
    // Anything but an object goes to the constructor as it came, to be refused there.
    const engine = new SearchEngine(isObject ? engineOptions : options);
    const specs = [...engine.collections.values()].map((c) => c.spec);
    await openIndex(dir, specs, {
      chunk: (chunk) => engine.store.restoreChunk(chunk),
      records(piece) {
        if (!DUMP_KINDS.includes(piece.kind)) throw new RangeError(`unknown kind ${String(piece.kind)}`);
        return engine.stepped(engine.store.restoringRecords(piece));
      },
      tablesRead: () => engine.stepped(engine.store.filingRestored()),
      links: (links) => engine.stepped(engine.store.restoringLinks(links)),
      tally: (tally) => engine.stepped(engine.store.restoringTally(tally)),
      slotRecords(kind, source, slots) {
        // A kind's slots index its own records only: another kind's would show records under its rules.
        if (specs.find((s) => s.kind === kind)?.source !== source) throw new RangeError(`the slots of ${kind} name records of ${source}`);
        return engine.stepped(engine.store.translatingRows(source, slots.refs));
      },
      async collection(state, bounds) {
        const spec = specs.find((s) => s.kind === state.kind);
        if (!spec) throw new RangeError(`unknown kind ${state.kind}`);
        // In steps with pauses between them: the host runs on while a large index is restored; the
        // fields' lists are checked on a thread meanwhile where there are many (src/persist/lists-thread.ts).
        const elsewhere = listsElsewhere(state);
        let collection: Collection;
        try {
          collection = await engine.stepped(Collection.restoring(spec, engine.store, state, elsewhere?.lists));
        } finally {
          // Ended already when its lists came; a restore that failed first stops it.
          elsewhere?.stop();
        }
        engine.collections.set(spec.kind, collection);
        // Taken as saved when computing them now would give the same; computed with the boosts below otherwise.
        if (bounds) await engine.stepped(adoptingBounds(collection, engine.ranking[spec.kind], engine.options.termBoundsFrom, bounds));
      },
    }, onProgress);
    engine.store.restored();
    await engine.stepped(engine.tallyingRestored());
    await engine.prepareBoosts();
    return engine;
  }

  /** Records held per dump kind. */
  counts(): Record<DumpKind, number> {
    return Object.fromEntries(DUMP_KINDS.map((k) => [k, this.store.size(k)])) as Record<DumpKind, number>;
  }
}

/** Records nested deeper than this are refused: nothing in the hosting site's shapes comes close, and deeper ones break JSON writers. */
export const MAX_RECORD_DEPTH = 64;

const CALLER_VIA = new Set(["basic", "oauth", "client", "app-user"]);

function checkEngineOptions(given: SearchEngineOptions): void {
  const options = optionsOf(given, "options");
  const { timeLimitMs, now, baseUrl, htmlUrl, vendor } = options;
  if (timeLimitMs !== undefined && !(typeof timeLimitMs === "number" && timeLimitMs > 0 && timeLimitMs <= MAX_TIME_LIMIT_MS)) {
    throw new UsageError("timeLimitMs", `expected a number of milliseconds above 0 and at most ${MAX_TIME_LIMIT_MS}, got ${String(timeLimitMs)}`);
  }
  if (now !== undefined && typeof now !== "function") throw new UsageError("now", "expected a function giving epoch milliseconds");
  for (const [name, value] of Object.entries({ blockSize: options.blockSize, termBoundsFrom: options.termBoundsFrom })) {
    if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 1)) throw new UsageError(name, `expected a whole number of documents from 1 up, got ${String(value)}`);
  }
  for (const [name, value] of Object.entries({ baseUrl, htmlUrl, vendor })) {
    if (value !== undefined && typeof value !== "string") throw new UsageError(name, `expected a string, got ${typeof value}`);
  }
}

function checkKind(kind: unknown): asserts kind is DumpKind {
  if (!DUMP_KINDS.includes(kind as DumpKind)) throw new UsageError("kind", `unknown kind ${(JSON.stringify(kind) as string | undefined) ?? String(kind)}; known: ${DUMP_KINDS.join(", ")}`);
}

/** Options as given by a JavaScript caller, who may pass anything: absent is `{}`, anything but an object a UsageError. */
function optionsOf<T extends object>(options: T | undefined, what = "options"): T {
  const given: unknown = options;
  if (given === undefined || given === null) return {} as T;
  if (typeof given !== "object") throw new UsageError(what, "expected an object");
  return given as T;
}

const PARAMETER_NAMES = ["q", "sort", "order", "per_page", "page", "repository_id"] as const;

/** The parameters as the text a query string would carry; one that cannot be read as text is a UsageError naming it. */
function textParams(params: unknown): { [name in (typeof PARAMETER_NAMES)[number]]?: string } {
  if (params === null || typeof params !== "object") throw new UsageError("params", "expected an object of search parameters");
  const out: { [name in (typeof PARAMETER_NAMES)[number]]?: string } = {};
  for (const name of PARAMETER_NAMES) {
    const value: unknown = (params as Record<string, unknown>)[name];
    if (value === undefined || value === null) continue;
    if (typeof value === "string") out[name] = value;
    else if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") out[name] = String(value);
    else if (typeof value === "symbol" || typeof value === "function") throw new UsageError(name, `cannot be read as text (a ${typeof value})`);
    else {
      try {
        out[name] = String(value);
      } catch {
        throw new UsageError(name, "cannot be read as text");
      }
    }
  }
  return out;
}

/** A caller is absent or `{ login: non-empty string, via?: one of the known ways }`. */
function checkCaller(caller: unknown): Caller | undefined {
  if (caller === undefined || caller === null) return undefined;
  const c = caller as Partial<Caller>;
  if (typeof caller !== "object" || typeof c.login !== "string" || c.login.trim() === "") {
    throw new UsageError("caller", "expected { login: a non-empty string, via?: \"basic\" | \"oauth\" | \"client\" | \"app-user\" }");
  }
  if (c.via !== undefined && !CALLER_VIA.has(c.via)) throw new UsageError("caller.via", `unknown way ${JSON.stringify(c.via)}; known: ${[...CALLER_VIA].join(", ")}`);
  return c as Caller;
}

/** A record as JSON text; anything JSON cannot hold (cycles, BigInt) is refused. */
function jsonOf(kind: DumpKind, record: RecordLike): string {
  try {
    return JSON.stringify(record);
  } catch (err) {
    throw invalidRecord(kind, "record", `a record must be JSON: ${(err as Error).message}`);
  }
}

/** Refuses a record nested past MAX_RECORD_DEPTH, walking at most that deep. */
function checkDepth(kind: DumpKind, record: RecordLike): void {
  // Members read in place: an array of each object's values was most of this check's time in a load.
  const tooDeep = (value: unknown, depth: number): boolean => {
    if (value === null || typeof value !== "object") return false;
    if (depth >= MAX_RECORD_DEPTH) return true;
    if (Array.isArray(value)) {
      for (const child of value) if (tooDeep(child, depth + 1)) return true;
      return false;
    }
    for (const key in value) if (tooDeep((value as Record<string, unknown>)[key], depth + 1)) return true;
    return false;
  };
  if (tooDeep(record, 0)) throw invalidRecord(kind, "record", `a record may nest at most ${MAX_RECORD_DEPTH} levels`);
}

/**
 * A restored collection's lists made on a thread (`fieldListsElsewhere`), which reads only the fields'
 * term ids and saved lists of its state. A state too damaged to say what they are is left to the
 * restore, which refuses it.
 */
function listsElsewhere(state: CollectionState): ListsThread | undefined {
  try {
    const fields = state.fields.map(({ name, occurrences: { counts, ids }, lists }) => ({ name, occurrences: { counts, ids }, lists }));
    return fieldListsElsewhere({ fields, terms: state.dictionary.length, capacity: capacityOf(state), free: state.free });
  } catch {
    return undefined;
  }
}
