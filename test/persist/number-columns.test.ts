/**
 * Number columns on disk: from format 10 on each as the numbers it stores, in its form (a byte, two
 * or four per document, or doubles), not as doubles whatever the form; a keyword column's counts and
 * ids in as few bytes as they need. A section naming no form or an unknown one, numbers of another
 * width than its form's, or keyword lists that are not whole numbers are refused as damaged.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { SavedHeader } from "../../src/persist/format.js";
import type { Frame } from "../../src/persist/frames.js";
import { SavedIndexError } from "../../src/persist/index.js";
import { openFrames, savedSample } from "./support.js";

let header: SavedHeader;
let frames: Frame[];

beforeAll(async () => {
  ({ header, frames } = await savedSample());
});

/** The array sections of number columns, orders and signals. */
const numberSections = (all: Frame[]) => all.filter((f) => f.name === "array" && /^(number\.|orders$|signal\.)/.test(String(f.meta.of)));

describe("number columns in a saved index", () => {
  it("are saved in their form: counts in a byte, dates as seconds in four", () => {
    const sections = numberSections(frames);
    expect(sections.length).toBeGreaterThan(20);
    const forms = new Set(sections.map((f) => f.meta.form));
    expect(forms).toContain("u8");
    expect(forms).toContain("seconds");
    const width = { u8: 1, u16: 2, u32: 4, seconds: 4, f64: 8 } as Record<string, number>;
    for (const f of sections) {
      const data = frames[frames.indexOf(f) + 1];
      expect(data.payload.length, String(f.meta.of)).toBe(width[f.meta.form as string] * (f.meta.length as number));
    }
  });

  it("keyword columns' counts and ids take a byte each where their numbers fit one", () => {
    const lists = frames.filter((f) => f.name === "array" && /^keyword\..*\.(counts|ids)$/.test(String(f.meta.of)));
    expect(lists.length).toBeGreaterThan(20);
    const types = new Set(lists.map((f) => f.meta.type));
    expect(types).toContain("u8");
    const ids = lists.find((f) => f.meta.of === "keyword.state.ids" && f.meta.type === "u8");
    expect(ids).toBeDefined();
  });

  it("keyword lists that are not whole numbers are damaged", async () => {
    const at = frames.findIndex((f) => f.name === "array" && f.meta.of === "keyword.state.counts");
    const error = await openFrames(header, frames.map((f, i) => (i === at ? { ...f, meta: { ...f.meta, type: "f64" } } : f)));
    expect(String(error)).toMatch(/keyword.state.counts is not a list of whole numbers/);
  });

  it("whose form is missing, unknown or of another width are damaged", async () => {
    const at = frames.indexOf(numberSections(frames).find((f) => f.meta.form === "seconds")!);
    const edited = async (change: (meta: Record<string, unknown>) => Record<string, unknown>) => {
      const error = await openFrames(header, frames.map((f, i) => (i === at ? { ...f, meta: change(f.meta) } : f)));
      expect(error).toBeInstanceOf(SavedIndexError);
      expect((error as SavedIndexError).problem).toBe("corrupt");
      return String(error);
    };
    expect(await edited(({ form: _, ...meta }) => meta)).toMatch(/is not a number column/);
    expect(await edited((meta) => ({ ...meta, form: "u12" }))).toMatch(/unknown number form u12/);
    expect(await edited((meta) => ({ ...meta, form: "u8" }))).toMatch(/u8 numbers of 4 bytes/);
    expect(await edited((meta) => ({ ...meta, type: "u16" }))).toMatch(/wrong length|of 2 bytes/);
  });
});
