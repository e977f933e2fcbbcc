/**
 * The columns a record reads from its repository (owner, visibility, archived, fork, language) are
 * read once per record and repositories' state: they follow a change of the repository, and each
 * record gets its own repository's facts however the records come.
 */
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";

const keysOf = async (engine: SearchEngine, q: string) =>
  ((await engine.search("issues", { q, sort: "created", order: "asc" })).items as Array<{ title: string }>).map((item) => item.title);

describe("a record's repository columns", () => {
  it("are each record's own repository's, records of two repositories interleaved, and follow the repositories' changes", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    engine.add("repositories", { id: 1, full_name: "octo/web", name: "web", owner: { login: "octo" }, language: "Go" });
    engine.add("repositories", { id: 2, full_name: "ada/old", name: "old", owner: { login: "ada" }, language: "Ruby", archived: true });
    for (let n = 1; n <= 6; n++) {
      const repo = n % 2 ? "octo/web" : "ada/old";
      engine.add("issues", { number: n, title: `issue ${n}`, repository_url: `https://api.github.com/repos/${repo}`, created_at: `2024-01-0${n}T00:00:00Z` });
    }
    expect(await keysOf(engine, "archived:true")).toEqual(["issue 2", "issue 4", "issue 6"]);
    expect(await keysOf(engine, "language:go")).toEqual(["issue 1", "issue 3", "issue 5"]);
    expect(await keysOf(engine, "user:ada")).toEqual(["issue 2", "issue 4", "issue 6"]);

    engine.add("repositories", { id: 1, full_name: "octo/web", name: "web", owner: { login: "octo" }, language: "Rust", archived: true });
    expect(await keysOf(engine, "archived:true")).toEqual(["issue 1", "issue 2", "issue 3", "issue 4", "issue 5", "issue 6"]);
    expect(await keysOf(engine, "language:rust")).toEqual(["issue 1", "issue 3", "issue 5"]);
    expect(await keysOf(engine, "language:go")).toEqual([]);

    engine.add("repositories", { id: 1, full_name: "octo/web", name: "web", owner: { login: "octo" }, private: true });
    expect(await keysOf(engine, "is:public")).toEqual(["issue 2", "issue 4", "issue 6"]);
  });

  it("reach documents joined without a key: an account's language follows its repositories' change", async () => {
    const engine = new SearchEngine({ rateLimit: false });
    const logins = async (q: string) => ((await engine.search("users", { q })).items as Array<{ login: string }>).map((u) => u.login).sort();
    engine.add("users", { id: 1, login: "octo", type: "User" });
    engine.add("users", { id: 2, login: "ada", type: "User" });
    engine.add("repositories", { id: 1, full_name: "octo/web", name: "web", owner: { login: "octo" }, language: "Go" });
    expect(await logins("language:go")).toEqual(["octo"]);
    // Two repositories in Rust: the account's language is now Rust, though no column names the account by its repositories.
    engine.add("repositories", { id: 2, full_name: "octo/api", name: "api", owner: { login: "octo" }, language: "Rust" });
    engine.add("repositories", { id: 3, full_name: "octo/cli", name: "cli", owner: { login: "octo" }, language: "Rust" });
    expect(await logins("language:rust")).toEqual(["octo"]);
    expect(await logins("language:go")).toEqual([]);
  });
});
