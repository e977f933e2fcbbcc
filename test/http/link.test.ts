import { describe, expect, it } from "vitest";
import { linkHeader } from "../../src/http/link.js";
import { isPastResultCap, lastPage, parsePaging } from "../../src/api/paging.js";

describe("parsePaging", () => {
  it("defaults to page 1 of 30", () => {
    expect(parsePaging({})).toEqual({ page: 1, perPage: 30 });
  });

  it.each([
    ["2", 2],
    [2, 2],
    ["  7", 7],
    ["+4", 4],
    ["3abc", 3],
    ["2.9", 2],
    [2.9, 2],
    ["0", 1],
    [0, 1],
    ["-3", 1],
    [-3, 1],
    ["abc", 1],
    ["", 1],
    [null, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
    [["5", "9"], 9],
  ] as const)("page %j → %i", (value, page) => {
    expect(parsePaging({ page: value }).page).toBe(page);
  });

  it.each([
    ["50", 50],
    ["100", 100],
    ["101", 100],
    ["100000000000000000000000", 100],
    [250, 100],
    ["0", 30],
    ["-1", 30],
    ["many", 30],
  ] as const)("per_page %j → %i", (value, perPage) => {
    expect(parsePaging({ per_page: value }).perPage).toBe(perPage);
  });
});

describe("the 1,000-result cap", () => {
  it.each([
    [{ page: 1, perPage: 30 }, false],
    [{ page: 34, perPage: 30 }, false], // results 991–1,000
    [{ page: 35, perPage: 30 }, true],
    [{ page: 10, perPage: 100 }, false],
    [{ page: 11, perPage: 100 }, true],
    [{ page: 1000, perPage: 1 }, false],
    [{ page: 1001, perPage: 1 }, true],
    [{ page: Number.MAX_SAFE_INTEGER, perPage: 100 }, true],
  ])("%j past the cap: %s", (paging, past) => {
    expect(isPastResultCap(paging)).toBe(past);
  });

  it.each([
    [0, 30, 1],
    [30, 30, 1],
    [31, 30, 2],
    [1000, 30, 34],
    [5000, 30, 34],
    [5000, 100, 10],
    [999, 100, 10],
    [1_000_000, 1, 1000],
  ])("last page of %i results by %i is %i", (total, perPage, last) => {
    expect(lastPage(total, perPage)).toBe(last);
  });
});

describe("linkHeader", () => {
  const base = { baseUrl: "https://api.github.com", path: "/search/code" };
  const url = (query: string) => `https://api.github.com/search/code?${query}`;

  it("links next and last from the first page", () => {
    const header = linkHeader({ ...base, query: "q=addClass user:mozilla", paging: { page: 1, perPage: 30 }, totalCount: 5000 });
    expect(header).toBe(
      `<${url("q=addClass+user%3Amozilla&page=2")}>; rel="next", <${url("q=addClass+user%3Amozilla&page=34")}>; rel="last"`,
    );
  });

  it("puts prev, next, last, first in the site's order in the middle", () => {
    const header = linkHeader({ ...base, query: "q=x&page=14", paging: { page: 14, perPage: 30 }, totalCount: 5000 });
    expect(header).toBe(
      [
        `<${url("q=x&page=13")}>; rel="prev"`,
        `<${url("q=x&page=15")}>; rel="next"`,
        `<${url("q=x&page=34")}>; rel="last"`,
        `<${url("q=x&page=1")}>; rel="first"`,
      ].join(", "),
    );
  });

  it("drops next and last on the last page", () => {
    const header = linkHeader({ ...base, query: "q=x&per_page=100&page=10", paging: { page: 10, perPage: 100 }, totalCount: 999 });
    expect(header).toBe(`<${url("q=x&per_page=100&page=9")}>; rel="prev", <${url("q=x&per_page=100&page=1")}>; rel="first"`);
  });

  it("stops the last link at the cap, not at the total", () => {
    const header = linkHeader({ ...base, query: "q=x&per_page=100", paging: { page: 9, perPage: 100 }, totalCount: 250_000 });
    expect(header).toContain(`<${url("q=x&per_page=100&page=10")}>; rel="last"`);
    expect(header).toContain(`<${url("q=x&per_page=100&page=10")}>; rel="next"`);
  });

  it("has no header when everything fits on the first page", () => {
    expect(linkHeader({ ...base, query: "q=x", paging: { page: 1, perPage: 30 }, totalCount: 30 })).toBeUndefined();
    expect(linkHeader({ ...base, query: "q=x", paging: { page: 1, perPage: 30 }, totalCount: 0 })).toBeUndefined();
  });

  it("links back from a page beyond the results", () => {
    const header = linkHeader({ ...base, query: "q=x&page=5", paging: { page: 5, perPage: 30 }, totalCount: 10 });
    expect(header).toBe(`<${url("q=x&page=4")}>; rel="prev", <${url("q=x&page=1")}>; rel="first"`);
  });

  it("keeps every other parameter where it stood and replaces page in place", () => {
    const header = linkHeader({
      ...base,
      query: new URLSearchParams("q=tetris+language:assembly&page=1&sort=stars&order=desc&page=3&per_page=10"),
      paging: { page: 1, perPage: 10 },
      totalCount: 25,
    });
    expect(header).toBe(
      `<${url("q=tetris+language%3Aassembly&page=2&sort=stars&order=desc&per_page=10")}>; rel="next", ` +
        `<${url("q=tetris+language%3Aassembly&page=3&sort=stars&order=desc&per_page=10")}>; rel="last"`,
    );
  });

  it("joins base URL and path whatever their slashes", () => {
    const header = linkHeader({
      baseUrl: "http://127.0.0.1:3000/api/v3/",
      path: "search/users",
      query: "?q=tom",
      paging: { page: 1, perPage: 30 },
      totalCount: 31,
    });
    expect(header).toBe(
      `<http://127.0.0.1:3000/api/v3/search/users?q=tom&page=2>; rel="next", <http://127.0.0.1:3000/api/v3/search/users?q=tom&page=2>; rel="last"`,
    );
  });
});
