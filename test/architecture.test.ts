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
  return resolved.split("/")[0].replace(/\.js$/, ".ts");
}

const IO_FOLDERS = new Set(["load", "import", "cli", "http", "persist"]);
const isCore = (path: string) => !IO_FOLDERS.has(path.split("/")[0]) && path !== "engine.ts";

describe("architecture", () => {
  it("found the sources", () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  /**
   * What each folder (or top-level file) of src/ may import besides itself and packages. A stage
   * imports the vocabulary below it, never a later stage; the I/O folders sit on top.
   */
  const allowed: Record<string, string[]> = {
    "errors.ts": [],
    structures: [],
    "types.ts": ["api"],
    "items.ts": ["records", "score"],
    concurrency: [],
    languages: [],
    text: [],
    records: [],
    api: [],
    parse: ["errors.ts"],
    logical: ["parse"],
    render: ["records"],
    kinds: ["api", "errors.ts", "languages", "logical", "parse", "records", "render", "text", "types.ts"],
    "record-packer.ts": ["concurrency"],
    "record-bytes.ts": ["record-packer.ts", "structures"],
    "store.ts": ["kinds", "records", "record-bytes.ts", "record-packer.ts", "structures"],
    resolve: ["errors.ts", "kinds", "logical", "parse", "records", "text", "types.ts"],
    "visibility.ts": ["kinds", "logical", "records", "resolve", "types.ts"],
    index: ["kinds", "records", "store.ts", "structures", "text"],
    plan: ["index", "logical", "text"],
    execute: ["plan"],
    score: ["index", "kinds", "plan", "store.ts", "structures"],
    highlight: ["text", "types.ts"],
    "search-all.ts": ["errors.ts", "score", "types.ts"],
    "warm-up.ts": ["index"],
    eval: ["errors.ts", "kinds", "score", "types.ts"],
    load: ["concurrency", "index", "kinds", "records"],
    http: ["api", "errors.ts", "kinds", "types.ts"],
    persist: ["index", "kinds", "load", "records", "record-bytes.ts", "score", "store.ts", "structures"],
    import: ["kinds", "languages", "load", "records", "store.ts"],
    "engine.ts": [
      "api", "concurrency", "errors.ts", "execute", "highlight", "http", "index", "kinds", "load", "logical", "parse", "persist",
      "items.ts", "plan", "render", "resolve", "score", "search-all.ts", "store.ts", "structures", "types.ts", "visibility.ts", "warm-up.ts",
    ],
    cli: ["errors.ts", "eval", "http", "import", "index.ts", "kinds", "score", "types.ts", "engine.ts", "load", "persist"],
    "index.ts": ["*"],
  };

  const unitOf = (path: string) => path.split("/")[0];
  const edges = sources.flatMap((s) =>
    importsOf(s.text)
      .map((spec) => ({ file: s.path, spec, from: unitOf(s.path), to: target(s.path, spec) }))
      .filter((i): i is typeof i & { to: string } => !!i.to && !i.to.startsWith("pkg:") && i.to !== i.from),
  );

  it("every folder of src/ is in the allow-list", () => {
    expect(sources.map((s) => unitOf(s.path)).filter((unit) => !(unit in allowed))).toEqual([]);
  });

  it("each folder imports only what its allow-list names", () => {
    const offending = edges.filter((e) => !allowed[e.from].includes("*") && !allowed[e.from].includes(e.to)).map((e) => `${e.file} → ${e.spec}`);
    expect(offending).toEqual([]);
  });

  it("the engine reaches the HTTP layer only through request()'s delegate", () => {
    const http = edges.filter((e) => e.from === "engine.ts" && e.to === "http").map((e) => e.spec);
    expect(http).toEqual(["./http/respond.js"]);
  });

  it("no two folders import each other, directly or through others", () => {
    const next = new Map<string, Set<string>>();
    for (const e of edges) next.set(e.from, (next.get(e.from) ?? new Set()).add(e.to));
    const cycles: string[] = [];
    for (const start of next.keys()) {
      // A path from one of start's targets back to start closes a cycle.
      const seen = new Set<string>();
      const stack = [...(next.get(start) ?? [])].map((to) => [start, to]);
      while (stack.length) {
        const path = stack.pop()!;
        const at = path[path.length - 1];
        if (at === start) {
          cycles.push(path.join(" → "));
          break;
        }
        if (seen.has(at)) continue;
        seen.add(at);
        for (const to of next.get(at) ?? []) stack.push([...path, to]);
      }
    }
    expect(cycles).toEqual([]);
  });

  it("the search core does no I/O and reads no clock", () => {
    const offending = sources
      .filter((s) => isCore(s.path))
      .filter((s) => /from\s+["']node:(fs|http|https|net|child_process|readline|fs\/promises)["']|Date\.now\(\)|new Date\(\)|performance\.now\(\)|setTimeout\(|setImmediate\(/.test(s.text))
      .map((s) => s.path);
    expect(offending).toEqual([]);
  });
});
