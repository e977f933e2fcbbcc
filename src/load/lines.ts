import { createReadStream } from "node:fs";

/** The read size of the file stream; lines may be longer and may straddle chunks. */
export const CHUNK_BYTES = 64 * 1024;

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = "\r";
const BYTE_ORDER_MARK = "\uFEFF";

export interface Line {
  /** The line's text without its line ending. */
  text: string;
  /** 1-based. */
  number: number;
}

export interface ReadLinesOptions {
  /** Called with the size of every chunk as it is read from disk. */
  onChunk?: (bytes: number) => void;
  chunkBytes?: number;
}

/**
 * The lines of a file, one at a time: memory holds one chunk plus the current
 * line, never the file. Lines are split on LF in the raw bytes (no UTF-8
 * multi-byte sequence contains 0x0A, so a character cut by a chunk boundary is
 * joined again before decoding); a CR before the LF and a BOM at the start are dropped.
 */
export async function* readLines(path: string, options: ReadLinesOptions = {}): AsyncGenerator<Line> {
  yield* splitLines(createReadStream(path, { highWaterMark: options.chunkBytes ?? CHUNK_BYTES }), options);
}

/** The lines of any byte stream (a decompressed file, say), split and decoded as `readLines` does. */
export async function* splitLines(chunks: AsyncIterable<Buffer>, options: Pick<ReadLinesOptions, "onChunk"> = {}): AsyncGenerator<Line> {
  let partial: Buffer[] = [];
  let number = 0;
  const line = (bytes: Buffer): Line => {
    number += 1;
    let text = bytes.toString("utf8");
    if (number === 1 && text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
    if (text.endsWith(CARRIAGE_RETURN)) text = text.slice(0, -1);
    return { text, number };
  };

  for await (const chunk of chunks) {
    options.onChunk?.(chunk.length);
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      const tail = chunk.subarray(start, end);
      yield line(partial.length ? Buffer.concat([...partial, tail]) : tail);
      partial = [];
      start = end + 1;
    }
    if (start < chunk.length) partial.push(chunk.subarray(start));
  }
  if (partial.length) yield line(Buffer.concat(partial));
}
