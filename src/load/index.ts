export { DUMP_FILES, LOAD_ORDER, type DumpKind } from "./dump-files.js";
export { readDump, MAX_PROBLEMS, type LoadProblem, type LoadProblemCode, type LoadReport, type ReadDumpOptions } from "./read-dump.js";
export { readLines, splitLines, MAX_LINE_BYTES, type Line } from "./lines.js";
export { parseRecord } from "./parse-record.js";
