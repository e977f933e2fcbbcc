/**
 * The stage boundaries of ARCHITECTURE.md, checked on the sources: a stage
 * imports only what it may, and the search core does no I/O and reads no clock.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const SRC = join(import.meta.dirname, "..", "src");

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "generated") return [];
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

const sources = files(SRC).map((path) => ({ path: relative(SRC, path), text: readFileSync(path, "utf8") }));

function importsOf(text: string): string[] {
  return [...text.matchAll(/^\s*(?:import|export)[^'"]*from\s+["']([^"']+)["']/gm)].map((m) => m[1]);
}

/** Top-level folder (or file) of src/ an import lands in, seen from `path`. */
function target(path: string, spec: string): string | undefined {
  if (!spec.startsWith(".")) return `pkg:${spec}`;
  const resolved = relative(SRC, join(SRC, path, "..", spec));
  return resolved.split("/")[0];
}

const IO_FOLDERS = new Set(["load", "import", "cli", "http", "persist"]);
const isCore = (path: string) => !IO_FOLDERS.has(path.split("/")[0]) && path !== "engine.ts";

describe("architecture", () => {
  it("found the sources", () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  const rules: Array<[folder: string, forbidden: string[]]> = [
    ["parse", ["resolve", "plan", "execute", "score", "highlight", "render", "index", "kinds", "engine.ts", "store.ts"]],
    ["index", ["parse", "resolve", "plan", "execute", "score", "highlight", "render", "engine.ts"]],
    ["text", ["parse", "resolve", "plan", "execute", "score", "highlight", "render", "index", "kinds", "engine.ts"]],
    ["resolve", ["plan", "execute", "score", "highlight", "render", "index", "engine.ts"]],
    ["plan", ["execute", "score", "highlight", "render", "engine.ts", "parse"]],
    ["execute", ["resolve", "score", "highlight", "render", "engine.ts", "parse", "kinds"]],
    ["kinds", ["plan", "execute", "score", "engine.ts", "index"]],
    ["eval", ["parse", "resolve", "plan", "execute", "highlight", "render", "index", "engine.ts", "store.ts"]],
  ];
  for (const [folder, forbidden] of rules) {
    it(`${folder}/ imports none of ${forbidden.join(", ")}`, () => {
      const offending = sources
        .filter((s) => s.path.startsWith(`${folder}/`))
        .flatMap((s) => importsOf(s.text).map((spec) => ({ file: s.path, to: target(s.path, spec) })))
        .filter((i) => i.to && forbidden.includes(i.to));
      expect(offending).toEqual([]);
    });
  }

  it("the search core does no I/O and reads no clock", () => {
    const offending = sources
      .filter((s) => isCore(s.path))
      .filter((s) => /from\s+["']node:(fs|http|https|net|child_process|readline|fs\/promises)["']|Date\.now\(\)|new Date\(\)|performance\.now\(\)|setTimeout\(|setImmediate\(/.test(s.text))
      .map((s) => s.path);
    expect(offending).toEqual([]);
  });
});
