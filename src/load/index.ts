export { DUMP_FILES, LOAD_ORDER, type DumpKind } from "./dump-files.js";
export { readDump, MAX_PROBLEMS, type DumpSink, type LoadProblem, type LoadProblemCode, type LoadReport, type ReadDumpOptions, type RecordOrigin } from "./read-dump.js";
export { readLines, splitLines, CHUNK_BYTES, MAX_LINE_BYTES, type Line, type ReadLinesOptions } from "./lines.js";
export { parseRecord, repeatedMember } from "./parse-record.js";
