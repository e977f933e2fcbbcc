/**
 * The documented issue-search examples run on data/sample. Every expected set
 * was read off data/sample/issues.ndjson and comments.ndjson (and the
 * repositories' language, visibility and archived flags), not off the engine.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/index.js";
import type { Caller } from "../../src/types.js";
import type { TextMatch } from "../../src/types.js";
import { keyOf } from "./issues-fixture.js";

let engine: SearchEngine;
beforeAll(async () => {
  engine = new SearchEngine({ rateLimit: false });
  await engine.load("data/sample");
});

const as = (login: string): Caller => ({ login });

async function found(q: string, caller?: Caller): Promise<string[]> {
  const r = await engine.search("issues", { q, per_page: 100 }, { caller });
  expect(r.total_count).toBe(r.items.length);
  return r.items.map(keyOf).sort();
}

async function ordered(q: string, sort?: string, order?: string): Promise<string[]> {
  return (await engine.search("issues", { q, sort, order, per_page: 100 })).items.map(keyOf);
}

const CASES: Array<[query: string, expected: string[], caller?: Caller]> = [
  ["windows label:bug language:python state:open", ["olga-k/pywin-utils#4", "olga-k/pywin-utils#6", "olga-k/pywin-utils#9"]],
  ["is:issue label:bug is:closed", ["github/linguist#6000", "olga-k/pywin-utils#1"]],
  ["error in:title,body", ["github/hub#822", "github/hub#823", "libgit2/libgit2#4804"]],
  ["shipit in:comments", ["github/hub#834"]],
  ["shipit in:title", ["github/hub#811"]],
  ["repo:mozilla/shumway created:<2012-03-01", ["mozilla/shumway#1", "mozilla/shumway#4"]],
  ["is:queued", ["desktop/desktop#15020", "github/docs#31031"]],
  ['libraries is:closed reason:"not planned"', ["libgit2/libgit2#4808"]],
  ["libraries is:closed reason:completed", ["libgit2/libgit2#4807"]],
  ["author:app/robot", ["github/docs#31029", "github/linguist#6021"]],
  ["is:open is:issue assignee:* repo:github/linguist", ["github/linguist#6007", "github/linguist#6011", "github/linguist#6016", "github/linguist#6018", "github/linguist#6020"]],
  ["is:issue assignee:@me", ["github/linguist#6000", "github/linguist#6007", "github/linguist#6011", "libgit2/libgit2#4807", "libgit2/libgit2#4815"], as("vmg")],
  ["mentions:defunkt -org:github", ["defunkt/resque#1515", "jquery/jquery#108"]],
  ["resque mentions:defunkt", ["defunkt/resque#1515"]],
  ["team:myorg/ops is:open is:pr", ["myorg/infra#204"], as("pat-ops")],
  ["team:github/docs", ["github/docs#31022"], as("jlord")],
  ["team:github/docs", []],
  [
    "involves:defunkt involves:jlord",
    [
      "defunkt/resque#1515", "desktop/desktop#15005", "desktop/desktop#15009", "desktop/desktop#15016", "desktop/desktop#15020",
      "electron/electron#38002", "github/docs#31000", "github/docs#31017", "github/hub#809", "github/hub#834",
      "github/linguist#6000", "jekyll/jekyll#2013", "jquery/jquery#108", "libgit2/libgit2#4800", "libgit2/libgit2#4812",
    ],
  ],
  ["NOT bootstrap in:body involves:mdo", ["desktop/desktop#15004", "desktop/desktop#15015", "github/docs#31002", "jekyll/jekyll#2000", "jekyll/jekyll#2002", "jekyll/jekyll#2027"]],
  ["repo:desktop/desktop is:open linked:pr", ["desktop/desktop#15017", "desktop/desktop#15027"]], // 15027 is linked from the pull request only
  ["repo:desktop/desktop is:closed linked:issue", ["desktop/desktop#15005"]],
  [
    "repo:desktop/desktop is:open -linked:pr",
    ["desktop/desktop#15003", "desktop/desktop#15009", "desktop/desktop#15011", "desktop/desktop#15013", "desktop/desktop#15015", "desktop/desktop#15016", "desktop/desktop#15020", "desktop/desktop#15028"],
  ],
  ["libraries state:open mentions:vmg", ["libgit2/libgit2#4815"]],
  ["warning in:title", ["jekyll/jekyll#2032", "jennyfer/react-widgets#19"]],
  ["team:jekyll/owners", ["jekyll/jekyll#2002"], as("benbalter")],
  ['label:"help wanted" language:ruby', ["defunkt/resque#1511", "github/linguist#6018", "jekyll/jekyll#2021"]],
  ['label:"in progress"', ["github/linguist#6020", "jekyll/jekyll#2006"]],
  ["user-review-requested:benbalter", ["github/docs#31018"]],
  ["archived:false GNOME", ["GNOME/gnome-builder#307"]],
  ["broken in:body -label:bug label:priority", ["github/linguist#6016"]],
  ["label:bug label:resolved", ["github/linguist#6000"]],
  ["label:bug,resolved repo:github/linguist", ["github/linguist#6000", "github/linguist#6002", "github/linguist#6011"]],
  ['milestone:"bug fix"', ["github/linguist#6011", "github/linguist#6014"]],
  ["project:github/57", ["github/docs#31000", "github/docs#31022", "github/linguist#6007"]],
  ["project:github/linguist/1", ["github/linguist#6007", "github/linguist#6011", "github/linguist#6016"]],
  ["created:2015-05-01..2015-05-30 status:failure", ["github/hub#800", "github/hub#804"]],
  ["0eff326d6213c is:merged", ["github/hub#801"]],
  ["e1109ab", ["github/linguist#6015"]],
  ["head:change is:closed is:unmerged", ["github/hub#804"]],
  ["base:gh-pages", ["github/hub#809"]],
  ["state:closed comments:>100", ["electron/electron#38001", "electron/electron#38002"]],
  ["interactions:>2000", ["electron/electron#38002"]],
  ["reactions:500..1000", ["electron/electron#38002"]],
  ["reactions:>1000", ["electron/electron#38001"]],
  ["comments:500..1000", ["electron/electron#38001"]],
  ["draft:true", ["github/docs#31026", "octocat/Hello-World#2906"]],
  ["is:draft", ["github/docs#31026", "octocat/Hello-World#2906"]],
  ["type:pr review:changes_requested", ["desktop/desktop#15009", "github/docs#31007"]],
  ["type:pr user-review-requested:@me", ["github/linguist#6022"], as("vmg")],
  ["type:pr review-requested:lena-dev", ["github/linguist#6022"]], // through the team github/linguist
  ["type:pr review-requested:jlord", ["github/docs#31019"]], // 31013 too, but jlord has reviewed it
  ["type:pr review-requested:benbalter", ["github/docs#31013", "github/docs#31018", "github/docs#31019"]],
  ["type:pr team-review-requested:github/docs", ["github/docs#31013", "github/docs#31019"]],
  ["type:pr team-review-requested:myorg/ops", []], // a private repository
  ["type:pr team-review-requested:myorg/ops", ["myorg/infra#204"], as("tomthumb")],
  ["type:pr reviewed-by:gjtorikian", ["github/docs#31018", "github/docs#31029", "github/hub#834"]],
  ["type:pr review:required repo:github/docs", ["github/docs#31001", "github/docs#31013", "github/docs#31018", "github/docs#31019"]],
  ["type:pr review:none repo:github/docs", ["github/docs#31001", "github/docs#31019", "github/docs#31026"]],
  ["type:pr review:approved repo:github/docs", ["github/docs#31010", "github/docs#31029", "github/docs#31031"]],
  ["language:swift closed:>2014-06-11", ["hubot/hubot-ios#5"]],
  ["fast in:title language:ruby merged:>=2014-05-01", ["defunkt/resque#1500", "jekyll/jekyll#2009"]],
  ["code of conduct is:locked is:issue archived:false", ["jekyll/jekyll#2013"]],
  ["code of conduct is:unlocked is:issue archived:false", ["jekyll/jekyll#2017"]],
  ["important no:assignee language:java type:issue", ["olga-k/android-sdk-tools#1"]],
  ['(type:"Bug" AND assignee:octocat) OR (type:"Enhancement" AND assignee:hubot)', ["github/linguist#6016", "github/linguist#6018"]],
  ["cat type:pr", ["github/hub#818"]],
  ["github commenter:defunkt type:issue", ["defunkt/resque#1515", "github/docs#31000"]],
  ["github commenter:defunkt org:github", ["github/docs#31000"]],
  ["event is:pr", ["desktop/desktop#15009"]],
  ["cool author:gjtorikian", ["github/linguist#6022"]],
  ["bootstrap in:body author:mdo", ["github/docs#31026", "jekyll/jekyll#2023", "jquery/jquery#112"]],
  ["assignee:vmg repo:libgit2/libgit2", ["libgit2/libgit2#4804", "libgit2/libgit2#4807", "libgit2/libgit2#4815"]],
  ["priority no:label", ["github/docs#31009"]],
  ["sprint no:milestone type:issue", ["desktop/desktop#15016"]],
  [
    "build no:project",
    ["github/docs#31031", "github/linguist#6020", "jekyll/jekyll#2021", "jekyll/jekyll#2027", "jekyll/jekyll#2032", "libgit2/libgit2#4815", "mike-k/dotnet-tools#1"],
  ],
  ["language:go status:pending", ["github/hub#815", "github/hub#818"]],
  ["is:open status:success finally in:body", ["github/hub#834"]],
  ["bug is:pr is:merged", ["github/hub#825"]],
  ["error is:unmerged", ["github/hub#822"]],
  ["is:private cupcake", []],
  ["is:private cupcake", ["github/super-secret#1", "github/super-secret#5"], as("octocat")],
  ["is:internal", ["github/internal-tools#40", "github/internal-tools#41"], as("vmg")],
  ["archived:true GNOME", ["GNOME/gnome-legacy#10", "GNOME/gnome-legacy#12"]],
  ['is:open type:"Bug"', ["github/linguist#6011", "github/linguist#6016"]],
  ["design state:closed in:body", ["desktop/desktop#15005"]],
  ["performance is:open is:issue", ["electron/electron#38012"]],
  ["android is:closed", ["olga-k/android-sdk-tools#6"]],
  ["user:defunkt ubuntu", ["defunkt/dotjs#90", "defunkt/resque#1515"]],
  ["language:javascript merged:<2011-01-01", ["jquery/jquery#100"]],
  ["language:c# created:<2011-01-01 state:open", ["mike-k/dotnet-tools#1"]],
  ["closed:2023-12-01", ["github/linguist#6014", "github/linguist#6015"]],
  ["merged:2015-05-01..2015-05-31", ["defunkt/resque#1500", "github/hub#801"]],
  ["status:failure", ["github/docs#31007", "github/hub#800", "github/hub#804", "github/hub#807", "github/hub#822", "jquery/jquery#115", "mozilla/pdf.js#17000"]],
];

describe("documented issue searches on data/sample", () => {
  it.each(CASES)("%s", async (q, expected, caller) => {
    expect(await found(q, caller)).toEqual([...expected].sort());
  });
});

describe("sorts on data/sample", () => {
  it("the REST example, oldest first", async () => {
    expect(await ordered("windows label:bug language:python state:open", "created", "asc")).toEqual(["olga-k/pywin-utils#4", "olga-k/pywin-utils#6", "olga-k/pywin-utils#9"]);
  });
  it("comments, reactions, interactions", async () => {
    expect(await ordered("repo:electron/electron comments:>=4", "comments")).toEqual(["electron/electron#38002", "electron/electron#38001", "electron/electron#38012", "electron/electron#38000"]);
    const byReactions = ["electron/electron#38001", "electron/electron#38002", "electron/electron#38012", "tomthumb/node-fast#303", "libgit2/libgit2#4800"];
    expect(await ordered("reactions:>=100", "reactions")).toEqual(byReactions);
    expect(await ordered("reactions:>=100", "reactions", "asc")).toEqual([...byReactions].reverse());
    expect(await ordered("interactions:>=100", "interactions")).toEqual(["electron/electron#38002", "electron/electron#38001", "electron/electron#38012", "tomthumb/node-fast#303", "libgit2/libgit2#4800"]);
  });
  it.each([
    ["reactions-+1", ["electron/electron#38001", "electron/electron#38002", "electron/electron#38012", "tomthumb/node-fast#303", "libgit2/libgit2#4800"]],
    ["reactions--1", ["jquery/jquery#112", "electron/electron#38008"]],
    ["reactions-smile", ["octocat/Hello-World#2902"]],
    ["reactions-thinking_face", ["electron/electron#38012", "defunkt/resque#1515", "github/linguist#6016"]],
    ["reactions-heart", ["electron/electron#38001", "electron/electron#38002", "octocat/Hello-World#2902", "libgit2/libgit2#4800"]],
    ["reactions-tada", ["electron/electron#38001", "tomthumb/node-fast#303", "github/linguist#6018", "github/linguist#6015"]],
  ])("%s", async (sort, leaders) => {
    const got = await ordered("is:public", sort);
    // 38001 and 38002 have as many hearts: their order between themselves is the tie-break's.
    if (sort === "reactions-heart") {
      expect(new Set(got.slice(0, 2))).toEqual(new Set(leaders.slice(0, 2)));
      expect(got.slice(2, leaders.length)).toEqual(leaders.slice(2));
    } else {
      expect(got.slice(0, leaders.length)).toEqual(leaders);
    }
  });
  it("in-query rocket and eyes", async () => {
    expect((await ordered("is:public sort:reactions-rocket")).slice(0, 3)).toEqual(["tomthumb/node-fast#303", "github/linguist#6007", "github/docs#31031"]);
    expect((await ordered("is:public sort:reactions-eyes")).slice(0, 3)).toEqual(["electron/electron#38002", "mozilla/pdf.js#17003", "github/linguist#6011"]);
  });
  it("created and updated", async () => {
    const hub = ["github/hub#800", "github/hub#801", "github/hub#804", "github/hub#807", "github/hub#808", "github/hub#809", "github/hub#812", "github/hub#815", "github/hub#818", "github/hub#822", "github/hub#823", "github/hub#825", "github/hub#828", "github/hub#834"];
    expect(await ordered("repo:github/hub is:pr", "created", "asc")).toEqual(hub);
    expect(await ordered("repo:github/hub is:pr sort:created")).toEqual([...hub].reverse());
    expect((await ordered("repo:github/docs", "updated")).slice(0, 4)).toEqual(["github/docs#31019", "github/docs#31022", "github/docs#31031", "github/docs#31026"]);
  });
});

describe("text matches on data/sample", () => {
  it("name the comment that matched", async () => {
    const r = await engine.search("issues", { q: "shipit in:comments" }, { accept: "application/vnd.github.text-match+json" });
    const tm = r.items[0].text_matches as TextMatch[];
    const comment = tm.find((m) => m.object_type === "IssueComment")!;
    expect(comment.object_url).toMatch(/^https:\/\/api\.github\.com\/repos\/github\/hub\/issues\/comments\/\d+$/);
    expect(comment.property).toBe("body");
    for (const m of comment.matches) expect(comment.fragment.slice(m.indices[0], m.indices[1]).toLowerCase()).toBe("shipit");
  });
});

describe("app-user callers on data/sample", () => {
  it("must choose issues or pull requests", async () => {
    const app: Caller = { login: "vmg", via: "app-user" };
    await expect(engine.search("issues", { q: "assignee:@me" }, { caller: app })).rejects.toMatchObject({ status: 422 });
    expect(await found("is:issue assignee:@me", app)).toEqual(["github/linguist#6000", "github/linguist#6007", "github/linguist#6011", "libgit2/libgit2#4807", "libgit2/libgit2#4815"]);
  });
});
