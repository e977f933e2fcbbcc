/**
 * Sections: the values a saved index is made of (string lists and typed
 * arrays), each written as a section frame naming it followed by data frames
 * of bounded size, and read back in the same order.
 */
import type { NumberColumnState, NumberFormName } from "../index/columns.js";
import type { OccurrencesSnapshot } from "../index/occurrences.js";
import type { WholeNumbers } from "../index/steps.js";
import { StringList, type ListLike } from "../structures/string-list.js";
import { LayoutError, parseJson, pause, type Frame, type FrameReader, type FrameWriter } from "./frames.js";

/** Strings per data frame. */
const STRINGS_PER_FRAME = 16_384;
/** A strings section's encoding from format 9 on (`StringList.encode`); without it, JSON arrays. */
export const BYTES = "bytes";
/** Typed-array elements per data frame of groups of arrays. */
const ELEMENTS_PER_FRAME = 1 << 20;

type Typed = "u8" | "u16" | "u32" | "f32" | "f64";
const ARRAYS = { u8: Uint8Array, u16: Uint16Array, u32: Uint32Array, f32: Float32Array, f64: Float64Array } as const;
type TypedArray = Uint8Array | Uint16Array | Uint32Array | Float32Array | Float64Array;
type ArrayOf<T extends Typed> = InstanceType<(typeof ARRAYS)[T]>;

/** The element type of a typed array `ARRAYS` names. */
function typeOf(values: TypedArray): Typed {
  if (values instanceof Uint8Array) return "u8";
  if (values instanceof Uint16Array) return "u16";
  if (values instanceof Float32Array) return "f32";
  return values instanceof Uint32Array ? "u32" : "f64";
}

/** What `read` gives of strings `StringList.encode` laid out; bytes laid out otherwise (a RangeError) are a LayoutError of `what`. */
export function readingStrings<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new LayoutError(`${what}: ${error.message}`);
  }
}

/** The frame that opens an array section; the one data frame after it is the whole array. */
export const ARRAY_SECTION = "array";

export class SectionWriter {
  constructor(readonly frames: FrameWriter) {}

  /** Strings as `StringList.encode` lays them out (format 9 on; JSON arrays before), a data frame per STRINGS_PER_FRAME. */
  async strings(of: string, values: ListLike<string | null>): Promise<void> {
    const list = values instanceof StringList ? values : StringList.of(values);
    await this.frames.frame("strings", { of, count: list.length, encoding: BYTES });
    for (let at = 0; at < list.length; at += STRINGS_PER_FRAME) {
      await this.frames.frame("data", {}, list.encode(at, at + STRINGS_PER_FRAME));
    }
  }

  /**
   * One part of a field's occurrences, a data frame per chunk (a document's occurrences never straddle
   * two); positions in two bytes each where all of a chunk's fit (the frame says `type: "u16"`).
   */
  async chunks(of: string, occurrences: OccurrencesSnapshot, part: "ids" | "positions" | "widths"): Promise<void> {
    await this.frames.frame("chunks", { of, type: "u32", count: occurrences.chunkSizes.length, length: occurrences.total });
    // Each chunk is written before the next is copied over it; the copy pauses where it says.
    for (const chunk of occurrences.chunks(part)) {
      if (!chunk) {
        await pause();
        continue;
      }
      const narrow = part === "positions" ? this.narrowed(chunk) : undefined;
      await this.frames.frame("data", narrow ? { type: "u16" } : {}, narrow ?? chunk);
    }
  }

  /** Where `narrowed` copies a chunk, reused from one to the next. */
  private narrow: Uint16Array | undefined;

  /** `values` in two bytes each, when every one fits (a view of a buffer reused by the next call), else undefined. */
  private narrowed(values: Uint32Array): Uint16Array | undefined {
    for (let i = 0; i < values.length; i++) if (values[i] > 0xffff) return undefined;
    if (!this.narrow || this.narrow.length < values.length) this.narrow = new Uint16Array(values.length);
    this.narrow.set(values);
    return this.narrow.subarray(0, values.length);
  }

  /**
   * Arrays of one type end to end, as data frames of whole arrays (about ELEMENTS_PER_FRAME elements
   * each; a longer array has a frame of its own): read back with `chunks`, a view per frame, and cut
   * at the same places with `cut`, so that nothing is copied on either side.
   */
  async groups(of: string, type: Typed, parts: readonly TypedArray[]): Promise<void> {
    const frames: TypedArray[][] = [];
    let [length, size] = [0, 0];
    for (const part of parts) {
      if (typeOf(part) !== type || !part.length) throw new TypeError(`${of}: expected non-empty ${type} arrays`);
      if (!frames.length || size + part.length > ELEMENTS_PER_FRAME) {
        frames.push([]);
        size = 0;
      }
      frames[frames.length - 1].push(part);
      size += part.length;
      length += part.length;
    }
    await this.frames.frame("chunks", { of, type, count: frames.length, length });
    for (const group of frames) await this.frames.frame("data", {}, group);
  }

  /**
   * A typed array, in one data frame (none when empty), which an open views where it was read; `more`
   * adds to the section's meta. (Arrays were cut into frames of ELEMENTS_PER_FRAME elements, which an
   * open copied into one array again: 2 s of a 10M open, a slot's worth of numbers per column.)
   */
  async array(of: string, values: TypedArray, more: Record<string, unknown> = {}): Promise<void> {
    await this.frames.frame(ARRAY_SECTION, { ...more, of, type: typeOf(values), length: values.length });
    if (values.length) await this.frames.frame("data", {}, values);
  }
}

export class SectionReader {
  constructor(private readonly frames: FrameReader) {}

  /** The next frame, which must be named `name` (and, for sections, be `of` the value expected). */
  async expect(name: string, of?: string): Promise<Frame> {
    const frame = await this.frames.next();
    if (!frame) throw new LayoutError(`the file ends before its ${of ?? name}`);
    if (frame.name !== name || (of !== undefined && frame.meta.of !== of)) throw new LayoutError(`expected ${of ?? name}, found ${String(frame.meta.of ?? frame.name)}`);
    return frame;
  }

  /** The strings as bytes (`StringList`): a frame's array of strings is let go once copied. */
  async strings(of: string): Promise<StringList> {
    const { meta } = await this.expect("strings", of);
    const count = whole(meta.count, of);
    if (meta.encoding !== undefined && meta.encoding !== BYTES) throw new LayoutError(`${of} is in an unknown encoding`);
    const out = new StringList();
    while (out.length < count) {
      const { payload } = await this.expect("data");
      if (meta.encoding === BYTES) {
        const before = out.length;
        readingStrings(of, () => out.appendEncoded(payload));
        if (out.length === before || out.length > count) throw new LayoutError(`${of} has the wrong number of strings`);
        continue;
      }
      // Formats 7 and 8: a JSON array per frame.
      const chunk: unknown = parseJson(payload, of);
      if (!Array.isArray(chunk) || !chunk.length || out.length + chunk.length > count) throw new LayoutError(`${of} has the wrong number of strings`);
      for (const s of chunk) {
        if (typeof s !== "string" && s !== null) throw new LayoutError(`${of} holds a ${typeof s}`);
        out.push(s);
      }
    }
    return out;
  }

  /** The chunks of positions `chunks` wrote: each a view of its frame's bytes, in two bytes each where its frame says so, else four. */
  async positions(of: string): Promise<Array<Uint16Array | Uint32Array>> {
    return (await this.views(of, "u32", (frame) => (frame.meta.type === "u16" ? "u16" : "u32"))) as Array<Uint16Array | Uint32Array>;
  }

  /** The arrays `chunks` (or `groups`) wrote, each a view of its frame's bytes (no copy). */
  async chunks(of: string): Promise<Uint32Array[]>;
  async chunks<T extends Typed>(of: string, type: T): Promise<Array<ArrayOf<T>>>;
  async chunks(of: string, type: Typed = "u32"): Promise<TypedArray[]> {
    return this.views(of, type, () => type);
  }

  /** The data frames of a chunks section of `type`, each viewed as the type `typeOfFrame` names for it. */
  private async views(of: string, type: Typed, typeOfFrame: (frame: Frame) => Typed): Promise<TypedArray[]> {
    const meta = (await this.expect("chunks", of)).meta;
    if (meta.type !== type) throw new LayoutError(`${of} is not ${type}`);
    const count = whole(meta.count, of);
    let left = whole(meta.length, of);
    const out: TypedArray[] = [];
    for (let i = 0; i < count; i++) {
      const frame = await this.expect("data");
      const Kind = ARRAYS[typeOfFrame(frame)] as new (buffer: ArrayBuffer, offset: number, length: number) => TypedArray;
      out.push(viewed(of, frame.payload, Kind, left));
      left -= out[i].length;
    }
    if (left) throw new LayoutError(`${of} has the wrong length`);
    return out;
  }

  async array(of: string, type: "u32"): Promise<Uint32Array>;
  async array(of: string, type: "f64"): Promise<Float64Array>;
  async array(of: string, type: "u32" | "f64"): Promise<Uint32Array | Float64Array> {
    const meta = (await this.expect(ARRAY_SECTION, of)).meta;
    if (meta.type !== type) throw new LayoutError(`${of} is not ${type}`);
    return this.arrayData(of, meta, type) as Promise<Uint32Array | Float64Array>;
  }

  /** Whole numbers of one, two or four bytes each, as the section says (format 10 on; always four before). */
  async wholeNumbers(of: string): Promise<WholeNumbers> {
    return (await this.wholeNumbersWithMeta(of)).values;
  }

  /** `wholeNumbers` and the section's meta, for what else it says of them. */
  async wholeNumbersWithMeta(of: string): Promise<{ values: WholeNumbers; meta: Record<string, unknown> }> {
    const meta = (await this.expect(ARRAY_SECTION, of)).meta;
    if (meta.type !== "u8" && meta.type !== "u16" && meta.type !== "u32") throw new LayoutError(`${of} is not a list of whole numbers`);
    return { values: (await this.arrayData(of, meta, meta.type)) as WholeNumbers, meta };
  }

  /**
   * A number column's numbers: in the form the section names (format 10 on), or doubles (NaN: none)
   * before, when a section named no form.
   */
  async numbers(of: string): Promise<NumberColumnState> {
    const meta = (await this.expect(ARRAY_SECTION, of)).meta;
    const { form, type } = meta;
    if (form === undefined && type === "f64") return { form: "f64", values: (await this.arrayData(of, meta, type)) as Float64Array };
    if (typeof form !== "string" || !(type === "u8" || type === "u16" || type === "u32" || type === "f64")) throw new LayoutError(`${of} is not a number column`);
    return { form: form as NumberFormName, values: (await this.arrayData(of, meta, type)) as NumberColumnState["values"] };
  }

  /** The data frames of an array section whose meta was read. */
  private async arrayData(of: string, meta: Record<string, unknown>, type: Typed): Promise<TypedArray> {
    const length = whole(meta.length, of);
    const Kind = ARRAYS[type];
    let out: TypedArray | undefined;
    let at = 0;
    while (at < length) {
      const { payload } = await this.expect("data");
      if (payload.length % Kind.BYTES_PER_ELEMENT !== 0 || at + payload.length / Kind.BYTES_PER_ELEMENT > length) throw new LayoutError(`${of} has the wrong length`);
      // A payload is a buffer of its own at offset 0, so a typed array can view it.
      const chunk = new Kind(payload.buffer as ArrayBuffer, payload.byteOffset, payload.length / Kind.BYTES_PER_ELEMENT);
      if (!chunk.length) throw new LayoutError(`${of} has an empty block`);
      // An array written in one block is that block's bytes, not a copy of them.
      if (at === 0 && chunk.length === length) return chunk;
      out ??= new Kind(length);
      out.set(chunk, at);
      at += chunk.length;
    }
    return out ?? new Kind(0);
  }
}

/** A data frame's payload as a non-empty array of `Kind`, of at most `left` elements (a LayoutError of `of` else). */
function viewed<T extends TypedArray>(of: string, payload: Buffer, Kind: new (buffer: ArrayBuffer, offset: number, length: number) => T, left: number): T {
  const { BYTES_PER_ELEMENT } = Kind as unknown as { BYTES_PER_ELEMENT: number };
  const length = payload.length / BYTES_PER_ELEMENT;
  if (!payload.length || !Number.isInteger(length) || length > left) throw new LayoutError(`${of} has the wrong length`);
  return new Kind(payload.buffer as ArrayBuffer, payload.byteOffset, length);
}

/**
 * The arrays `groups` wrote, of `lengths` elements each in turn, cut from the chunks `chunks` read
 * (views, no copy). Throws a LayoutError when the lengths do not add up to the chunks, one is 0, or
 * an array would straddle two chunks.
 */
export function cut<T extends TypedArray>(of: string, chunks: readonly T[], lengths: ArrayLike<number>): T[] {
  const out: T[] = [];
  let [chunk, at] = [0, 0];
  for (let i = 0; i < lengths.length; i++) {
    const n = lengths[i];
    if (chunk < chunks.length && at === chunks[chunk].length) [chunk, at] = [chunk + 1, 0];
    if (!n || chunk >= chunks.length || at + n > chunks[chunk].length) throw new LayoutError(`${of} does not hold the arrays its lengths name`);
    out.push(chunks[chunk].subarray(at, at + n) as T);
    at += n;
  }
  if (chunks.length && (chunk !== chunks.length - 1 || at !== chunks[chunk].length)) throw new LayoutError(`${of} holds more than its lengths name`);
  return out;
}

export function whole(v: unknown, what: string): number {
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) throw new LayoutError(`${what}: bad count`);
  return v;
}
