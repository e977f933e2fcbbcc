/**
 * Syntax tree → text. `printQuery` writes query text back (canonical form:
 * single spaces, quotes where the tree says a value was quoted);
 * `formatTree` writes a compact S-expression for tests and diagnostics.
 *
 * Both expect trees of the shapes the parser builds (for instance, a term's
 * text is one bare word); spans are ignored.
 */
import type { QualifierNode, QualifierValue, QueryNode, TextValue } from "./ast.js";

/**
 * Query text for a tree: `printQuery(parseQuery(q)) === q` for canonical
 * queries, and `parseQuery(printQuery(t))` rebuilds `t` up to spans.
 * Quotes around a comparison or range (`stars:"*..10"`) are not kept: the
 * tree does not record them and they do not change the meaning.
 */
export function printQuery(node: QueryNode): string {
  switch (node.type) {
    case "term":
      return node.text;
    case "phrase":
      return `"${node.text}"`;
    case "qualifier":
      return `${node.negated ? "-" : ""}${node.rawName}:${printQualifierValue(node)}`;
    case "and":
      return node.children.map((child, i) => (i === 0 ? "" : node.joins[i - 1] === "AND" ? " AND " : " ") + printQuery(child)).join("");
    case "or":
      return node.children.map(printQuery).join(" OR ");
    case "not":
      return (node.keyword ? "NOT " : "-") + printQuery(node.child);
    case "group":
      return `(${printQuery(node.child)})`;
    case "empty":
      return "";
  }
}

/**
 * A qualifier's value as written after the colon. `fullname:` reads bare words as text only, so a
 * comparison or range there must keep the quotes that made it one.
 */
function printQualifierValue(node: QualifierNode): string {
  const { value } = node;
  if (node.name === "fullname" && (value.type === "compare" || value.type === "range")) return `"${valueText(value)}"`;
  return printValue(value);
}

/** A qualifier value as written after the colon. */
function printValue(value: QualifierValue): string {
  switch (value.type) {
    case "text":
      return value.quoted ? `"${value.text}"` : value.text;
    case "list":
      return value.items.map(printValue).join(",");
    default:
      return valueText(value);
  }
}

/**
 * A value's text without quotes, list items joined by commas: what the parser
 * stores as a qualifier's `raw`.
 */
export function valueText(value: QualifierValue): string {
  switch (value.type) {
    case "text":
      return value.text;
    case "list":
      return value.items.map((item) => item.text).join(",");
    case "compare":
      return value.op + value.operand;
    case "range":
      return `${value.low ?? "*"}..${value.high ?? "*"}`;
  }
}

/**
 * Compact S-expression of a tree:
 *
 * | node                  | printed as                                      |
 * |-----------------------|-------------------------------------------------|
 * | term                  | `cats`; `(term "x(y")` if it holds ( ) [ ] " or whitespace |
 * | phrase                | `"hello world"` (JSON string)                   |
 * | qualifier             | `name:VALUE`, `-name:VALUE` when negated (name lower-cased) |
 * | text value            | as written; quoted → JSON string; `(bare "nat friedman")` when it holds whitespace, ( ) [ ] " , or looks like a comparison or range |
 * | list value            | `[bug,"help wanted"]`                           |
 * | comparison / range    | `>10`, `1..5`, `*..10`                          |
 * | and                   | `(and a b)`; an explicit `AND` join is shown between its children: `(and a AND b)` |
 * | or                    | `(or a b)`                                      |
 * | not                   | `(not x)` for `NOT x`, `(- x)` for `-x`         |
 * | group / empty         | `(group x)`, `(empty)`                          |
 *
 * Example: `a b OR NOT c label:bug,wip stars:>10 -stars:1..5` →
 * `(or (and a b) (and (not c) label:[bug,wip] stars:>10 -stars:1..5))`.
 */
export function formatTree(node: QueryNode): string {
  switch (node.type) {
    case "term":
      return needsEscape(node.text) ? `(term ${JSON.stringify(node.text)})` : node.text;
    case "phrase":
      return JSON.stringify(node.text);
    case "qualifier":
      return formatQualifier(node);
    case "and":
      return `(and ${node.children.map((child, i) => (i > 0 && node.joins[i - 1] === "AND" ? "AND " : "") + formatTree(child)).join(" ")})`;
    case "or":
      return `(or ${node.children.map(formatTree).join(" ")})`;
    case "not":
      return `(${node.keyword ? "not" : "-"} ${formatTree(node.child)})`;
    case "group":
      return `(group ${formatTree(node.child)})`;
    case "empty":
      return "(empty)";
  }
}

function formatQualifier(node: QualifierNode): string {
  const value = node.value;
  const shown =
    value.type === "text" ? formatText(value) : value.type === "list" ? `[${value.items.map(formatText).join(",")}]` : valueText(value);
  return `${node.negated ? "-" : ""}${node.name}:${shown}`;
}

function formatText(value: TextValue): string {
  if (value.quoted) return JSON.stringify(value.text);
  return needsEscape(value.text) || /,|^[<>]|\.\./.test(value.text) ? `(bare ${JSON.stringify(value.text)})` : value.text;
}

function needsEscape(text: string): boolean {
  return /[\s()[\]"]/.test(text);
}
