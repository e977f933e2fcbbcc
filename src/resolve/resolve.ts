/**
 * resolve: syntax tree × kind → logical query, in passes:
 *   1. rules and limits: the kind's whole-query rules, then length, operators, nesting, control
 *      characters (`checkQuery`, which the engine also runs before it waits for indexing);
 *   2. options: `in:` (the fields words search) and `sort:`, from anywhere in the query;
 *   3. qualifiers: the tree walked into text, column tests and scopes, with unions of repeats;
 *   4. scopes and defaults: the top-level ownership scopes as one union, the kind's default
 *      filters, and the checks that need the whole query (nothing searchable, a required term);
 *   5. simplify to a fixed point (logical/simplify.ts).
 * Each qualifier is looked up once, before the passes. Pure: everything it needs from outside
 * arrives in the input.
 */
import type { QualifierNode, QueryNode, Span } from "../parse/ast.js";
import { collectQualifiers, countOperators, groupDepth, keywordLength } from "../parse/measure.js";
import { QueryError } from "../errors.js";
import type { KindSpec, QualifierSpec, RecordLike, ResolveContext } from "../kinds/types.js";
import type { StoreReader } from "../records/store-reader.js";
import type { Caller } from "../types.js";
import { queryTerms } from "../text/tokenize.js";
import { ALL, and, none, not, or, type Match } from "../logical/match.js";
import { simplify } from "../logical/simplify.js";

const MAX_KEYWORD_LENGTH = 256;
const MAX_OPERATORS = 5;
const MAX_GROUP_DEPTH = 5;

export interface Access {
  /** Whether the caller may see the repository `owner/name` (false also when it does not exist). */
  repository(fullName: string): boolean;
  /** Whether the account exists and the caller may search it (as user: or org:). */
  owner(login: string, as: "user" | "org"): boolean;
}

export interface ResolveInput {
  spec: KindSpec<RecordLike>;
  store: StoreReader;
  caller?: Caller;
  access: Access;
}

export interface InQuerySort {
  field: string;
  order: "asc" | "desc";
}

export interface Resolved {
  match: Match;
  /** From a `sort:` qualifier in the query; the REST parameter wins over it. */
  sort?: InQuerySort;
  /** Whether the query has at least one keyword or phrase. */
  hasText: boolean;
  /** Names of the qualifiers used (canonical names). */
  qualifiers: Set<string>;
}

function fail(detail: string, span: Span): never {
  throw new QueryError(detail, span.start, span.end - span.start);
}

/** C0 controls and DEL: no qualifier value holds them, and they would reach messages and logs as they are. */
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

type Spec = KindSpec<RecordLike>;

function findQualifier(spec: Spec, name: string): QualifierSpec | undefined {
  return spec.qualifiers.find((q) => q.name === name || q.aliases?.includes(name) || (q.namePrefix !== undefined && name.startsWith(q.namePrefix)));
}

/** Every qualifier node of the query with what it is: the in-query sort, one of the kind's qualifiers, or unknown (a keyword). */
type Lookup = Map<QualifierNode, QualifierSpec | "sort" | undefined>;

function lookUp(tree: QueryNode, spec: Spec): Lookup {
  // `sort:` orders the results, unless the kind has a `sort` qualifier or takes no in-query sort.
  const sortIsOption = spec.inQuerySort !== false && !findQualifier(spec, "sort");
  return new Map(collectQualifiers(tree).map((node) => [node, node.name === "sort" && sortIsOption ? "sort" : findQualifier(spec, node.name)]));
}

/** Pass 1: the kind's whole-query rules, then the site's limits. Throws the QueryError of the first broken one. */
export function checkQuery(tree: QueryNode, spec: Spec, caller: Caller | undefined): void {
  const isQualifier = (name: string) => findQualifier(spec, name) !== undefined;
  for (const rule of spec.rules ?? []) if (!rule.holds(tree, { caller, isQualifier })) fail(rule.message, tree.span);
  if (tree.type === "empty") fail("The search query must not be empty.", tree.span);
  if (keywordLength(tree) > MAX_KEYWORD_LENGTH) fail(`The search is longer than ${MAX_KEYWORD_LENGTH} characters.`, tree.span);
  const operators = countOperators(tree);
  if (operators > MAX_OPERATORS) fail(`The search contains ${operators} AND, OR and NOT operators; at most ${MAX_OPERATORS} are allowed.`, tree.span);
  if (groupDepth(tree) > MAX_GROUP_DEPTH) fail(`Parentheses are nested more than ${MAX_GROUP_DEPTH} levels deep.`, tree.span);
  for (const node of collectQualifiers(tree)) {
    if (CONTROL_CHARACTER.test(node.raw)) fail(`"${node.rawName}:" has a control character in its value.`, node.span);
  }
}

interface Options {
  /** The fields words search: the `in:` choice, else the kind's default fields. */
  fields: string[];
  sort?: InQuerySort;
}

/** Pass 2: `in:` and `sort:`, which hold for the whole query wherever they stand (the last `sort:` wins). */
function readOptions(spec: Spec, lookup: Lookup): Options {
  let fields: string[] | undefined;
  let sort: InQuerySort | undefined;
  for (const [node, q] of lookup) {
    if (q === "sort") {
      sort = parseInQuerySort(node, spec);
      continue;
    }
    if (!q?.selectsFields) continue;
    if (node.negated) fail(`"-${node.rawName}:" cannot be negated.`, node.span);
    const chosen = node.value.type === "list" ? node.value.items.map((i) => i.text) : [node.raw];
    for (const c of chosen) {
      const f = Object.hasOwn(q.selectsFields, c.toLowerCase()) ? q.selectsFields[c.toLowerCase()] : undefined;
      if (!f) fail(`"${c}" is not a valid value for in: use one of ${Object.keys(q.selectsFields).join(", ")}`, node.span);
      fields = [...new Set([...(fields ?? []), ...f])];
    }
  }
  return { fields: fields ?? spec.defaultFields, sort };
}

/** What pass 3 found besides the tree it built. */
interface Walked {
  root: Match;
  /** Positive ownership scopes at the top level: a union, added in pass 4. */
  scopes: Match[];
  hasText: boolean;
  /** Whether some word has a searchable character in a field it searches (punctuation and emoji alone have none). */
  hasSearchableText: boolean;
  qualifiers: Set<string>;
}

/** Pass 3: the tree walked into the logical query. */
function walkQuery(tree: QueryNode, input: ResolveInput, lookup: Lookup, textFields: string[]): Walked {
  const { spec } = input;
  const found: Walked = { root: ALL, scopes: [], hasText: false, hasSearchableText: false, qualifiers: new Set() };
  const ctx = resolveContext(tree, input);
  const tokenizers = new Set(spec.textFields.filter((f) => textFields.includes(f.name)).map((f) => f.tokenizer));
  const text = (value: string, phrase: boolean, span: Span): Match => {
    found.hasText = true;
    if (!found.hasSearchableText) for (const t of tokenizers) if (queryTerms(value, t).length) found.hasSearchableText = true;
    return { op: "text", fields: textFields, text: value, phrase, span };
  };

  const refuseNegation = (node: QualifierNode): never =>
    fail(`"-${node.rawName}:${node.raw}" is not supported: ${node.rawName}: qualifiers cannot be negated.`, node.span);

  const qualifier = (node: QualifierNode, inGroup: boolean, top: boolean): Match => {
    const q = lookup.get(node);
    if (q === "sort") return ALL;
    if (!q) {
      // Unknown qualifiers are keywords, as written (suggested rule of the syntax reference).
      const m = text(`${node.rawName}:${node.raw}`, true, node.span);
      return node.negated ? not(m) : m;
    }
    if (spec.keywordsOnly) fail(`Qualifiers are not accepted here: "${node.rawName}:" (this search takes keywords only).`, node.span);
    if (q.selectsFields) return ALL;
    if (q.scope && inGroup) fail(`"${node.rawName}:" cannot be used inside parentheses.`, node.span);
    if (node.negated && q.negatable === false) refuseNegation(node);
    found.qualifiers.add(q.name);
    const built = q.build!(node, ctx);
    const m = node.negated ? not(built) : built;
    // Ownership scopes at the top level are a union (repo:a/b repo:c/d covers both).
    if (top && q.scope && !node.negated) {
      found.scopes.push(m);
      return ALL;
    }
    return m;
  };

  const walk = (node: QueryNode, inGroup: boolean, top: boolean): Match => {
    switch (node.type) {
      case "empty":
        return ALL;
      case "term":
        if (node.text.toLowerCase() === "@me") fail(`"@me" can only be used as a qualifier value, e.g. author:@me.`, node.span);
        return spec.term ? spec.term(node.text, text(node.text, false, node.span)) : text(node.text, false, node.span);
      case "phrase":
        return text(node.text, true, node.span);
      case "qualifier":
        return qualifier(node, inGroup, top);
      case "and": {
        const parts: Match[] = [];
        // Repeats of a qualifier that unions (involves:a involves:b) or on a one-value field
        // (license:mit license:apache-2.0) become one OR; an explicit AND still joins them.
        let unions = new Map<string, Match[]>();
        const closeUnions = () => {
          for (const u of unions.values()) parts.push(or(u));
          unions = new Map();
        };
        node.children.forEach((c, i) => {
          if (i > 0 && node.joins[i - 1] === "AND") closeUnions();
          const m = walk(c, inGroup, top);
          const key = unionKey(lookup, c);
          if (key !== undefined) unions.set(key, [...(unions.get(key) ?? []), m]);
          else parts.push(m);
        });
        closeUnions();
        // Label search: keywords side by side are alternatives; an explicit AND still joins.
        if (top && spec.keywordsCombine === "or") return and(keywordsAsAlternatives(parts, node.joins));
        return and(parts);
      }
      case "or":
        return or(node.children.map((c) => walk(c, inGroup, false)));
      case "not": {
        // `NOT no:label` is `-no:label` in other words.
        const q = node.child.type === "qualifier" ? lookup.get(node.child) : undefined;
        if (node.child.type === "qualifier" && q !== "sort" && q?.negatable === false) refuseNegation(node.child);
        return not(walk(node.child, inGroup, false));
      }
      case "group":
        return walk(node.child, true, false);
    }
  };

  found.root = walk(tree, false, true);
  return found;
}

/** Segments of parts between explicit ANDs, the texts of each one OR'd together. */
function keywordsAsAlternatives(parts: Match[], joins: Array<"AND" | null | string>): Match[] {
  const segments: Match[][] = [[]];
  parts.forEach((p, i) => {
    if (i > 0 && joins[i - 1] === "AND") segments.push([]);
    segments[segments.length - 1].push(p);
  });
  return segments.map((segment) => {
    const texts = segment.filter((p) => p.op === "text");
    const rest = segment.filter((p) => p.op !== "text");
    return and([...(texts.length ? [or(texts)] : []), ...rest]);
  });
}

/** What a qualifier's `build` may ask of the world: scopes that must exist and be visible, `@me`, failures with the node's span. */
function resolveContext(tree: QueryNode, input: ResolveInput): ResolveContext {
  return {
    kind: input.spec.kind,
    tree,
    caller: input.caller,
    store: input.store,
    requireScope(type, value, node) {
      const ok = type === "repo" ? input.access.repository(value) : input.access.owner(value, type);
      if (!ok) {
        fail(
          "The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.",
          node.span,
        );
      }
    },
    login(value, node) {
      if (value.toLowerCase() !== "@me") return value;
      if (!input.caller) fail(`"${node.rawName}:@me" needs an authenticated caller.`, node.span);
      return input.caller.login;
    },
    invalid(node, why) {
      fail(why, node.span);
    },
  };
}

/** Pass 4: the scopes' union and the kind's defaults joined to the query, and the checks on what the query holds as a whole. */
function withScopesAndDefaults(tree: QueryNode, input: ResolveInput, walked: Walked): Match {
  const { spec } = input;
  const parts: Match[] = [walked.root];
  if (walked.scopes.length) parts.push(or(walked.scopes));
  parts.push(...(spec.defaults?.(resolveContext(tree, input), walked.qualifiers) ?? []));
  // Words with nothing searchable and no qualifier: as empty as an empty query, not a match of everything.
  if (walked.hasText && !walked.hasSearchableText && walked.qualifiers.size === 0) fail("The search query must not be empty.", tree.span);
  if (spec.requiresTerm && !walked.hasText && spec.requiresTerm(walked.qualifiers)) {
    fail("The search must include at least one keyword: a query of qualifiers only is not accepted here.", tree.span);
  }
  return and(parts);
}

export function resolve(tree: QueryNode, input: ResolveInput): Resolved {
  checkQuery(tree, input.spec, input.caller);
  const lookup = lookUp(tree, input.spec);
  const { fields, sort } = readOptions(input.spec, lookup);
  const walked = walkQuery(tree, input, lookup, fields);
  const match = simplify(withScopesAndDefaults(tree, input, walked));
  return { match, sort, hasText: walked.hasText, qualifiers: walked.qualifiers };
}

/**
 * What a positive qualifier's side-by-side repeats are grouped under to form a union: its name
 * when it unions by rule, the field it tests when records hold one value of it; else undefined.
 */
function unionKey(lookup: Lookup, node: QueryNode): string | undefined {
  if (node.type !== "qualifier" || node.negated) return undefined;
  const q = lookup.get(node);
  if (!q || q === "sort") return undefined;
  if (q.repeats === "or") return `qualifier:${q.name}`;
  const field = typeof q.oneValue === "function" ? q.oneValue(node.raw) : q.oneValue;
  return field === undefined ? undefined : `field:${field}`;
}

function parseInQuerySort(node: QualifierNode, spec: Spec): InQuerySort | undefined {
  const m = /^([\s\S]*?)(?:-(asc|desc))?$/.exec(node.raw.toLowerCase())!;
  const field = m[1];
  const order = (m[2] as "asc" | "desc" | undefined) ?? "desc";
  if (field === "relevance" || field === "best-match") return undefined;
  if (!Object.prototype.hasOwnProperty.call(spec.sorts, field)) {
    fail(`"${node.raw}" is not a valid sort: use one of ${["relevance", ...Object.keys(spec.sorts)].join(", ")}`, node.span);
  }
  return { field, order };
}

