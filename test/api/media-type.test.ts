import { describe, expect, it } from "vitest";
import { negotiateMediaType, parseAccept } from "../../src/api/media-type.js";

describe("parseAccept", () => {
  it("reads types, parameters and q-values, lower-casing names", () => {
    expect(parseAccept('Application/JSON; Charset=UTF-8; q=0.5, text/html;level="1,2"')).toEqual([
      { type: "application", subtype: "json", params: { charset: "UTF-8" }, q: 0.5 },
      { type: "text", subtype: "html", params: { level: "1,2" }, q: 1 },
    ]);
  });

  it("drops empty and malformed entries and clamps odd q-values", () => {
    expect(parseAccept(" , json, /x, application/json;q=7, */*;q=-1,text/plain;q=abc,,")).toEqual([
      { type: "application", subtype: "json", params: {}, q: 1 },
      { type: "*", subtype: "*", params: {}, q: 0 },
      { type: "text", subtype: "plain", params: {}, q: 1 },
    ]);
  });

  it("joins repeated headers", () => {
    expect(parseAccept(["text/html", "application/json"]).map((r) => r.subtype)).toEqual(["html", "json"]);
  });
});

describe("negotiateMediaType", () => {
  const cases: Array<{
    accept: string | undefined;
    acceptable: boolean;
    mediaType: string;
    textMatch?: boolean;
    previews?: string[];
  }> = [
    { accept: undefined, acceptable: true, mediaType: "github.v3; format=json" },
    { accept: "", acceptable: true, mediaType: "github.v3; format=json" },
    { accept: "   ", acceptable: true, mediaType: "github.v3; format=json" },
    { accept: "garbage", acceptable: true, mediaType: "github.v3; format=json" },
    { accept: "*/*", acceptable: true, mediaType: "github.v3; format=json" },
    { accept: "application/*", acceptable: true, mediaType: "github.v3; format=json" },
    { accept: "application/json", acceptable: true, mediaType: "github.v3; format=json" },
    { accept: "application/vnd.github+json", acceptable: true, mediaType: "github.v3; format=json" },
    { accept: "application/vnd.github.v3+json", acceptable: true, mediaType: "github.v3; format=json" },
    {
      accept: "application/vnd.github.v3.text-match+json",
      acceptable: true,
      textMatch: true,
      mediaType: "github.v3; param=text-match; format=json",
    },
    {
      accept: "application/vnd.github.text-match+json",
      acceptable: true,
      textMatch: true,
      mediaType: "github.v3; param=text-match; format=json",
    },
    {
      accept: "application/vnd.github.cloak-preview",
      acceptable: true,
      previews: ["cloak"],
      mediaType: "github.cloak-preview; format=json",
    },
    {
      accept: "application/vnd.github.cloak-preview+json",
      acceptable: true,
      previews: ["cloak"],
      mediaType: "github.cloak-preview; format=json",
    },
    {
      accept: "application/vnd.github.mercy-preview+json",
      acceptable: true,
      previews: ["mercy"],
      mediaType: "github.mercy-preview; format=json",
    },
    {
      accept: "application/vnd.github.mercy-preview",
      acceptable: true,
      previews: ["mercy"],
      mediaType: "github.mercy-preview; format=json",
    },
    {
      accept: "APPLICATION/VND.GITHUB.CLOAK-PREVIEW+JSON",
      acceptable: true,
      previews: ["cloak"],
      mediaType: "github.cloak-preview; format=json",
    },
    {
      accept: "application/vnd.github.cloak-preview, application/vnd.github.mercy-preview+json, application/vnd.github.v3.text-match+json",
      acceptable: true,
      textMatch: true,
      previews: ["cloak", "mercy"],
      mediaType: "github.cloak-preview; param=text-match; format=json",
    },
    {
      accept: "application/vnd.github.mercy-preview.text-match+json",
      acceptable: true,
      textMatch: true,
      previews: ["mercy"],
      mediaType: "github.mercy-preview; param=text-match; format=json",
    },
    // An unknown preview is accepted and named, as the site ignores previews it does not know.
    {
      accept: "application/vnd.github.squirrel-girl-preview+json",
      acceptable: true,
      mediaType: "github.squirrel-girl-preview; format=json",
    },
    // The most preferred vendor type names the version; lower-q types still switch features on.
    {
      accept: "application/vnd.github.v3.text-match+json;q=0.5, application/vnd.github.cloak-preview;q=0.9",
      acceptable: true,
      textMatch: true,
      previews: ["cloak"],
      mediaType: "github.cloak-preview; param=text-match; format=json",
    },
    { accept: "text/html", acceptable: false, mediaType: "github.v3; format=json" },
    { accept: "text/html, application/xml;q=0.9", acceptable: false, mediaType: "github.v3; format=json" },
    { accept: "text/*", acceptable: false, mediaType: "github.v3; format=json" },
    { accept: "application/json;q=0", acceptable: false, mediaType: "github.v3; format=json" },
    { accept: "*/*;q=0, text/html", acceptable: false, mediaType: "github.v3; format=json" },
    // A refused type switches nothing on.
    {
      accept: "application/vnd.github.cloak-preview;q=0, application/json",
      acceptable: true,
      mediaType: "github.v3; format=json",
    },
    { accept: "application/vnd.github.v3.diff+xml", acceptable: false, mediaType: "github.v3; format=json" },
    { accept: "application/vnd.gitlab+json", acceptable: false, mediaType: "github.v3; format=json" },
    { accept: "application/vnd.githubx+json", acceptable: false, mediaType: "github.v3; format=json" },
    { accept: "text/html, application/vnd.github.v3+json", acceptable: true, mediaType: "github.v3; format=json" },
  ];

  it.each(cases)("$accept", ({ accept, acceptable, mediaType, textMatch = false, previews = [] }) => {
    const result = negotiateMediaType(accept);
    expect(result).toEqual({ acceptable, mediaType, textMatch, previews: new Set(previews) });
  });

  it("uses the configured vendor word and ignores the default one", () => {
    expect(negotiateMediaType("application/vnd.forge.cloak-preview", "forge")).toMatchObject({
      acceptable: true,
      previews: new Set(["cloak"]),
      mediaType: "forge.cloak-preview; format=json",
    });
    expect(negotiateMediaType("application/vnd.github.cloak-preview", "forge")).toMatchObject({
      acceptable: false,
      previews: new Set(),
    });
    expect(negotiateMediaType(undefined, "Forge").mediaType).toBe("forge.v3; format=json");
  });
});
