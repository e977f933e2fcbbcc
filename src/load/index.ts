export { DUMP_FILES, LOAD_ORDER, type DumpKind } from "./dump-files.js";
export { readDump, type DumpSink, type LoadProblem, type LoadReport, type ReadDumpOptions } from "./read-dump.js";
export { readLines, splitLines, CHUNK_BYTES, type Line, type ReadLinesOptions } from "./lines.js";
export { parseRecord } from "./parse-record.js";
