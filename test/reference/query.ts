/**
 * Queries as small structured objects, rendered to query text by hand, so that
 * the reference evaluator never depends on the engine's parser: the oracle
 * reads the object, the engine reads the rendered text.
 *
 * Rendering is faithful only for well-formed trees: an `or` inside an `and`
 * must sit in a `group`, a `not` of the `-` form wraps a term, phrase or group,
 * and terms never contain spaces, quotes, parentheses or a `name:` prefix.
 * The arbitraries build only such trees.
 */

export type Query =
  | { type: "term"; text: string }
  | { type: "phrase"; text: string }
  /**
   * `name:value`; `value` is the text as written without quotes (a list keeps
   * its commas). `quoted`: the whole value in quotes (true), or each item of a
   * comma list ("items": `label:"bug","help wanted"`).
   */
  | { type: "qualifier"; name: string; value: string; negated?: boolean; quoted?: boolean | "items" }
  /** Parts joined by whitespace, or by the word AND where `explicit[i]` is true (between parts i and i + 1). */
  | { type: "and"; parts: Query[]; explicit?: boolean[] }
  | { type: "or"; parts: Query[] }
  /** `NOT x` or `-x`. */
  | { type: "not"; part: Query; form: "NOT" | "-" }
  | { type: "group"; part: Query };

export const term = (text: string): Query => ({ type: "term", text });
export const phrase = (text: string): Query => ({ type: "phrase", text });
export const qualifier = (name: string, value: string, options: { negated?: boolean; quoted?: boolean | "items" } = {}): Query => ({
  type: "qualifier",
  name,
  value,
  ...options,
});
export const and = (...parts: Query[]): Query => ({ type: "and", parts });
export const or = (...parts: Query[]): Query => ({ type: "or", parts });
export const not = (part: Query, form: "NOT" | "-" = "NOT"): Query => ({ type: "not", part, form });
export const group = (part: Query): Query => ({ type: "group", part });

export function render(q: Query): string {
  switch (q.type) {
    case "term":
      return q.text;
    case "phrase":
      return `"${q.text}"`;
    case "qualifier":
      return `${q.negated ? "-" : ""}${q.name}:${renderValue(q.value, q.quoted)}`;
    case "and":
      return q.parts.map((p, i) => (i === 0 ? "" : q.explicit?.[i - 1] ? " AND " : " ") + render(p)).join("");
    case "or":
      return q.parts.map(render).join(" OR ");
    case "not":
      return q.form === "NOT" ? `NOT ${render(q.part)}` : `-${render(q.part)}`;
    case "group":
      return `(${render(q.part)})`;
  }
}

function renderValue(value: string, quoted: boolean | "items" | undefined): string {
  if (quoted === "items") return value.split(",").map((item) => `"${item}"`).join(",");
  return quoted ? `"${value}"` : value;
}

function children(q: Query): Query[] {
  switch (q.type) {
    case "and":
    case "or":
      return q.parts;
    case "not":
    case "group":
      return [q.part];
    default:
      return [];
  }
}

/** The operator words AND, OR and NOT the query contains (the reference's five-operator limit). */
export function operatorCount(q: Query): number {
  const own =
    q.type === "or" ? q.parts.length - 1 : q.type === "and" ? (q.explicit ?? []).filter(Boolean).length : q.type === "not" && q.form === "NOT" ? 1 : 0;
  return own + children(q).reduce((n, c) => n + operatorCount(c), 0);
}

/** Deepest nesting of parentheses. */
export function groupDepth(q: Query): number {
  const below = Math.max(0, ...children(q).map(groupDepth));
  return q.type === "group" ? below + 1 : below;
}

/**
 * Length of the keyword text, as the reference suggests counting it: keywords
 * and phrases only (a phrase without its quotes, an excluded `-word` with its
 * `-`), one separator between consecutive parts; qualifiers, operator words
 * and parentheses do not count.
 */
export function keywordLength(q: Query): number {
  const parts: number[] = [];
  const visit = (node: Query, excluded: boolean): void => {
    if (node.type === "term" || node.type === "phrase") parts.push(node.text.length + (excluded ? 1 : 0));
    else for (const c of children(node)) visit(c, node.type === "not" && node.form === "-");
  };
  visit(q, false);
  return parts.reduce((a, b) => a + b, 0) + Math.max(0, parts.length - 1);
}

/** Every qualifier of the query, wherever it stands. */
export function qualifierNodes(q: Query): Array<Extract<Query, { type: "qualifier" }>> {
  if (q.type === "qualifier") return [q];
  return children(q).flatMap(qualifierNodes);
}
