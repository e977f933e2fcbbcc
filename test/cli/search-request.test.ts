import { describe, expect, it } from "vitest";
import { negotiateMediaType } from "../../src/api/media-type.js";
import { ENDPOINTS, defaultAccept, searchRequest } from "../../src/cli/search-request.js";

describe("defaultAccept", () => {
  it("sends the preview each endpoint needs", () => {
    const previews = Object.fromEntries(ENDPOINTS.map((e) => [e, [...negotiateMediaType(defaultAccept(e)).previews]]));
    expect(previews).toEqual({
      code: [],
      commits: ["cloak"],
      issues: [],
      labels: [],
      repositories: ["mercy"],
      topics: ["mercy"],
      users: [],
    });
  });

  it("names the configured vendor", () => {
    expect(negotiateMediaType(defaultAccept("commits", "forge"), "forge").previews).toEqual(new Set(["cloak"]));
  });
});

describe("searchRequest", () => {
  it("puts the query and only the given options in the query string", () => {
    const req = searchRequest("issues", "is:pr label:\"good first issue\"", { sort: "created", perPage: 5 });
    const url = new URL(req.url, "http://localhost");
    expect(url.pathname).toBe("/search/issues");
    expect([...url.searchParams]).toEqual([
      ["q", 'is:pr label:"good first issue"'],
      ["sort", "created"],
      ["per_page", "5"],
    ]);
    expect(req.caller).toBeUndefined();
  });

  it("passes every option", () => {
    const req = searchRequest("labels", "bug", { sort: "updated", order: "asc", perPage: 10, page: 3, repositoryId: 42 });
    expect(new URL(req.url, "http://localhost").search).toBe("?q=bug&sort=updated&order=asc&per_page=10&page=3&repository_id=42");
  });

  it("adds text matches to the endpoint's media type, keeping its preview", () => {
    const accept = searchRequest("commits", "fix", { textMatch: true }).headers?.accept as string;
    expect(negotiateMediaType(accept)).toMatchObject({ textMatch: true, previews: new Set(["cloak"]) });
  });

  it("sends --accept as given", () => {
    expect(searchRequest("commits", "fix", { accept: "text/html" }).headers).toEqual({ accept: "text/html" });
  });

  it("searches as the named user", () => {
    expect(searchRequest("code", "x", { as: "octocat" }).caller).toEqual({ login: "octocat", via: "oauth" });
  });
});
