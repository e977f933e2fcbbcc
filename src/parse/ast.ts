/**
 * The syntax tree of a search query: what the text says, with no knowledge of
 * resource kinds, qualifiers' meanings or indexes. Every node carries the span
 * of source text it came from, so that later stages can name the offending part.
 */

/** Half-open range [start, end) of UTF-16 offsets into the query text. */
export interface Span {
  start: number;
  end: number;
}

/** A bare word: `cats`, `-world` is a NotNode around a TermNode. */
export interface TermNode {
  type: "term";
  text: string;
  span: Span;
}

/** Text in double quotes, without the quotes: `"hello world"`. */
export interface PhraseNode {
  type: "phrase";
  text: string;
  span: Span;
}

/** One value of a qualifier, as written (quotes removed). */
export interface TextValue {
  type: "text";
  text: string;
  quoted: boolean;
  span: Span;
}

/** `a,b` or `"a","b"`: a comma list (quoted parts may mix with bare ones). */
export interface ListValue {
  type: "list";
  items: TextValue[];
  span: Span;
}

/** `>n`, `>=n`, `<n`, `<=n` over a number, date or date-time operand. */
export interface CompareValue {
  type: "compare";
  op: ">" | ">=" | "<" | "<=";
  operand: string;
  span: Span;
}

/** `a..b`, `a..*`, `*..b`: both ends included; null stands for `*`. */
export interface RangeValue {
  type: "range";
  low: string | null;
  high: string | null;
  span: Span;
}

export type QualifierValue = TextValue | ListValue | CompareValue | RangeValue;

/**
 * `name:value`. `name` is lower-cased; `rawName` is as written. `negated` is the
 * `-` prefix only (`NOT name:value` is a NotNode around the qualifier).
 * `raw` is the value's source text with surrounding quotes removed, for
 * qualifiers whose value is plain text whatever it looks like (`label:>x`, `a,b`).
 */
export interface QualifierNode {
  type: "qualifier";
  name: string;
  rawName: string;
  negated: boolean;
  value: QualifierValue;
  raw: string;
  span: Span;
}

/**
 * Children joined by whitespace (implicit AND) or the word `AND`;
 * `joins[i]` is what stood between children i and i + 1.
 */
export interface AndNode {
  type: "and";
  children: QueryNode[];
  joins: Array<" " | "AND">;
  span: Span;
}

/** `a OR b OR c`: one node, children.length - 1 `OR` words. */
export interface OrNode {
  type: "or";
  children: QueryNode[];
  span: Span;
}

/** `NOT x` (keyword: true) or `-word` (keyword: false). */
export interface NotNode {
  type: "not";
  child: QueryNode;
  keyword: boolean;
  span: Span;
}

/** `( ... )`: kept in the tree so that nesting depth and group rules can be checked. */
export interface GroupNode {
  type: "group";
  child: QueryNode;
  span: Span;
}

/** The empty query (only whitespace). */
export interface EmptyNode {
  type: "empty";
  span: Span;
}

export type QueryNode =
  | TermNode
  | PhraseNode
  | QualifierNode
  | AndNode
  | OrNode
  | NotNode
  | GroupNode
  | EmptyNode;
