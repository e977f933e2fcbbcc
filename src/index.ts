/** forgesearch: the hosting site's REST search API, in-process. */
export { SearchEngine, MAX_RECORD_DEPTH, type EngineLogger, type LoadOptions, type OpenOptions, type SearchEngineOptions } from "./engine.js";
export { SearchError, QueryError, UsageError, type ErrorBody } from "./errors.js";
export { parseQuery, MAX_QUERY_BYTES } from "./parse/parse.js";
export { RankingError, defaultRanking, resolveRanking, type KindRanking, type KindRankingOptions, type Ranking, type RankingOptions } from "./score/ranking-config.js";
export type { ScoreExplanation } from "./score/score.js";
export { printQuery, formatTree } from "./parse/print.js";
export type { QueryNode } from "./parse/ast.js";
export type { Caller, Envelope, HttpRequest, HttpResponse, SearchOptions, SearchParams, TextMatch } from "./types.js";
export type { DumpKind, SearchKind } from "./kinds/types.js";
export { MAX_LINE_BYTES, MAX_PROBLEMS, type LoadProblem, type LoadProblemCode, type LoadReport } from "./load/index.js";
export type { SearchAllOptions } from "./search-all.js";
export { SavedIndexError, type SavedIndexProblem, type SaveReport } from "./persist/index.js";
export { serve, type RequestHandler, type ServeOptions, type RunningServer } from "./http/server.js";
export { anonymousAuthenticate, developmentAuthenticate, insecureLoginAuthenticate, tokenAuthenticator, type Authenticate } from "./http/auth.js";
export { importGit, type ImportGitOptions, type ImportGitReport } from "./import/index.js";
export { importGharchive, GharchiveInputError, type ImportGharchiveOptions, type ImportGharchiveReport } from "./import/index.js";
export { resolveLanguage, languageOfPath } from "./languages/index.js";
export * from "./eval/index.js";
