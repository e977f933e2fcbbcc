/**
 * The logical query printed on one line, in the notation the plan's descriptions use: `(and …)`,
 * `(or …)`, `(not …)`, `column=a|b`, `column^=prefix`, `column:[low..high]`, `column:*`, and text as
 * `word@field|field` or `"a phrase"@field|field`. Goldens and tests compare this form.
 */
import type { Match } from "./match.js";

export function printMatch(match: Match): string {
  switch (match.op) {
    case "all":
      return "all";
    case "none":
      return `none(${match.reason})`;
    case "and":
    case "or":
      return `(${match.op} ${match.children.map(printMatch).join(" ")})`;
    case "not":
      return `(not ${printMatch(match.child)})`;
    case "text":
      return `${match.phrase ? JSON.stringify(match.text) : match.text}@${match.fields.join("|")}`;
    case "keyword":
      return `${match.column}=${match.values.join("|")}`;
    case "prefix":
      return `${match.column}^=${match.prefix}`;
    case "range":
      return `${match.column}:[${bound(match.low)}..${bound(match.high)}]`;
    case "exists":
      return `${match.column}:*`;
  }
}

function bound(n: number): string {
  return Number.isFinite(n) ? String(n) : "*";
}
