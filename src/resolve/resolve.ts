/**
 * resolve: syntax tree × kind → logical query. Applies the hosting site's
 * validation rules (length, operators, qualifier values, sorts), expands
 * `in:`, `@me` and ownership scopes, and adds the kind's default filters.
 * Pure: everything it needs from outside arrives in the context.
 */
import type { QualifierNode, QueryNode, Span } from "../parse/ast.js";
import { collectQualifiers, countOperators, groupDepth, keywordLength } from "../parse/measure.js";
import { QueryError } from "../errors.js";
import type { KindSpec, QualifierSpec, RecordLike, ResolveContext } from "../kinds/types.js";
import type { StoreReader } from "../records/store-reader.js";
import type { Caller } from "../types.js";
import { queryTerms } from "../text/tokenize.js";
import { ALL, and, none, not, or, type Match } from "../logical/match.js";

export const MAX_KEYWORD_LENGTH = 256;
export const MAX_OPERATORS = 5;
export const MAX_GROUP_DEPTH = 5;

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
  mercy: boolean;
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

function findQualifier(spec: KindSpec<RecordLike>, name: string): QualifierSpec | undefined {
  return spec.qualifiers.find((q) => q.name === name || q.aliases?.includes(name) || (q.namePrefix !== undefined && name.startsWith(q.namePrefix)));
}

export function resolve(tree: QueryNode, input: ResolveInput): Resolved {
  const { spec } = input;
  if (tree.type === "empty") fail("The search query must not be empty.", tree.span);
  if (keywordLength(tree) > MAX_KEYWORD_LENGTH) fail(`The search is longer than ${MAX_KEYWORD_LENGTH} characters.`, tree.span);
  const operators = countOperators(tree);
  if (operators > MAX_OPERATORS) fail(`The search contains ${operators} AND, OR and NOT operators; at most ${MAX_OPERATORS} are allowed.`, tree.span);
  if (groupDepth(tree) > MAX_GROUP_DEPTH) fail(`Parentheses are nested more than ${MAX_GROUP_DEPTH} levels deep.`, tree.span);

  const qualifiers = new Set<string>();
  let hasText = false;
  let sort: InQuerySort | undefined;
  let fields: string[] | undefined;

  const ctx: ResolveContext = {
    kind: spec.kind,
    tree,
    caller: input.caller,
    store: input.store,
    mercy: input.mercy,
    requireScope(type, value, node) {
      const ok = type === "repo" ? input.access.repository(value) : input.access.owner(value, type);
      if (!ok) {
        throw new QueryError(
          "The listed users and repositories cannot be searched either because the resources do not exist or you do not have permission to view them.",
          node.span.start,
          node.span.end - node.span.start,
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

  for (const node of collectQualifiers(tree)) {
    if (CONTROL_CHARACTER.test(node.raw)) fail(`"${node.rawName}:" has a control character in its value.`, node.span);
  }

  // First pass: options that hold for the whole query (in:, sort:).
  const visitOptions = (node: QueryNode): void => {
    switch (node.type) {
      case "qualifier": {
        if (isInQuerySort(spec, node.name)) {
          sort = parseInQuerySort(node, spec);
          return;
        }
        const q = findQualifier(spec, node.name);
        if (q?.selectsFields) {
          if (node.negated) fail(`"-${node.rawName}:" cannot be negated.`, node.span);
          const chosen = node.value.type === "list" ? node.value.items.map((i) => i.text) : [node.raw];
          for (const c of chosen) {
            const f = Object.hasOwn(q.selectsFields, c.toLowerCase()) ? q.selectsFields[c.toLowerCase()] : undefined;
            if (!f) fail(`"${c}" is not a valid value for in: use one of ${Object.keys(q.selectsFields).join(", ")}`, node.span);
            fields = [...new Set([...(fields ?? []), ...f])];
          }
        }
        return;
      }
      case "and":
      case "or":
        node.children.forEach(visitOptions);
        return;
      case "not":
      case "group":
        visitOptions(node.child);
        return;
      default:
        return;
    }
  };
  visitOptions(tree);
  const textFields = fields ?? spec.defaultFields;

  // Whether some word has a searchable character in a field it searches (punctuation and emoji alone have none).
  let hasSearchableText = false;
  const tokenizers = new Set(spec.textFields.filter((f) => textFields.includes(f.name)).map((f) => f.tokenizer));
  const text = (value: string, phrase: boolean, span: Span): Match => {
    hasText = true;
    if (!hasSearchableText) for (const t of tokenizers) if (queryTerms(value, t).length) hasSearchableText = true;
    return { op: "text", fields: textFields, text: value, phrase, span };
  };

  const refuseNegation = (node: QualifierNode): never =>
    fail(`"-${node.rawName}:${node.raw}" is not supported: ${node.rawName}: qualifiers cannot be negated.`, node.span);

  const qualifier = (node: QualifierNode, inGroup: boolean): Match => {
    if (isInQuerySort(spec, node.name)) return ALL;
    const q = findQualifier(spec, node.name);
    if (!q) {
      // Unknown qualifiers are keywords, as written (suggested rule of the syntax reference).
      const source = `${node.rawName}:${node.raw}`;
      const m = text(source, true, node.span);
      return node.negated ? not(m) : m;
    }
    if (spec.keywordsOnly) fail(`Qualifiers are not accepted here: "${node.rawName}:" (this search takes keywords only).`, node.span);
    if (q.selectsFields) return ALL;
    if (q.scope && inGroup) fail(`"${node.rawName}:" cannot be used inside parentheses.`, node.span);
    if (node.negated && q.negatable === false) refuseNegation(node);
    qualifiers.add(q.name);
    const m = q.build!(node, ctx);
    return node.negated ? not(m) : m;
  };

  const scopes: Match[] = [];
  const walk = (node: QueryNode, inGroup: boolean, top: boolean): Match => {
    switch (node.type) {
      case "empty":
        return ALL;
      case "term":
        if (node.text.toLowerCase() === "@me") fail(`"@me" can only be used as a qualifier value, e.g. author:@me.`, node.span);
        return spec.term ? spec.term(node.text, text(node.text, false, node.span)) : text(node.text, false, node.span);
      case "phrase":
        return text(node.text, true, node.span);
      case "qualifier": {
        const m = qualifier(node, inGroup);
        const q = findQualifier(spec, node.name);
        // Ownership scopes at the top level are a union (repo:a/b repo:c/d covers both).
        if (top && q?.scope && !node.negated) {
          scopes.push(m);
          return ALL;
        }
        return m;
      }
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
          const key = unionKey(spec, c);
          if (key !== undefined) unions.set(key, [...(unions.get(key) ?? []), m]);
          else parts.push(m);
        });
        closeUnions();
        // Label search: keywords side by side are alternatives; an explicit AND still joins.
        if (top && spec.keywordsCombine === "or") {
          const segments: Match[][] = [[]];
          parts.forEach((p, i) => {
            if (i > 0 && node.joins[i - 1] === "AND") segments.push([]);
            segments[segments.length - 1].push(p);
          });
          return simplifyAnd(
            segments.map((segment) => {
              const texts = segment.filter((p) => p.op === "text");
              const rest = segment.filter((p) => p.op !== "text");
              return simplifyAnd([...(texts.length ? [or(texts)] : []), ...rest]);
            }),
          );
        }
        return simplifyAnd(parts);
      }
      case "or":
        return or(node.children.map((c) => walk(c, inGroup, false)));
      case "not":
        // `NOT no:label` is `-no:label` in other words.
        if (node.child.type === "qualifier" && findQualifier(spec, node.child.name)?.negatable === false) refuseNegation(node.child);
        return not(walk(node.child, inGroup, false));
      case "group":
        return walk(node.child, true, false);
    }
  };

  const root = walk(tree, false, true);
  const parts: Match[] = [root];
  if (scopes.length) parts.push(or(scopes));
  parts.push(...(spec.defaults?.(ctx, qualifiers) ?? []));
  // Words with nothing searchable and no qualifier: as empty as an empty query, not a match of everything.
  if (hasText && !hasSearchableText && qualifiers.size === 0) fail("The search query must not be empty.", tree.span);
  if (spec.requiresTerm && !hasText && spec.requiresTerm(qualifiers)) {
    fail("The search must include at least one keyword: a query of qualifiers only is not accepted here.", tree.span);
  }
  return { match: simplifyAnd(parts), sort, hasText, qualifiers };
}

/**
 * What a positive qualifier's side-by-side repeats are grouped under to form a union: its name
 * when it unions by rule, the field it tests when records hold one value of it; else undefined.
 */
function unionKey(spec: KindSpec<RecordLike>, node: QueryNode): string | undefined {
  if (node.type !== "qualifier" || node.negated) return undefined;
  const q = findQualifier(spec, node.name);
  if (!q) return undefined;
  if (q.repeats === "or") return `qualifier:${q.name}`;
  const field = typeof q.oneValue === "function" ? q.oneValue(node.raw) : q.oneValue;
  return field === undefined ? undefined : `field:${field}`;
}

/** `sort:` orders the results, unless the kind has a `sort` qualifier or takes no in-query sort. */
function isInQuerySort(spec: KindSpec<RecordLike>, name: string): boolean {
  return name === "sort" && spec.inQuerySort !== false && !findQualifier(spec, "sort");
}

function simplifyAnd(parts: Match[]): Match {
  const kept = parts.filter((p) => p.op !== "all");
  if (kept.some((p) => p.op === "none")) return kept.find((p) => p.op === "none")!;
  if (!kept.length) return ALL;
  return and(kept.flatMap((p) => (p.op === "and" ? p.children : [p])));
}

function parseInQuerySort(node: QualifierNode, spec: KindSpec<RecordLike>): InQuerySort | undefined {
  const m = /^([\s\S]*?)(?:-(asc|desc))?$/.exec(node.raw.toLowerCase())!;
  const field = m[1];
  const order = (m[2] as "asc" | "desc" | undefined) ?? "desc";
  if (field === "relevance" || field === "best-match") return undefined;
  if (!Object.prototype.hasOwnProperty.call(spec.sorts, field)) {
    fail(`"${node.raw}" is not a valid sort: use one of ${["relevance", ...Object.keys(spec.sorts)].join(", ")}`, node.span);
  }
  return { field, order };
}

export { none };
