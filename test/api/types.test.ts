/**
 * The public generics, checked at the type level (vitest's expectTypeOf, compiled by `npm run
 * typecheck`) and at run time: items are typed per kind, typed options map onto the same media-type
 * negotiation as an Accept header, and every failure carries a stable code.
 */
import { beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import {
  ERROR_CODES,
  QueryError,
  SearchEngine,
  SearchError,
  UsageError,
  type Envelope,
  type ErrorCode,
  type SearchItem,
  type SearchItems,
} from "../../src/index.js";

let engine: SearchEngine;

beforeAll(async () => {
  engine = new SearchEngine({ rateLimit: false });
  await engine.load("data/sample");
});

describe("typed results", () => {
  it("types each kind's items as the site's schema", () => {
    expectTypeOf(engine.search("repositories", { q: "x" })).resolves.toEqualTypeOf<Envelope<SearchItem<"repositories">>>();
    expectTypeOf<SearchItem<"repositories">["full_name"]>().toEqualTypeOf<string>();
    expectTypeOf<SearchItem<"issues">["number"]>().toEqualTypeOf<number>();
    expectTypeOf<SearchItem<"users">["login"]>().toEqualTypeOf<string>();
    expectTypeOf<SearchItem<"commits">["sha"]>().toEqualTypeOf<string>();
    expectTypeOf<SearchItem<"code">["path"]>().toEqualTypeOf<string>();
    expectTypeOf<keyof SearchItems>().toEqualTypeOf<"code" | "commits" | "issues" | "labels" | "repositories" | "topics" | "users">();
    expectTypeOf(engine.searchAll("users", { q: "x" })).toEqualTypeOf<AsyncIterable<SearchItem<"users">>>();
  });

  it("gives items that carry the typed fields", async () => {
    const found = await engine.search("repositories", { q: "stars:>0", per_page: 3 });
    for (const item of found.items) {
      expect(typeof item.full_name).toBe("string");
      expect(typeof item.score).toBe("number");
    }
  });
});

describe("typed options", () => {
  it("textMatch asks for text_matches as the media type does", async () => {
    const typed = await engine.search("repositories", { q: "css", per_page: 5 }, { textMatch: true });
    const header = await engine.search("repositories", { q: "css", per_page: 5 }, { accept: "application/vnd.github.text-match+json" });
    expect(typed.items.length).toBeGreaterThan(0);
    expect(typed).toEqual(header);
    expect(typed.items.every((i) => Array.isArray(i.text_matches))).toBe(true);
  });

  it("previews ask for preview features, with the same 415 without them", async () => {
    const typed = await engine.search("commits", { q: "fix", per_page: 5 }, { previews: ["cloak"] });
    const header = await engine.search("commits", { q: "fix", per_page: 5 }, { accept: "application/vnd.github.cloak-preview+json" });
    expect(typed).toEqual(header);
    const refused = await engine.search("commits", { q: "fix" }, { previews: ["mercy"] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(SearchError);
    expect((refused as SearchError).code).toBe("preview_required");
    const both = await engine.search("topics", { q: "javascript" }, { previews: ["mercy"], textMatch: true });
    const byHeader = await engine.search("topics", { q: "javascript" }, { accept: "application/vnd.github.mercy-preview+json, application/vnd.github.text-match+json" });
    expect(both.items.length).toBeGreaterThan(0);
    expect(both).toEqual(byHeader);
    expect(both.items.every((i) => Array.isArray(i.text_matches))).toBe(true);
  });
});

describe("error codes", () => {
  const codeOf = async (run: () => Promise<unknown>): Promise<ErrorCode | undefined> => {
    try {
      await run();
      return undefined;
    } catch (err) {
      expect(err).toBeInstanceOf(SearchError);
      const e = err as SearchError;
      expect(e.status).toBe(ERROR_CODES[e.code]);
      return e.code;
    }
  };

  it("names every failure with a stable code whose status is the table's", async () => {
    expect(await codeOf(() => engine.search("repositories", { q: "" }))).toBe("missing_parameter");
    expect(await codeOf(() => engine.search("repositories", { q: "a OR" }))).toBe("invalid_query");
    expect(await codeOf(() => engine.search("repositories", { q: "a", sort: "bogus" }))).toBe("validation_failed");
    expect(await codeOf(() => engine.search("repositories", { q: "a", page: 11, per_page: 100 }))).toBe("result_cap");
    expect(await codeOf(() => engine.search("widgets" as never, { q: "a" }))).toBe("not_found");
    expect(await codeOf(() => engine.search("topics", { q: "a" }))).toBe("preview_required");
    expect(await codeOf(() => engine.search("repositories", { q: "a" }, { accept: "text/html" }))).toBe("unsupported_media_type");
    expect(await codeOf(() => engine.search("repositories", { q: "a" }, { caller: { login: 5 } as never }))).toBe("usage");
    expect(await codeOf(async () => engine.add("users", { name: "no login" }))).toBe("invalid_record");
  });

  it("keeps the subclasses' codes fixed", () => {
    expect(new QueryError("x", 0).code).toBe("invalid_query");
    expect(new UsageError("what", "why").code).toBe("usage");
    expectTypeOf<SearchError["code"]>().toEqualTypeOf<ErrorCode>();
  });
});
