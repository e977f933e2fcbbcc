export type * from "./ast.js";
export { parseQuery } from "./parse.js";
export { formatTree, printQuery, printValue, valueText } from "./print.js";
export { childrenOf, collectQualifiers, countOperators, groupDepth, keywordLength, walk } from "./measure.js";
