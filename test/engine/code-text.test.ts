/**
 * Code search text: identifiers found whole and by their parts, phrases across
 * identifiers, text matches (offsets into the fragment, at most two per file)
 * and the shape of the code result item.
 */
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import type { TextMatch } from "../../src/types.js";

const TEXT_MATCH = "application/vnd.github.v3.text-match+json";

function corpus(): SearchEngine {
  const e = new SearchEngine({ rateLimit: false, baseUrl: "https://api.example.test", htmlUrl: "https://example.test" });
  e.add("users", { login: "octo", id: 7, type: "Organization" });
  e.add("repositories", { id: 42, full_name: "octo/tools", name: "tools", owner: { login: "octo" }, default_branch: "main" });
  const file = (path: string, content: string, extra: Record<string, unknown> = {}) => e.add("code", { repository: "octo/tools", path, content, ...extra });
  file("src/camel.ts", "export const x = parseQuery(input);");
  file("src/snake.py", "x = parse_query(input)");
  file("src/dotted.js", "x = parse.query(input)");
  file("src/words.txt", "query the parser");
  file("src/dunder.py", "def __init__(self): pass");
  file("src/http.go", "srv := HTTPServer2{}");
  file("hello.txt", "hello world\n");
  file("with-sha.txt", "hello", { sha: "0123456789abcdef0123456789abcdef01234567" });
  file("docs/space name.md", "spaced");
  // Matches far apart, so that each needs its own fragment.
  file("long.txt", ["needle one", "needle two", "needle three"].join(` ${"filler ".repeat(80)}`));
  return e;
}

const engine = corpus();
const names = async (q: string) => (await engine.search("code", { q })).items.map((i) => i.name as string).sort();

describe("identifiers: findable whole and by their parts", () => {
  it("parseQuery, parse_query and parse.query", async () => {
    expect(await names("parseQuery")).toEqual(["camel.ts"]);
    expect(await names("PARSEQUERY")).toEqual(["camel.ts"]);
    expect(await names("parse_query")).toEqual(["snake.py"]);
    expect(await names("parse")).toEqual(["camel.ts", "dotted.js", "snake.py"]);
    expect(await names("query")).toEqual(["camel.ts", "dotted.js", "snake.py", "words.txt"]);
    expect(await names("parse.query")).toEqual(["camel.ts", "dotted.js", "snake.py"]);
    expect(await names('"parse query"')).toEqual(["camel.ts", "dotted.js", "snake.py"]);
    expect(await names("query_parse")).toEqual([]);
  });
  it("a phrase runs on after an identifier that has parts", async () => {
    expect(await names('"parseQuery(input)"')).toEqual(["camel.ts"]);
    expect(await names('"x parseQuery input"')).toEqual(["camel.ts"]);
    expect(await names('"parse_query(input)"')).toEqual(["snake.py"]);
    expect(await names('"query input"')).toEqual(["camel.ts", "dotted.js", "snake.py"]);
    expect(await names('"input parseQuery"')).toEqual([]);
  });
  it("underscores around a word, case changes and digits", async () => {
    expect(await names("init")).toEqual(["dunder.py"]);
    expect(await names("__init__")).toEqual(["dunder.py"]);
    expect(await names("HTTPServer2")).toEqual(["http.go"]);
    expect(await names("server")).toEqual(["http.go"]);
    expect(await names('"http server 2"')).toEqual(["http.go"]);
  });
});

describe("text matches", () => {
  const matches = async (q: string) => {
    const r = await engine.search("code", { q }, { accept: TEXT_MATCH });
    return r.items.map((i) => ({ item: i, tm: i.text_matches as TextMatch[] }));
  };
  /** Every match's indices cut its own text out of its fragment. */
  const expectOffsets = (tm: TextMatch[]) => {
    for (const t of tm) for (const m of t.matches) expect(t.fragment.slice(m.indices[0], m.indices[1])).toBe(m.text);
  };

  it("highlights an identifier's part inside the whole", async () => {
    const [{ item, tm }] = await matches("parse repo:octo/tools extension:ts");
    expect(tm).toHaveLength(1);
    expect(tm[0]).toMatchObject({ object_url: item.url, object_type: "FileContent", property: "content" });
    expect(tm[0].matches.map((m) => m.text)).toEqual(["parse"]);
    expectOffsets(tm);
  });
  it("highlights the whole identifier for a whole-identifier query", async () => {
    const [{ tm }] = await matches("parseQuery");
    expect(tm[0].fragment).toBe("export const x = parseQuery(input);");
    expect(tm[0].matches).toEqual([{ text: "parseQuery", indices: [17, 27] }]);
  });
  it("highlights the path", async () => {
    const [{ item, tm }] = await matches("dunder in:path");
    expect(tm).toEqual([{ object_url: item.url, object_type: "FileContent", property: "path", fragment: "src/dunder.py", matches: [{ text: "dunder", indices: [4, 10] }] }]);
  });
  it("shows at most two fragments of one file", async () => {
    const [{ tm }] = await matches("needle");
    const content = tm.filter((t) => t.property === "content");
    expect(content).toHaveLength(2);
    expect(content.flatMap((t) => t.matches.map((m) => m.text))).toEqual(["needle", "needle"]);
    expectOffsets(content);
    expect(content[0].fragment).toContain("needle one");
    expect(content[1].fragment).toContain("needle two");
  });
  it("keeps offsets inside the fragment for every query word, case aside", async () => {
    for (const q of ["parse query", "HTTP", "init self", "world"]) {
      for (const { tm } of await matches(q)) {
        expect(tm.length).toBeGreaterThan(0);
        expectOffsets(tm);
        const words = q.toLowerCase().split(" ");
        for (const t of tm) for (const m of t.matches) expect(words).toContain(m.text.toLowerCase());
      }
    }
  });
});

describe("the code result item", () => {
  it("has the 2.4 fields, URLs at the file's sha", async () => {
    const r = await engine.search("code", { q: "spaced" });
    const item = r.items[0];
    const sha = createHash("sha1").update("blob 6\0spaced").digest("hex");
    expect(item).toMatchObject({
      name: "space name.md",
      path: "docs/space name.md",
      sha,
      url: `https://api.example.test/repos/octo/tools/contents/docs/space%20name.md?ref=${sha}`,
      git_url: `https://api.example.test/repos/octo/tools/git/blobs/${sha}`,
      html_url: `https://example.test/octo/tools/blob/${sha}/docs/space%20name.md`,
    });
    expect(typeof item.score).toBe("number");
    const repository = item.repository as Record<string, unknown>;
    expect(repository).toMatchObject({ id: 42, full_name: "octo/tools", name: "tools", private: false, fork: false, url: "https://api.example.test/repos/octo/tools" });
    expect(repository.owner).toMatchObject({ login: "octo", id: 7, type: "Organization" });
    expect(Object.keys(item).sort()).toEqual(["git_url", "html_url", "name", "path", "repository", "score", "sha", "url"]);
  });
  it("computes the git blob sha of the content when the record has none", async () => {
    const [hello] = (await engine.search("code", { q: "hello world" })).items;
    // `git hash-object` of "hello world\n"
    expect(hello.sha).toBe("3b18e512dba79e4c8300dd08aeb37f8e728b8dad");
  });
  it("keeps the record's sha", async () => {
    const [item] = (await engine.search("code", { q: "hello filename:with-sha.txt" })).items;
    expect(item.sha).toBe("0123456789abcdef0123456789abcdef01234567");
    expect(item.git_url).toBe("https://api.example.test/repos/octo/tools/git/blobs/0123456789abcdef0123456789abcdef01234567");
  });
  it("names the default branch when neither sha nor content is known", async () => {
    const e = new SearchEngine({ rateLimit: false });
    e.add("repositories", { id: 1, full_name: "o/r", name: "r", owner: { login: "o" }, default_branch: "trunk" });
    e.add("code", { repository: "o/r", path: "bin/tool", size: 10 });
    const [item] = (await e.search("code", { q: "filename:tool" })).items;
    expect(item).toMatchObject({ sha: null, git_url: null, url: "https://api.github.com/repos/o/r/contents/bin/tool?ref=trunk", html_url: "https://github.com/o/r/blob/trunk/bin/tool" });
  });
});
