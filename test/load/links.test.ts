import { describe, expect, it } from "vitest";
import { commentIssue, issueRepository } from "../../src/load/links.js";

describe("issueRepository", () => {
  it("reads the repository extension", () => {
    expect(issueRepository({ repository: "octocat/Hello-World" })).toBe("octocat/Hello-World");
  });

  it("reads an embedded repository object", () => {
    expect(issueRepository({ repository: { full_name: "github/docs" } })).toBe("github/docs");
  });

  it("reads repository_url from any host", () => {
    expect(issueRepository({ repository_url: "https://api.github.com/repos/jquery/jquery" })).toBe("jquery/jquery");
    expect(issueRepository({ repository_url: "https://ghe.example/api/v3/repos/my-org/tools.js/" })).toBe(
      "my-org/tools.js",
    );
  });

  it("prefers the extension and gives up on anything else", () => {
    expect(issueRepository({ repository: "a/b", repository_url: "https://api.github.com/repos/c/d" })).toBe("a/b");
    expect(issueRepository({ repository_url: "https://api.github.com/users/octocat" })).toBeUndefined();
    expect(issueRepository({ repository: "no-slash" })).toBeUndefined();
    expect(issueRepository({})).toBeUndefined();
  });
});

describe("commentIssue", () => {
  it("reads issue_url", () => {
    expect(commentIssue({ issue_url: "https://api.github.com/repos/libgit2/libgit2/issues/5123" })).toEqual({
      repository: "libgit2/libgit2",
      number: 5123,
    });
  });

  it("refuses URLs that name no issue", () => {
    expect(commentIssue({ issue_url: "https://api.github.com/repos/a/b/pulls/3" })).toBeUndefined();
    expect(commentIssue({ issue_url: 12 })).toBeUndefined();
    expect(commentIssue({})).toBeUndefined();
  });
});
