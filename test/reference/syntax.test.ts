/**
 * For every kind: the engine never fails on arbitrary query text with
 * anything but a 422, and the generated queries render to text the grammar
 * reads back as the same tree (else the properties would compare the engine
 * with another query than the reference read). FC_RUNS=n runs every property
 * n times.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { QueryNode } from "../../src/parse/ast.js";
import { parseQuery } from "../../src/parse/parse.js";
import type { Caller } from "./access.js";
import { datasetFor, queryArb } from "./arbitraries.js";
import { API, EMPTY_DATASET, type Dataset } from "./dataset.js";
import { engineWith } from "./engine-with.js";
import { ask, runs } from "./harness.js";
import { ORACLE_KINDS, type OracleKindName } from "./kinds/index.js";
import { render, type Query } from "./query.js";

const KINDS = Object.keys(ORACLE_KINDS) as OracleKindName[];

describe("arbitrary query text", () => {
  const queryish = fc.string({
    unit: fc.oneof(
      fc.constantFrom(..." \t\"()-:,.<>=*@+/#_\u00a0\u3000"),
      fc.constantFrom("AND", "OR", "NOT", "stars", "in", "repo", "user", "org", "created", "fullname", "is", "sort", "..", ">=", "@me"),
      fc.constantFrom("label", "no", "involves", "team", "head", "e1109ab", "path", "filename", "size", "hash", "author-name", "merge"),
      fc.constantFrom(..."abzAZ019é"),
    ),
    maxLength: 40,
  });
  const text = fc.oneof(queryish, fc.string({ unit: "binary", maxLength: 30 }), fc.string({ maxLength: 300 }));

  it.each(KINDS)("never escapes from %s as anything but a 422 SearchError", async (kind) => {
    const data: Dataset = {
      ...EMPTY_DATASET,
      users: [{ login: "ada", id: 1, type: "User" }],
      repositories: [{ id: 7, name: "tool", full_name: "ada/tool", owner: { login: "ada" } }],
      topics: [{ name: "tool" }],
      labels: [{ id: 3, name: "bug", color: "ededed", repository_id: 7 }],
      issues: [{ id: 9, number: 1, title: "tool bug", repository_url: `${API}/repos/ada/tool`, state: "open", labels: [{ name: "bug" }] }],
      comments: [{ id: 11, body: "me too @ada", user: { login: "ada" }, issue_url: `${API}/repos/ada/tool/issues/1` }],
      commits: [
        {
          sha: "e1109ab0c3d1f2e4a5b6c7d8e9f0a1b2c3d4e5f6",
          repository: "ada/tool",
          commit: { message: "fix the tool", author: { name: "Ada", email: "ada@example.com" }, committer: { name: "Ada", email: "ada@example.com" }, tree: { sha: "99ca9670c3d1f2e4a5b6c7d8e9f0a1b2c3d4e5f6" } },
          author: { login: "ada" },
          committer: null,
          parents: [],
        },
      ],
      code: [{ repository: "ada/tool", path: "src/tool.ts", content: "export const parseQuery = (input) => input;" }],
    };
    const engine = engineWith(data);
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom<Caller | undefined>(undefined, { login: "ada" }, { login: "ada", via: "app-user" }), async (q, caller) => {
        const answer = await ask(engine, kind, { query: q, caller, repositoryId: kind === "labels" ? 7 : undefined });
        if (!answer.ok) expect(answer.status, `q=${JSON.stringify(q)}: ${answer.message}`).toBe(422);
      }),
      runs(400),
    );
  });
});

/**
 * The shape of a tree as both sides see it (terms, phrases, qualifiers with
 * their values, AND/OR/NOT/groups), so the rendering can be checked against
 * the grammar: a mis-rendered query would make the properties above compare
 * the engine with a different query than the reference read.
 */
function shapeOfQuery(q: Query): string {
  switch (q.type) {
    case "term":
      return `t(${q.text})`;
    case "phrase":
      return `p(${q.text})`;
    case "qualifier":
      return `q(${q.negated ? "-" : ""}${q.name.toLowerCase()}=${q.value.replace(/(T\d\d:\d\d:\d\d) (\d\d:\d\d)/g, "$1+$2")})`;
    case "and":
      return `and(${q.parts.map(shapeOfQuery).join(",")})`;
    case "or":
      return `or(${q.parts.map(shapeOfQuery).join(",")})`;
    case "not":
      return `not(${shapeOfQuery(q.part)})`;
    case "group":
      return `g(${shapeOfQuery(q.part)})`;
  }
}

function shapeOfTree(n: QueryNode): string {
  switch (n.type) {
    case "term":
      return `t(${n.text})`;
    case "phrase":
      return `p(${n.text})`;
    case "qualifier":
      return `q(${n.negated ? "-" : ""}${n.name}=${n.raw})`;
    case "and":
      return `and(${n.children.map(shapeOfTree).join(",")})`;
    case "or":
      return `or(${n.children.map(shapeOfTree).join(",")})`;
    case "not":
      return `not(${shapeOfTree(n.child)})`;
    case "group":
      return `g(${shapeOfTree(n.child)})`;
    case "empty":
      return "empty";
  }
}

describe.each(KINDS)("%s: generated queries", (kind) => {
  it("render to text the grammar reads back as the same tree", () => {
    fc.assert(
      fc.property(datasetFor(kind).chain((data) => queryArb(kind, data)), (q) => {
        expect(shapeOfTree(parseQuery(render(q))), render(q)).toBe(shapeOfQuery(q));
      }),
      runs(150),
    );
  });
});
