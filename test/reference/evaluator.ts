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
 *   nothing.
 * - A `name:value` the kind does not know is a phrase of its words.
 * - repo:/user:/org: at the top level, not negated, form one union; they must
 *   name something that exists and the caller can see (422), and may not
 *   appear inside parentheses (422).
 * - The query limits: at most 5 operators, 5 levels of parentheses, 256
 *   characters of keyword text (422).
 * - `sort:` in the query orders results and filters nothing; an unknown sort
 *   field is a 422.
 */
import type { Caller } from "./access.js";
import type { Dataset } from "./dataset.js";
import type { OracleContext, OracleKind, Predicate, QualifierRule } from "./kind.js";
import { oracleKind, type OracleKindName } from "./kinds/index.js";
import { groupDepth, keywordLength, operatorCount, type Query } from "./query.js";
import { containsRun, words } from "./text.js";
import { reject, Rejected } from "./values.js";

export const LIMITS = { operators: 5, depth: 5, keywordLength: 256 } as const;

export interface OracleRequest {
  query: Query;
  caller?: Caller;
  /** Label search: the repository whose labels are searched. */
  repositoryId?: number;
}

export type Outcome = { status: 200; keys: Set<string> } | { status: 404 | 422; reason: string };

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

function qualifierNodes(q: Query): QualifierNode[] {
  switch (q.type) {
    case "qualifier":
      return [q];
    case "and":
    case "or":
      return q.parts.flatMap(qualifierNodes);
    case "not":
    case "group":
      return qualifierNodes(q.part);
    default:
      return [];
  }
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
  if (lowered === "sort" && !ruleFor(kind, "sort")) return "sort";
  if (lowered === "in" && kind.inValues) return "in";
  return undefined;
}

/** The fields keywords search: those every `in:` of the query names, together; else the defaults. */
function searchedFields<R>(kind: OracleKind<R>, q: Query): string[] {
  const chosen = new Set<string>();
  for (const node of qualifierNodes(q)) {
    if (isOption(kind, node.name) !== "in") continue;
    if (node.negated) reject("in: cannot be negated");
    for (const value of node.quoted ? [node.value] : node.value.split(",")) {
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

export function evaluate(kindName: OracleKindName, data: Dataset, request: OracleRequest): Outcome {
  const kind = oracleKind(kindName);
  const ctx = contextFor(data, request);
  try {
    const universe = kind.records(ctx, { repositoryId: request.repositoryId });
    const query = request.query;
    if (operatorCount(query) > LIMITS.operators) reject("too many operators");
    if (groupDepth(query) > LIMITS.depth) reject("parentheses nested too deeply");
    if (keywordLength(query) > LIMITS.keywordLength) reject("query too long");

    const fields = searchedFields(kind, query);
    const present = new Set<string>();
    const scopes: Array<Predicate<unknown>> = [];
    for (const part of topLevel(query)) {
      if (part.type !== "qualifier" || part.negated || !ruleFor(kind, part.name)?.scope) continue;
      const name = part.name.toLowerCase();
      ctx.scopes.push({ name, value: (name === "repo" ? part.value.trim() : ctx.login(part.value)).toLowerCase() });
    }

    const text = (source: string): Predicate<unknown> => {
      const wanted = words(source);
      if (!wanted.length) return ALWAYS;
      return (r) => fields.some((f) => (kind.fields[f]?.(r, ctx) ?? []).some((value) => containsRun(words(value), wanted)));
    };

    const qualifier = (node: QualifierNode, top: boolean, inGroup: boolean): Predicate<unknown> => {
      const option = isOption(kind, node.name);
      if (option === "sort") checkSort(kind, node.value);
      if (option) return ALWAYS;
      const rule = ruleFor(kind, node.name);
      if (!rule) {
        const asText = text(`${node.name}:${node.value}`);
        return node.negated ? (r) => !asText(r) : asText;
      }
      if (rule.scope && inGroup) reject(`${node.name}: inside parentheses`);
      present.add(node.name.toLowerCase());
      const test = rule.build(node.value, ctx);
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

    const all = (ps: Array<Predicate<unknown>>): Predicate<unknown> => (r) => ps.every((p) => p(r));
    const any = (ps: Array<Predicate<unknown>>): Predicate<unknown> => (r) => ps.some((p) => p(r));

    const compile = (node: Query, top: boolean, inGroup: boolean): Predicate<unknown> => {
      switch (node.type) {
        case "term":
          if (node.text.toLowerCase() === "@me") reject("@me is not a keyword");
          return text(node.text);
        case "phrase":
          return text(node.text);
        case "qualifier":
          return qualifier(node, top, inGroup);
        case "and": {
          const parts = node.parts.map((p) => compile(p, top, inGroup));
          if (!(top && kind.keywordsCombine === "or")) return all(parts);
          // Label search: keywords joined by whitespace are alternatives; an explicit AND still joins.
          const segments: number[][] = [[]];
          node.parts.forEach((_, i) => {
            if (i > 0 && node.explicit?.[i - 1]) segments.push([]);
            segments[segments.length - 1].push(i);
          });
          return all(
            segments.map((segment) => {
              const keywords = segment.filter((i) => isKeyword(node.parts[i])).map((i) => parts[i]);
              const rest = segment.filter((i) => !isKeyword(node.parts[i])).map((i) => parts[i]);
              return all([...(keywords.length ? [any(keywords)] : []), ...rest]);
            }),
          );
        }
        case "or":
          return any(node.parts.map((p) => compile(p, false, inGroup)));
        case "not": {
          const inner = compile(node.part, false, inGroup);
          return (r) => !inner(r);
        }
        case "group":
          return compile(node.part, false, true);
      }
    };

    const root = compile(query, true, false);
    const defaults = kind.defaults?.(present) ?? [];
    const keys = new Set<string>();
    for (const r of universe) {
      if (!root(r)) continue;
      if (scopes.length && !scopes.some((s) => s(r))) continue;
      if (!defaults.every((d) => d(r))) continue;
      if (kind.visible && !kind.visible(r, ctx)) continue;
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
