/**
 * What a resource kind declares about itself, as data: its text fields, typed
 * columns, qualifiers, sorts, signals and text-match properties. The stages
 * (resolve, plan, execute, score, highlight, render) are generic over this.
 */
import type { Preview } from "../api/media-type.js";
import type { QualifierNode, QueryNode } from "../parse/ast.js";
import type { DumpKind, SearchKind } from "../records/kinds.js";
import type { RecordLike } from "../records/read.js";
import type { StoreReader } from "../records/store-reader.js";
import type { Match } from "../logical/match.js";
import type { TokenizerName } from "../text/tokenize.js";
import type { Caller } from "../types.js";

export type { DumpKind, SearchKind } from "../records/kinds.js";
export type { RecordLike } from "../records/read.js";

export interface TextFieldSpec<D> {
  name: string;
  tokenizer: TokenizerName;
  /** BM25F weight of a term occurrence in this field. */
  weight: number;
  /** BM25 length normalisation for this field (0 = none, 1 = full). */
  b: number;
  /** The field's text; `store` reaches related records (an issue's comments). */
  text(doc: D, store: StoreReader): string | string[] | undefined | null;
  /** True when `text` reads the record alone, never `store`: a load may then read the field on another thread, from the line. */
  fromRecordAlone?: boolean;
}

export type ColumnType = "number" | "keyword";

/** How a qualifier reads a column: as numbers, as keywords, or only whether it holds anything ("any"). */
export type ColumnUse = ColumnType | "any";

export interface ColumnSpec<D> {
  name: string;
  type: ColumnType;
  /**
   * Values for a document: numbers (dates as epoch ms) for number columns,
   * strings (normalised by the spec) for keyword columns. A function that declares one parameter
   * reads the record alone (it cannot reach the store): a load's reading thread may compute it
   * (`columnsFromRecordAlone`), so it must depend on nothing but the record.
   */
  value(doc: D, store: StoreReader): number | string | string[] | boolean | null | undefined;
  /**
   * Kinds whose records this column reads through the store (joins); the
   * column is rebuilt lazily when one of them changes.
   */
  dependsOn?: DumpKind[];
  /**
   * Which documents a change of a `dependsOn` record affects: those whose keyword column `column`
   * holds `key(changed)`. Without it every document is refreshed (in blocks) after such a change.
   */
  joinedBy?: { column: string; key: (changed: RecordLike) => string | undefined };
}

/**
 * A kind of record in a dump: one NDJSON file of the dump folder (docs/dump-format.md), one map of
 * the store, one natural key.
 */
export interface RecordKindSpec {
  kind: DumpKind;
  /** Its file in a dump folder. */
  file: string;
  /**
   * Files load in rising order: owners before their repositories, repositories before what hangs
   * off them, issues before their comments.
   */
  loadOrder: number;
  /** The natural key (lower-cased where the site ignores case); undefined when the record lacks it. */
  key(record: RecordLike): string | undefined;
  /** The fields the key is made of, as a refused record's error names them. */
  keyFields: string;
  /** Its records say who may see what (owners, members, collaborators): a member named twice is reported on load. */
  grantsAccess?: true;
  /** Why a record's visibility is doubtful, if it is: reported, and the record counts as private. */
  doubt?(record: RecordLike): string | undefined;
  /**
   * Its records are read only to index and to render their own documents (no other kind's index
   * reads them): a full buffer of them is packed, and a read inflates a block of a few.
   */
  packed?: true;
  /** The document of another kind a record changes (a comment: its issue's text), indexed again when it changes. */
  affects?: { kind: SearchKind; key(record: RecordLike): string | undefined };
}

export interface PreviewSpec {
  /** The preview (`application/vnd.github.<media>-preview+json`) a client of this kind sends by default (the command line's Accept). */
  media: Preview;
  /** The feature's name in the 415 sent without it, when the preview is required (commits, topics). */
  requiredFor?: string;
}

/** A request parameter besides the query that confines a search (labels: `repository_id`). */
export interface ScopeParameterSpec {
  name: "repository_id";
  /** The filter the value stands for; throws the site's error (422 when absent or malformed, 404 when unseen). */
  filter(value: unknown, ctx: ScopeContext): Match;
}

export interface ScopeContext {
  store: StoreReader;
  /** Whether the caller may see this repository record. */
  canSee(repository: RecordLike): boolean;
}

/** Everything resolving a qualifier may need besides the value itself. */
export interface ResolveContext {
  kind: SearchKind;
  /** The whole query, for qualifiers whose meaning depends on the others (props.* needs one org:). */
  tree: QueryNode;
  caller?: Caller;
  store: StoreReader;
  /** Records a repo:/user:/org: value naming something that must exist and be visible. */
  requireScope(type: "repo" | "user" | "org", value: string, node: QualifierNode): void;
  /** Turns `@me` into the caller's login, or fails as the hosting site does. */
  login(value: string, node: QualifierNode): string;
  /** A 422 naming this qualifier and what is wrong with its value. */
  invalid(node: QualifierNode, why: string): never;
}

export interface QualifierSpec {
  name: string;
  aliases?: string[];
  /** Matches every qualifier name with this prefix (`props.` for `props.NAME:`). */
  namePrefix?: string;
  /** False for the qualifiers the hosting site does not let `-` negate (`no:`). */
  negatable?: boolean;
  /** Values listed in errors and docs. */
  values?: string[];
  /** `in:` selects fields instead of filtering. */
  selectsFields?: Record<string, string[]>;
  /** Whether this qualifier names an ownership scope (repo/user/org): OR'd when repeated, not allowed in groups. */
  scope?: boolean;
  /** "or": repeats side by side are a union (`involves:a involves:b`); the default is AND. */
  repeats?: "or";
  /**
   * The field this qualifier tests when every record holds one value of it (a license, a state):
   * positive repeats on one such field, side by side, are a union, since AND could never match.
   * A function when the field depends on the value (`is:open` → state, `is:public` → visibility).
   */
  oneValue?: string | ((value: string) => string | undefined);
  build?(node: QualifierNode, ctx: ResolveContext): Match;
  /**
   * The columns the matches it builds read, with their type: set by the builders in qualifiers.ts,
   * declared by hand on an entry with its own `build`; checked against the kind's columns at startup.
   */
  columns?: Record<string, ColumnUse>;
}

/** A rule on the whole query: one that does not hold is refused (422) with its message, pointing at the query. */
export interface QueryRule {
  message: string;
  holds(tree: QueryNode, ctx: RuleContext): boolean;
}

export interface RuleContext {
  caller?: Caller;
  /** Tells a qualifier of the kind from an unknown `name:value`, which is a keyword. */
  isQualifier(name: string): boolean;
}

export interface SortSpec {
  /** Column sorted on; documents without a value sort last. */
  column: string;
  /** Only the in-query `sort:` form takes it, not the REST `sort` parameter. */
  queryOnly?: boolean;
}

/** A property whose matches are highlighted under the text-match media type. */
export interface TextMatchSpec<D> {
  property: string;
  objectType: string;
  /** Fragments per holder (code search shows at most two per file). */
  maxFragments?: number;
  /** The field whose tokenizer and terms apply. */
  field: string;
  /** One or more holders of the property: the item itself or related records (comments). */
  sources(doc: D, ctx: RenderContext): Array<{ objectUrl: string; objectType?: string; value: string | null | undefined }>;
}

export interface RenderContext {
  store: StoreReader;
  baseUrl: string;
  htmlUrl: string;
  mercy: boolean;
}

export interface SignalSpec<D> {
  name: string;
  weight: number;
  value(doc: D, store: StoreReader): number;
}

export interface KindSpec<D = RecordLike> {
  kind: SearchKind;
  /** The dump kind holding the records of this search kind. */
  source: DumpKind;
  /** The record kinds this search kind reads from a dump: its own (`source`) first, then any only it reads (issues: comments). */
  records: readonly RecordKindSpec[];
  /**
   * Who may see a document. "public": everyone (users, topics; labels, whose scope parameter checks
   * the repository). "own": the document is a repository, with its own visibility. "repository": it
   * follows the visibility of the repository it belongs to, and nobody sees it while that is not
   * loaded. Both of the latter read the `visibility` and `repo` columns.
   */
  visibility: "public" | "own" | "repository";
  /** A preview media type the kind's search takes (commits, topics) or clients send by default (repositories). */
  preview?: PreviewSpec;
  /** Request parameters that confine every search of this kind. */
  scopeParameters?: readonly ScopeParameterSpec[];
  textFields: TextFieldSpec<D>[];
  /** Fields a bare term searches when no `in:` is given. */
  defaultFields: string[];
  columns: ColumnSpec<D>[];
  /** Keyword columns an earlier version declared: an index it saved with them still opens, and they are passed over. */
  retiredColumns?: readonly string[];
  qualifiers: QualifierSpec[];
  sorts: Record<string, SortSpec>;
  /** False when `sort:` in the query is not a sort but an unknown qualifier, hence a keyword (code search). */
  inQuerySort?: boolean;
  /** Columns applied to every query of this kind (forks excluded unless fork:true …). */
  defaults?(ctx: ResolveContext, present: Set<string>): Match[];
  signals: SignalSpec<D>[];
  textMatches: TextMatchSpec<D>[];
  /** Stable tie-break: a number unique per record (its id). */
  order(doc: D): number;
  /** The repository a record belongs to (its full name), for visibility; null when public by nature. */
  repository?(doc: D, store: StoreReader): string | null;
  /** Whether keywords combine with OR (labels) instead of AND. */
  keywordsCombine?: "and" | "or";
  /** Qualifiers forbidden for this kind (labels accept keywords only). */
  keywordsOnly?: boolean;
  /** Rules on the whole query (app-user callers must pick issues or pull requests), checked by resolve before anything else. */
  rules?: readonly QueryRule[];
  /** What a bare keyword means besides its text (issues: a hex word is also a commit SHA prefix). */
  term?(word: string, text: Match): Match;
  /** A query must contain at least one term (code). */
  requiresTerm?: (qualifiers: Set<string>) => boolean;
  /** The item of one document: a fresh object, which the engine completes with `score` (and `text_matches`). */
  render(doc: D, ctx: RenderContext): Record<string, unknown>;
}
