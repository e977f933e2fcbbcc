/**
 * Highlighting of phrases: a quoted phrase highlights the runs where its words occur in order and
 * adjacent (as the field's tokenizer reads them), not each of its words; bare words highlight every
 * occurrence.
 */
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/engine.js";
import { highlight, queryWordsFor } from "../../src/highlight/highlight.js";
import type { TokenizerName } from "../../src/text/tokenize.js";
import type { TextMatch } from "../../src/types.js";

/** The matched texts of `value` for query leaves (a string in quotes is a phrase). */
function matched(value: string, leaves: string[], tokenizer: TokenizerName = "prose"): string[] {
  const terms = queryWordsFor(
    leaves.map((l) => (l.startsWith('"') ? { text: l.slice(1, -1), phrase: true } : { text: l, phrase: false })),
    tokenizer,
  );
  const out = highlight({ objectUrl: "u", objectType: "T", property: "p", value, tokenizer }, terms, 5);
  return out.flatMap((m) => m.matches.map((x) => x.text));
}

describe("highlight", () => {
  const value = "Hello there, world. Hello world! And hello, World again; world hello.";

  it("a phrase highlights only its runs, each as one match", () => {
    expect(matched(value, ['"hello world"'])).toEqual(["Hello world", "hello, World"]);
  });

  it("bare words highlight every occurrence", () => {
    expect(matched(value, ["hello", "world"])).toEqual(["Hello", "world", "Hello", "world", "hello", "World", "world", "hello"]);
  });

  it("a phrase and a bare word together: the runs, and the word wherever it stands outside them", () => {
    expect(matched(value, ['"hello world"', "again"])).toEqual(["Hello world", "hello, World", "again"]);
    expect(matched(value, ['"hello world"', "world"])).toEqual(["world", "Hello world", "hello, World", "world"]);
  });

  it("a phrase whose words never follow one another highlights nothing", () => {
    expect(matched(value, ['"world there"'])).toEqual([]);
    expect(matched("world then and", ['"world and"'])).toEqual([]);
  });

  it("a phrase of one word is that word", () => {
    expect(matched("a world of worlds, world", ['"world"'])).toEqual(["world", "world"]);
  });

  it("phrases of three words, overlapping runs, and a run at the very end", () => {
    expect(matched("a b c a b c", ['"a b c"'])).toEqual(["a b c", "a b c"]);
    // Runs that overlap an earlier one are not highlighted twice.
    expect(matched("x y y y z", ['"y y"'])).toEqual(["y y"]);
    expect(matched("go to the end", ['"the end"'])).toEqual(["the end"]);
  });

  it("in code, a phrase runs across an identifier's parts as the index reads them", () => {
    // parseQuery is the whole identifier and its parts parse, query: "parse query" is a run of parts.
    expect(matched("const tree = parseQuery(text);", ['"parse query"'], "code")).toEqual(["parseQuery"]);
    expect(matched("const tree = parseQuery(text);", ['"parsequery text"'], "code")).toEqual(["parseQuery(text"]);
    expect(matched("parse the query", ['"parse query"'], "code")).toEqual([]);
  });
});

describe("text_matches of a search", () => {
  it("a quoted phrase highlights the phrase, a bare word every occurrence", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    engine.add("repositories", {
      id: 1,
      full_name: "octocat/demo",
      name: "demo",
      owner: { login: "octocat" },
      private: false,
      description: "A pull request bot: opens a pull request when a request to pull arrives.",
    });
    const accept = "application/vnd.github.v3.text-match+json";
    const descriptionMatches = async (q: string) => {
      const envelope = await engine.search("repositories", { q }, { accept });
      expect(envelope.total_count).toBe(1);
      const tm = (envelope.items[0].text_matches as TextMatch[]).find((m) => m.property === "description")!;
      for (const m of tm.matches) expect(tm.fragment.slice(...m.indices)).toBe(m.text);
      return tm.matches.map((m) => m.text);
    };
    expect(await descriptionMatches('"pull request"')).toEqual(["pull request", "pull request"]);
    expect(await descriptionMatches("pull request")).toEqual(["pull", "request", "pull", "request", "request", "pull"]);
    expect(await descriptionMatches('"pull request" bot')).toEqual(["pull request", "bot", "pull request"]);
  });
});
