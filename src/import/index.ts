/** Importing local git clones into dump folders. */
export { importGit } from "./import-git.js";
export type { ImportGitOptions, ImportGitReport, ImportProgress } from "./import-git.js";
export { importGharchive, GharchiveInputError } from "./gharchive/index.js";
export type { ImportGharchiveOptions, ImportGharchiveReport, GharchiveProblem } from "./gharchive/index.js";
