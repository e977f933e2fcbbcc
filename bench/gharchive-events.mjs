/**
 * Synthetic GH Archive events in the archive's shapes: builders for every
 * event type (full payloads as archived until 2025-10-07, and the trimmed
 * shapes since), and seeded hours of mixed events for the import benchmark.
 */
import { intBetween, mulberry32, pick } from "./random.mjs";

const API = "https://api.github.com";
const SITE = "https://github.com";

export function userObject(login, id, type = login.endsWith("[bot]") ? "Bot" : "User") {
  return {
    login, id, node_id: `U_${id}`, avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`, gravatar_id: "",
    url: `${API}/users/${login}`, html_url: `${SITE}/${login}`, type, site_admin: false,
  };
}

export function actorObject(login, id) {
  return { id, login, display_login: login, gravatar_id: "", url: `${API}/users/${login}`, avatar_url: `https://avatars.githubusercontent.com/u/${id}?` };
}

export function repoRef(fullName, id) {
  return { id, name: fullName, url: `${API}/repos/${fullName}` };
}

export function repositoryObject(fullName, id, owner, extra = {}) {
  return {
    id, node_id: `R_${id}`, name: fullName.split("/")[1], full_name: fullName, private: false, owner,
    html_url: `${SITE}/${fullName}`, description: `The ${fullName} project`, fork: false, url: `${API}/repos/${fullName}`,
    created_at: "2020-01-01T00:00:00Z", updated_at: "2021-01-01T00:00:00Z", pushed_at: "2021-01-01T00:00:00Z",
    size: 100, stargazers_count: 5, watchers_count: 5, language: "TypeScript", forks_count: 1, open_issues_count: 2,
    default_branch: "main", topics: [], visibility: "public", ...extra,
  };
}

export function labelObject(fullName, id, name) {
  return { id, node_id: `L_${id}`, url: `${API}/repos/${fullName}/labels/${encodeURIComponent(name)}`, name, color: "d73a4a", default: false, description: null };
}

/** An issue object as issue and issue-comment payloads carry it; `pull` adds the `pull_request` links. */
export function issueObject(fullName, number, fields) {
  const { id = number * 1000 + 1, user, pull = false, mergedAt, ...rest } = fields;
  const issue = {
    url: `${API}/repos/${fullName}/issues/${number}`, repository_url: `${API}/repos/${fullName}`,
    html_url: `${SITE}/${fullName}/${pull ? "pull" : "issues"}/${number}`, id, node_id: `I_${id}`, number,
    title: `Issue ${number}`, user, labels: [], state: "open", locked: false, assignee: null, assignees: [], milestone: null,
    comments: 0, created_at: "2021-07-21T06:00:00Z", updated_at: "2021-07-21T06:00:00Z", closed_at: null,
    author_association: "NONE", active_lock_reason: null, body: "", ...rest,
  };
  if (pull) {
    issue.pull_request = {
      url: `${API}/repos/${fullName}/pulls/${number}`, html_url: `${SITE}/${fullName}/pull/${number}`,
      diff_url: `${SITE}/${fullName}/pull/${number}.diff`, patch_url: `${SITE}/${fullName}/pull/${number}.patch`,
      ...(mergedAt === undefined ? {} : { merged_at: mergedAt }),
    };
  }
  return issue;
}

/** A pull request object in the pulls API's shape, as pull-request and review payloads carried it until 2025-10-07. */
export function pullObject(repo, number, fields) {
  const { user, merged = false, mergedAt = null, head = "feature", ...rest } = fields;
  const full = repo.full_name;
  return {
    url: `${API}/repos/${full}/pulls/${number}`, id: number * 1000 + 7, node_id: `PR_${number}`,
    html_url: `${SITE}/${full}/pull/${number}`, diff_url: `${SITE}/${full}/pull/${number}.diff`, patch_url: `${SITE}/${full}/pull/${number}.patch`,
    issue_url: `${API}/repos/${full}/issues/${number}`, number, state: "open", locked: false, title: `Pull ${number}`, user,
    body: "", created_at: "2021-07-21T06:00:00Z", updated_at: "2021-07-21T06:00:00Z", closed_at: null, merged_at: mergedAt,
    merge_commit_sha: null, assignee: null, assignees: [], requested_reviewers: [], requested_teams: [], labels: [], milestone: null,
    draft: false, comments_url: `${API}/repos/${full}/issues/${number}/comments`,
    head: { label: `${repo.owner.login}:${head}`, ref: head, sha: "a".repeat(40), user: repo.owner, repo },
    base: { label: `${repo.owner.login}:main`, ref: "main", sha: "b".repeat(40), user: repo.owner, repo },
    author_association: "CONTRIBUTOR", merged, comments: 0, review_comments: 0, commits: 1, additions: 1, deletions: 0, changed_files: 1,
    ...rest,
  };
}

/** The trimmed pull request of payloads since 2025-10-07: no title, body, author or merge flag. */
export function pullStub(fullName, repoId, number, head = "feature") {
  const ref = { id: repoId, url: `${API}/repos/${fullName}`, name: fullName.split("/")[1] };
  return {
    url: `${API}/repos/${fullName}/pulls/${number}`, id: number * 1000 + 7, number,
    head: { ref: head, sha: "c".repeat(40), repo: ref }, base: { ref: "main", sha: "d".repeat(40), repo: ref },
  };
}

export function reviewObject(id, user, state, submittedAt, fullName, number) {
  return {
    id, node_id: `PRR_${id}`, user, body: null, commit_id: "a".repeat(40), submitted_at: submittedAt, state,
    html_url: `${SITE}/${fullName}/pull/${number}#pullrequestreview-${id}`, pull_request_url: `${API}/repos/${fullName}/pulls/${number}`,
    author_association: "MEMBER",
  };
}

export function commentObject(id, fullName, number, user, body, at) {
  return {
    url: `${API}/repos/${fullName}/issues/comments/${id}`, html_url: `${SITE}/${fullName}/issues/${number}#issuecomment-${id}`,
    issue_url: `${API}/repos/${fullName}/issues/${number}`, id, node_id: `IC_${id}`, user, created_at: at, updated_at: at,
    author_association: "NONE", body,
  };
}

/** One archived event line's object. */
export function event(id, type, at, actor, repo, payload, org) {
  return { id: String(id), type, actor, repo, payload, public: true, created_at: at, ...(org ? { org } : {}) };
}

/**
 * One event of every type the archive holds, in both eras where the shapes
 * differ, around one repository `octo-org/widgets` (owned by an organisation)
 * and its issue #1 and pull request #2. Times are `day`, hour `hour`.
 */
export function everyEventType(day = "2021-07-21", hour = 6) {
  const at = (minute) => `${day}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`;
  const org = actorObject("octo-org", 900);
  const mona = userObject("mona", 11);
  const hubot = userObject("hubot[bot]", 12);
  const owner = userObject("octo-org", 900, "Organization");
  const repoObject = repositoryObject("octo-org/widgets", 500, owner);
  const ref = repoRef("octo-org/widgets", 500);
  const actor = actorObject("mona", 11);
  const bot = actorObject("hubot[bot]", 12);
  const base = 1_000_000 + hour * 1000;
  const e = (n, type, who, payload) => event(base + n, type, at(n), who, ref, payload, org);
  const bug = labelObject("octo-org/widgets", 77, "bug");
  return [
    e(1, "CreateEvent", actor, { ref: null, ref_type: "repository", master_branch: "main", description: "Widgets for everyone", pusher_type: "user" }),
    e(2, "PushEvent", actor, { push_id: 1, size: 1, distinct_size: 1, ref: "refs/heads/main", head: "a".repeat(40), before: "b".repeat(40), commits: [{ sha: "a".repeat(40), author: { email: "x@example.com", name: "Mona" }, message: "Add widgets", distinct: true, url: "" }] }),
    e(3, "IssuesEvent", actor, { action: "opened", issue: issueObject("octo-org/widgets", 1, { user: mona, title: "Widgets crash on start", body: "Steps to reproduce", labels: [bug], created_at: at(3), updated_at: at(3) }) }),
    e(4, "IssueCommentEvent", bot, { action: "created", issue: issueObject("octo-org/widgets", 1, { user: mona, title: "Widgets crash on start", body: "Steps to reproduce", labels: [bug], comments: 1, created_at: at(3), updated_at: at(4) }), comment: commentObject(4001, "octo-org/widgets", 1, hubot, "Thanks for the report", at(4)) }),
    e(5, "PullRequestEvent", actor, { action: "opened", number: 2, pull_request: pullObject(repoObject, 2, { user: mona, title: "Fix the widget crash", body: "Fixes #1", created_at: at(5), updated_at: at(5) }) }),
    e(6, "PullRequestReviewEvent", bot, { action: "created", review: reviewObject(6001, hubot, "approved", at(6), "octo-org/widgets", 2), pull_request: pullObject(repoObject, 2, { user: mona, title: "Fix the widget crash", body: "Fixes #1", created_at: at(5), updated_at: at(6) }) }),
    e(7, "PullRequestReviewCommentEvent", bot, { action: "created", comment: { id: 7001, user: hubot, body: "Nit: rename", path: "src/a.ts", diff_hunk: "@@", author_association: "MEMBER", pull_request_url: `${API}/repos/octo-org/widgets/pulls/2` }, pull_request: pullObject(repoObject, 2, { user: mona, title: "Fix the widget crash", body: "Fixes #1", created_at: at(5), updated_at: at(7) }) }),
    e(8, "PullRequestEvent", actor, { action: "closed", number: 2, pull_request: pullObject(repoObject, 2, { user: mona, title: "Fix the widget crash", body: "Fixes #1", state: "closed", merged: true, mergedAt: at(8), closed_at: at(8), created_at: at(5), updated_at: at(8) }) }),
    e(9, "IssuesEvent", actor, { action: "closed", issue: issueObject("octo-org/widgets", 1, { user: mona, title: "Widgets crash on start", body: "Steps to reproduce", labels: [bug], comments: 1, state: "closed", state_reason: "completed", created_at: at(3), updated_at: at(9), closed_at: at(9) }) }),
    e(10, "ReleaseEvent", actor, { action: "published", release: { id: 10001, tag_name: "v1.0.0", name: "One", author: mona, body: "First release", draft: false, prerelease: false, created_at: at(10), published_at: at(10) } }),
    e(11, "ForkEvent", actorObject("lisa", 13), { forkee: repositoryObject("lisa/widgets", 501, userObject("lisa", 13), { fork: true, description: "Widgets for everyone" }) }),
    e(12, "WatchEvent", actorObject("lisa", 13), { action: "started" }),
    e(13, "DeleteEvent", actor, { ref: "feature", ref_type: "branch", pusher_type: "user" }),
    e(14, "GollumEvent", actor, { pages: [{ page_name: "Home", title: "Home", action: "edited", sha: "e".repeat(40), html_url: `${SITE}/octo-org/widgets/wiki/Home` }] }),
    e(15, "PublicEvent", actor, {}),
    e(16, "MemberEvent", actor, { action: "added", member: userObject("kai", 14) }),
    e(17, "CommitCommentEvent", actor, { comment: { id: 17001, user: mona, body: "Nice commit", commit_id: "a".repeat(40), author_association: "MEMBER" } }),
    e(18, "SponsorshipEvent", actor, { action: "created" }),
  ];
}

/**
 * The same repository a day after the payloads were trimmed: pull request #4
 * opened, reviewed and closed through stubs, #2 updated through a stub, a push
 * without commits, and issue, comment and review objects without `author_association`.
 */
export function trimmedEvents(day = "2025-10-08", hour = 6) {
  const at = (minute) => `${day}T${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}:00Z`;
  const org = actorObject("octo-org", 900);
  const ref = repoRef("octo-org/widgets", 500);
  const mona = userObject("mona", 11);
  const actor = actorObject("mona", 11);
  const base = 90_000_000_000 + hour * 1000;
  const e = (n, type, payload) => event(base + n, type, at(n), actor, ref, payload, org);
  const { author_association: _a, ...issue } = issueObject("octo-org/widgets", 3, { user: mona, title: "Trimmed era issue", body: "Still here", created_at: at(1), updated_at: at(1) });
  const { author_association: _c, ...comment } = commentObject(5001, "octo-org/widgets", 3, mona, "A trimmed comment", at(2));
  const { author_association: _r, ...review } = reviewObject(6002, mona, "commented", at(5), "octo-org/widgets", 4);
  return [
    e(1, "IssuesEvent", { action: "opened", issue }),
    e(2, "IssueCommentEvent", { action: "created", issue: { ...issue, comments: 1 }, comment }),
    e(3, "PushEvent", { repository_id: 500, push_id: 2, ref: "refs/heads/main", head: "f".repeat(40), before: "a".repeat(40) }),
    e(4, "PullRequestEvent", { action: "opened", number: 4, pull_request: pullStub("octo-org/widgets", 500, 4, "stub-branch") }),
    e(5, "PullRequestReviewEvent", { action: "created", review, pull_request: pullStub("octo-org/widgets", 500, 4, "stub-branch") }),
    e(6, "PullRequestEvent", { action: "closed", number: 4, pull_request: pullStub("octo-org/widgets", 500, 4, "stub-branch") }),
    e(7, "PullRequestEvent", { action: "synchronize", number: 2, pull_request: pullStub("octo-org/widgets", 500, 2) }),
  ];
}

/**
 * A seeded hour of `events` events for the benchmark: pushes, stars, issues
 * with comments and pull requests with reviews, spread over `repositories`
 * repositories and `users` accounts. Issue numbers grow with the hour, so the
 * number of distinct records grows with the input, as in the real archive.
 */
export function* syntheticHour(hourIndex, { events = 10_000, repositories = 20_000, users = 50_000, seed = 1 } = {}) {
  const rng = mulberry32(seed * 100_003 + hourIndex);
  const start = Date.UTC(2021, 0, 1) + hourIndex * 3_600_000;
  for (let i = 0; i < events; i++) {
    const at = new Date(start + Math.floor((i * 3_600) / events) * 1000).toISOString().replace(".000Z", "Z");
    const id = 10_000_000_000 + hourIndex * events + i;
    const u = intBetween(rng, 1, users);
    const login = `user${u}`;
    const r = intBetween(rng, 1, repositories);
    const ownerLogin = `owner${r % 5000}`;
    const fullName = `${ownerLogin}/repo${r}`;
    const actor = actorObject(login, u);
    const ref = repoRef(fullName, r);
    const number = hourIndex * 50 + intBetween(rng, 1, 60);
    const kind = pick(rng, ["push", "push", "push", "watch", "issue", "comment", "pull", "review", "create", "fork"]);
    const user = userObject(login, u);
    const words = `${pick(rng, ["Fix", "Add", "Remove", "Document"])} the ${pick(rng, ["parser", "widget", "cache", "router", "index"])} for ${login}`;
    if (kind === "push") {
      yield event(id, "PushEvent", at, actor, ref, { push_id: id, size: 1, distinct_size: 1, ref: "refs/heads/main", head: "a".repeat(40), before: "b".repeat(40), commits: [{ sha: "a".repeat(40), author: { email: "x@example.com", name: login }, message: words, distinct: true, url: "" }] });
    } else if (kind === "watch") {
      yield event(id, "WatchEvent", at, actor, ref, { action: "started" });
    } else if (kind === "issue") {
      yield event(id, "IssuesEvent", at, actor, ref, { action: "opened", issue: issueObject(fullName, number, { id: r * 100_000 + number, user, title: words, body: `${words}\n\nDetails follow.`, created_at: at, updated_at: at }) });
    } else if (kind === "comment") {
      yield event(id, "IssueCommentEvent", at, actor, ref, { action: "created", issue: issueObject(fullName, number, { id: r * 100_000 + number, user, title: words, comments: 1, updated_at: at }), comment: commentObject(id, fullName, number, user, words, at) });
    } else if (kind === "pull" || kind === "review") {
      const repo = repositoryObject(fullName, r, userObject(ownerLogin, 1_000_000 + (r % 5000)));
      const pull = pullObject(repo, number, { user, title: words, body: words, updated_at: at });
      const payload = kind === "pull" ? { action: "opened", number, pull_request: pull } : { action: "created", review: reviewObject(id, user, "approved", at, fullName, number), pull_request: pull };
      yield event(id, kind === "pull" ? "PullRequestEvent" : "PullRequestReviewEvent", at, actor, ref, payload);
    } else if (kind === "create") {
      yield event(id, "CreateEvent", at, actor, ref, { ref: "feature", ref_type: "branch", master_branch: "main", description: words, pusher_type: "user" });
    } else {
      const forkee = repositoryObject(`${login}/repo${r}`, 5_000_000 + id % 1_000_000, user, { fork: true });
      yield event(id, "ForkEvent", at, actor, ref, { forkee });
    }
  }
}
