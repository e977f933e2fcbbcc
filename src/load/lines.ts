import { open } from "node:fs/promises";

/** The read size of the file stream; lines may be longer and may straddle chunks. */
export const CHUNK_BYTES = 64 * 1024;

/** The longest line read by default (64 MiB): far past any real record, well below what one string can hold. */
export const MAX_LINE_BYTES = 64 * 1024 * 1024;

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = "\r";
const BYTE_ORDER_MARK = "\uFEFF";
const REPLACEMENT = "\uFFFD";
const REPLACEMENT_BYTES = Buffer.from(REPLACEMENT, "utf8");

export interface Line {
  /** The line's text without its line ending ("" for a line past the limit). */
  text: string;
  /** 1-based. */
  number: number;
  /** The line was longer than `maxLineBytes`: its bytes were passed over unread. */
  tooLong?: boolean;
  /** The line held bytes that are not UTF-8; each such sequence reads as U+FFFD. */
  invalidUtf8?: boolean;
}

export interface ReadLinesOptions {
  /** Called with the size of every chunk as it is read from disk. */
  onChunk?: (bytes: number) => void;
  chunkBytes?: number;
  /** Lines longer than this are passed over (reported as `tooLong`); default {@link MAX_LINE_BYTES}. */
  maxLineBytes?: number;
}

/**
 * The lines of a file, one at a time: memory holds one chunk plus the current
 * line (at most `maxLineBytes`), never the file. Lines are split on LF in the raw bytes (no UTF-8
 * multi-byte sequence contains 0x0A, so a character cut by a chunk boundary is
 * joined again before decoding); a CR before the LF and a BOM at the start are dropped.
 */
export async function* readLines(path: string, options: ReadLinesOptions = {}): AsyncGenerator<Line> {
  for await (const lines of readLineBatches(path, options)) yield* lines;
}

/** `readLines`, the lines each chunk completes at a time (a promise a chunk rather than a line: a load's loop takes them). */
export function readLineBatches(path: string, options: ReadLinesOptions = {}): AsyncGenerator<Line[]> {
  return splitLineBatches(readChunks(path, options.chunkBytes ?? CHUNK_BYTES), options);
}

/**
 * A file's bytes, read chunk by chunk into two buffers in turn: each chunk is good until the one
 * after the next is asked for, and the next is read while the caller works through this one (the
 * caller waited on every read of a chunk before, 4-6 % of a load's main thread). A stream's fresh
 * buffer per chunk is memory outside the heap that only a collection frees, and a large load's
 * gigabytes of them kept setting off collections for "external memory pressure".
 */
async function* readChunks(path: string, size: number): AsyncGenerator<Buffer> {
  const file = await open(path, "r");
  const buffers = [Buffer.allocUnsafeSlow(size), Buffer.allocUnsafeSlow(size)];
  const reading = (buffer: Buffer): Promise<Buffer> => {
    const read = file.read(buffer, 0, size, null).then(({ bytesRead }) => buffer.subarray(0, bytesRead));
    // A read that fails while the caller works on the chunk before is thrown where it is awaited, not left unhandled meanwhile.
    read.catch(() => undefined);
    return read;
  };
  let next: Promise<Buffer> | undefined = reading(buffers[0]);
  try {
    for (let turn = 1; ; turn ^= 1) {
      const chunk: Buffer = await next;
      next = undefined;
      if (chunk.length === 0) return;
      // One read at a time, at the file's own position: the next chunk follows this one.
      next = reading(buffers[turn]);
      yield chunk;
    }
  } finally {
    // A read still under way ends before the file closes (a caller that stops early, a failed read).
    await next?.catch(() => undefined);
    await file.close();
  }
}

/** The bytes of the line being read, up to a limit: past it they are dropped and the line is only marked too long. */
class PendingLine {
  private parts: Buffer[] = [];
  private bytes = 0;
  private over = false;

  constructor(private readonly limit: number) {}

  get empty(): boolean {
    return this.parts.length === 0 && !this.over;
  }

  get tooLong(): boolean {
    return this.over;
  }

  add(bytes: Buffer): void {
    if (this.over) return;
    this.bytes += bytes.length;
    if (this.bytes > this.limit) {
      this.over = true;
      this.parts = [];
    } else this.parts.push(bytes);
  }

  /** The line's bytes (none when too long), and a fresh start. */
  take(): Buffer {
    const bytes = this.parts.length === 1 ? this.parts[0] : Buffer.concat(this.parts);
    this.parts = [];
    this.bytes = 0;
    this.over = false;
    return bytes;
  }
}

/**
 * The lines of any byte stream (a decompressed file, say), split, bounded and decoded as `readLines`
 * does. A chunk may be a reused buffer: it is read before the next is asked for, and the part of a
 * line it ends with is copied.
 */
export async function* splitLines(chunks: AsyncIterable<Buffer>, options: Omit<ReadLinesOptions, "chunkBytes"> = {}): AsyncGenerator<Line> {
  for await (const lines of splitLineBatches(chunks, options)) yield* lines;
}

/** `splitLines`, the lines each chunk completes at a time (none for a chunk within a line). */
async function* splitLineBatches(chunks: AsyncIterable<Buffer>, options: Omit<ReadLinesOptions, "chunkBytes"> = {}): AsyncGenerator<Line[]> {
  const pending = new PendingLine(options.maxLineBytes ?? MAX_LINE_BYTES);
  let number = 0;
  const line = (): Line => {
    number += 1;
    const tooLong = pending.tooLong;
    const bytes = pending.take();
    if (tooLong) return { text: "", number, tooLong: true };
    let text = bytes.toString("utf8");
    if (number === 1 && text.startsWith(BYTE_ORDER_MARK)) text = text.slice(1);
    if (text.endsWith(CARRIAGE_RETURN)) text = text.slice(0, -1);
    return text.includes(REPLACEMENT) && hasInvalidUtf8(text, bytes) ? { text, number, invalidUtf8: true } : { text, number };
  };

  for await (const chunk of chunks) {
    options.onChunk?.(chunk.length);
    const lines: Line[] = [];
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      pending.add(chunk.subarray(start, end));
      lines.push(line());
      start = end + 1;
    }
    if (start < chunk.length) pending.add(Buffer.from(chunk.subarray(start)));
    if (lines.length) yield lines;
  }
  if (!pending.empty) yield [line()];
}

/** True when decoding replaced bytes: the text holds more U+FFFD than the bytes spelled out. */
function hasInvalidUtf8(text: string, bytes: Buffer): boolean {
  let decoded = 0;
  for (let at = text.indexOf(REPLACEMENT); at !== -1; at = text.indexOf(REPLACEMENT, at + 1)) decoded++;
  let spelled = 0;
  for (let at = bytes.indexOf(REPLACEMENT_BYTES); at !== -1; at = bytes.indexOf(REPLACEMENT_BYTES, at + 1)) spelled++;
  return decoded > spelled;
}
