/** Evaluation of rankings: query sets, judgments, runs, measures and significance. */
export { compareRuns, evaluate, runQueries, DEFAULT_DEPTH, type Evaluation, type EvaluateOptions, type SystemResult, type Searcher } from "./evaluate.js";
export { MEASURES, MEASURE_NAMES, measure, meanOf, ndcgAt, type Measure, type Measures } from "./metrics.js";
export { pairedTest, pairedT, randomization, studentTwoSided, type SignificanceTest } from "./significance.js";
export { EvalFormatError, docno, formatQrels, formatRun, keyOfDocno, parseQrels, parseQueries, parseRun, trecOrder, type EvalQuery, type Qrels, type Run, type RunEntry } from "./trec.js";
export { formatEvaluation } from "./report.js";
