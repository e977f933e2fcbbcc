/**
 * The one error a saved index reports when it cannot be opened: missing,
 * written by another format version (or for other kinds), or damaged.
 */

export type SavedIndexProblem = "missing" | "version" | "corrupt";

export class SavedIndexError extends Error {
  /** What is wrong: no saved index there, one this version cannot read, or a damaged one. */
  readonly problem: SavedIndexProblem;
  /** The file concerned. */
  readonly path: string;

  constructor(problem: SavedIndexProblem, path: string, detail: string) {
    super(`${path}: ${detail}`);
    this.name = "SavedIndexError";
    this.problem = problem;
    this.path = path;
  }
}
