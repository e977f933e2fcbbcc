/**
 * The files of a dump folder: one NDJSON file per record kind, each optional, read in load order.
 * Each kind declares its file in its module (src/kinds/); see docs/dump-format.md for the shapes.
 */
export { DUMP_FILES, LOAD_ORDER } from "../kinds/index.js";
export type { DumpKind } from "../records/kinds.js";
