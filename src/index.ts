/** forgesearch: the hosting site's REST search API, in-process. */
export { SearchEngine, type SearchEngineOptions } from "./engine.js";
export { SearchError, QueryError, type ErrorBody } from "./errors.js";
export { parseQuery } from "./parse/parse.js";
export { printQuery, formatTree } from "./parse/print.js";
export type { QueryNode } from "./parse/ast.js";
export type { Caller, Envelope, HttpRequest, HttpResponse, SearchOptions, SearchParams, TextMatch } from "./types.js";
export type { DumpKind, SearchKind } from "./kinds/types.js";
export type { LoadReport } from "./load/index.js";
export type { SearchAllOptions } from "./search-all.js";
export { SavedIndexError, type SavedIndexProblem, type SaveReport } from "./persist/index.js";
export { serve, type RequestHandler, type ServeOptions, type RunningServer } from "./http/server.js";
export { anonymousAuthenticate, developmentAuthenticate, insecureLoginAuthenticate, tokenAuthenticator, type Authenticate } from "./http/auth.js";
export { importGit, type ImportGitOptions, type ImportGitReport } from "./import/index.js";
export { resolveLanguage, languageOfPath } from "./languages/index.js";
