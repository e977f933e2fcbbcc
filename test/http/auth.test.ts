/**
 * The authenticators `serve` takes: a token table (401 for a bad token, constant-time lookups),
 * everyone anonymous, and the development stand-in that believes a claimed login.
 */
import { describe, expect, it } from "vitest";
import { SearchError } from "../../src/errors.js";
import { anonymousAuthenticate, insecureLoginAuthenticate, readTokenTable, tokenAuthenticator } from "../../src/http/auth.js";

const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString("base64")}`;

describe("tokenAuthenticator", () => {
  const auth = tokenAuthenticator({ "ghp_alpha0123456789": "octocat", "gho-beta": "mona" });
  const none = new URLSearchParams();

  it.each([
    ["token ghp_alpha0123456789", { login: "octocat", via: "oauth" }],
    ["Bearer gho-beta", { login: "mona", via: "oauth" }],
    ["TOKEN  gho-beta ", { login: "mona", via: "oauth" }],
    [basic("anyone:ghp_alpha0123456789"), { login: "octocat", via: "basic" }],
  ])("%s → %j", (header, caller) => {
    expect(auth(header, none)).toEqual(caller);
  });

  it.each(["token octocat", "Bearer ", "token", "token ghp_alpha012345678", "token ghp_alpha0123456789x", basic("octocat:wrong"), basic("octocat")])(
    "%j → 401 Bad credentials, as the site answers",
    (header) => {
      let thrown: unknown;
      try {
        auth(header, none);
      } catch (err) {
        thrown = err;
      }
      expect(thrown).toBeInstanceOf(SearchError);
      expect(thrown).toMatchObject({ status: 401, body: { message: "Bad credentials", documentation_url: "https://docs.github.com/rest" } });
      // The refusal never quotes what was presented.
      expect(JSON.stringify((thrown as SearchError).body)).not.toContain("ghp_");
    },
  );

  it("leaves schemes the site does not know, and no header, anonymous", () => {
    expect(auth(undefined, none)).toBeUndefined();
    expect(auth("", none)).toBeUndefined();
    expect(auth("Digest username=octocat", none)).toBeUndefined();
    expect(auth("ghp_alpha0123456789", none)).toBeUndefined();
  });

  it("takes no login from the query", () => {
    expect(auth(undefined, new URLSearchParams("client_id=octocat&client_secret=x"))).toBeUndefined();
    expect(auth(undefined, new URLSearchParams("access_token=ghp_alpha0123456789"))).toBeUndefined();
  });
});

describe("readTokenTable", () => {
  it("reads an object of tokens to logins", () => {
    expect(readTokenTable({ t1: "octocat", t2: "dependabot[bot]" })).toEqual({ t1: "octocat", t2: "dependabot[bot]" });
  });

  it.each([
    [[], /one JSON object/],
    ["t1", /one JSON object/],
    [null, /one JSON object/],
    [{ "": "octocat" }, /entry 1 .*non-empty/],
    [{ "has space": "octocat" }, /entry 1 .*no spaces/],
    [{ t1: "octocat", t2: 7 }, /entry 2 .*login/],
    [{ t1: "not a login" }, /entry 1 .*login/],
  ])("refuses %j", (json, message) => {
    expect(() => readTokenTable(json)).toThrow(message);
  });

  it("never quotes a token in its errors", () => {
    expect(() => readTokenTable({ "secret-token-value": 42 })).toThrow(/^(?!.*secret-token-value)/);
  });
});

describe("anonymousAuthenticate", () => {
  it("makes everyone anonymous", () => {
    expect(anonymousAuthenticate("token octocat", new URLSearchParams("client_id=a&client_secret=b"))).toBeUndefined();
  });
});

describe("insecureLoginAuthenticate", () => {
  const none = new URLSearchParams();

  it.each([
    [basic("octocat:password"), { login: "octocat", via: "basic" }],
    [basic("octocat"), { login: "octocat", via: "basic" }],
    [basic("dependabot[bot]:x"), { login: "dependabot[bot]", via: "basic" }],
    ["token octocat", { login: "octocat", via: "oauth" }],
    ["TOKEN octocat", { login: "octocat", via: "oauth" }],
    ["Bearer  mona-lisa ", { login: "mona-lisa", via: "oauth" }],
  ])("%s → %j", (header, caller) => {
    expect(insecureLoginAuthenticate(header, none)).toEqual(caller);
  });

  it.each([
    undefined,
    "",
    "token",
    "Bearer ",
    "Basic",
    basic(":password"),
    basic("not a login:x"),
    "Basic !!!not-base64!!!",
    "token -starts-with-hyphen",
    "token has/slash",
    "Digest username=octocat",
    `token ${"a".repeat(40)}`,
  ])("%j → anonymous", (header) => {
    expect(insecureLoginAuthenticate(header, none)).toBeUndefined();
  });

  it("takes client_id with client_secret from the query", () => {
    expect(insecureLoginAuthenticate(undefined, new URLSearchParams("client_id=my-app&client_secret=x"))).toEqual({
      login: "my-app",
      via: "client",
    });
    expect(insecureLoginAuthenticate(undefined, new URLSearchParams("client_id=my-app"))).toBeUndefined();
  });

  it("prefers the Authorization header to query credentials", () => {
    const query = new URLSearchParams("client_id=my-app&client_secret=x");
    expect(insecureLoginAuthenticate("token octocat", query)).toEqual({ login: "octocat", via: "oauth" });
  });
});
