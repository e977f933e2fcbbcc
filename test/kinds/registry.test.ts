/**
 * The kind registry: every kind declared once, and what is derived from it (the dump's files and
 * load order, the store's kinds, the endpoints and their media types) agrees with the declarations.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultAccept, ENDPOINTS } from "../../src/cli/search-request.js";
import { DUMP_FILES, DUMP_KINDS, KINDS, keyOf, LOAD_ORDER, RECORD_KINDS, SEARCH_KINDS } from "../../src/kinds/index.js";
import { SearchEngine } from "../../src/engine.js";

const SRC = join(import.meta.dirname, "..", "..", "src");

describe("the kind registry", () => {
  it("names each search kind by its key, its records' kind first", () => {
    expect(SEARCH_KINDS).toEqual(["code", "commits", "issues", "labels", "repositories", "topics", "users"]);
    for (const kind of SEARCH_KINDS) {
      expect(KINDS[kind].kind).toBe(kind);
      expect(KINDS[kind].records[0].kind).toBe(KINDS[kind].source);
    }
  });

  it("declares every dump kind once, comments with the issues that read them", () => {
    const declared = SEARCH_KINDS.flatMap((k) => KINDS[k].records.map((r) => r.kind));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...DUMP_KINDS].sort()).toEqual(["code", "comments", "commits", "issues", "labels", "repositories", "topics", "users"]);
    expect(RECORD_KINDS.comments.affects?.kind).toBe("issues");
  });

  it("loads owners before repositories, repositories before what hangs off them, issues before comments", () => {
    expect(LOAD_ORDER).toEqual(["users", "repositories", "topics", "labels", "issues", "comments", "commits", "code"]);
    for (const kind of DUMP_KINDS) expect(DUMP_FILES[kind]).toBe(`${kind}.ndjson`);
  });

  it("keys a record by its kind's declaration, undefined without the key fields", () => {
    expect(keyOf("repositories", { owner: { login: "Octo" }, name: "Hello" })).toBe("octo/hello");
    expect(keyOf("labels", { repository_id: 7, name: "Bug" })).toBe("7:bug");
    expect(keyOf("code", { repository: "Octo/Hello", path: "Src/A.ts" })).toBe("octo/hello:Src/A.ts");
    expect(keyOf("comments", { html_url: "https://example/c/1" })).toBe("https://example/c/1");
    for (const kind of DUMP_KINDS) expect(keyOf(kind, {})).toBeUndefined();
  });

  it("names the key fields in the error for a record without them", () => {
    const engine = new SearchEngine();
    for (const kind of DUMP_KINDS) {
      expect(() => engine.add(kind, {}), kind).toThrow(RECORD_KINDS[kind].keyFields);
    }
  });

  it("gives kinds that follow a repository's visibility the columns that filter by it", () => {
    for (const kind of SEARCH_KINDS) {
      const spec = KINDS[kind];
      const columns = spec.columns.map((c) => c.name);
      if (spec.visibility === "public") expect(columns, kind).not.toContain("visibility");
      else expect(columns, kind).toEqual(expect.arrayContaining(["visibility", "repo"]));
    }
  });

  it("derives the command line's endpoints and default media types", () => {
    expect(ENDPOINTS).toEqual(SEARCH_KINDS);
    expect(defaultAccept("commits")).toBe("application/vnd.github.cloak-preview+json");
    expect(defaultAccept("topics", "acme")).toBe("application/vnd.acme.mercy-preview+json");
    expect(defaultAccept("repositories")).toBe("application/vnd.github.mercy-preview+json");
    expect(defaultAccept("issues")).toBe("application/vnd.github.v3+json");
  });

  it("leaves no kind name in the engine, the loader, the command line's requests or the HTTP layer", () => {
    const names = new RegExp(`["'](${DUMP_KINDS.join("|")})["']`);
    const files = ["engine.ts", "load/read-dump.ts", "load/dump-files.ts", "cli/search-request.ts", "http/respond.ts", "http/server.ts"];
    for (const file of files) expect(readFileSync(join(SRC, file), "utf8"), file).not.toMatch(names);
  });
});
