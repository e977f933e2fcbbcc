/**
 * The reference's own readings, checked on the examples the documentation
 * gives (docs/code-search.md, docs/dump-format.md), so that the oracle cannot
 * drift from them unnoticed while the engine is compared with it.
 */
import { describe, expect, it } from "vitest";
import { API, EMPTY_DATASET, type Dataset, type IssueRecord } from "./dataset.js";
import { acceptsPreview } from "./evaluator.js";
import { mentionsOf } from "./kinds/issue-facts.js";
import { containsCodeRun, identifierParts, words } from "./text.js";

describe("identifier parts", () => {
  it.each([
    ["parseQuery", ["parse", "query"]],
    ["parse_query", ["parse", "query"]],
    ["HTTPServer2", ["http", "server", "2"]],
    ["__init__", ["init"]],
    ["getURL", ["get", "url"]],
    ["café", ["café"]],
  ])("%s splits into %j", (word, parts) => {
    expect(identifierParts(word)).toEqual(parts);
  });
});

describe("code phrases", () => {
  const phrase = (text: string) => words(text);
  it.each(["parse.query", "parse query", "parseQuery", "parse_query"])('"parse query" is in %s', (text) => {
    expect(containsCodeRun(text, phrase("parse query"))).toBe(true);
  });
  it('"parseQuery(input)" is in parseQuery(input) and ParseQuery input, not in parse_query(input)', () => {
    const wanted = phrase("parseQuery(input)");
    expect(containsCodeRun("parseQuery(input)", wanted)).toBe(true);
    expect(containsCodeRun("ParseQuery input", wanted)).toBe(true);
    expect(containsCodeRun("parse_query(input)", wanted)).toBe(false);
  });
  it("a phrase may start on a part and go on past a whole identifier", () => {
    expect(containsCodeRun("HTTPServer2 start", phrase("server 2 start"))).toBe(true);
    expect(containsCodeRun("HTTPServer2 start", phrase("httpserver2 start"))).toBe(true);
    expect(containsCodeRun("HTTPServer2 start", phrase("http start"))).toBe(false);
  });
});

describe("mentions", () => {
  const data: Dataset = { ...EMPTY_DATASET };
  const issue = (body: string): IssueRecord => ({ id: 1, number: 1, title: "t", body, repository_url: `${API}/repos/a/b`, state: "open", labels: [] });
  it("reads @login and @org/team, not e-mail addresses", () => {
    expect(mentionsOf(issue("thanks @Ada, (@web-dev) and @acme/core. mail eve@acme.com"), data)).toEqual({ users: ["ada", "web-dev"], teams: ["acme/core"] });
  });
});

describe("preview media types", () => {
  it.each([
    ["application/vnd.github.cloak-preview", true],
    ["application/vnd.github.cloak-preview+json", true],
    ["application/vnd.github.v3+json, application/vnd.github.cloak-preview+json; q=1", true],
    ["application/vnd.github.v3+json", false],
    [undefined, false],
  ])("%s asks for cloak-preview: %s", (accept, wanted) => {
    expect(acceptsPreview(accept, "cloak-preview")).toBe(wanted);
  });
});
