/** Importing GH Archive event files into dump folders. */
export { importGharchive } from "./import-gharchive.js";
export type { ImportGharchiveOptions } from "./import-gharchive.js";
export type { ImportGharchiveReport, RecordCounts, GharchiveProblem } from "./report.js";
export type { Trimmed } from "./map-event.js";
export { GharchiveInputError } from "./event-files.js";
