/**
 * Frame-level reading and writing of a saved-index file (layout in
 * ./format.ts). The writer streams: each frame goes to disk as it is made,
 * so memory holds one frame, never the whole index. The reader checks every
 * frame's checksum before handing it out.
 */
import type { FileHandle } from "node:fs/promises";
import { growableBuffer, lastingBuffer } from "../structures/lasting-memory.js";
import { crc32 } from "./checksum.js";
import { CHECKSUM_BYTES, MAGIC, MAX_HEADER_BYTES, MAX_META_BYTES, MAX_NAME_BYTES, UNCHECKED_HEADER_VERSION, type SavedHeader } from "./format.js";

export interface Frame {
  name: string;
  meta: Record<string, unknown>;
  /** A buffer of its own (offset 0), so typed arrays can view it, in lasting memory (`lastingBuffer`): an index keeps much of it. */
  payload: Buffer;
}

/** Typed arrays are written and read in the platform's byte order, which must be little-endian. */
export const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

function u32(n: number): Buffer {
  const b = Buffer.allocUnsafe(4);
  b.writeUInt32LE(n);
  return b;
}

function u64(n: number): Buffer {
  const b = Buffer.allocUnsafe(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
}

export class FrameWriter {
  private frames = 0;
  bytes = 0;

  constructor(private readonly file: FileHandle) {}

  async header(version: number, header: SavedHeader): Promise<void> {
    const json = Buffer.from(JSON.stringify(header));
    const fields = [u32(version), u32(json.length), json];
    await this.write([MAGIC, ...fields, u32(checksumOf(fields))]);
  }

  /** One frame; `payload` is written as given (typed-array views included), parts end to end without joining them first. */
  async frame(name: string, meta: Record<string, unknown>, payload: ArrayBufferView | string | ArrayBufferView[] = EMPTY): Promise<void> {
    const nameBytes = Buffer.from(name);
    const metaBytes = Buffer.from(JSON.stringify(meta));
    const parts = typeof payload === "string" ? [Buffer.from(payload)] : (Array.isArray(payload) ? payload : [payload]).map(bytesOf);
    const length = parts.reduce((sum, part) => sum + part.length, 0);
    const head = Buffer.concat([u32(nameBytes.length), nameBytes, u32(metaBytes.length), metaBytes, u64(length)]);
    const checksum = await checksumInSlices([head, ...parts]);
    await this.write([head, ...parts, u32(checksum)]);
    this.frames++;
  }

  /** The closing frame, which counts the frames before it. */
  async end(): Promise<void> {
    await this.frame("end", { frames: this.frames });
  }

  private async write(parts: Buffer[]): Promise<void> {
    for (const part of parts) {
      let at = 0;
      while (at < part.length) {
        const { bytesWritten } = await this.file.write(part, at, part.length - at);
        at += bytesWritten;
      }
      this.bytes += part.length;
    }
  }
}

const EMPTY = new Uint8Array(0);

/** A view's bytes as a Buffer over the same memory. */
const bytesOf = (view: ArrayBufferView): Buffer => Buffer.from(view.buffer, view.byteOffset, view.byteLength);

/** Payload bytes of frames read ahead (and checked) between pauses. */
const CHECKED_PER_TURN = 4 * 1024 * 1024;
/** Bytes read at once for the small parts of frames. */
const READ_AHEAD = 1024 * 1024;
/** Reads at least this long bypass the read-ahead. */
const DIRECT_READ = 64 * 1024;
/** Bytes of a payload read as one piece, the pieces read at once. */
const READ_PIECE = 4 * 1024 * 1024;
/**
 * Payload bytes of whole frames read ahead of the caller: most of them are kept by the index opened
 * (its occurrences and columns are views of them), so reading them early costs little memory. With 2 GB
 * the disk read on while the store filed its tables of keys, and 10M opens from an emptied page cache
 * were no slower (29.7-31.5 s against 30.6-40.0 s), but held the loop for 65.9-276 ms against 32.6-46.7.
 */
const READ_AHEAD_FRAMES = 256 * 1024 * 1024;

/** Thrown for a file that is not laid out as a saved index; the caller names the file. */
export class LayoutError extends Error {}

/** Where a reader found a header from another format version. */
export class VersionError extends Error {
  constructor(readonly found: number) {
    super(`format version ${found}`);
  }
}

export class FrameReader {
  private position = 0;
  private frames = 0;
  private ended = false;

  /** The name of the frame whose head was read last. */
  private lastName = "";

  /**
   * `onProgress` hears the bytes read so far and the file's size after each frame is handed over.
   * The payload of a frame right after one named `growsAfter` (a whole array, which an index may take
   * as its own and grow) is read into memory that grows in place (`growableBuffer`).
   */
  constructor(
    private readonly file: FileHandle,
    private readonly size: number,
    private readonly onProgress?: (bytesRead: number, bytesTotal: number) => void,
    private readonly growsAfter?: string,
  ) {}

  /** The header, of a saved index in one of the `readable` format versions (else a VersionError). */
  async header(readable: readonly number[]): Promise<SavedHeader> {
    const start = await this.read(Math.min(MAGIC.length + 8, this.size));
    if (start.length < MAGIC.length + 8 || !start.subarray(0, MAGIC.length).equals(MAGIC)) throw new LayoutError("not a saved forgesearch index");
    const found = start.readUInt32LE(MAGIC.length);
    const length = start.readUInt32LE(MAGIC.length + 4);
    if (length > MAX_HEADER_BYTES) throw new LayoutError("header too long");
    const json = await this.read(length);
    // Every version since the first ends its header with a checksum: a header that fails it is damaged, whatever version it names.
    if (found > UNCHECKED_HEADER_VERSION) {
      const stored = (await this.read(CHECKSUM_BYTES)).readUInt32LE();
      if (checksumOf([start.subarray(MAGIC.length), json]) !== stored) throw new LayoutError("the header does not match its checksum");
    }
    const header = parseJson(json, "header") as Partial<SavedHeader> | null;
    if (header === null || typeof header !== "object" || header.format !== "forgesearch-index") throw new LayoutError("header does not describe a saved index");
    // The version field and the header's own version must agree: a flipped bit in either is damage, not another version.
    if (header.version !== found) throw new LayoutError("the header's version fields disagree");
    if (!readable.includes(found)) throw new VersionError(found);
    return header as SavedHeader;
  }

  /**
   * Frames read ahead and not yet handed over, in order, each with its payload's length: a frame whose
   * head was read and whose payload may still be coming (undefined: the end). `failure` is what ended
   * the reading ahead.
   */
  private readonly ready: Array<{ frame: Promise<Frame | undefined>; bytes: number }> = [];
  private failure: { error: unknown } | undefined;
  /** Payload bytes of the frames in `ready`. */
  private readyBytes = 0;
  /** The reading ahead under way, if any, and the payloads being read. */
  private reading: Promise<void> | undefined;
  private readonly payloadsComing = new Set<Promise<unknown>>();
  private closed = false;
  /** Payload bytes handed over since `next` last let the loop turn. */
  private handedSincePause = 0;
  /** Wakes a `next` waiting for a frame. */
  private wake: (() => void) | undefined;

  /**
   * The next frame, or undefined after the end frame. Frames are read ahead, one head after another,
   * while the caller works on those before (up to READ_AHEAD_FRAMES bytes of payloads waiting); a large
   * payload's read starts when its head is read, so that several are read at once: an open is then not
   * read and restored in turns. A failure to read or check surfaces at the frame where it happened.
   */
  async next(): Promise<Frame | undefined> {
    // Frames read ahead come without a wait: a caller taking many in a row (a collection's sections)
    // is made to let the loop turn every CHECKED_PER_TURN bytes (40 MB of them in one turn held it 30 ms).
    if (this.closed) throw new LayoutError("the file was closed");
    let turned = this.handedSincePause >= CHECKED_PER_TURN;
    if (turned) await pause();
    while (!this.ready.length) {
      if (this.failure) throw this.failure.error;
      if (this.ended && !this.reading) return undefined;
      const waiting = new Promise<void>((resolve) => (this.wake = resolve));
      this.readFramesAhead();
      await waiting;
      turned = true;
    }
    if (turned) this.handedSincePause = 0;
    const { frame: coming, bytes } = this.ready.shift()!;
    this.readyBytes -= bytes;
    this.readFramesAhead();
    const frame = await coming;
    this.handedSincePause += bytes;
    this.onProgress?.(this.handedOver(frame), this.size);
    return frame;
  }

  /** Waits for the reading ahead and the payloads under way to stop (the file may be closed then); reads and hands over nothing more. */
  async close(): Promise<void> {
    this.closed = true;
    this.failure ??= { error: new LayoutError("the file was closed") };
    await this.reading;
    await Promise.allSettled([...this.payloadsComing]);
  }

  /** Starts reading ahead unless it runs, the end was read, it failed, or enough waits. */
  private readFramesAhead(): void {
    if (this.reading || this.failure || this.ended || this.readyBytes >= READ_AHEAD_FRAMES) return;
    this.reading = this.readingFramesAhead();
  }

  private async readingFramesAhead(): Promise<void> {
    try {
      let sincePause = 0;
      while (!this.failure && !this.ended && this.readyBytes < READ_AHEAD_FRAMES) {
        const { frame, bytes } = await this.readFrameHead();
        // Its failure is thrown where the caller takes it.
        frame.catch(() => undefined);
        this.ready.push({ frame, bytes });
        this.readyBytes += bytes;
        this.wake?.();
        // Heads that lie in the read-ahead come without a wait for the file: many in one turn held the loop.
        sincePause += bytes;
        if (sincePause >= CHECKED_PER_TURN) {
          sincePause = 0;
          await pause();
        }
      }
    } catch (error) {
      this.failure ??= { error };
      this.wake?.();
    } finally {
      this.reading = undefined;
    }
  }

  /** Bytes up to the end of the frame being handed over (those read ahead are not counted). */
  private handedOver(frame: Frame | undefined): number {
    return frame ? (this.frameEnds.shift() ?? this.position) : this.position;
  }

  /** Where each frame read but not yet handed over ends. */
  private readonly frameEnds: number[] = [];

  /**
   * Reads a frame's head and checksum (and a small payload), and starts reading a large payload;
   * gives the frame as it will be once its payload is read and checked, and the payload's length.
   * The end frame is checked here and gives undefined.
   */
  private async readFrameHead(): Promise<{ frame: Promise<Frame | undefined>; bytes: number }> {
    const nameLength = (await this.read(4)).readUInt32LE();
    if (nameLength > MAX_NAME_BYTES) throw new LayoutError("frame name too long");
    const nameBytes = await this.read(nameLength);
    const metaLength = (await this.read(4)).readUInt32LE();
    if (metaLength > MAX_META_BYTES) throw new LayoutError("frame meta too long");
    const metaBytes = await this.read(metaLength);
    const lengthBytes = await this.read(8);
    const payloadLength = Number(lengthBytes.readBigUInt64LE());
    if (payloadLength > this.size - this.position) throw new LayoutError("frame runs past the end of the file");
    const growable = this.growsAfter !== undefined && this.lastName === this.growsAfter;
    const payload = payloadLength >= DIRECT_READ ? this.payloadComing(payloadLength, growable) : Promise.resolve(await this.read(payloadLength, true));
    const stored = (await this.read(CHECKSUM_BYTES)).readUInt32LE();
    const number = this.frames + 1;
    const checked = async (): Promise<Buffer> => {
      const bytes = await payload;
      if ((await checksumInSlices([u32(nameLength), nameBytes, u32(metaLength), metaBytes, lengthBytes, bytes])) !== stored) throw new LayoutError(`frame ${number} does not match its checksum`);
      return bytes;
    };
    const name = nameBytes.toString("utf8");
    this.lastName = name;
    if (name === "end") {
      await checked();
      const meta = parseJson(metaBytes, "frame meta") as { frames?: unknown } | null;
      if (meta?.frames !== this.frames) throw new LayoutError("frames are missing");
      if (this.position !== this.size) throw new LayoutError("data after the end frame");
      this.ended = true;
      return { frame: Promise.resolve(undefined), bytes: 0 };
    }
    this.frames++;
    this.frameEnds.push(this.position);
    const frame = (async (): Promise<Frame> => {
      const bytes = await checked();
      const meta = parseJson(metaBytes, "frame meta");
      if (meta === null || typeof meta !== "object" || Array.isArray(meta)) throw new LayoutError("frame meta is not an object");
      return { name, meta: meta as Record<string, unknown>, payload: bytes };
    })();
    return { frame, bytes: payloadLength };
  }

  /** Starts reading the payload at the current position into memory of its own (moving past it); its bytes once read. */
  private payloadComing(length: number, growable: boolean): Promise<Buffer> {
    const out = growable ? growableBuffer(length) : lastingBuffer(length);
    const coming = this.readInto(out, this.position).then(() => out);
    this.position += length;
    this.payloadsComing.add(coming);
    const gone = () => this.payloadsComing.delete(coming);
    coming.then(gone, gone);
    return coming;
  }

  /** File bytes read ahead, starting at file offset `chunkAt`: a frame's small parts come out of it. */
  private chunk: Buffer = Buffer.alloc(0);
  private chunkAt = 0;
  /** The memory `chunk` views (read ahead into again each time: `read` copies out of it). */
  private readAhead: Buffer | undefined;

  /**
   * Exactly `length` bytes at the current position, in a buffer of their own (offset 0, so typed
   * arrays can view it), in lasting memory when `lasting`. Payloads were parts of spans of 16 MB read
   * at once, which saved reads but kept a span alive as long as any of its payloads: 111 MB more after
   * a 1M open, the spans of payloads let go (keyword columns' saved forms, tables of keys) held by
   * their neighbours.
   */
  private async read(length: number, lasting = false): Promise<Buffer> {
    if (length > this.size - this.position) throw new LayoutError("the file ends early");
    const out = lasting ? lastingBuffer(length) : Buffer.allocUnsafeSlow(length);
    let filled = 0;
    // A large read goes from the file straight into its buffer, even where the read-ahead holds its
    // start: copying it out of the read-ahead touched every page twice.
    if (length >= DIRECT_READ) {
      await this.readInto(out, this.position);
      filled = length;
    }
    while (filled < length) {
      const at = this.position + filled;
      const inChunk = at - this.chunkAt;
      if (inChunk >= 0 && inChunk < this.chunk.length) {
        filled += this.chunk.copy(out, filled, inChunk, Math.min(this.chunk.length, inChunk + length - filled));
      } else {
        // One buffer read into again: a fresh megabyte per read-ahead was 382 MB at a million records.
        this.readAhead ??= Buffer.allocUnsafeSlow(READ_AHEAD);
        const chunk = this.readAhead.subarray(0, Math.min(READ_AHEAD, this.size - at));
        await this.readInto(chunk, at);
        [this.chunk, this.chunkAt] = [chunk, at];
      }
    }
    this.position += length;
    return out;
  }

  /**
   * Fills `into` from the file at `position`, in pieces of READ_PIECE read at once: one read at a time
   * took 1.1-1.8 GB/s into fresh memory here, four at once 3.5 GB/s (the copies and the first writes
   * of fresh pages are spread over the threads that read).
   */
  private async readInto(into: Buffer, position: number): Promise<void> {
    const pieces: Array<Promise<void>> = [];
    for (let at = 0; at < into.length; at += READ_PIECE) {
      const end = Math.min(into.length, at + READ_PIECE);
      pieces.push(
        (async () => {
          let filled = at;
          while (filled < end) filled += await this.readAt(into, filled, end - filled, position + filled);
        })(),
      );
    }
    // Every piece ends before a failure is thrown: none is left reading a file about to be closed.
    const failed = (await Promise.allSettled(pieces)).find((piece) => piece.status === "rejected");
    if (failed) throw failed.reason;
  }

  private async readAt(into: Buffer, offset: number, length: number, position: number): Promise<number> {
    const { bytesRead } = await this.file.read(into, offset, length, position);
    if (bytesRead === 0) throw new LayoutError("the file ends early");
    return bytesRead;
  }
}

/** Bytes checksummed between pauses when a frame is read: a frame of 100 MB is some 170 ms of CRC. */
const CHECKSUM_SLICE = 4 * 1024 * 1024;

/** A turn of the event loop, between slices of a long read or write. */
export const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/** `checksumOf`, with a pause after each CHECKSUM_SLICE bytes. */
async function checksumInSlices(parts: Buffer[]): Promise<number> {
  let crc = 0;
  for (const part of parts) {
    for (let at = 0; at < part.length; at += CHECKSUM_SLICE) {
      if (at > 0) await pause();
      crc = crc32(part.subarray(at, at + CHECKSUM_SLICE), crc);
    }
  }
  return crc;
}

function checksumOf(parts: Buffer[]): number {
  let crc = 0;
  for (const part of parts) crc = crc32(part, crc);
  return crc;
}

export function parseJson(bytes: Buffer, what: string): unknown {
  try {
    return JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new LayoutError(`${what} is not JSON`);
  }
}
