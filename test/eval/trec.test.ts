/** The TREC file formats: qrels, topics, NDJSON queries and runs, read and written as trec_eval does. */
import { describe, expect, it } from "vitest";
import { docno, EvalFormatError, formatQrels, formatRun, keyOfDocno, parseQrels, parseQueries, parseRun, type Run } from "../../src/eval/index.js";

describe("qrels", () => {
  it("reads query 0 key grade, and writes it back", () => {
    const text = "q1 0 expressjs/express#12 2\nq1 0 expressjs/express#13 0\n\nq2 0 octo/app:src/a%20b.js 1\n";
    const qrels = parseQrels(text);
    expect([...qrels.get("q1")!]).toEqual([["expressjs/express#12", 2], ["expressjs/express#13", 0]]);
    expect([...qrels.get("q2")!]).toEqual([["octo/app:src/a b.js", 1]]);
    expect(formatQrels(qrels)).toBe(text.replace("\n\n", "\n"));
  });
  it("rejects a line that is not four fields or a grade that is not whole, naming the line", () => {
    expect(() => parseQrels("q1 0 a 1\nq1 a 1", "j.qrels")).toThrow(/^j\.qrels:2: expected "query iteration docno grade", got 3 fields$/);
    expect(() => parseQrels("q1 0 a high")).toThrow(EvalFormatError);
  });
});

describe("query sets", () => {
  it("NDJSON with endpoint and params", () => {
    const qs = parseQueries('{"id":"a1","endpoint":"issues","q":"router bug","params":{"sort":"created"}}\n{"id":2,"endpoint":"commits","q":"fix"}\n');
    expect(qs).toEqual([
      { id: "a1", endpoint: "issues", q: "router bug", params: { sort: "created" } },
      { id: "2", endpoint: "commits", q: "fix" },
    ]);
  });
  it("TREC topics, with an optional <endpoint>, else the default", () => {
    const text = "<top>\n<num> Number: 301\n<title> router typo\n<desc> Description:\nfind it\n</top>\n<top>\n<num> 302\n<endpoint> commits\n<title> fix\n</top>\n";
    expect(parseQueries(text, { endpoint: "issues" })).toEqual([
      { id: "301", endpoint: "issues", q: "router typo" },
      { id: "302", endpoint: "commits", q: "fix" },
    ]);
    expect(() => parseQueries(text)).toThrow(/no default endpoint/);
  });
  it("Anserini's tab-separated topics", () => {
    expect(parseQueries("1\trouter typo\n2\tfix\n", { endpoint: "code" })).toEqual([
      { id: "1", endpoint: "code", q: "router typo" },
      { id: "2", endpoint: "code", q: "fix" },
    ]);
  });
  it("rejects an unknown endpoint and a malformed line, naming the line", () => {
    expect(() => parseQueries('{"id":"1","endpoint":"issue","q":"x"}', { source: "s.ndjson" })).toThrow(/^s\.ndjson:1: endpoint "issue" is not one of/);
    expect(() => parseQueries('{"id":"1","endpoint":"issues","q":"x"}\n{"id":"a b","endpoint":"issues","q":"x"}')).toThrow(/:2: id must be/);
    expect(() => parseQueries("no tab here", { endpoint: "issues" })).toThrow(EvalFormatError);
  });
});

describe("runs", () => {
  const run: Run = new Map([
    ["q1", [{ key: "a", score: 1.5 }, { key: "b", score: 2 }, { key: "c", score: 1.5 }]],
    ["q2", [{ key: "octo/x:dir/my file.md", score: 0.1 + 0.2 }]],
  ]);
  it("writes query Q0 docno rank score tag, scores descending, ties by docno descending, exact scores", () => {
    expect(formatRun(run, "defaults")).toBe(
      "q1 Q0 b 1 2 defaults\nq1 Q0 c 2 1.5 defaults\nq1 Q0 a 3 1.5 defaults\nq2 Q0 octo/x:dir/my%20file.md 1 0.30000000000000004 defaults\n",
    );
  });
  it("reads back what it writes", () => {
    const back = parseRun(formatRun(run, "t"));
    expect(back.tag).toBe("t");
    expect(back.run.get("q2")).toEqual([{ key: "octo/x:dir/my file.md", score: 0.30000000000000004 }]);
    expect(back.run.get("q1")!.map((e) => e.key)).toEqual(["b", "c", "a"]);
  });
  it("a tag with white space is refused", () => {
    expect(() => formatRun(run, "my tag")).toThrow(RangeError);
  });
  it("document numbers: white space and % are percent-encoded, reversibly", () => {
    for (const key of ["a b\tc", "100%", "plain/key#1", "x%20y", "x%u3000", "a\u3000b"]) expect(keyOfDocno(docno(key))).toBe(key);
    expect(docno("a b")).toBe("a%20b");
    expect(/\s/.test(docno("a\u00a0b\nc"))).toBe(false);
  });
});
