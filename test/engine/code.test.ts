/**
 * Code search qualifiers, rules and sorts over a small hand-built corpus. Every
 * expected set below is read off the records in `corpus()`.
 */
import { describe, expect, it } from "vitest";
import { SearchEngine, type Caller } from "../../src/index.js";

/** A content of exactly `bytes` UTF-8 bytes: `text` padded with spaces. */
const padTo = (text: string, bytes: number) => text + " ".repeat(bytes - Buffer.byteLength(text));

const LIMIT = 384 * 1024;

function corpus(): SearchEngine {
  const e = new SearchEngine({ rateLimit: false });
  e.add("users", { login: "octo", id: 1, type: "Organization", members: ["alice"] });
  e.add("users", { login: "alice", id: 2, type: "User" });
  e.add("users", { login: "bob", id: 3, type: "User" });
  const repo = (full_name: string, extra: Record<string, unknown>) =>
    e.add("repositories", { id: 100 + e.counts().repositories, full_name, name: full_name.split("/")[1], owner: { login: full_name.split("/")[0] }, ...extra });
  repo("octo/web", { stargazers_count: 100, pushed_at: "2024-05-01T00:00:00Z" });
  repo("octo/tools", { stargazers_count: 10, pushed_at: "2024-03-01T00:00:00Z" });
  repo("alice/lib", { stargazers_count: 5, pushed_at: "2024-06-01T00:00:00Z" });
  repo("octo/secret", { private: true, pushed_at: "2024-01-01T00:00:00Z" });
  // More stars than its parent: its code is indexed (shown only with fork:true / fork:only).
  repo("bob/web-fork", { fork: true, stargazers_count: 150, parent: { full_name: "octo/web" } });
  // Fewer stars than its parent, and a fork whose parent is unknown: never indexed.
  repo("bob/tools-fork", { fork: true, stargazers_count: 3, parent: { full_name: "octo/tools" } });
  repo("bob/orphan-fork", { fork: true, stargazers_count: 1000 });

  const file = (repository: string, path: string, content: string | undefined, extra: Record<string, unknown> = {}) =>
    e.add("code", { repository, path, ...(content === undefined ? {} : { content }), ...extra });
  file("octo/web", "app/public/js/form-validators.js", "function validate(form) {\n  console.log(form);\n}\n");
  file("octo/web", "app/public/index.html", "<script>console.info('hi')</script>", { indexed_at: "2024-07-01T00:00:00Z" });
  file("octo/web", "src/stars.js", "if (stars > 10) console.log(stars)", { indexed_at: "2024-02-01T00:00:00Z" });
  file("octo/web", "src/app.js", "const el = document.createElement('div')");
  file("octo/web", "config/layout.xml", padTo("<root><element/></root>", 100));
  file("octo/web", "config/other.xml", padTo("<root><element/></root>", 101));
  file("octo/web", "cgi-bin/form.pl", "my $form = param('form');\nprint $form;\n");
  file("octo/web", "cgi-bin/lib/helper.pl", "sub form_helper { return 1; }");
  file("octo/web", "README.md", "# Web\noctocat readme");
  file("octo/web", "docs/README.md", "octocat docs readme");
  file("octo/tools", "test/test_helper.rb", "require 'minitest'");
  file("octo/tools", "spec/test_helper.rb", "require 'rspec'");
  file("octo/tools", "test/unit/test_helper.py", "import unittest");
  file("octo/tools", "lib/linguist.rb", "module Linguist; end");
  file("octo/tools", "bin/linguist", "#!/usr/bin/env ruby");
  file("octo/tools", ".vimrc", "set commands");
  file("octo/tools", "src/camel.ts", "export const x = parseQuery(input);");
  file("octo/tools", "src/types.d.ts", "export declare const x: number;");
  file("octo/tools", "bin/tool", undefined, { size: 10 });
  file("octo/tools", "bin/blob", undefined, { size: LIMIT });
  file("alice/lib", "almost.txt", padTo("needle", LIMIT - 1));
  file("alice/lib", "declared.txt", "needle", { size: LIMIT });
  file("alice/lib", "huge.txt", padTo("needle", LIMIT));
  // 196,611 characters, but 393,222 UTF-8 bytes: too large.
  file("alice/lib", "accents.txt", "é".repeat(LIMIT / 2) + " needle");
  file("octo/secret", "src/key.ts", "secret token");
  file("bob/web-fork", "app/public/js/form-validators.js", "console.warn('fork')");
  file("bob/tools-fork", "lib/x.js", "console.error('tools fork')");
  file("bob/orphan-fork", "a.js", "console.debug('orphan')");
  return e;
}

const engine = corpus();
const paths = async (q: string, caller?: Caller) => {
  const r = await engine.search("code", { q, per_page: 100 }, { caller });
  expect(r.total_count).toBe(r.items.length);
  return r.items.map((i) => `${(i.repository as { full_name: string }).full_name}:${i.path as string}`).sort();
};
const rejects = (q: string) => expect(engine.search("code", { q })).rejects.toMatchObject({ status: 422 });

const WEB_CONSOLE = ["octo/web:app/public/index.html", "octo/web:app/public/js/form-validators.js", "octo/web:src/stars.js"];

describe("code search: terms and fields", () => {
  it("searches file contents by default", async () => {
    expect(await paths("console")).toEqual(WEB_CONSOLE);
    expect(await paths("console in:file")).toEqual(WEB_CONSOLE);
  });
  it("in:path searches the path, split at `/`, `.`, `-` and `_`", async () => {
    expect(await paths("validators in:path")).toEqual(["octo/web:app/public/js/form-validators.js"]);
    expect(await paths("form in:path")).toEqual(["octo/web:app/public/js/form-validators.js", "octo/web:cgi-bin/form.pl"]);
    expect(await paths("helper in:path")).toEqual(["octo/tools:spec/test_helper.rb", "octo/tools:test/test_helper.rb", "octo/tools:test/unit/test_helper.py", "octo/web:cgi-bin/lib/helper.pl"]);
  });
  it("in:file,path searches either", async () => {
    expect(await paths("form in:file,path")).toEqual(["octo/web:app/public/js/form-validators.js", "octo/web:cgi-bin/form.pl", "octo/web:cgi-bin/lib/helper.pl"]);
    expect(await paths("form in:file")).toEqual(["octo/web:app/public/js/form-validators.js", "octo/web:cgi-bin/form.pl", "octo/web:cgi-bin/lib/helper.pl"]);
    expect(await paths("tool in:file,path")).toEqual(["octo/tools:bin/tool"]);
  });
  it("treats the ignored characters as separators between terms, quoted or not", async () => {
    expect(await paths("console.log")).toEqual(["octo/web:app/public/js/form-validators.js", "octo/web:src/stars.js"]);
    expect(await paths('"console.log"')).toEqual(["octo/web:app/public/js/form-validators.js", "octo/web:src/stars.js"]);
    expect(await paths('"console.log(form)"')).toEqual(["octo/web:app/public/js/form-validators.js"]);
    expect(await paths("[console]")).toEqual(WEB_CONSOLE);
    expect(await paths("$form")).toEqual(["octo/web:app/public/js/form-validators.js", "octo/web:cgi-bin/form.pl", "octo/web:cgi-bin/lib/helper.pl"]);
    expect(await paths("console::log")).toEqual(["octo/web:app/public/js/form-validators.js", "octo/web:src/stars.js"]);
  });
  it("needs at least one term, unless filename: is given", async () => {
    await rejects("language:javascript");
    await rejects("user:octo extension:rb");
    await rejects("repo:octo/web path:/");
    await rejects('"*" language:javascript');
    await rejects(". , ; = ! ? #");
    expect(await paths("amazing language:javascript")).toEqual([]);
    expect(await paths('"*" console')).toEqual(WEB_CONSOLE);
    expect(await paths("filename:linguist")).toEqual(["octo/tools:bin/linguist", "octo/tools:lib/linguist.rb"]);
  });
  it("turns qualifiers code search does not have into keywords", async () => {
    expect(await paths("stars:>10")).toEqual(["octo/web:src/stars.js"]);
    expect(await paths("console stars:>10")).toEqual(["octo/web:src/stars.js"]);
    expect(await paths("console topic:web")).toEqual([]);
    expect(await paths("console author:alice")).toEqual([]);
    // `sort:` is no in-query sort here: an unknown qualifier, hence words.
    expect(await paths("console sort:stars")).toEqual([]);
  });
});

describe("code search: qualifiers", () => {
  it("repo:, user: and org:", async () => {
    expect(await paths("require repo:octo/tools")).toEqual(["octo/tools:spec/test_helper.rb", "octo/tools:test/test_helper.rb"]);
    expect(await paths("require repo:octo/web")).toEqual([]);
    expect(await paths("needle user:alice")).toEqual(["alice/lib:almost.txt"]);
    expect(await paths("console org:octo")).toEqual(WEB_CONSOLE);
    expect(await paths("console user:alice")).toEqual([]);
    expect(await paths("export repo:octo/tools repo:octo/web")).toEqual(["octo/tools:src/camel.ts", "octo/tools:src/types.d.ts"]);
  });
  it("path: a run of directories at any depth; / is the root; a leading / anchors", async () => {
    expect(await paths("console path:app/public language:javascript")).toEqual(["octo/web:app/public/js/form-validators.js"]);
    expect(await paths("console path:app/public")).toEqual(["octo/web:app/public/index.html", "octo/web:app/public/js/form-validators.js"]);
    expect(await paths("console path:public/js")).toEqual(["octo/web:app/public/js/form-validators.js"]);
    expect(await paths('console path:"APP/Public/"')).toEqual(["octo/web:app/public/index.html", "octo/web:app/public/js/form-validators.js"]);
    expect(await paths("console path:js/public")).toEqual([]);
    expect(await paths("console path:/app")).toEqual(["octo/web:app/public/index.html", "octo/web:app/public/js/form-validators.js"]);
    expect(await paths("console path:/public")).toEqual([]);
    expect(await paths("form path:cgi-bin language:perl")).toEqual(["octo/web:cgi-bin/form.pl", "octo/web:cgi-bin/lib/helper.pl"]);
    expect(await paths("octocat path:/")).toEqual(["octo/web:README.md"]);
    expect(await paths("console -path:js")).toEqual(["octo/web:app/public/index.html", "octo/web:src/stars.js"]);
  });
  it("filename: the whole name, or the name without its last extension", async () => {
    expect(await paths("octocat filename:readme path:/")).toEqual(["octo/web:README.md"]);
    expect(await paths("octocat filename:readme")).toEqual(["octo/web:README.md", "octo/web:docs/README.md"]);
    expect(await paths("octocat filename:README.md")).toEqual(["octo/web:README.md", "octo/web:docs/README.md"]);
    expect(await paths("filename:test_helper path:test language:ruby")).toEqual(["octo/tools:test/test_helper.rb"]);
    expect(await paths("filename:.vimrc commands")).toEqual(["octo/tools:.vimrc"]);
    expect(await paths("filename:vimrc commands")).toEqual([]);
    expect(await paths("filename:types.d")).toEqual(["octo/tools:src/types.d.ts"]);
    expect(await paths("filename:types")).toEqual([]);
  });
  it("extension: what the name ends in after a dot, one leading dot stripped", async () => {
    expect(await paths("require extension:rb")).toEqual(["octo/tools:spec/test_helper.rb", "octo/tools:test/test_helper.rb"]);
    expect(await paths("require extension:.rb")).toEqual(["octo/tools:spec/test_helper.rb", "octo/tools:test/test_helper.rb"]);
    expect(await paths("export extension:ts")).toEqual(["octo/tools:src/camel.ts", "octo/tools:src/types.d.ts"]);
    expect(await paths("export extension:d.ts")).toEqual(["octo/tools:src/types.d.ts"]);
    expect(await paths("commands extension:vimrc")).toEqual(["octo/tools:.vimrc"]);
    expect(await paths("ruby extension:rb")).toEqual([]);
  });
  it("language: a linguist name or alias, against the language of the file's path", async () => {
    expect(await paths("console language:js")).toEqual(["octo/web:app/public/js/form-validators.js", "octo/web:src/stars.js"]);
    expect(await paths("console language:JavaScript")).toEqual(["octo/web:app/public/js/form-validators.js", "octo/web:src/stars.js"]);
    expect(await paths("console language:html")).toEqual(["octo/web:app/public/index.html"]);
    expect(await paths("console -language:javascript")).toEqual(["octo/web:app/public/index.html"]);
    expect(await paths("require language:ruby")).toEqual(["octo/tools:spec/test_helper.rb", "octo/tools:test/test_helper.rb"]);
    expect(await paths("ruby language:ruby")).toEqual([]);
    expect(await paths("export language:typescript")).toEqual(["octo/tools:src/camel.ts", "octo/tools:src/types.d.ts"]);
  });
  it("size: bytes, with comparisons and ranges", async () => {
    expect(await paths("element language:xml size:100")).toEqual(["octo/web:config/layout.xml"]);
    expect(await paths("element size:>100")).toEqual(["octo/web:config/other.xml"]);
    expect(await paths("element size:<=100")).toEqual(["octo/web:config/layout.xml", "octo/web:src/app.js"]);
    expect(await paths("element size:100..101")).toEqual(["octo/web:config/layout.xml", "octo/web:config/other.xml"]);
    expect(await paths(`needle size:>=${LIMIT - 1}`)).toEqual(["alice/lib:almost.txt"]);
    await rejects("element size:big");
  });
  it("fork: eligible forks only with fork:true or fork:only", async () => {
    const fork = "bob/web-fork:app/public/js/form-validators.js";
    expect(await paths("console fork:true")).toEqual([fork, ...WEB_CONSOLE].sort());
    expect(await paths("console fork:only")).toEqual([fork]);
    expect(await paths("console fork:false")).toEqual(WEB_CONSOLE);
    expect(await paths("console repo:bob/tools-fork fork:true")).toEqual([]);
    expect(await paths("console repo:bob/orphan-fork fork:only")).toEqual([]);
    await rejects("console fork:maybe");
  });
});

describe("code search: what is searchable", () => {
  it("leaves out files of 384 KB or more, by `size` or by the content's UTF-8 bytes", async () => {
    expect(await paths("needle")).toEqual(["alice/lib:almost.txt"]);
    expect(await paths("filename:declared.txt")).toEqual([]);
    expect(await paths("filename:huge")).toEqual([]);
    expect(await paths("filename:accents")).toEqual([]);
    expect(await paths("filename:almost")).toEqual(["alice/lib:almost.txt"]);
  });
  it("finds a file without content by its path when its size is under the limit", async () => {
    expect(await paths("filename:tool")).toEqual(["octo/tools:bin/tool"]);
    expect(await paths("filename:blob")).toEqual([]);
  });
  it("shows private code to those who may see the repository only", async () => {
    expect(await paths("secret")).toEqual([]);
    expect(await paths("secret", { login: "alice" })).toEqual(["octo/secret:src/key.ts"]);
    expect(await paths("secret", { login: "bob" })).toEqual([]);
    await rejects("token repo:octo/secret");
    expect(await paths("token repo:octo/secret", { login: "alice" })).toEqual(["octo/secret:src/key.ts"]);
  });
});

describe("code search: sort=indexed", () => {
  // index.html: indexed_at 2024-07-01; form-validators.js: octo/web pushed 2024-05-01; stars.js: indexed_at 2024-02-01.
  const order = async (params: Record<string, string>) =>
    (await engine.search("code", { q: "console", ...params })).items.map((i) => i.path);
  it("orders by indexed_at, else the repository's pushed_at", async () => {
    expect(await order({ sort: "indexed" })).toEqual(["app/public/index.html", "app/public/js/form-validators.js", "src/stars.js"]);
    expect(await order({ sort: "indexed", order: "desc" })).toEqual(["app/public/index.html", "app/public/js/form-validators.js", "src/stars.js"]);
    expect(await order({ sort: "indexed", order: "asc" })).toEqual(["src/stars.js", "app/public/js/form-validators.js", "app/public/index.html"]);
  });
  it("refuses other sorts", async () => {
    await expect(engine.search("code", { q: "console", sort: "stars" })).rejects.toMatchObject({ status: 422 });
  });
  it("follows a repository's new pushed_at", async () => {
    const e = new SearchEngine({ rateLimit: false });
    e.add("repositories", { id: 1, full_name: "o/a", name: "a", owner: { login: "o" }, pushed_at: "2020-01-01T00:00:00Z" });
    e.add("repositories", { id: 2, full_name: "o/b", name: "b", owner: { login: "o" }, pushed_at: "2021-01-01T00:00:00Z" });
    e.add("code", { repository: "o/a", path: "x.c", content: "main" });
    e.add("code", { repository: "o/b", path: "y.c", content: "main" });
    const first = async () => (await e.search("code", { q: "main", sort: "indexed" })).items[0].path;
    expect(await first()).toBe("y.c");
    e.add("repositories", { id: 1, full_name: "o/a", name: "a", owner: { login: "o" }, pushed_at: "2022-01-01T00:00:00Z" });
    expect(await first()).toBe("x.c");
  });
});
