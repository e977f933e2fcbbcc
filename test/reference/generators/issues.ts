/**
 * Issues and pull requests for a dataset: every field a qualifier reads
 * (labels, milestones, assignees, mentions in bodies and comments, reviews,
 * requested reviewers and teams, links, projects, commits, statuses), with
 * the organisations' teams and the comments (linked by `issue_url`); and
 * queries over every issue qualifier family.
 */
import fc from "fast-check";
import type { CommentRecord, Dataset, IssueRecord, Login, TeamRecord } from "../dataset.js";
import { API } from "../dataset.js";
import { qualifier, type Query } from "../query.js";
import {
  bogus,
  dateValue,
  inQualifier,
  LANGUAGE_VALUES,
  literal,
  login,
  maybeNegated,
  negated,
  numberValue,
  prose,
  q,
  type QueryFamilies,
  scopeAtoms,
  small,
  sortQualifier,
  stamp,
  unknownQualifier,
} from "./atoms.js";
import { prefixOf, PREFIX_LENGTHS, shaPool } from "./shas.js";

/** SHAs of pull-request commits. */
const PULL_COMMITS = shaPool("pull", 6);

const LABELS = ["bug", "Bug", "help wanted", "good first issue", "wip", "needs-review"] as const;
const LABEL_VALUES = ["bug", "BUG", "help wanted", "Help Wanted", "good first issue", "wip", "needs-review", "needs review", "nope"] as const;
const MILESTONES = ["v1.0", "Bug fix", "overhaul"] as const;
const ISSUE_TYPES = [{ name: "Bug" }, { name: "Epic" }, "task", { name: "Feature request" }] as const;
const PROJECTS = ["acme/1", "acme/web/2", "orbit/3", "ada/4"] as const;
const BRANCHES = ["main", "gh-pages", "develop", "fix/typo", "fix-search", "feature/search", "Feature/UI"] as const;
const TEAMS = ["core", "docs"] as const;
const BOT = "robot[bot]";

/** What bodies and comments mention: users, teams, e-mail addresses (which mention nobody), punctuation around. */
const MENTIONS = ["@ada", "@Bob", "(@cyd)", "@web-dev.", "@search-bot's", "@acme/core", "@acme/docs.", "@orbit/core,", "eve@acme.com", "@nobody", "a@fay", "@acme"] as const;

const logins = (people: readonly string[]) => fc.subarray([...people], { maxLength: 2 }).map((ls) => ls.map((l): Login => ({ login: l })));

/** A body or a comment: words, now and then a mention or a commit SHA prefix among them. */
const text = fc
  .array(fc.oneof({ weight: 5, arbitrary: prose }, { weight: 2, arbitrary: fc.constantFrom(...MENTIONS) }, { weight: 1, arbitrary: fc.constantFrom(...PULL_COMMITS).map((s) => s.slice(0, 8)) }), {
    minLength: 1,
    maxLength: 4,
  })
  .map((parts) => parts.join(" "));

/** Organisations gain teams (`core`, `docs`) of some of the people. */
function withTeams(data: Dataset): fc.Arbitrary<Dataset> {
  const people = data.users.filter((u) => u.type === "User").map((u) => u.login);
  const teams: fc.Arbitrary<TeamRecord[]> = fc.tuple(...TEAMS.map((slug) => fc.subarray(people, { maxLength: 3 }).map((members) => ({ slug, ...(slug === "docs" ? { name: "Docs" } : {}), members }))));
  return fc.tuple(...data.users.map((u) => (u.type === "Organization" ? teams.map((ts) => ({ ...u, teams: ts })) : fc.constant(u)))).map((users) => ({ ...data, users }));
}

/** Requested teams: of the repository's owner (when it names none), or of an organisation it names. */
function requestedTeams(orgs: readonly string[]) {
  const organization = orgs.length ? fc.oneof(fc.constantFrom(...orgs), fc.constantFrom(...orgs).map((login) => ({ login }))) : fc.constant("acme");
  return fc.array(fc.record({ slug: fc.constantFrom("core", "docs", "Core"), organization }, { requiredKeys: ["slug"] }), { maxLength: 2 });
}

function pullFields(people: readonly string[], orgs: readonly string[]) {
  return fc.record(
    {
      merged_at: fc.option(stamp, { nil: undefined, freq: 2 }),
      draft: fc.boolean(),
      queued: fc.constantFrom(true, false, false),
      head: fc.constantFrom(...BRANCHES).map((ref) => ({ ref })),
      base: fc.constantFrom(...BRANCHES).map((ref) => ({ ref })),
      commits: fc.subarray([...PULL_COMMITS], { maxLength: 2 }).chain((shas) => fc.tuple(...shas.map((sha) => fc.constantFrom<string | { sha: string }>(sha, { sha }, sha.toUpperCase())))),
      status: fc.constantFrom<IssueRecord["status"]>("pending", "success", "failure", "error", "SUCCESS", { state: "pending" }),
      review_decision: fc.constantFrom(null, "APPROVED", "changes_requested", "REVIEW_REQUIRED", "approved"),
      reviews: fc.array(
        fc.record({ user: fc.constantFrom(...people).map((l) => ({ login: l })), state: fc.constantFrom("APPROVED", "CHANGES_REQUESTED", "COMMENTED", "DISMISSED", "PENDING") }),
        { maxLength: 2 },
      ),
      requested_reviewers: logins(people),
      requested_teams: requestedTeams(orgs),
    },
    { requiredKeys: ["head", "base", "draft"] },
  );
}

/** A link slot: which item of the other kind in the same repository, written as a number or a URL, or an item elsewhere. */
type LinkSlot = [number, "number" | "url" | "elsewhere"];
const linkSlots = fc.array(fc.tuple(fc.nat({ max: 20 }), fc.constantFrom<LinkSlot[1]>("number", "number", "url", "elsewhere")), { minLength: 1, maxLength: 2 });

function issueRecords(data: Dataset): fc.Arbitrary<IssueRecord[]> {
  const people = data.users.filter((u) => u.type === "User").map((u) => u.login);
  const orgs = data.users.filter((u) => u.type === "Organization").map((u) => u.login);
  const one = fc.constantFrom(...data.repositories).chain((repo) =>
    fc.record({
      repo: fc.constant(repo),
      byName: fc.constantFrom(false, false, true),
      pull: fc.boolean().chain((pr) => (pr ? pullFields(people, orgs) : fc.constant(undefined))),
      links: fc.option(linkSlots, { nil: undefined, freq: 2 }),
      common: fc.record(
        {
          title: prose,
          body: fc.option(text, { nil: null, freq: 6 }),
          user: fc.constantFrom(...people, BOT, "Ada").map((l) => ({ login: l })),
          state: fc.constantFrom("open" as const, "open" as const, "closed" as const),
          state_reason: fc.constantFrom(null, "completed", "not_planned", "reopened", "COMPLETED"),
          locked: fc.boolean(),
          assignees: logins(people),
          assignee: fc.constantFrom(...people).map((l) => ({ login: l })),
          labels: fc.subarray([...LABELS], { maxLength: 3 }).map((ls) => ls.map((name) => ({ name }))),
          milestone: fc.constantFrom(null, ...MILESTONES.map((title) => ({ title }))),
          comments: small,
          created_at: stamp,
          updated_at: stamp,
          closed_at: stamp,
          reactions: fc.record({ total_count: small, "+1": small, "-1": small, laugh: small, hooray: small, confused: small, heart: small, rocket: small, eyes: small }, { requiredKeys: [] }),
          type: fc.constantFrom(null, ...ISSUE_TYPES),
          projects: fc.subarray([...PROJECTS], { maxLength: 2 }),
        },
        { requiredKeys: ["title", "state", "labels", "user"] },
      ),
    }),
  );
  return fc.array(one, { minLength: 4, maxLength: 30 }).map((drafts) => {
    /** Links to items of the other kind in the same repository (numbers are positions + 1), or to one elsewhere. */
    const links = (i: number, slots: LinkSlot[], toPulls: boolean): Array<number | string> => {
      const { repo } = drafts[i];
      const targets = drafts.flatMap((d, j) => (j !== i && d.repo.full_name === repo.full_name && !!d.pull === toPulls ? [j + 1] : []));
      return slots.map(([n, form]) => {
        if (form === "elsewhere" || !targets.length) return toPulls ? "https://github.com/acme/web/pull/2" : "https://github.com/acme/web/issues/1";
        const target = targets[n % targets.length];
        return form === "number" ? target : `${API}/repos/${repo.full_name}/${toPulls ? "pulls" : "issues"}/${target}`;
      });
    };
    return drafts.map(({ repo, byName, pull, links: slots, common }, i): IssueRecord => {
      const number = i + 1;
      const where = byName ? { repository: repo.full_name } : { repository_url: `${API}/repos/${repo.full_name}` };
      if (!pull) return { id: 9000 + i, number, ...where, ...common, ...(slots ? { linked_pull_requests: links(i, slots, true) } : {}) };
      const { merged_at, ...pullRest } = pull;
      const pull_request = { url: `${API}/repos/${repo.full_name}/pulls/${number}`, ...(merged_at ? { merged_at } : {}) };
      return { id: 9000 + i, number, ...where, ...common, ...pullRest, pull_request, ...(slots ? { linked_issues: links(i, slots, false) } : {}) };
    });
  });
}

function commentRecords(data: Dataset): fc.Arbitrary<CommentRecord[]> {
  if (!data.issues.length) return fc.constant([]);
  const people = data.users.filter((u) => u.type === "User").map((u) => u.login);
  const one = fc.record({
    issue: fc.constantFrom(...data.issues),
    body: text,
    user: fc.constantFrom(...people, "Eve").map((l) => ({ login: l })),
    created_at: stamp,
  });
  return fc.array(one, { maxLength: 30 }).map((drafts) =>
    drafts.map(({ issue, ...c }, i) => {
      const repo = issue.repository ?? issue.repository_url!.slice(`${API}/repos/`.length);
      return { id: 70000 + i, issue_url: `${API}/repos/${repo}/issues/${issue.number}`, ...c };
    }),
  );
}

/** A dataset for issue search: teams, issues and pull requests, comments. */
export function issueDataset(base: Dataset): fc.Arbitrary<Dataset> {
  return withTeams(base)
    .chain((data) => issueRecords(data).map((issues) => ({ ...data, issues })))
    .chain((data) => commentRecords(data).map((comments) => ({ ...data, comments })));
}

/** `label:` with one label, or a comma list (its items quoted when one has a space, or at random). */
const labelQualifier: fc.Arbitrary<Query> = fc.oneof(
  { weight: 3, arbitrary: q("label", literal(...LABEL_VALUES)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.uniqueArray(fc.constantFrom(...LABEL_VALUES), { minLength: 2, maxLength: 3 }), fc.boolean(), fc.boolean())
      .map(([ls, neg, quoteItems]) => qualifier("label", ls.join(","), { negated: neg, quoted: quoteItems || ls.some((l) => l.includes(" ")) ? "items" : false })),
  },
  { weight: 1, arbitrary: literal(...LABEL_VALUES).map((l) => qualifier("label", `${l},`, { quoted: l.includes(" ") ? "items" : false })) },
);

/** Bare words that may be commit SHA prefixes: too short, long enough, whole, upper-case, one that is no SHA. */
const shaTerms: fc.Arbitrary<Query> = fc
  .tuple(fc.constantFrom(...PULL_COMMITS, "deadbeefcafe0"), fc.constantFrom(...PREFIX_LENGTHS), fc.boolean())
  .map(([sha, length, upper]) => ({ type: "term", text: prefixOf(sha, length, upper) }));

const TEAM_VALUES = ["acme/core", "acme/docs", "ACME/Core", "orbit/core", "web/docs", "data-co/core", "nosuch/team", "acme", "acme/core/x"] as const;

export function issueFamilies(data: Dataset, keywords: fc.Arbitrary<Query>): QueryFamilies {
  const accounts = data.users.map((u) => u.login);
  const user = login([...accounts, BOT]);
  const terms = fc.oneof({ weight: 6, arbitrary: keywords }, { weight: 1, arbitrary: shaTerms });
  const numbers = ["comments", "interactions", "reactions"];
  const dates = ["created", "updated", "closed", "merged"];
  const qualifiers = fc.oneof(
    ...numbers.map((n) => q(n, numberValue)),
    ...dates.map((d) => q(d, dateValue)),
    q("type", bogus("issue", "pr", "pull-request", "Bug", "bug", "Epic", "task", "Feature request", "nope")),
    q("is", bogus("issue", "pr", "pull-request", "open", "closed", "merged", "unmerged", "locked", "unlocked", "draft", "queued", "public", "private", "internal")),
    q("state", bogus("open", "closed")),
    q("reason", bogus("completed", "not planned", "not_planned", "reopened")),
    q("archived", bogus("true", "false")),
    q("language", literal(...LANGUAGE_VALUES)),
    q("author", fc.oneof({ weight: 6, arbitrary: user }, { weight: 1, arbitrary: literal("app/robot", "app/nobody", "App/Robot") })),
    q("assignee", fc.oneof({ weight: 4, arbitrary: user }, { weight: 1, arbitrary: fc.constant("*") })),
    q("mentions", user),
    q("commenter", user),
    q("involves", user),
    q("team", literal(...TEAM_VALUES)),
    labelQualifier,
    q("milestone", literal(...MILESTONES, "bug fix", "V1.0", "nope")),
    q("project", literal(...PROJECTS, "ACME/1", "acme/x", "acme", "orbit/4")),
    q("linked", bogus("pr", "issue")),
    q("no", bogus("label", "milestone", "assignee", "project"), { negatable: "rarely" }),
    q("status", bogus("pending", "success", "failure", "error")),
    q("head", literal("fix", "fix/", "feature", "feature/search", "FEATURE/ui", "main", "x", "")),
    q("base", literal("main", "gh-pages", "develop", "Main", "nope")),
    q("draft", bogus("true", "false")),
    q("review", bogus("none", "required", "approved", "changes_requested")),
    q("reviewed-by", user),
    q("review-requested", user),
    q("user-review-requested", user),
    q("team-review-requested", literal(...TEAM_VALUES)),
    unknownQualifier(["foo", "stars", "topic"]),
  );
  const conditions = fc.oneof({ weight: 1, arbitrary: terms }, { weight: 2, arbitrary: qualifiers });
  const scopes = scopeAtoms(
    data.repositories.map((r) => r.full_name),
    accounts,
  );
  // Two involves: side by side are alternatives; they come in pairs now and then.
  const involvesPair = fc.tuple(user, user).map(([a, b]): Query => ({ type: "and", parts: [qualifier("involves", a), qualifier("involves", b)] }));
  return {
    terms,
    conditions,
    atoms: fc.oneof({ weight: 16, arbitrary: conditions }, { weight: 1, arbitrary: scopes.map(maybeNegated) }, { weight: 1, arbitrary: involvesPair.map((p) => ({ type: "group", part: p }) as Query) }),
    scopes: fc.oneof({ weight: 12, arbitrary: scopes }, { weight: 1, arbitrary: scopes.map(negated) }, { weight: 2, arbitrary: involvesPair }),
    options: fc.oneof(
      inQualifier(["title", "body", "comments", "comment"]),
      sortQualifier(["comments", "reactions", "reactions-+1", "reactions--1", "reactions-smile", "reactions-thinking_face", "reactions-heart", "reactions-tada", "reactions-rocket", "reactions-eyes", "interactions", "created", "updated"]),
      q("is", literal("issue", "pr", "pull-request"), { negatable: false }),
    ),
    numbers,
    dates,
  };
}
