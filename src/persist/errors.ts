/**
 * The one error a saved index reports: when it cannot be opened (missing,
 * written by another format version or for other kinds, or damaged), and when
 * it cannot be written.
 */

export type SavedIndexProblem = "missing" | "version" | "corrupt" | "write";

export class SavedIndexError extends Error {
  /** What is wrong: no saved index there, one this version cannot read, a damaged one, or a save that failed. */
  readonly problem: SavedIndexProblem;
  /** The file concerned. */
  readonly path: string;

  constructor(problem: SavedIndexProblem, path: string, detail: string, options?: { cause?: unknown }) {
    super(`${path}: ${detail}`, options);
    this.name = "SavedIndexError";
    this.problem = problem;
    this.path = path;
  }
}
