/**
 * Commit search over data/sample: the reference examples and each qualifier,
 * the expected commits (first ten digits of their SHAs) read off the sample's
 * commits.ndjson, repositories.ndjson and users.ndjson.
 */
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine, type Caller } from "../../src/index.js";

const SAMPLE = fileURLToPath(new URL("../../data/sample", import.meta.url));
const CLOAK = "application/vnd.github.cloak-preview+json";
const engine = new SearchEngine({ rateLimit: false });
beforeAll(async () => {
  await engine.load(SAMPLE);
});

const short = (item: Record<string, unknown>) => (item.sha as string).slice(0, 10);
const found = async (q: string, caller?: Caller) => {
  const r = await engine.search("commits", { q, per_page: 100 }, { accept: CLOAK, caller });
  expect(r.total_count).toBe(r.items.length);
  return r.items.map(short).sort();
};
const ordered = async (params: Record<string, string>) => (await engine.search("commits", { per_page: "100", ...params }, { accept: CLOAK })).items.map(short);

describe("commit search on the sample: the reference examples", () => {
  it("repo:octocat/Spoon-Knife css", async () => {
    expect(await found("repo:octocat/Spoon-Knife css")).toEqual(["63374b49b5", "689ed54d6c"]);
  });
  it("fix typo", async () => {
    expect(await found("fix typo")).toEqual(
      ["0d8fe92129", "1c17818822", "ee36669499", "ebe3caff23", "59a65da6e6", "64b7a6a9ca", "4941c10abc", "a85e760d4a", "48fc231ba0", "92732a5b6c"].sort(),
    );
  });
  it("author:, committer-name:, author-email:, author-date:", async () => {
    expect(await found("author:tomthumb")).toEqual(["3f24bcee5f", "a49b872a26", "c145769935", "73932e1f4f", "1c28c774f9", "63ab9a6f46", "0c0538103e", "c57c3323e5"].sort());
    expect(await found("author-name:wanstrath repo:defunkt/gibberish")).toEqual(["d7a4228711", "70409646de", "cde941a48c", "1c17818822", "19b24a5eed"].sort());
    expect(await found("committer-name:wanstrath repo:defunkt/dotjs")).toEqual(["ed38b90f03", "9245d8dd93", "3f24bcee5f", "e0e61d4d4e"].sort());
    expect(await found("author-email:chris@wanstrath.example")).toEqual(["053bbeb460", "cde941a48c"]);
    expect(await found("author-date:<2009-01-01")).toEqual(["053bbeb460", "70409646de", "cde941a48c", "d7a4228711"]);
    expect(await found("committer-date:2015-05-20")).toEqual(["0287060fe1"]);
  });
  it("merge:, hash:, parent:, tree:", async () => {
    expect(await found("merge:true")).toEqual(["9929b411ef", "be41548b3d", "f8d63e5d3e", "0287060fe1", "8e780817c6", "1bcfff6109"].sort());
    expect(await found("hash:124a9a0ee1d8f1e15e833aff432fbb3b02632105")).toEqual(["124a9a0ee1"]);
    expect(await found("parent:124a9a0ee1d8f1e15e833aff432fbb3b02632105")).toEqual(["4f2a9e3c1b"]);
    expect(await found("tree:99ca967")).toEqual(["6bada2d179"]);
  });
  it("test org:github", async () => {
    // "tests" is another word; the internal repository is for members only.
    expect(await found("test org:github")).toEqual(["d559ef40af"]);
    expect(await found("test org:github", { login: "lena-dev" })).toEqual(["46760140df", "d559ef40af"]);
  });
});

describe("commit search on the sample: rules", () => {
  it("committer-email: the web-flow commits", async () => {
    expect(await found("committer-email:noreply@github.com")).toEqual(
      ["9929b411ef", "ebe3caff23", "f8d63e5d3e", "f2e796b5c2", "1bcfff6109", "5b73cae8ae", "aad6caba8e", "39143a9ea8", "3e137eeb66", "5635775afe"].sort(),
    );
  });
  it("leaves out forks", async () => {
    expect(await found("repo:ivan-petrov/android-sdk-tools")).toEqual([]);
    expect(await found("windows")).toEqual([]);
    expect(await found("repo:olga-k/android-sdk-tools")).toEqual(["9a1926e944", "b8be45492c", "beec1188aa"]);
  });
  it("is:internal and is:private for those who may see them", async () => {
    expect(await found("is:internal")).toEqual([]);
    expect(await found("is:internal", { login: "lena-dev" })).toEqual(["46760140df", "ec741bbb59", "fe9a0dbdeb"]);
    expect(await found("cupcake is:private", { login: "octocat" })).toEqual(["238fd59092", "3421146d38"]);
    expect(await found("is:private", { login: "tomthumb" })).toEqual(["113a5f2ed4", "2901903966", "606436fd8f"]);
  });
  it("sorts by author-date and committer-date", async () => {
    const hubByAuthorDate = ["61ccaf78f2", "195b0dda44", "0eff326d62", "bfecd580ee", "0287060fe1", "a49b872a26", "95c988c0f4", "8a338848e6", "59a65da6e6", "c5228a4182", "e3332937aa", "08ec008096", "5ddf563217"];
    expect(await ordered({ q: "repo:github/hub", sort: "author-date", order: "asc" })).toEqual(hubByAuthorDate);
    expect(await ordered({ q: "repo:github/hub", sort: "author-date" })).toEqual([...hubByAuthorDate].reverse());
    expect(await ordered({ q: "repo:github/hub sort:author-date-asc" })).toEqual(hubByAuthorDate);
    const electronByCommitterDate = ["9a9e8fa016", "2058108115", "39143a9ea8", "5473937042", "3e137eeb66", "5635775afe"];
    expect(await ordered({ q: "repo:electron/electron", sort: "committer-date", order: "asc" })).toEqual(electronByCommitterDate);
    expect(await ordered({ q: "repo:electron/electron sort:committer-date" })).toEqual([...electronByCommitterDate].reverse());
  });
});
