/**
 * Code search over data/sample: the reference examples and the code rules,
 * each expected set read off the sample's code.ndjson and repositories.ndjson.
 */
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine, type Caller } from "../../src/index.js";

const SAMPLE = fileURLToPath(new URL("../../data/sample", import.meta.url));
const engine = new SearchEngine({ rateLimit: false });
beforeAll(async () => {
  await engine.load(SAMPLE);
});

const found = async (q: string, caller?: Caller) => {
  const r = await engine.search("code", { q, per_page: 100 }, { caller });
  expect(r.total_count).toBe(r.items.length);
  return r.items.map((i) => `${(i.repository as { full_name: string }).full_name}:${i.path as string}`).sort();
};
const rejects = (q: string) => expect(engine.search("code", { q })).rejects.toMatchObject({ status: 422 });

describe("code search on the sample: the reference examples", () => {
  it("addClass in:file language:js repo:jquery/jquery", async () => {
    // The README mentions `.addClass()` too, but it is Markdown.
    expect(await found("addClass in:file language:js repo:jquery/jquery")).toEqual(["jquery/jquery:src/attributes/classes.js", "jquery/jquery:test/unit/classes.js"]);
  });
  it("a term is required, except with filename:", async () => {
    await rejects("language:javascript");
    await rejects("repo:mozilla/shumway extension:as");
    expect(await found("amazing language:javascript")).toEqual(["ivan-petrov/js-tutorials:lessons/01-variables.js"]);
    expect(await found("filename:linguist")).toEqual(["github/linguist:bin/linguist", "github/linguist:lib/linguist.rb"]);
  });
  it("octocat in:path, in:file,path", async () => {
    expect(await found("octocat in:path")).toEqual(["octocat/Hello-World:src/octocat.js"]);
    expect(await found("octocat in:file,path")).toEqual([
      "github/docs:README.md",
      "octocat/Hello-World:README",
      "octocat/Hello-World:docs/readme.md",
      "octocat/Hello-World:src/octocat.js",
      "octocat/Spoon-Knife:index.html",
      "octocat/Spoon-Knife:styles.css",
      "sigga/tetris-asm:readme",
    ]);
  });
  it("octocat filename:readme path:/", async () => {
    const root = ["github/docs:README.md", "octocat/Hello-World:README", "sigga/tetris-asm:readme"];
    expect(await found("octocat filename:readme path:/")).toEqual(root);
    // octocat collaborates on the private github/super-secret.
    expect(await found("octocat filename:readme path:/", { login: "octocat" })).toEqual([...root, "github/super-secret:README.md"].sort());
  });
  it("form path:cgi-bin language:perl", async () => {
    expect(await found("form path:cgi-bin language:perl")).toEqual(["mike-k/guestbook:cgi-bin/form.pm", "mike-k/guestbook:cgi-bin/guestbook.pl", "mike-k/guestbook:cgi-bin/lib/Guestbook/Form.pm"]);
  });
  it("console path:app/public language:javascript", async () => {
    expect(await found("console path:app/public language:javascript")).toEqual(["github/docs:app/public/js/analytics.js", "github/docs:app/public/js/form-validators.js"]);
  });
  it("element language:xml size:100", async () => {
    expect(await found("element language:xml size:100")).toEqual(["github/linguist:samples/XML/element.xml"]);
  });
  it("filename:test_helper path:test language:ruby", async () => {
    expect(await found("filename:test_helper path:test language:ruby")).toEqual(["defunkt/resque:test/test_helper.rb", "jekyll/jekyll:test/test_helper.rb"]);
  });
  it("filename:.vimrc commands", async () => {
    expect(await found("filename:.vimrc commands")).toEqual(["mdo/dotfiles:.vimrc"]);
  });
  it("display language:scss", async () => {
    expect(await found("display language:scss")).toEqual(["jekyll/minima:_sass/minima/_layout.scss"]);
  });
  it("function size:>10000 language:python; icon size:>200000 extension:css", async () => {
    expect(await found("function size:>10000 language:python")).toEqual(["olga-k/pywin-utils:pywin/registry.py"]);
    expect(await found("icon size:>200000 extension:css")).toEqual(["mdo/octicons-css:build/icons.css"]);
  });
  it("android language:java fork:true: only the fork with more stars than its parent", async () => {
    const original = "olga-k/android-sdk-tools:src/main/java/com/example/tools/AndroidTools.java";
    const fork = "ivan-petrov/android-sdk-tools:src/main/java/com/example/tools/AndroidTools.java";
    expect(await found("android language:java fork:true")).toEqual([fork, original]);
    expect(await found("android language:java")).toEqual([original]);
    expect(await found("android language:java fork:only")).toEqual([fork]);
  });
});

describe("code search on the sample: rules", () => {
  it("identifiers are found whole and by their parts", async () => {
    expect(await found("parseQuery repo:github/docs")).toEqual(["github/docs:lib/search/index.js", "github/docs:lib/search/parse-query.js"]);
    expect(await found("parse_query repo:github/docs")).toEqual(["github/docs:script/search/parse_query.py"]);
    expect(await found("parse.query repo:github/docs")).toEqual(["github/docs:lib/search/index.js", "github/docs:lib/search/parse-query.js", "github/docs:script/search/parse_query.py"]);
    expect(await found('"parse query" in:path repo:github/docs')).toEqual(["github/docs:lib/search/parse-query.js", "github/docs:script/search/parse_query.py"]);
  });
  it("the 393,216-byte dump is not searchable", async () => {
    expect(await found("zebrafish")).toEqual(["mozilla/pdf.js:test/pdfs/README.md"]);
    expect(await found("oversizedmarker")).toEqual([]);
    expect(await found("filename:text-layer-dump.txt")).toEqual([]);
  });
  it("private code only for those who may see it", async () => {
    expect(await found("cupcake")).toEqual([]);
    expect(await found("cupcake", { login: "octocat" })).toEqual(["github/super-secret:lib/cupcake_deploy.rb"]);
    expect(await found("cupcake", { login: "defunkt" })).toEqual(["github/super-secret:lib/cupcake_deploy.rb"]);
    expect(await found("cupcake", { login: "jennyfer" })).toEqual([]);
  });
  it("sort=indexed follows the repositories' pushed_at", async () => {
    const q = "display -repo:mozilla/shumway";
    const newest = ["github/docs:app/public/css/main.css", "octocat/Spoon-Knife:styles.css", "jekyll/minima:_sass/minima/_layout.scss", "mdo/octicons-css:src/icons-small.css"];
    const order = async (direction: string) =>
      (await engine.search("code", { q, sort: "indexed", order: direction })).items.map((i) => `${(i.repository as { full_name: string }).full_name}:${i.path as string}`);
    expect(await order("desc")).toEqual(newest);
    expect(await order("asc")).toEqual([...newest].reverse());
  });
});
