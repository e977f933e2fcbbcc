import { describe, expect, it } from "vitest";
import { createProgress, formatBytes, progressLine } from "../../src/cli/progress.js";

function stream(isTTY: boolean, columns?: number) {
  const chunks: string[] = [];
  return { chunks, isTTY, columns, write: (chunk: string) => chunks.push(chunk) };
}

describe("createProgress", () => {
  it("stays silent when the stream is not a terminal", () => {
    const out = stream(false);
    const progress = createProgress(out, "loading", "bytes");
    progress.update(5, 10);
    progress.update(10, 10);
    progress.finish();
    expect(out.chunks).toEqual([]);
  });

  it("redraws one line on a terminal and erases it at the end", () => {
    const out = stream(true);
    let clock = 0;
    const progress = createProgress(out, "loading", "items", () => clock);
    progress.update(1, 4);
    clock += 50;
    progress.update(2, 4); // too soon: skipped
    clock += 100;
    progress.update(3, 4);
    clock += 1;
    progress.update(4, 4); // completion is always drawn
    progress.finish();
    expect(out.chunks).toEqual([
      `\r${progressLine("loading", "items", 1, 4)}\x1b[K`,
      `\r${progressLine("loading", "items", 3, 4)}\x1b[K`,
      `\r${progressLine("loading", "items", 4, 4)}\x1b[K`,
      "\r\x1b[K",
    ]);
  });

  it("does not erase a line it never drew", () => {
    const out = stream(true);
    createProgress(out, "x", "items").finish();
    expect(out.chunks).toEqual([]);
  });

  it("fits the line into the terminal width", () => {
    const out = stream(true, 20);
    createProgress(out, "loading", "bytes").update(512, 4096);
    expect(out.chunks[0]).toBe(`\r${progressLine("loading", "bytes", 512, 4096).slice(0, 19)}\x1b[K`);
  });
});

describe("progressLine", () => {
  it("draws a bar with a percentage when the total is known", () => {
    expect(progressLine("files", "items", 1234, 5000)).toBe("files [######------------------]  24%  1,234 / 5,000");
    expect(progressLine("files", "items", 6000, 5000)).toBe("files [########################] 100%  6,000 / 5,000");
  });

  it("counts without a bar when the total is unknown", () => {
    expect(progressLine("commits", "items", 98765)).toBe("commits 98,765");
    expect(progressLine("loading", "bytes", 2048, 0)).toBe("loading 2.0 KB");
  });
});

describe("formatBytes", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1024, "1.0 KB"],
    [1536, "1.5 KB"],
    [5 * 1024 * 1024, "5.0 MB"],
    [3 * 1024 ** 4, "3.0 TB"],
    [2048 * 1024 ** 4, "2048.0 TB"],
  ])("%i → %s", (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
