/**
 * What a query becomes: resolve's passes read through the printed logical query, and the kinds'
 * whole-query rules refused by resolve with the query's span.
 */
import { describe, expect, it } from "vitest";
import { QueryError } from "../../src/errors.js";
import { KINDS } from "../../src/kinds/index.js";
import type { SearchKind } from "../../src/kinds/types.js";
import { printMatch } from "../../src/logical/print.js";
import { parseQuery } from "../../src/parse/parse.js";
import { checkQuery, resolve } from "../../src/resolve/resolve.js";
import { Store } from "../../src/store.js";
import type { Caller } from "../../src/types.js";

const store = new Store();
const everything = { repository: () => true, owner: () => true };

function logical(kind: SearchKind, q: string, caller?: Caller): string {
  return printMatch(resolve(parseQuery(q), { spec: KINDS[kind], store, caller, access: everything }).match);
}

function refusal(kind: SearchKind, q: string, caller?: Caller): QueryError {
  try {
    resolve(parseQuery(q), { spec: KINDS[kind], store, caller, access: everything });
  } catch (err) {
    if (err instanceof QueryError) return err;
    throw err;
  }
  throw new Error(`${q} was not refused`);
}

describe("resolve", () => {
  it("searches the default fields, or those in: names wherever it stands", () => {
    expect(logical("repositories", "rocket")).toBe("(and rocket@name|description|topics (not fork=true))");
    expect(logical("repositories", "rocket in:name")).toBe("(and rocket@name (not fork=true))");
    expect(logical("repositories", "(rocket OR moon) in:name,description")).toBe("(and (or rocket@name|description moon@name|description) (not fork=true))");
  });

  it("joins side-by-side repeats on a one-value field as a union, and top-level scopes as one union", () => {
    expect(logical("repositories", "license:mit license:apache-2.0")).toMatch(/^\(and \(or license=mit license=apache-2\.0\)/);
    expect(logical("issues", "bug repo:a/b repo:c/d")).toMatch(/\(or repo=a\/b repo=c\/d\)/);
  });

  it("reads sort: as an option, not a filter", () => {
    const resolved = resolve(parseQuery("rocket sort:stars-asc"), { spec: KINDS.repositories, store, access: everything });
    expect(resolved.sort).toEqual({ field: "stars", order: "asc" });
    expect(printMatch(resolved.match)).not.toContain("sort");
  });

  it("makes label keywords alternatives, an explicit AND still joining", () => {
    expect(logical("labels", "bug docs")).toBe("(or bug@name|description docs@name|description)");
    expect(logical("labels", "bug AND docs")).toBe("(and bug@name|description docs@name|description)");
  });

  it("refuses with the query's span what breaks a kind's whole-query rule, before the limits", () => {
    const app: Caller = { login: "octo", via: "app-user" };
    const q = "a AND b AND c AND d AND e AND f AND g";
    const e = refusal("issues", q, app);
    expect(e.detail).toBe("Query must include 'is:issue' or 'is:pull-request'");
    expect([e.offset, e.length]).toEqual([0, q.length]);
    expect(logical("issues", "crash is:pr", app)).toContain("kind=pr");
    expect(refusal("code", "... ***").detail).toMatch(/at least one keyword/);
    expect(() => checkQuery(parseQuery("... filename:a.ts"), KINDS.code, undefined)).not.toThrow();
  });
});
