/**
 * Deterministic synthetic corpora in the hosting site's REST shapes: issues and
 * pull requests, repositories and users of one consistent world (an issue's
 * author is a generated user, its repository a generated repository).
 *
 * Text is drawn from a Zipf distribution (exponent 1.07) over a fixed list of real
 * English/tech words (words.txt, ranked by frequency in package documentation
 * and commit messages) mixed with generated identifiers, with common phrases
 * ("stack trace", "out of memory") spliced in so that phrase queries have answers.
 *
 * Every record is a pure function of (seed, kind, index), and its `id` is index + 1:
 * streams are lazy generator functions, records can be made in any order, and
 * nothing but lookup tables (and memoised names) stays in memory.
 */
import { readFileSync } from "node:fs";
import { AliasTable, exponential, hash32, intBetween, normal, paretoCount, pick, rngFor, zipfTable } from "./random.mjs";

export const DEFAULT_SEED = 20250601;
/** The synthetic world's "now": every date lies in the ten years before it. */
export const WORLD_END = Date.UTC(2025, 5, 1);
export const WORLD_START = Date.UTC(2015, 5, 1);
export const ZIPF_EXPONENT = 1.07;
export const DEFAULT_COUNTS = { users: 100_000, repositories: 100_000 };

const SALT = { vocabulary: 1, user: 2, userDetails: 3, repository: 4, repositoryDetails: 5, issue: 6 };

export const WORDS = readFileSync(new URL("./words.txt", import.meta.url), "utf8").split("\n").filter(Boolean);

/** Multi-word expressions of issue trackers, spliced into text as units. */
export const PHRASES = [
  "pull request", "stack trace", "steps to reproduce", "expected behavior", "out of memory", "error message",
  "memory leak", "breaking change", "unit tests", "type definitions", "status code", "race condition",
  "null pointer", "build fails", "works fine", "on windows", "in production", "dev server", "config file",
  "command line", "release notes", "edge case", "feature request", "code review", "default value",
  "query string", "request body", "response headers", "event loop", "source map", "security vulnerability",
  "file not found", "content type", "test suite", "hot reload", "major version", "minor version",
  "works on my machine", "regression in", "as expected",
];

export const LABELS = [
  ["bug", "d73a4a"], ["enhancement", "a2eeef"], ["documentation", "0075ca"], ["question", "d876e3"],
  ["good first issue", "7057ff"], ["help wanted", "008672"], ["duplicate", "cfd3d7"], ["wontfix", "ffffff"],
  ["invalid", "e4e669"], ["dependencies", "0366d6"], ["needs triage", "ededed"], ["priority: high", "b60205"],
  ["priority: low", "c2e0c6"], ["performance", "fbca04"], ["security", "ee0701"], ["breaking change", "b60205"],
  ["area: router", "1d76db"], ["area: parser", "1d76db"], ["area: cli", "1d76db"], ["area: docs", "1d76db"],
  ["type: feature", "84b6eb"], ["type: bug", "ee0701"], ["status: blocked", "000000"], ["status: in progress", "0e8a16"],
  ["stale", "dddddd"], ["tests", "bfd4f2"], ["ci", "5319e7"], ["typescript", "2b67c6"], ["windows", "0052cc"], ["macos", "0052cc"],
];

export const LANGUAGES = [
  "JavaScript", "Python", "TypeScript", "Java", "Go", "C++", "Rust", "C", "C#", "PHP", "Ruby", "Shell", "Kotlin",
  "Swift", "HTML", "CSS", "Jupyter Notebook", "Scala", "Dart", "Vue", "Lua", "Haskell", "Elixir", "Objective-C", "Perl",
];

export const LICENSES = [
  ["mit", "MIT", "MIT License"], ["apache-2.0", "Apache-2.0", "Apache License 2.0"],
  ["gpl-3.0", "GPL-3.0", "GNU General Public License v3.0"], ["bsd-3-clause", "BSD-3-Clause", 'BSD 3-Clause "New" or "Revised" License'],
  ["gpl-2.0", "GPL-2.0", "GNU General Public License v2.0"], ["isc", "ISC", "ISC License"],
  ["mpl-2.0", "MPL-2.0", "Mozilla Public License 2.0"], ["lgpl-3.0", "LGPL-3.0", "GNU Lesser General Public License v3.0"],
  ["unlicense", "Unlicense", "The Unlicense"], ["agpl-3.0", "AGPL-3.0", "GNU Affero General Public License v3.0"],
  ["bsd-2-clause", "BSD-2-Clause", 'BSD 2-Clause "Simplified" License'], ["cc0-1.0", "CC0-1.0", "Creative Commons Zero v1.0 Universal"],
];

const FIRST_NAMES = (
  "anna ben carla dmitri elena felix grace hiro ines jonas kai lena marco nadia omar paula quinn rosa sven tara " +
  "uma victor wen xavier yara zoe ali bianca chen diego emma farah gustav hana ivan julia kenji lucas maya nils " +
  "olga pedro rahul sara tomas ugo vera will yusuf zara amir bruno clara david eva finn gina hugo ida jack kim " +
  "leo mila noah otto priya ravi sofia theo ulla vik"
).split(" ");
const LAST_NAMES = (
  "smith garcia muller rossi novak tanaka kim silva jensen kowalski dubois ivanova nguyen patel cohen okafor " +
  "larsen moreau schmidt bianchi horvat sato park costa berg nowak laurent petrov tran shah levi mensah olsen " +
  "fischer ricci kovac suzuki lee santos lindqvist wojcik bernard sokolova pham gupta katz adeyemi hansen weber " +
  "romano babic ito choi oliveira nilsson lewandowski martin volkov le singh friedman boateng"
).split(" ");
const LOCATIONS = [
  "San Francisco", "Berlin", "London", "New York", "Bangalore", "Beijing", "Tokyo", "Paris", "Toronto", "Seattle",
  "Amsterdam", "Sao Paulo", "Moscow", "Shanghai", "Stockholm", "Singapore", "Sydney", "Austin", "Munich", "Warsaw",
  "Zurich", "Kyiv", "Seoul", "Madrid", "Lagos", "Nairobi", "Melbourne", "Vienna", "Prague", "Helsinki", "Dublin",
  "Copenhagen", "Oslo", "Lisbon", "Buenos Aires", "Mexico City", "Cape Town", "Tel Aviv", "Istanbul", "Jakarta",
];
const COMPANIES = [
  "@acme", "@initech", "@globex", "Umbrella Labs", "@hooli", "Stark Industries", "@piedpiper", "Wayne Tech",
  "@vandelay", "Soylent", "@cyberdyne", "Tyrell", "@aperture", "Wonka Industries", "@massive-dynamic", "Oscorp",
];
const LOGIN_WORDS = WORDS.slice(100, 600);
const EMAIL_DOMAINS = ["gmail.com", "example.com", "outlook.com", "proton.me", "fastmail.com", "users.noreply.example.com"];

/**
 * The vocabulary in Zipf rank order: real words first, then from rank 1,500 on every
 * fourth slot an identifier, so identifiers are rare, as in real issue text.
 */
function buildVocabulary(seed, identifierCount) {
  const rng = rngFor(seed, SALT.vocabulary, 0);
  const stems = WORDS.filter((w) => w.length >= 3 && w.length <= 10).slice(40, 2000);
  const seen = new Set(WORDS);
  const identifiers = [];
  const cap = (w) => w[0].toUpperCase() + w.slice(1);
  while (identifiers.length < identifierCount) {
    const parts = [pick(rng, stems), pick(rng, stems)];
    if (rng() < 0.35) parts.push(pick(rng, stems));
    const style = rng();
    let id;
    if (style < 0.5) id = parts[0] + parts.slice(1).map(cap).join("");
    else if (style < 0.7) id = parts.join("_");
    else if (style < 0.8) id = parts.join("_").toUpperCase();
    else if (style < 0.9) id = parts.map(cap).join("");
    else id = parts.join("-");
    if (rng() < 0.15) id += intBetween(rng, 1, 64);
    if (!seen.has(id)) {
      seen.add(id);
      identifiers.push(id);
    }
  }
  const vocabulary = [];
  let w = 0;
  let k = 0;
  while (w < WORDS.length || k < identifiers.length) {
    const slot = vocabulary.length;
    const takeIdentifier = k < identifiers.length && (w >= WORDS.length || (slot >= 1500 && slot % 4 === 0));
    vocabulary.push(takeIdentifier ? identifiers[k++] : WORDS[w++]);
  }
  return vocabulary;
}

const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");
const capitalize = (w) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * A world of `users` users and `repositories` repositories that issues refer to.
 * Options: seed, users, repositories, identifiers (count of generated identifiers).
 */
export function createWorld(options = {}) {
  const seed = options.seed ?? DEFAULT_SEED;
  const counts = {
    users: options.users ?? DEFAULT_COUNTS.users,
    repositories: options.repositories ?? DEFAULT_COUNTS.repositories,
  };
  const vocabulary = buildVocabulary(seed, options.identifiers ?? 20_000);
  const wordTable = zipfTable(vocabulary.length, ZIPF_EXPONENT);
  const phraseTable = zipfTable(PHRASES.length, 1);
  const labelTable = zipfTable(LABELS.length, 1.2);
  const languageTable = zipfTable(LANGUAGES.length, 1);
  const licenseTable = zipfTable(LICENSES.length, 1.3);
  const locationTable = zipfTable(LOCATIONS.length, 0.9);
  // Topics come from the mid-frequency real words: frequent enough to be shared, specific enough to be topics.
  const topicWords = WORDS.filter((w) => w.length >= 3).slice(60, 1260);
  const topicTable = zipfTable(topicWords.length, 1);
  // Activity is skewed: a few users and repositories account for most issues.
  const authorTable = zipfTable(counts.users, 0.9);
  const repoForIssueTable = zipfTable(counts.repositories, 1.1);
  const ownerTable = zipfTable(counts.users, 0.8);
  // Ranks are spread over indexes by a prime multiplier (a bijection modulo n), so index order is not activity order.
  const spread = (rank, n) => Number((BigInt(rank) * 2654435761n + BigInt(seed)) % BigInt(n));

  const word = (rng) => vocabulary[wordTable.sample(rng)];

  /** `count` words of running text; phrases count as one slot each. */
  function words(rng, count, phraseChance) {
    const out = new Array(count);
    for (let i = 0; i < count; i++) out[i] = rng() < phraseChance ? PHRASES[phraseTable.sample(rng)] : word(rng);
    return out;
  }

  function title(rng) {
    const w = words(rng, intBetween(rng, 4, 12), 0.08).join(" ").split(" ").slice(0, 12);
    w[0] = capitalize(w[0]);
    return w.join(" ");
  }

  /** 0–200 words in sentences of 4–18 words; a fifth of bodies are empty. */
  function body(rng) {
    if (rng() < 0.2) return "";
    const target = Math.min(200, 1 + Math.floor(exponential(rng, 55)));
    const sentences = [];
    let used = 0;
    while (used < target) {
      const w = words(rng, Math.min(target - used, intBetween(rng, 4, 18)), 0.05).join(" ").split(" ").slice(0, target - used);
      w[0] = capitalize(w[0]);
      if (w.length > 8 && rng() < 0.3) w[intBetween(rng, 2, w.length - 3)] += ",";
      sentences.push(w.join(" ") + (rng() < 0.1 ? "?" : "."));
      used += w.length;
    }
    return sentences.join(" ");
  }

  /** A date in the world's span, denser towards the end (activity grows over time). */
  function growthDate(rng) {
    return WORLD_START + Math.floor(Math.sqrt(rng()) * (WORLD_END - WORLD_START));
  }

  /** A user's name and login, from its own stream so that userAt and login agree. */
  function userIdentity(i) {
    const rng = rngFor(seed, SALT.user, i);
    const first = pick(rng, FIRST_NAMES);
    const last = pick(rng, LAST_NAMES);
    const style = rng();
    const base = style < 0.4 ? first + last : style < 0.7 ? `${first}-${last}` : style < 0.85 ? first + last[0] : `${pick(rng, LOGIN_WORDS)}-${first}`;
    // The base-36 index suffix keeps logins unique.
    return { login: `${base}${i.toString(36)}`, first, last, isOrg: rng() < 0.05 };
  }

  const logins = new Array(counts.users);
  const organisations = new Uint8Array(counts.users);
  /** Memoised: issues name the same few active users again and again. */
  function login(i) {
    let l = logins[i];
    if (l === undefined) {
      const id = userIdentity(i);
      l = logins[i] = id.login;
      organisations[i] = id.isOrg ? 1 : 0;
    }
    return l;
  }
  function userRef(i) {
    const l = login(i);
    return { login: l, id: i + 1, type: organisations[i] ? "Organization" : "User" };
  }

  function repositoryIdentity(i) {
    const rng = rngFor(seed, SALT.repository, i);
    const owner = spread(ownerTable.sample(rng), counts.users);
    const parts = [pick(rng, topicWords), pick(rng, topicWords)];
    return { owner, name: `${parts.join(rng() < 0.7 ? "-" : "")}-${i.toString(36)}` };
  }

  const repoNames = new Array(counts.repositories);
  function repositoryFullName(i) {
    let full = repoNames[i];
    if (full === undefined) {
      const id = repositoryIdentity(i);
      full = repoNames[i] = `${login(id.owner)}/${id.name}`;
    }
    return full;
  }

  function userAt(i) {
    const { login: l, first, last, isOrg } = userIdentity(i);
    const rng = rngFor(seed, SALT.userDetails, i);
    const created = WORLD_START + Math.floor(rng() * (WORLD_END - WORLD_START));
    // A per-user multiplier makes followers heavy-tailed beyond the Pareto draw.
    const influence = Math.exp(normal(rng) * 1.6);
    return {
      login: l,
      id: i + 1,
      node_id: `U_${(i + 1).toString(36)}`,
      type: isOrg ? "Organization" : "User",
      site_admin: false,
      name: isOrg ? `${capitalize(pick(rng, topicWords))} ${capitalize(pick(rng, topicWords))}` : rng() < 0.7 ? `${capitalize(first)} ${capitalize(last)}` : null,
      company: rng() < 0.3 ? pick(rng, COMPANIES) : null,
      blog: "",
      location: rng() < 0.5 ? LOCATIONS[locationTable.sample(rng)] : null,
      email: rng() < 0.35 ? `${l}@${pick(rng, EMAIL_DOMAINS)}` : null,
      hireable: null,
      bio: rng() < 0.25 ? words(rng, intBetween(rng, 3, 14), 0).join(" ") : null,
      public_repos: Math.min(5000, paretoCount(rng, 1.1)),
      public_gists: Math.min(500, paretoCount(rng, 1.6)),
      followers: Math.min(250_000, Math.floor(paretoCount(rng, 1.2) * influence)),
      following: Math.min(5000, paretoCount(rng, 1.4)),
      html_url: `https://github.com/${l}`,
      created_at: iso(created),
      updated_at: iso(created + Math.floor(rng() * (WORLD_END - created))),
    };
  }

  function repositoryAt(i) {
    const { owner, name } = repositoryIdentity(i);
    const full = repositoryFullName(i);
    const rng = rngFor(seed, SALT.repositoryDetails, i);
    const created = growthDate(rng);
    const pushed = created + Math.floor(Math.pow(rng(), 0.3) * (WORLD_END - created));
    const stars = Math.min(400_000, paretoCount(rng, 0.75));
    const license = rng() < 0.75 ? LICENSES[licenseTable.sample(rng)] : null;
    const topicCount = rng() < 0.45 ? 0 : intBetween(rng, 1, 8);
    const topics = new Set();
    for (let t = 0; t < topicCount; t++) topics.add(topicWords[topicTable.sample(rng)]);
    const language = rng() < 0.93 ? LANGUAGES[languageTable.sample(rng)] : null;
    if (language && rng() < 0.3) topics.add(language.toLowerCase().replace(/[^a-z0-9]+/g, "-"));
    const description = rng() < 0.85 ? capitalize(words(rng, intBetween(rng, 3, 25), 0.04).join(" ")) : null;
    return {
      id: i + 1,
      node_id: `R_${(i + 1).toString(36)}`,
      name,
      full_name: full,
      owner: userRef(owner),
      private: false,
      html_url: `https://github.com/${full}`,
      description,
      fork: false,
      url: `https://api.github.com/repos/${full}`,
      created_at: iso(created),
      updated_at: iso(Math.max(pushed, created + Math.floor(rng() * (WORLD_END - created)))),
      pushed_at: iso(pushed),
      homepage: rng() < 0.2 ? `https://${name}.example.org` : null,
      size: Math.floor(Math.exp(5 + normal(rng) * 2)),
      stargazers_count: stars,
      watchers_count: stars,
      language,
      has_issues: true,
      forks_count: Math.floor(stars * rng() * 0.3),
      archived: rng() < 0.04,
      disabled: false,
      open_issues_count: Math.min(10_000, paretoCount(rng, 0.9)),
      license: license ? { key: license[0], name: license[2], spdx_id: license[1] } : null,
      topics: [...topics],
      visibility: "public",
      default_branch: rng() < 0.7 ? "main" : "master",
    };
  }

  function issueAt(i) {
    const rng = rngFor(seed, SALT.issue, i);
    const repoIndex = repoForIssueTable.sample(rng);
    const full = repositoryFullName(repoIndex);
    const author = spread(authorTable.sample(rng), counts.users);
    const created = growthDate(rng);
    const age = (WORLD_END - created) / (WORLD_END - WORLD_START);
    const isPull = rng() < 0.35;
    const closed = rng() < 0.25 + 0.65 * Math.sqrt(age);
    const comments = Math.min(5000, paretoCount(rng, 1.3));
    const lastActivity = created + Math.min(WORLD_END - created, Math.floor(exponential(rng, 30 * 86_400_000) * (1 + comments / 4)));
    const closedAt = closed ? created + Math.floor(rng() * (lastActivity - created)) : null;
    const labelCount = pickLabelCount(rng);
    const labels = new Map();
    for (let k = 0; k < labelCount; k++) {
      const li = labelTable.sample(rng);
      const [name, color] = LABELS[li];
      labels.set(name, { id: hash32(repoIndex, li), name, color, default: li < 9 });
    }
    const assigneeCount = pickAssigneeCount(rng);
    const assignees = [];
    for (let k = 0; k < assigneeCount; k++) assignees.push(userRef(spread(authorTable.sample(rng), counts.users)));
    const reactions = reactionCounts(rng);
    const number = i + 1;
    const url = `https://api.github.com/repos/${full}/issues/${number}`;
    const html = `https://github.com/${full}/${isPull ? "pull" : "issues"}/${number}`;
    const record = {
      url,
      repository_url: `https://api.github.com/repos/${full}`,
      html_url: html,
      id: i + 1,
      node_id: `I_${(i + 1).toString(36)}`,
      number,
      title: title(rng),
      user: userRef(author),
      labels: [...labels.values()],
      state: closed ? "closed" : "open",
      locked: rng() < 0.02,
      assignee: assignees[0] ?? null,
      assignees,
      milestone: rng() < 0.12 ? { id: hash32(repoIndex, 7), number: 1 + (repoIndex % 9), title: `v${1 + (repoIndex % 5)}.${repoIndex % 12}`, state: "open" } : null,
      comments,
      created_at: iso(created),
      updated_at: iso(lastActivity),
      closed_at: closedAt === null ? null : iso(closedAt),
      author_association: pick(rng, ["NONE", "NONE", "CONTRIBUTOR", "CONTRIBUTOR", "MEMBER", "OWNER", "COLLABORATOR"]),
      body: body(rng),
      reactions,
      repository: full,
    };
    if (isPull) {
      const merged = closed && rng() < 0.75;
      record.pull_request = {
        url: `https://api.github.com/repos/${full}/pulls/${number}`,
        html_url: html,
        diff_url: `${html}.diff`,
        patch_url: `${html}.patch`,
        merged_at: merged ? iso(closedAt) : null,
      };
      record.draft = !closed && rng() < 0.1;
    }
    return record;
  }

  function* range(n, at) {
    for (let i = 0; i < n; i++) yield at(i);
  }

  return {
    seed,
    counts,
    /** Every word and identifier, in Zipf rank order (index 0 is the most frequent). */
    vocabulary,
    login,
    repositoryFullName,
    /** The login of the user with the given activity rank (0 = writes the most issues). */
    activeUser: (rank) => login(spread(rank, counts.users)),
    /** Repositories are indexed by activity rank: index 0 has the most issues. */
    activeRepository: (rank) => repositoryFullName(rank),
    /** Topic names, most frequent first. */
    topicWords,
    userAt,
    repositoryAt,
    issueAt,
    /** Lazy streams of the first n records of each kind. */
    users: (n = counts.users) => range(Math.min(n, counts.users), userAt),
    repositories: (n = counts.repositories) => range(Math.min(n, counts.repositories), repositoryAt),
    issues: (n) => range(n, issueAt),
    /** The repositories issues 0..n-1 refer to, in index order: what an engine needs to resolve them. */
    repositoriesOfIssues(n) {
      const used = new Set();
      for (let i = 0; i < n; i++) used.add(repoForIssueTable.sample(rngFor(seed, SALT.issue, i)));
      return [...used].sort((a, b) => a - b);
    },
    /** Draws `count` words of text, for tests of the word distribution. */
    sampleWords(rng, count) {
      const out = new Array(count);
      for (let i = 0; i < count; i++) out[i] = wordTable.sample(rng);
      return out;
    },
  };
}

const LABEL_COUNTS = new AliasTable([45, 30, 15, 7, 3]);
const ASSIGNEE_COUNTS = new AliasTable([60, 30, 8, 2]);
const pickLabelCount = (rng) => LABEL_COUNTS.sample(rng);
const pickAssigneeCount = (rng) => ASSIGNEE_COUNTS.sample(rng);

const REACTION_KINDS = ["+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"];

const REACTION_SHARES = [0.5, 0.06, 0.08, 0.08, 0.04, 0.12, 0.06, 0.06];
const REACTION_MIX = new AliasTable(REACTION_SHARES);

function reactionCounts(rng) {
  const total = Math.min(20_000, paretoCount(rng, 1.1));
  const out = { total_count: total };
  for (const k of REACTION_KINDS) out[k] = 0;
  // Small totals reaction by reaction; large ones in jittered proportions; the sum stays exact.
  if (total <= 16) {
    for (let r = 0; r < total; r++) out[REACTION_KINDS[REACTION_MIX.sample(rng)]]++;
    return out;
  }
  let left = total;
  for (let k = 0; k < REACTION_KINDS.length - 1; k++) {
    const share = Math.min(left, Math.round(total * REACTION_SHARES[k] * (0.5 + rng())));
    out[REACTION_KINDS[k]] = share;
    left -= share;
  }
  out[REACTION_KINDS[REACTION_KINDS.length - 1]] = left;
  return out;
}

/** Convenience streams over a default world. */
export function* generateIssues(n, options = {}) {
  yield* createWorld(options).issues(n);
}
export function* generateRepositories(n, options = {}) {
  yield* createWorld({ ...options, repositories: options.repositories ?? Math.max(n, DEFAULT_COUNTS.repositories) }).repositories(n);
}
export function* generateUsers(n, options = {}) {
  yield* createWorld({ ...options, users: options.users ?? Math.max(n, DEFAULT_COUNTS.users) }).users(n);
}
