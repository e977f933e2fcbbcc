/**
 * The reference evaluator: for a structured query, a caller and a dataset, the
 * exact set of matching records, decided by a linear scan over the plain
 * records. No index, no score, and no code shared with the engine: its rules
 * come from the reference (query-syntax.md, qualifiers.md) and the interface
 * specification, and, where those are silent, from the engine's documented
 * choices, restated here as rules:
 *
 * - Whitespace and AND mean all parts must hold; OR any; NOT and `-` exclude.
 * - A keyword or phrase must occur, as consecutive words, in one value of one
 *   of the searched fields (the kind's default fields, or those `in:` names
 *   anywhere in the query). A keyword with no word in it (`!!`) constrains
 *   nothing; a query of such keywords and no qualifier is as empty as an
 *   empty query (422).
 * - Code reads a value's words also by their identifier parts, and the words
 *   of a bare code keyword each on their own (text.ts).
 * - A `name:value` the kind does not know is a phrase of its words.
 * - A kind may give a bare keyword a second meaning (issues: a commit SHA
 *   prefix) and rules on the whole query (kind.ts `term`, `check`).
 * - repo:/user:/org: at the top level, not negated, form one union; they must
 *   name something that exists and the caller can see (422), and may not
 *   appear inside parentheses (422).
 * - The query limits: at most 5 operators, 5 levels of parentheses, 256
 *   characters of keyword text (422).
 * - `sort:` in the query orders results and filters nothing; an unknown sort
 *   field is a 422 (code search has no in-query sort: there it is a keyword).
 * - Positive repeats of a qualifier that unions (`involves:a involves:b`),
 *   joined by whitespace, are alternatives; an explicit AND still joins. So
 *   are positive repeats on a field each record holds one value of (license,
 *   state, visibility, a repository's language, …): AND could never match.
 * - A qualifier that may not be excluded (`no:`) is a 422 under `-` or `NOT`.
 * - A kind that needs a preview media type answers 415 without it, before
 *   anything else.
 */
import type { Caller } from "./access.js";
import type { Dataset } from "./dataset.js";
import type { OracleContext, OracleKind, Predicate, QualifierRule } from "./kind.js";
import { oracleKind, type OracleKindName } from "./kinds/index.js";
import { groupDepth, keywordLength, operatorCount, qualifierNodes, type Query } from "./query.js";
import { containsCodeRun, containsRun, words } from "./text.js";
import { reject, Rejected } from "./values.js";

export const LIMITS = { operators: 5, depth: 5, keywordLength: 256 } as const;

export interface OracleRequest {
  query: Query;
  caller?: Caller;
  /** Label search: the repository whose labels are searched. */
  repositoryId?: number;
  /** The Accept header. */
  accept?: string;
}

export type Outcome = { status: 200; keys: Set<string> } | { status: 404 | 415 | 422; reason: string };

type QualifierNode = Extract<Query, { type: "qualifier" }>;

const ALWAYS: Predicate<unknown> = () => true;

function contextFor(data: Dataset, request: OracleRequest): OracleContext {
  return {
    data,
    caller: request.caller,
    scopes: [],
    login(value) {
      if (value.trim().toLowerCase() !== "@me") return value.trim();
      return request.caller?.login ?? reject("@me needs a caller");
    },
  };
}

/** The parts joined at the top level of the query. */
const topLevel = (q: Query): Query[] => (q.type === "and" ? q.parts : [q]);

function ruleFor<R>(kind: OracleKind<R>, name: string): QualifierRule<R> | undefined {
  const lowered = name.toLowerCase();
  if (Object.prototype.hasOwnProperty.call(kind.qualifiers, lowered)) return kind.qualifiers[lowered];
  const prefixed = kind.prefixQualifiers?.find((p) => lowered.startsWith(p.prefix));
  return prefixed?.rule(lowered);
}

/** `sort:` and `in:` are options of the whole query, not conditions. */
function isOption<R>(kind: OracleKind<R>, name: string): "sort" | "in" | undefined {
  const lowered = name.toLowerCase();
  if (lowered === "sort" && kind.inQuerySort !== false && !ruleFor(kind, "sort")) return "sort";
  if (lowered === "in" && kind.inValues) return "in";
  return undefined;
}

/** The fields keywords search: those every `in:` of the query names, together; else the defaults. */
function searchedFields<R>(kind: OracleKind<R>, q: Query): string[] {
  const chosen = new Set<string>();
  for (const node of qualifierNodes(q)) {
    if (isOption(kind, node.name) !== "in") continue;
    if (node.negated) reject("in: cannot be negated");
    for (const value of node.quoted === true ? [node.value] : node.value.split(",")) {
      const fields = kind.inValues![value.trim().toLowerCase()] ?? reject(`"${value}" is not an in: value`);
      fields.forEach((f) => chosen.add(f));
    }
  }
  return chosen.size ? [...chosen] : kind.defaultFields;
}

function checkSort<R>(kind: OracleKind<R>, value: string): void {
  const field = /^(.*?)(?:-(?:asc|desc))?$/.exec(value.toLowerCase())![1];
  if (field !== "relevance" && !Object.prototype.hasOwnProperty.call(kind.sorts, field)) reject(`"${value}" is not a sort`);
}

/**
 * Whether an Accept header asks for the preview: one of its media types is
 * `application/vnd.github.<preview>`, with or without `+json`.
 */
export function acceptsPreview(accept: string | undefined, preview: string): boolean {
  const wanted = [`application/vnd.github.${preview}`, `application/vnd.github.${preview}+json`];
  return (accept ?? "").split(",").some((entry) => wanted.includes(entry.split(";")[0].trim().toLowerCase()));
}

/** The Accept header a kind is searched with: its preview media type, if it needs one. */
export function acceptFor(kindName: OracleKindName): string | undefined {
  const preview = oracleKind(kindName).preview;
  return preview ? `application/vnd.github.${preview}+json` : undefined;
}

export function evaluate(kindName: OracleKindName, data: Dataset, request: OracleRequest): Outcome {
  const kind = oracleKind(kindName);
  const ctx = contextFor(data, request);
  try {
    if (kind.preview && !acceptsPreview(request.accept, kind.preview)) reject(`the ${kind.preview} media type is required`, 415);
    const universe = kind.records(ctx, { repositoryId: request.repositoryId });
    const query = request.query;
    if (operatorCount(query) > LIMITS.operators) reject("too many operators");
    if (groupDepth(query) > LIMITS.depth) reject("parentheses nested too deeply");
    if (keywordLength(query) > LIMITS.keywordLength) reject("query too long");
    kind.check?.(query, ctx, kind);

    const fields = searchedFields(kind, query);
    const present = new Set<string>();
    const scopes: Array<Predicate<unknown>> = [];
    for (const part of topLevel(query)) {
      if (part.type !== "qualifier" || part.negated || !ruleFor(kind, part.name)?.scope) continue;
      const name = part.name.toLowerCase();
      ctx.scopes.push({ name, value: (name === "repo" ? part.value.trim() : ctx.login(part.value)).toLowerCase() });
    }

    const all = (ps: Array<Predicate<unknown>>): Predicate<unknown> => (r) => ps.every((p) => p(r));
    const any = (ps: Array<Predicate<unknown>>): Predicate<unknown> => (r) => ps.some((p) => p(r));

    const found = (wanted: string[]) =>
      kind.textReading === "code"
        ? (value: string | null | undefined) => containsCodeRun(value, wanted)
        : (value: string | null | undefined) => containsRun(words(value), wanted);
    const inSomeField = (wanted: string[]): Predicate<unknown> => {
      const inValue = found(wanted);
      return (r) => fields.some((f) => (kind.fields[f]?.(r, ctx) ?? []).some(inValue));
    };
    /** Whether the query has keywords, and whether any of them has a word. */
    const keywords = { seen: false, wordy: false };
    /** A phrase, or a bare keyword outside code: its words as one run. A bare keyword in code: each word on its own. */
    const text = (source: string, phrase: boolean): Predicate<unknown> => {
      const wanted = words(source);
      keywords.seen = true;
      if (!wanted.length) return ALWAYS;
      keywords.wordy = true;
      if (phrase || kind.textReading !== "code") return inSomeField(wanted);
      return all(wanted.map((w) => inSomeField([w])));
    };

    const qualifier = (node: QualifierNode, top: boolean, inGroup: boolean): Predicate<unknown> => {
      const option = isOption(kind, node.name);
      if (option === "sort") checkSort(kind, node.value);
      if (option) return ALWAYS;
      const rule = ruleFor(kind, node.name);
      if (!rule) {
        const asText = text(`${node.name}:${node.value}`, true);
        return node.negated ? (r) => !asText(r) : asText;
      }
      if (rule.scope && inGroup) reject(`${node.name}: inside parentheses`);
      if (node.negated && rule.negatable === false) reject(`${node.name}: cannot be excluded`);
      present.add(node.name.toLowerCase());
      const test = rule.build(node.value, ctx, node.quoted === true ? [node.value] : node.value.split(","));
      if (node.negated) return (r) => !test(r);
      if (top && rule.scope) {
        scopes.push(test);
        return ALWAYS;
      }
      return test;
    };

    /** A positive keyword, in parentheses or not (`(a)` is `a`): what label search joins with OR. */
    const isKeyword = (node: Query): boolean =>
      node.type === "group"
        ? isKeyword(node.part)
        : node.type === "term" || node.type === "phrase" || (node.type === "qualifier" && !node.negated && !isOption(kind, node.name) && !ruleFor(kind, node.name));

    /** A positive qualifier whose repeats are alternatives: its name, or the one-value field it tests, for grouping. */
    const unionName = (node: Query): string | undefined => {
      if (node.type !== "qualifier" || node.negated) return undefined;
      const rule = ruleFor(kind, node.name);
      if (rule?.repeats === "or") return `name ${node.name.toLowerCase()}`;
      const field = typeof rule?.oneValue === "function" ? rule.oneValue(node.value.trim().toLowerCase()) : rule?.oneValue;
      return field === undefined ? undefined : `field ${field}`;
    };

    /** The runs of a conjunction's parts joined by whitespace (an explicit AND starts a new run), as part indices. */
    const segmentsOf = (node: Extract<Query, { type: "and" }>): number[][] => {
      const segments: number[][] = [[]];
      node.parts.forEach((_, i) => {
        if (i > 0 && node.explicit?.[i - 1]) segments.push([]);
        segments[segments.length - 1].push(i);
      });
      return segments;
    };

    /**
     * One run of whitespace-joined parts: the repeats of a union qualifier are
     * one alternative; label search also makes its keywords one alternative.
     */
    const run = (nodes: Query[], parts: Array<Predicate<unknown>>, keywordsAnyOf: boolean): Predicate<unknown> => {
      const unions = new Map<string, Array<Predicate<unknown>>>();
      const keywords: Array<Predicate<unknown>> = [];
      const rest: Array<Predicate<unknown>> = [];
      nodes.forEach((n, i) => {
        const name = unionName(n);
        if (name) unions.set(name, [...(unions.get(name) ?? []), parts[i]]);
        else if (keywordsAnyOf && isKeyword(n)) keywords.push(parts[i]);
        else rest.push(parts[i]);
      });
      return all([...rest, ...(keywords.length ? [any(keywords)] : []), ...[...unions.values()].map(any)]);
    };

    const compile = (node: Query, top: boolean, inGroup: boolean): Predicate<unknown> => {
      switch (node.type) {
        case "term": {
          if (node.text.toLowerCase() === "@me") reject("@me is not a keyword");
          const asText = text(node.text, false);
          return kind.term ? kind.term(node.text, asText, ctx) : asText;
        }
        case "phrase":
          return text(node.text, true);
        case "qualifier":
          return qualifier(node, top, inGroup);
        case "and": {
          const parts = node.parts.map((p) => compile(p, top, inGroup));
          // Label search: top-level keywords joined by whitespace are alternatives.
          const keywordsAnyOf = top && kind.keywordsCombine === "or";
          return all(segmentsOf(node).map((segment) => run(segment.map((i) => node.parts[i]), segment.map((i) => parts[i]), keywordsAnyOf)));
        }
        case "or":
          return any(node.parts.map((p) => compile(p, false, inGroup)));
        case "not": {
          if (node.part.type === "qualifier" && ruleFor(kind, node.part.name)?.negatable === false) reject(`${node.part.name}: cannot be excluded`);
          const inner = compile(node.part, false, inGroup);
          return (r) => !inner(r);
        }
        case "group":
          return compile(node.part, false, true);
      }
    };

    const root = compile(query, true, false);
    if (keywords.seen && !keywords.wordy && present.size === 0) reject("keywords with no word in them, and no qualifier: an empty query");
    const defaults = kind.defaults?.(present, ctx) ?? [];
    const keys = new Set<string>();
    for (const r of universe) {
      // The cheap tests first: a file too large to search is never read.
      if (!defaults.every((d) => d(r))) continue;
      if (kind.visible && !kind.visible(r, ctx)) continue;
      if (scopes.length && !scopes.some((s) => s(r))) continue;
      if (!root(r)) continue;
      keys.add(kind.key(r));
    }
    return { status: 200, keys };
  } catch (err) {
    if (err instanceof Rejected) return { status: err.status, reason: err.message };
    throw err;
  }
}

/** A record's value for a sort field, as the reference reads it (undefined: missing, sorts last). */
export function sortValue(
  kindName: OracleKindName,
  data: Dataset,
  scope: Omit<OracleRequest, "query">,
  key: string,
  field: string,
): number | undefined {
  const kind = oracleKind(kindName);
  const ctx = contextFor(data, { ...scope, query: { type: "term", text: "" } });
  const record = kind.records(ctx, { repositoryId: scope.repositoryId }).find((r) => kind.key(r) === key);
  return record === undefined ? undefined : kind.sorts[field](record, ctx);
}

/** The records of a kind with the given keys, to show in a failure message. */
export function recordsWithKeys(kindName: OracleKindName, data: Dataset, scope: Omit<OracleRequest, "query">, keys: ReadonlySet<string>): unknown[] {
  const kind = oracleKind(kindName);
  const ctx = contextFor(data, { ...scope, query: { type: "term", text: "" } });
  try {
    return kind.records(ctx, { repositoryId: scope.repositoryId }).filter((r) => keys.has(kind.key(r)));
  } catch {
    return [];
  }
}

/** The key the reference gives the record an engine result item stands for. */
export function itemKey(kindName: OracleKindName, item: Record<string, unknown>): string {
  return oracleKind(kindName).itemKey(item);
}
