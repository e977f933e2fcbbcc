#!/usr/bin/env node
/**
 * Writes data/sample, the small dump every golden test runs on (format:
 * docs/dump-format.md; what each notable record is for: data/sample/README.md).
 *
 * Deterministic: ids and SHAs are hashes of natural keys, the few random choices
 * come from a seeded generator, and no clock is read, so every run writes the
 * same bytes. Usage: node scripts/make-sample.mjs [outDir]
 */
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OUT = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..", "data", "sample");
const API = "https://api.github.com";
const WEB = "https://github.com";
/** The sample's "now": nothing happens after it. */
const END = "2024-05-31T23:00:00Z";

// ---------------------------------------------------------------------------
// Deterministic helpers

const sha1 = (text) => createHash("sha1").update(text).digest("hex");

/** A 31-bit-ish id from a natural key; `floor` keeps ids of one kind in a realistic range. */
const usedIds = new Map();
function idFor(kind, key, floor = 1_000_000) {
  const id = floor + (parseInt(sha1(`${kind}:${key}`).slice(0, 8), 16) % 900_000_000);
  const seen = usedIds.get(kind) ?? new Map();
  usedIds.set(kind, seen);
  if (seen.has(id) && seen.get(id) !== key) throw new Error(`id collision for ${kind}: ${key} and ${seen.get(id)}`);
  seen.set(id, key);
  return id;
}

/** Legacy global node ids: base64("0<len>:<Type><id>"). */
const nodeId = (type, id) => Buffer.from(`0${type.length}:${type}${id}`).toString("base64");

/** Seeded generator (mulberry32) for filler records. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = seeded(20240531);
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;

/** "2013-03-06" or "2013-03-06 10:15" or a full ISO string → "2013-03-06T10:15:00Z". */
function iso(text) {
  if (text.endsWith("Z")) return text;
  const [day, time = "00:00"] = text.split(" ");
  const hms = time.length === 5 ? `${time}:00` : time;
  return `${day}T${hms}Z`;
}
const ms = (text) => Date.parse(iso(text));
const fromMs = (value) => new Date(Math.floor(value / 1000) * 1000).toISOString().replace(".000Z", "Z");
const plusHours = (text, hours) => fromMs(ms(text) + Math.round(hours * 3_600_000));
const latest = (...dates) => fromMs(Math.max(...dates.filter(Boolean).map(ms)));
const between = (from, to) => fromMs(ms(from) + Math.floor(random() * (ms(to) - ms(from))));

// ---------------------------------------------------------------------------
// Users and organisations

const users = new Map();

/**
 * [login, name, created, location, email, followers, following, public_repos, extra]
 * Logins from the search documentation's examples keep their roles; every
 * profile detail is made up.
 */
const PEOPLE = [
  ["octocat", "The Octocat", "2011-01-25 18:44:36", "San Francisco", "octocat@example.com", 9800, 9, 8, { company: "@github", blog: "https://github.blog" }],
  ["defunkt", "Chris Wanstrath", "2007-10-20 05:24:19", "San Francisco", null, 22300, 215, 107, { is_sponsorable: true, bio: "🍔" }],
  ["mdo", "Mark Otto", "2008-03-10 17:31:02", "San Francisco, CA", "markdotto@example.com", 15100, 80, 64, { is_sponsorable: true, company: "@github", bio: "Designer and developer. Creator of Bootstrap." }],
  ["vmg", "Vicent Martí", "2009-02-13 09:12:44", "Berlin", null, 1900, 20, 45, { company: "@github" }],
  ["jlord", "Jessica Lord", "2010-11-24 21:05:10", "Portland, OR", "jlord@example.com", 3200, 150, 120, { bio: "Open source and documentation." }],
  ["gjtorikian", "Garen Torikian", "2009-06-15 14:40:00", "Brooklyn, NY", null, 1100, 30, 210, { is_sponsorable: true }],
  ["benbalter", "Ben Balter", "2009-07-28 12:00:00", "Washington, DC", "ben@example.com", 4500, 10, 95, { is_sponsorable: true, bio: "Open source, open data, open government." }],
  ["nat", "Nat Friedman", "2008-11-01 08:00:00", "Palo Alto", null, 6800, 0, 9, {}],
  ["nathanf", "Nathaniel Friedman", "2014-05-05 11:11:11", "Toronto", null, 12, 40, 6, {}],
  ["hubot", "Hubot", "2011-03-14 16:20:00", null, null, 400, 0, 3, { bio: "A chat bot, not a GitHub App." }],
  ["mike-k", "Mike Kowalski", "2009-05-12 07:45:00", "Kraków, Poland", "mike.k@example.com", 230, 12, 22, {}],
  ["mikeross", "Mike Ross", "2015-08-01 13:00:00", "New York", null, 41, 3, 4, {}],
  ["sbolton", "Sarah Bolton", "2012-04-03 10:30:00", "Manchester, UK", "sarah@bolton.example", 88, 40, 18, {}],
  ["jennyfer", "Jenny Park", "2013-09-09 09:09:09", "Seoul", "jenny@example.org", 640, 70, 31, { is_sponsorable: true }],
  ["kenyadev", "Amani Otieno", "2014-02-20 06:00:00", "Nairobi, Kenya", null, 150, 12, 40, {}],
  ["wanjiru", "Wanjiru Kamau", "2016-06-16 06:30:00", "Mombasa, Kenya", null, 33, 18, 11, {}],
  ["tomthumb", "Tom Thumb", "2010-06-01 12:00:00", "Bristol", "tom@thumb.example", 1500, 3, 57, { is_sponsorable: true }],
  ["tomcat-fan", "Tomás Ortega", "2016-01-15 18:00:00", "Madrid", null, 3100, 4, 12, {}],
  ["bert", "Bert Jansen", "2011-07-07 07:07:07", "Utrecht", null, 55, 5, 15, {}],
  ["bertrand", "Bertrand Petit", "2012-02-02 10:00:00", "Lyon", null, 20, 0, 45, {}],
  ["sigga", "Sigríður Jónsdóttir", "2013-05-05 15:00:00", "Reykjavík, Iceland", null, 75, 2, 1, {}],
  ["einar-a", "Einar Árnason", "2015-10-10 10:10:10", "Iceland", "einar@example.is", 19, 1, 3, {}],
  ["ivan-petrov", "Ivan Petrov", "2012-08-19 19:00:00", "Moscow, Russia", "ivan@example.ru", 410, 30, 27, {}],
  ["olga-k", "Olga Kuznetsova", "2014-10-10 08:20:00", "Saint Petersburg, Russia", null, 95, 6, 14, {}],
  ["londoner", "Priya Shah", "2013-03-06 10:15:00", "London", "priya@example.co.uk", 260, 60, 21, {}],
  ["brit", "Oliver Hughes", "2013-03-07 09:00:00", "London, UK", null, 14, 9, 7, {}],
  ["sparkle-motion", "Dana Sparkle", "2016-04-01 12:34:56", "Austin, TX", null, 7, 22, 9, {}],
  ["sparkly", "Sam Parkly", "2017-02-02 02:02:02", "Austin, TX", null, 50, 10, 5, {}],
  ["dana-data", "Dana Whitfield", "2018-01-20 12:00:00", "Denver, CO", "data.dana@example.com", 5, 5, 2, {}],
  ["lena-dev", "Lena Fischer", "2015-03-03 09:00:00", "Hamburg", null, 60, 15, 25, {}],
  ["pat-ops", "Pat Morgan", "2014-07-07 16:00:00", "Dublin", null, 35, 8, 10, {}],
  ["quinn-qa", null, "2019-09-19 09:19:00", null, null, 2, 1, 1, {}],
  ["raj-build", "Raj Mehta", "2017-11-11 11:00:00", "Pune, India", null, 120, 40, 33, {}],
  ["web-flow", "GitHub Web Flow", "2016-03-09 22:00:00", null, null, 0, 0, 0, { bio: "Commits made in the web interface are committed by this account." }],
];

/** GitHub Apps act through bot accounts named "<app>[bot]" (`author:app/<app>`). */
const BOTS = [
  ["robot[bot]", "2018-05-01 12:00:00"],
  ["dependabot[bot]", "2019-04-16 22:34:25"],
];

/** [login, name, created, location, email, followers, public_repos, extra, members, teams] */
const ORGANISATIONS = [
  ["github", "GitHub", "2008-05-11 04:37:31", "San Francisco, CA", "support@github.example", 42000, 480, { blog: "https://github.com/about" },
    ["defunkt", "mdo", "vmg", "gjtorikian", "benbalter", "octocat", "hubot", "nat", "jlord", "lena-dev"],
    { docs: ["benbalter", "jlord", "gjtorikian"], linguist: ["vmg", "lena-dev"], design: ["mdo"] }],
  ["mozilla", "Mozilla", "2008-08-08 08:08:08", "Mountain View, CA", null, 18000, 2300, {}, ["sbolton", "raj-build"], { pdfjs: ["raj-build"] }],
  ["jquery", "jQuery", "2009-04-30 12:00:00", null, "info@jquery.example", 9000, 64, {}, ["jennyfer", "tomthumb"], { core: ["jennyfer", "tomthumb"] }],
  ["libgit2", "libgit2", "2010-06-21 19:00:00", null, null, 1200, 28, {}, ["vmg", "pat-ops"], { maintainers: ["vmg"] }],
  ["desktop", "GitHub Desktop", "2016-05-16 15:00:00", null, null, 2100, 6, {}, ["jlord", "lena-dev"], { core: ["jlord", "lena-dev"] }],
  ["jekyll", "Jekyll", "2012-10-21 17:00:00", null, null, 3300, 90, { is_sponsorable: true }, ["benbalter", "mdo", "quinn-qa"], { owners: ["benbalter"], maintainers: ["mdo", "quinn-qa"] }],
  ["myorg", "My Org", "2015-01-15 09:00:00", "Remote", "data-requests@myorg.example", 80, 12, { is_sponsorable: true }, ["ivan-petrov", "olga-k", "pat-ops", "raj-build"], { ops: ["ivan-petrov", "pat-ops"], dev: ["olga-k", "raj-build"] }],
  ["electron", "Electron", "2013-04-02 22:00:00", null, "info@electronjs.example", 11000, 120, {}, ["jlord", "kenyadev"], { wg: ["kenyadev"] }],
  ["GNOME", "GNOME", "2012-05-05 05:05:05", "Worldwide", "infrastructure@gnome.example", 4200, 900, {}, ["bertrand", "sbolton"], {}],
  ["mike-mobile", "Mike's Mobile Lab", "2010-02-02 12:00:00", "Warsaw", null, 3, 2, {}, ["mike-k"], {}],
];

function userRecord(login, type, fields) {
  const id = idFor("user", login, 1_000);
  return {
    login,
    id,
    node_id: nodeId(type === "Organization" ? "Organization" : type === "Bot" ? "Bot" : "User", id),
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: "",
    url: `${API}/users/${login}`,
    html_url: type === "Bot" ? `${WEB}/apps/${login.replace("[bot]", "")}` : `${WEB}/${login}`,
    type,
    site_admin: false,
    ...fields,
  };
}

for (const [login, name, created, location, email, followers, following, repos, extra] of PEOPLE) {
  users.set(
    login,
    userRecord(login, "User", {
      name,
      company: extra.company ?? null,
      blog: extra.blog ?? "",
      location,
      email,
      hireable: null,
      bio: extra.bio ?? null,
      twitter_username: null,
      public_repos: repos,
      public_gists: Math.floor(repos / 3),
      followers,
      following,
      created_at: iso(created),
      updated_at: latest(plusHours(created, 24 * 400), "2023-11-20"),
      is_sponsorable: extra.is_sponsorable ?? false,
    }),
  );
}
for (const [login, created] of BOTS) {
  users.set(login, userRecord(login, "Bot", { name: null, created_at: iso(created), updated_at: plusHours(created, 24 * 900) }));
}
for (const [login, name, created, location, email, followers, repos, extra, members, teams] of ORGANISATIONS) {
  users.set(
    login,
    userRecord(login, "Organization", {
      name,
      company: null,
      blog: extra.blog ?? "",
      location,
      email,
      description: `${name} on GitHub`,
      public_repos: repos,
      followers,
      following: 0,
      created_at: iso(created),
      updated_at: latest(plusHours(created, 24 * 1000), "2024-01-10"),
      is_sponsorable: extra.is_sponsorable ?? false,
      members,
      teams: Object.entries(teams).map(([slug, teamMembers]) => ({ slug, name: slug, members: teamMembers })),
    }),
  );
}

/** The compact user object embedded in other records. */
function userRef(login) {
  const user = users.get(login);
  if (!user) throw new Error(`unknown user ${login}`);
  const { id, node_id, avatar_url, gravatar_id, url, html_url, type, site_admin } = user;
  return { login, id, node_id, avatar_url, gravatar_id, url, html_url, type, site_admin };
}
const membersOf = (org) => users.get(org)?.members ?? [];

// ---------------------------------------------------------------------------
// Repositories

const LICENSES = {
  mit: ["MIT License", "MIT"],
  "apache-2.0": ["Apache License 2.0", "Apache-2.0"],
  "gpl-2.0": ["GNU General Public License v2.0", "GPL-2.0"],
  "gpl-3.0": ["GNU General Public License v3.0", "GPL-3.0"],
  "lgpl-2.1": ["GNU Lesser General Public License v2.1", "LGPL-2.1"],
  "lgpl-3.0": ["GNU Lesser General Public License v3.0", "LGPL-3.0"],
  "bsd-2-clause": ['BSD 2-Clause "Simplified" License', "BSD-2-Clause"],
  "bsd-3-clause": ['BSD 3-Clause "New" or "Revised" License', "BSD-3-Clause"],
  "cc0-1.0": ["Creative Commons Zero v1.0 Universal", "CC0-1.0"],
  "cc-by-4.0": ["Creative Commons Attribution 4.0 International", "CC-BY-4.0"],
  "cc-by-sa-4.0": ["Creative Commons Attribution Share Alike 4.0 International", "CC-BY-SA-4.0"],
  "mpl-2.0": ["Mozilla Public License 2.0", "MPL-2.0"],
  "artistic-2.0": ["Artistic License 2.0", "Artistic-2.0"],
  "ms-pl": ["Microsoft Public License", "MS-PL"],
  isc: ["ISC License", "ISC"],
  unlicense: ["The Unlicense", "Unlicense"],
};

function licenseObject(key) {
  if (!key) return null;
  const [name, spdx_id] = LICENSES[key];
  return { key, name, spdx_id, url: `${API}/licenses/${key}`, node_id: nodeId("License", key) };
}

/** Repository specs by full name; records are rendered last, when issue counts are known. */
const repos = new Map();

/**
 * d: description, lang: language, lic: license key, stars/forks/subs (subscribers_count,
 * what repository `followers:` counts), size (KB), created, pushed, vis: visibility,
 * parent: the full name a fork was forked from.
 */
function repo(fullName, d, lang, lic, topics, stars, forks, subs, size, created, pushed, more = {}) {
  const [owner, name] = fullName.split("/");
  if (!users.has(owner)) throw new Error(`repository ${fullName} without owner`);
  repos.set(fullName, {
    owner, name, fullName, description: d, language: lang, license: lic, topics, stars, forks, subs, size,
    created: iso(created), pushed: iso(pushed), visibility: "public", ...more,
  });
}

const README = {
  hello: "# Hello-World\n\nMy first repository on GitHub! This is the GitHub Octocat saying hello.\n",
  dotjs: "# dotjs\n\ndotjs is a Google Chrome extension that executes JavaScript files in `~/.js` based on their filename.\n\nIf you go to `http://www.google.com/`, dotjs will execute `~/.js/google.com.js`.\n\nBuilt at GitHub; the Octocat approves.\n",
  gibberish: "# Gibberish\n\nGenerate plausible nonsense text in Ruby. Works on GitHub Actions and anywhere else Ruby runs.\n",
  resque: "# Resque\n\nResque is a Redis-backed library for creating background jobs, placing those jobs on multiple queues, and processing them later.\n\n## Installation\n\n    gem install resque\n",
  jquery: "# jQuery\n\n> jQuery is a fast, small, and feature-rich JavaScript library.\n\nContribution guides live in the jquery/contribute.jquery.org repository.\n",
  linguist: "# Linguist\n\nThis library is used on GitHub.com to detect blob languages, ignore binary or vendored files, suppress generated files in diffs, and generate language breakdown graphs.\n",
  docs: "# GitHub Docs\n\nThis repository contains the documentation website code and Markdown source files for docs.github.com.\n\nThe Octocat mascot appears throughout.\n",
  jekyll: "# Jekyll\n\nJekyll is a simple, blog-aware, static site generator perfect for personal, project, or organization sites. Think of it like a file-based CMS.\n",
  pdfjs: "# PDF.js\n\nPDF.js is a Portable Document Format (PDF) viewer that is built with HTML5.\n",
  electron: "# Electron\n\nThe Electron framework lets you write cross-platform desktop applications using JavaScript, HTML and CSS. It is based on Node.js and Chromium.\n",
  nodefast: "# node-fast\n\nA faster node.js HTTP server. Drop-in replacement for `http.createServer`.\n",
  tetris: "tetris-asm\n\nTetris in 16-bit x86 assembly. Boots from a floppy image.\nThanks to the octocat for the idea.\n",
  react: "# react-widgets\n\nAccessible React widgets: buttons, menus, dialogs and tabs, with full keyboard support.\n",
  secret: "# super-secret\n\nExperiments with GitHub Pages deployments. The Octocat keeps this one private.\n",
};

// Owned by users
repo("octocat/Hello-World", "My first repository on GitHub!", null, null, [], 2600, 2400, 1700, 1, "2011-01-26 19:01:12", "2023-09-10 09:00", { id: 1296269, readme: README.hello, default_branch: "master", first_issue: 2900 });
repo("octocat/Spoon-Knife", "This repo is for demonstration purposes only.", "HTML", null, [], 12400, 145000, 540, 2, "2011-01-27 19:30:43", "2024-02-01 10:00", { readme: "### Well hello there!\n\nThis repository is meant to provide an example for *forking* a repository on GitHub.\n" });
repo("octocat/secret-pages", "Drafts for the Octocat's GitHub Pages site", "HTML", null, ["github-pages"], 0, 0, 2, 340, "2019-04-01 12:00", "2024-03-03 12:00", { visibility: "private", collaborators: ["defunkt", "jlord"] });
repo("octocat/octocat.github.io", "The Octocat's GitHub Pages site", "CSS", null, ["github-pages", "jekyll"], 95, 60, 12, 120, "2014-02-14 14:00", "2022-12-12 12:00");
repo("defunkt/dotjs", "~/.js", "Ruby", "mit", ["chrome-extension", "javascript"], 3100, 300, 95, 460, "2011-02-06 22:00", "2019-06-05 10:00", { readme: README.dotjs, first_issue: 90 });
repo("defunkt/gibberish", "Gibberish is a Ruby gem for generating random text", "Ruby", "mit", ["ruby", "text-generation"], 44, 120, 9, 64, "2008-03-11 11:00", "2014-03-01 12:00", { readme: README.gibberish });
repo("defunkt/resque", "Resque is a Redis-backed Ruby library for creating background jobs", "Ruby", "mit", ["ruby", "redis", "background-jobs", "queue"], 9400, 1700, 270, 5600, "2009-08-11 16:00", "2024-03-20 08:00", { readme: README.resque, has_funding_file: true, first_issue: 1500 });
repo("defunkt/rails-app", "An example Rails app", "Ruby", "mit", ["rails", "ruby"], 15, 14, 3, 820, "2010-05-01 10:00", "2011-01-01 10:00");
repo("mdo/css-reset", "A tiny CSS reset", "CSS", "mit", ["css", "reset"], 870, 140, 30, 88, "2012-10-10 10:00", "2013-05-01 10:00");
repo("mdo/styleguide-linter", "A linter for your CSS styleguide", "JavaScript", "mit", ["styleguide", "linter", "css"], 150, 20, 8, 300, "2014-01-01 10:00", "2019-01-01 10:00");
repo("mdo/dotfiles", "My dotfiles: vim, bash and git", "Vim Script", null, ["dotfiles", "vim"], 240, 35, 10, 90, "2011-11-11 11:00", "2023-06-06 10:00");
repo("mdo/octicons-css", "Icon font CSS, generated from SVG sources", "CSS", "mit", ["icons", "css", "icon-font"], 420, 55, 22, 2300, "2013-05-01 10:00", "2016-01-01 10:00");
repo("sbolton/old-css", "Old CSS experiments", "CSS", "mit", [], 3, 0, 1, 30, "2012-05-05 10:00", "2012-11-30 10:00");
repo("sbolton/styleguide", "Company styleguide and linter configuration", "JavaScript", "mit", ["styleguide", "eslint"], 18, 3, 40, 4200, "2015-01-01 10:00", "2020-01-01 10:00");
repo("benbalter/jekyll-seo-tag", "A Jekyll plugin to add metadata tags for search engines and social networks", "Ruby", "mit", ["jekyll", "jekyll-plugin", "seo"], 1600, 290, 40, 400, "2015-02-04 10:00", "2023-03-03 10:00", { has_funding_file: true });
repo("jennyfer/plugin-catalog", "A curated catalog of jQuery plugins", "JavaScript", "cc0-1.0", ["awesome-list", "plugins"], 230, 41, 17, 75, "2014-04-04 10:00", "2020-02-02 10:00");
repo("jennyfer/rails-ujs-helpers", "Unobtrusive JavaScript helpers for Rails apps", "JavaScript", "mit", ["rails", "ujs", "javascript"], 75, 8, 5, 180, "2014-09-09 10:00", "2019-09-09 10:00");
repo("jennyfer/react-widgets", "Accessible React widgets", "TypeScript", "mit", ["react", "widgets", "accessibility", "typescript"], 1300, 150, 44, 2800, "2018-02-02 10:00", "2024-05-25 10:00", { readme: README.react, has_funding_file: true });
repo("ivan-petrov/slider", "Touch-friendly carousel component", "JavaScript", "mit", ["jquery", "slider", "carousel", "ui", "javascript"], 480, 89, 25, 350, "2013-06-06 10:00", "2015-05-05 10:00");
repo("ivan-petrov/js-tutorials", "JavaScript tutorials for beginners", "JavaScript", "cc-by-4.0", ["javascript", "tutorial", "beginner"], 205, 205, 30, 700, "2017-09-01 10:00", "2024-04-04 10:00");
repo("olga-k/pywin-utils", "Windows registry and service helpers for Python", "Python", "bsd-3-clause", ["windows", "python", "registry"], 61, 12, 6, 210, "2016-03-03 10:00", "2024-02-02 10:00");
repo("olga-k/pandas-snippets", "Pandas snippets for data cleaning", "Python", "unlicense", ["pandas", "python", "data-science"], 140, 30, 9, 95, "2018-08-08 10:00", "2023-08-08 10:00");
repo("olga-k/android-sdk-tools", "Command-line helpers for the Android SDK", "Java", "apache-2.0", ["android", "sdk", "java"], 40, 2, 4, 1300, "2015-05-15 10:00", "2023-10-20 10:00");
repo("olga-k/webos-revival", "Bringing webOS apps back to life", "JavaScript", "mit", ["webos", "palm"], 33, 4, 3, 560, "2019-02-02 10:00", "2022-02-02 10:00");
repo("ivan-petrov/android-sdk-tools", "Command-line helpers for the Android SDK", "Java", "apache-2.0", [], 65, 3, 2, 1310, "2016-06-06 10:00", "2016-08-01 10:00", { parent: "olga-k/android-sdk-tools" });
repo("sigga/android-sdk-tools", "Command-line helpers for the Android SDK", "Java", "apache-2.0", [], 2, 0, 1, 1300, "2017-07-07 10:00", "2017-07-08 10:00", { parent: "olga-k/android-sdk-tools" });
repo("sigga/tetris-asm", "Tetris in x86 assembly", "Assembly", "gpl-3.0", ["tetris", "assembly", "x86", "game"], 340, 28, 11, 36, "2014-02-02 10:00", "2020-02-02 10:00", { readme: README.tetris });
repo("bert/tetris-js", "Tetris in the browser, written in JavaScript", "JavaScript", "mit", ["tetris", "game", "javascript"], 12, 1, 1, 60, "2016-06-06 10:00", "2017-01-01 10:00");
repo("bert/node-utils", "Small utilities for node scripts", "JavaScript", "isc", ["node", "utilities"], 14, 2, 15, 230, "2016-01-01 10:00", "2018-01-01 10:00");
repo("mike-k/webos-apps", "Sample apps for webOS and the Palm Pre", "JavaScript", "mit", ["webos", "palm", "mobile"], 19, 7, 2, 2100, "2010-03-02 10:00", "2010-09-09 10:00");
repo("mike-k/guestbook", "A 1999-style CGI guestbook in Perl", "Perl", "artistic-2.0", ["perl", "cgi"], 7, 1, 1, 42, "2009-06-01 10:00", "2012-12-12 10:00");
repo("mike-k/dotnet-tools", "Small C# command-line tools", "C#", "ms-pl", ["csharp", "dotnet"], 27, 6, 3, 880, "2009-11-11 10:00", "2013-01-01 10:00");
repo("tomthumb/node-fast", "A faster node.js HTTP server", "JavaScript", "apache-2.0", ["node", "http", "server", "performance"], 9100, 880, 10400, 1000, "2012-12-12 10:00", "2024-03-03 10:00", { readme: README.nodefast, first_issue: 300 });
repo("tomthumb/case-converter", "Convert strings between camelCase, snake_case and kebab-case", "JavaScript", "mit", ["case", "string"], 120, 9, 4, 50, "2012-11-11 10:00", "2013-02-02 10:00");
repo("jennyfer/case-converter", "Convert strings between camelCase, snake_case and kebab-case", "JavaScript", "mit", [], 4, 0, 1, 52, "2013-03-01 10:00", "2014-04-04 10:00", { parent: "tomthumb/case-converter" });
repo("bert/case-converter", "Convert strings between camelCase, snake_case and kebab-case", "JavaScript", "mit", [], 0, 0, 0, 50, "2012-12-20 10:00", "2013-01-15 10:00", { parent: "tomthumb/case-converter" });
repo("tomthumb/php-cms", "A flat-file CMS in PHP", "PHP", "mit", ["php", "cms"], 800, 210, 60, 4400, "2013-07-07 10:00", "2023-07-07 10:00");
repo("kenyadev/php-cms", "A flat-file CMS in PHP, with Swahili translations", "PHP", "mit", ["php", "cms", "swahili"], 520, 40, 20, 4500, "2016-01-01 10:00", "2023-03-03 10:00", { parent: "tomthumb/php-cms" });
repo("sparkle-motion/php-mini", "Minimal PHP framework", "PHP", "mit", ["php", "framework"], 30, 4, 2, 120, "2017-01-01 10:00", "2019-01-01 10:00");
repo("hubot/hubot-ios", "Hubot for iOS", "Swift", "mit", ["swift", "ios", "chatbot"], 90, 10, 7, 700, "2014-06-02 10:00", "2015-01-01 10:00");
repo("jlord/patchwork", "Git and GitHub tutorial for beginners", "JavaScript", "bsd-2-clause", ["git", "github", "tutorial", "workshop"], 1500, 3000, 80, 8000, "2014-01-20 10:00", "2020-10-10 10:00");
repo("vmg/linguist", "Language Savant. If your repository's language is being reported incorrectly, send us a pull request!", "Ruby", "mit", [], 3, 0, 1, 30000, "2013-08-08 10:00", "2013-09-09 10:00", { parent: "github/linguist" });

// Owned by organisations
repo("github/linguist", "Language Savant. If your repository's language is being reported incorrectly, send us a pull request!", "Ruby", "mit", ["linguist", "language-detection", "syntax-highlighting", "ruby"], 11800, 4100, 380, 34500, "2011-05-09 22:53:13", "2024-05-28 10:00", { id: 64778136, readme: README.linguist, custom_properties: { environment: "production", owner_team: "linguist" }, first_issue: 6000 });
repo("github/docs", "The open-source repo for docs.github.com", "JavaScript", "cc-by-4.0", ["docs", "documentation", "hacktoberfest", "nextjs", "github"], 15700, 58000, 510, 2400000, "2020-09-14 16:00", "2024-05-31 10:00", { readme: README.docs, custom_properties: { environment: "production", service_tier: "1" }, default_branch: "main", first_issue: 31000 });
repo("github/hub", "A command-line tool that makes git easier to use with GitHub.", "Go", "mit", ["git", "github", "cli", "go"], 22700, 2200, 470, 9000, "2009-12-05 19:00", "2023-10-06 10:00", { custom_properties: { environment: "staging" }, default_branch: "master", first_issue: 800 });
repo("github/super-secret", "Internal experiments with GitHub Pages deployments", "Ruby", null, [], 3, 0, 7, 45, "2021-02-02 10:00", "2024-04-04 10:00", { visibility: "private", collaborators: ["octocat"], readme: README.secret, custom_properties: { environment: "production" } });
repo("github/internal-tools", "Shared test fixtures and deployment tools", "Python", "mit", ["tooling", "test"], 1, 2, 40, 700, "2019-07-07 10:00", "2024-05-02 10:00", { visibility: "internal", custom_properties: { environment: "production" }, first_issue: 40 });
repo("mozilla/shumway", "Shumway is a Flash VM and runtime written in JavaScript", "TypeScript", "apache-2.0", ["flash", "actionscript", "typescript"], 3700, 400, 300, 120000, "2011-11-02 10:00", "2016-09-01 10:00", { archived: true });
repo("mozilla/pdf.js", "PDF Reader in JavaScript", "JavaScript", "apache-2.0", ["pdf", "javascript", "pdf-viewer", "pdfjs", "viewer"], 45000, 9600, 1000, 412000, "2011-04-26 10:00", "2024-05-30 10:00", { readme: README.pdfjs, first_issue: 17000 });
repo("jquery/jquery", "jQuery JavaScript Library", "JavaScript", "mit", ["jquery", "javascript", "library"], 58900, 20600, 3200, 31000, "2009-04-03 15:20:14", "2024-05-20 10:00", { readme: README.jquery, has_funding_file: true, first_issue: 100 });
repo("jquery/jquery-ui", "The official jQuery user interface library.", "JavaScript", "mit", ["jquery", "jquery-ui", "javascript", "ui", "widgets"], 11200, 5300, 700, 52000, "2010-03-25 10:00", "2024-04-11 10:00");
repo("libgit2/libgit2", "A cross-platform, linkable library implementation of Git that you can use in your application.", "C", "gpl-2.0", ["git", "libgit2", "c", "library"], 9400, 2400, 350, 61000, "2010-10-30 10:00", "2024-05-29 10:00", { first_issue: 4800 });
repo("desktop/desktop", "Focus on what matters instead of fighting with Git.", "TypeScript", "mit", ["electron", "typescript", "react", "git", "desktop", "github"], 19500, 9300, 600, 140000, "2016-05-11 10:00", "2024-05-31 10:00", { default_branch: "development", first_issue: 15000 });
repo("jekyll/jekyll", ":globe_with_meridians: Jekyll is a blog-aware static site generator in Ruby", "Ruby", "mit", ["jekyll", "ruby", "static-site-generator", "blog", "github-pages"], 48600, 9900, 1300, 17000, "2008-10-20 10:00", "2024-05-27 10:00", { readme: README.jekyll, has_funding_file: true, default_branch: "master", first_issue: 2000 });
repo("jekyll/minima", "Minima is a one-size-fits-all Jekyll theme for writers.", "SCSS", "mit", ["jekyll", "jekyll-theme", "theme"], 500, 3600, 60, 260, "2016-05-20 10:00", "2023-12-01 10:00");
repo("myorg/infra", "Terraform and Ansible for our production infrastructure", "HCL", null, ["terraform", "ansible", "infrastructure"], 4, 1, 6, 1800, "2016-02-02 10:00", "2024-05-15 10:00", { visibility: "private", collaborators: ["tomthumb"], custom_properties: { environment: "production" }, first_issue: 200 });
repo("myorg/handbook", "Team handbook: onboarding, test plans and on-call", null, "cc-by-sa-4.0", ["handbook"], 2, 0, 20, 900, "2017-03-03 10:00", "2024-05-10 10:00", { visibility: "internal", custom_properties: { environment: "staging" } });
repo("myorg/website", "Source of the My Org website", "JavaScript", "mit", ["website"], 12, 5, 4, 3400, "2015-02-10 10:00", "2024-01-19 10:00", { custom_properties: { environment: "production" } });
repo("electron/electron", ":electron: Build cross-platform desktop apps with JavaScript, HTML, and CSS", "C++", "mit", ["electron", "javascript", "chrome", "desktop", "html", "css", "node"], 112000, 15100, 2800, 152000, "2013-04-12 10:00", "2024-05-31 10:00", { readme: README.electron, has_funding_file: true, first_issue: 38000 });
repo("electron/node", "Electron's fork of Node.js with GitHub patches", "JavaScript", "mit", [], 310, 620, 45, 730000, "2014-03-01 10:00", "2024-05-01 10:00", { parent: "nodejs/node" });
repo("GNOME/gnome-shell", "Read-only mirror of https://gitlab.gnome.org/GNOME/gnome-shell", "JavaScript", "gpl-2.0", ["gnome", "desktop", "linux"], 1100, 230, 70, 65000, "2012-05-10 10:00", "2024-05-31 10:00", { mirror_url: "https://gitlab.gnome.org/GNOME/gnome-shell.git", has_issues: false });
repo("GNOME/gnome-app-template", "Template for new GNOME applications in Vala", "Vala", "lgpl-2.1", ["gnome", "template", "vala"], 48, 20, 8, 40, "2019-01-09 10:00", "2022-06-06 10:00", { is_template: true });
repo("GNOME/gnome-legacy", "GNOME 2 panel applets, kept for reference", "C", "lgpl-3.0", ["gnome", "gnome2", "panel"], 23, 11, 5, 5100, "2012-06-01 10:00", "2015-03-03 10:00", { archived: true, first_issue: 10 });
repo("GNOME/gnome-builder", "GNOME Builder, an IDE for writing GNOME applications", "C", "gpl-3.0", ["gnome", "ide", "gtk"], 700, 250, 55, 98000, "2014-09-09 10:00", "2024-05-28 10:00", { first_issue: 300 });

/** A fork's parent that is not part of the dump: only what the fork record embeds. */
const UNLOADED_PARENTS = { "nodejs/node": { id: 27193779, stars: 103000, forks: 28000 } };

// ---------------------------------------------------------------------------
// Topics: name, display name, short description, created, featured, curated, released, created_by

const TOPICS = [
  ["javascript", "JavaScript", "JavaScript (JS) is a lightweight interpreted programming language with first-class functions.", "2016-11-28 22:03:59", true, true, "December 4, 1995", "Brendan Eich"],
  ["typescript", "TypeScript", "TypeScript is a typed superset of JavaScript that compiles to plain JavaScript.", "2016-11-29 01:22:10", true, true, "October 1, 2012", "Microsoft"],
  ["vanilla-javascript", null, null, "2018-03-03 10:00:00", false, false],
  ["ruby", "Ruby", "Ruby is a scripting language designed for simplified object-oriented programming.", "2016-11-28 22:07:45", true, true, "December 21, 1995", "Yukihiro Matsumoto"],
  ["rails", "Rails", "Ruby on Rails (Rails) is a web application framework written in Ruby.", "2016-12-07 00:34:58", false, true, "December 13, 2005", "David Heinemeier Hansson"],
  ["jquery", "jQuery", "jQuery is a lightweight library that simplifies programming with JavaScript.", "2016-12-08 18:46:36", false, true, "August 26, 2006", "John Resig"],
  ["jekyll", "Jekyll", "Jekyll is a simple, blog-aware static site generator.", "2016-12-08 02:18:22", false, true, "2008", "Tom Preston-Werner"],
  ["jekyll-theme", null, null, "2017-06-06 12:00:00", false, false],
  ["react", "React", "React is an open source JavaScript library used for designing user interfaces.", "2016-11-28 22:12:37", true, true, "March 2013", "Jordan Walke"],
  ["node", "Node.js", "Node.js is a tool for executing JavaScript in a variety of environments.", "2016-12-01 10:00:00", true, true, "May 27, 2009", "Ryan Dahl"],
  ["python", "Python", "Python is a dynamically typed programming language.", "2016-11-28 22:04:11", true, true, "February 20, 1991", "Guido van Rossum"],
  ["css", "CSS", "Cascading Style Sheets (CSS) is a language used most often to style and improve upon the appearance of views.", "2016-11-30 05:55:51", true, true, "December 17, 1996", "Håkon Wium Lie and Bert Bos"],
  ["go", "Go", "Go is a programming language built to resemble a simplified version of the C programming language.", "2016-11-29 12:08:12", true, true, "November 10, 2009", "Robert Griesemer, Rob Pike, Ken Thompson"],
  ["android", "Android", "Android is an operating system built by Google designed for mobile devices.", "2016-11-28 22:16:44", true, true, "September 23, 2008", "Google"],
  ["git", "Git", "Git is the most widely used version control system.", "2016-11-29 09:44:01", true, true, "April 7, 2005", "Linus Torvalds"],
  ["github", "GitHub", "GitHub is where people build software.", "2017-01-16 18:43:47", false, true, "April 10, 2008", "Chris Wanstrath, P. J. Hyett, Tom Preston-Werner, and Scott Chacon"],
  ["github-pages", "GitHub Pages", "GitHub Pages is a static site hosting service designed to host your personal, organization, or project pages directly from a GitHub repository.", "2016-12-10 10:00:00", false, true, "December 18, 2008", "GitHub"],
  ["php", "PHP", "PHP is a popular general-purpose scripting language that works particularly well for server-side web development.", "2016-11-28 22:20:24", true, true, "June 8, 1995", "Rasmus Lerdorf"],
  ["swift", "Swift", "Swift is a general purpose programming language built using a modern approach to safety and performance.", "2016-11-28 22:22:08", true, true, "June 2, 2014", "Apple"],
  ["linux", "Linux", "Linux is an open source kernel modeled after UNIX.", "2016-11-30 13:40:15", true, true, "September 17, 1991", "Linus Torvalds"],
  ["gnome", "GNOME", "GNOME is a free and open-source desktop environment for Unix-like operating systems.", "2017-02-02 12:00:00", false, true, "March 3, 1999", "Miguel de Icaza and Federico Mena"],
  ["assembly", "Assembly", "Assembly is a low-level programming language in which there is a very strong correspondence between the instructions in the language and the architecture's machine code instructions.", "2016-12-12 10:00:00", false, true],
  ["tetris", null, null, "2017-09-09 09:00:00", false, false],
  ["webos", null, null, "2017-04-04 10:00:00", false, false],
  ["serverless", "Serverless", "Serverless computing runs code without provisioning or managing servers.", "2017-03-01 10:00:00", false, true, "2014", "Amazon Web Services"],
  ["serverless-apps", null, null, "2020-02-02 10:00:00", false, false],
  ["styleguide", null, null, "2018-10-10 10:00:00", false, false],
];

// ---------------------------------------------------------------------------
// Labels: per repository, [name, color, description, default]

const DEFAULT_LABELS = {
  bug: ["d73a4a", "Something isn't working"],
  documentation: ["0075ca", "Improvements or additions to documentation"],
  duplicate: ["cfd3d7", "This issue or pull request already exists"],
  enhancement: ["a2eeef", "New feature or request"],
  "good first issue": ["7057ff", "Good for newcomers"],
  "help wanted": ["008672", "Extra attention is needed"],
  invalid: ["e4e669", "This doesn't seem right"],
  question: ["d876e3", "Further information is requested"],
  wontfix: ["ffffff", "This will not be worked on"],
};

/** Per repository: default label names, then custom [name, color, description]. */
const LABEL_SETS = {
  "github/linguist": [Object.keys(DEFAULT_LABELS), [["defect", "b60205", "Incorrect language classification"], ["priority", "e11d21", "High priority: fix before the next release"], ["resolved", "0e8a16", "Fixed, awaiting release"], ["In progress", "fbca04", "Someone is working on this"]]],
  "jekyll/jekyll": [["bug", "enhancement", "documentation", "help wanted", "good first issue"], [["in progress", "ededed", "Work has started"], ["stale", "cccccc", "Nobody has touched this in a while"]]],
  "jennyfer/react-widgets": [["bug", "enhancement", "help wanted", "good first issue"], [["accessibility", "5319e7", "Screen readers, keyboard navigation and contrast"]]],
  "ivan-petrov/js-tutorials": [["good first issue", "documentation", "question"], []],
  "bert/tetris-js": [["bug"], [["good-first-issue", "7057ff", "Small and self-contained"]]],
  "olga-k/pywin-utils": [["bug", "enhancement"], [["priority", "b60205", "Needs attention soon"]]],
  "desktop/desktop": [["bug", "enhancement", "good first issue", "help wanted"], [["ready-for-review", "0e8a16", "Pull requests that are ready to be reviewed by the maintainers"]]],
  "defunkt/resque": [["bug", "help wanted"], [["feature", "84b6eb", "A new capability"]]],
  "github/docs": [["bug", "help wanted"], [["content", "c5def5", "Changes to the Markdown content"], ["triage", "e99695", "Needs a first look"], ["priority", "d93f0b", "Important"]]],
  "github/hub": [["bug", "help wanted"], [["feature", "c2e0c6", "Feature request"]]],
  "libgit2/libgit2": [["bug"], [["feature", "1d76db", "A new feature"], ["compatibility", "fef2c0", "Behaviour differs from git"]]],
  "electron/electron": [[], [["bug :beetle:", "ee0701", "Something is broken"], ["platform/windows", "b5bcff", "Windows only"], ["status/confirmed", "0e8a16", "A maintainer reproduced the issue"]]],
  "jquery/jquery": [[], [["Bug", "e10c02", "A confirmed defect"], ["Ajax", "fbca04", "Ajax module"], ["CSS", "fbca04", "CSS module"], ["Event", "fbca04", "Event module"], ["Needs review", "bfdadc", "Waiting for a review"]]],
};

/** Repositories whose labels carry no timestamps: the extension is optional. */
const LABELS_WITHOUT_DATES = new Set(["github/hub"]);

const labelsByRepo = new Map();
for (const [fullName, [defaults, custom]] of Object.entries(LABEL_SETS)) {
  const spec = repos.get(fullName);
  const rows = [
    ...defaults.map((name) => [name, ...DEFAULT_LABELS[name], true]),
    ...custom.map(([name, color, description]) => [name, color, description, false]),
  ];
  labelsByRepo.set(
    fullName,
    rows.map(([name, color, description, isDefault], index) => {
      const id = idFor("label", `${fullName}:${name}`, 100_000_000);
      const created = plusHours(spec.created, isDefault ? 0.01 * index : 24 * 30 * (index + 1));
      return {
        id,
        node_id: nodeId("Label", id),
        url: `${API}/repos/${fullName}/labels/${encodeURIComponent(name)}`,
        name,
        color,
        default: isDefault,
        description,
        ...(LABELS_WITHOUT_DATES.has(fullName) ? {} : { created_at: created, updated_at: latest(created, plusHours(created, 24 * 90 * (index % 5))) }),
      };
    }),
  );
}

function labelRef(fullName, name) {
  const label = labelsByRepo.get(fullName)?.find((l) => l.name === name);
  if (!label) throw new Error(`no label ${name} in ${fullName}`);
  const { id, node_id, url, color, description } = label;
  return { id, node_id, url, name, color, default: label.default, description };
}

// ---------------------------------------------------------------------------
// Milestones: per repository, [title, state, description, creator, created, due, closed]

const MILESTONES = {
  "github/linguist": [
    ["bug fix", "open", "Fixes for the next patch release", "vmg", "2023-10-01", "2024-07-01", null],
    ["v7.0", "closed", "Major release", "vmg", "2022-01-10", "2022-06-01", "2022-06-03"],
  ],
  "jekyll/jekyll": [
    ["overhaul", "open", "The big internal overhaul of the build pipeline", "benbalter", "2014-01-05", null, null],
    ["4.0", "closed", "Jekyll 4.0", "benbalter", "2018-06-01", "2019-08-19", "2019-08-20"],
  ],
  "desktop/desktop": [["3.4 release", "open", "Planned for the 3.4 release", "jlord", "2024-02-01", "2024-06-30", null]],
  "electron/electron": [["30-x-y", "open", "Electron 30 stable", "kenyadev", "2024-01-15", "2024-04-16", null]],
  "github/docs": [["Q2 2024", "open", "Docs work for the second quarter", "benbalter", "2024-03-25", "2024-06-30", null]],
};

const milestonesByRepo = new Map();
for (const [fullName, rows] of Object.entries(MILESTONES)) {
  milestonesByRepo.set(
    fullName,
    rows.map(([title, state, description, creator, created, due, closed], index) => {
      const id = idFor("milestone", `${fullName}:${title}`, 1_000_000);
      const number = index + 1;
      return {
        url: `${API}/repos/${fullName}/milestones/${number}`,
        html_url: `${WEB}/${fullName}/milestone/${number}`,
        labels_url: `${API}/repos/${fullName}/milestones/${number}/labels`,
        id,
        node_id: nodeId("Milestone", id),
        number,
        title,
        description,
        creator: userRef(creator),
        open_issues: 0,
        closed_issues: 0,
        state,
        created_at: iso(created),
        updated_at: iso(closed ?? created),
        due_on: due ? iso(`${due} 07:00`) : null,
        closed_at: closed ? iso(closed) : null,
      };
    }),
  );
}

// ---------------------------------------------------------------------------
// Issues and pull requests (specs; numbered and rendered further down)

const itemSpecs = [];
const specByKey = new Map();

/**
 * Spec fields: title, body, by (author), at (created), closed, reason (state_reason),
 * merged, labels, milestone, assignees, reactions, comments (count beyond the
 * loaded comments), locked, lockReason, draft, head, base, commits, status,
 * decision (review_decision), reviews [[login, STATE]], asked (requested
 * reviewers), askedTeams (team slugs of the repository's organisation),
 * links (keys of linked items), oneSided (write the link on this side only),
 * projects, queued, type (issue type name), updated.
 */
function item(kind, repoName, key, spec) {
  if (!repos.has(repoName)) throw new Error(`unknown repository ${repoName}`);
  if (specByKey.has(key)) throw new Error(`duplicate item key ${key}`);
  const entry = { kind, repo: repoName, key, labels: [], assignees: [], reactions: {}, ...spec, at: iso(spec.at) };
  for (const field of ["closed", "merged", "updated"]) if (entry[field]) entry[field] = iso(entry[field]);
  if (entry.merged && !entry.closed) entry.closed = entry.merged;
  specByKey.set(key, entry);
  itemSpecs.push(entry);
}
const issue = (repoName, key, spec) => item("issue", repoName, key, spec);
const pull = (repoName, key, spec) => item("pr", repoName, key, spec);

/** Comment specs: [item key, author, created, body]. */
const commentSpecs = [];
const say = (key, by, at, body) => commentSpecs.push({ key, by, at: iso(at), body });

/** SHAs that queries in the search documentation name, planted in the sample. */
const SHA = {
  documented: "124a9a0ee1d8f1e15e833aff432fbb3b02632105",
  documentedChild: "4f2a9e3c1b7d8e6f5a4b3c2d1e0f9a8b7c6d5e4f",
  prBareSha: `e1109ab${sha1("linguist-perl-heuristics").slice(0, 33)}`,
  mergedPrSha: `0eff326d6213c${sha1("hub-missing-remote").slice(0, 27)}`,
  documentedTree: `99ca967${sha1("tree-99ca967").slice(0, 33)}`,
};

// github/linguist
issue("github/linguist", "L-ruby-as-perl", { title: "Ruby files detected as Perl", by: "sbolton", at: "2023-11-02 09:14", labels: ["bug", "priority"], milestone: "bug fix", assignees: ["vmg"], type: "Bug", projects: ["github/linguist/1"], reactions: { "+1": 14, eyes: 2 },
  body: "Files with a `#!/usr/bin/env ruby` shebang and a `.pm` extension show up as Perl. The language bar is broken for our repository." });
issue("github/linguist", "L-perl-highlight", { title: "Highlighting of Perl modules", by: "bertrand", at: "2023-12-05 15:40", labels: ["priority"], assignees: ["octocat"], type: "Bug", projects: ["github/linguist/1"], reactions: { "+1": 3, confused: 1 },
  body: "Syntax highlighting is broken for Perl modules that start with a POD block." });
issue("github/linguist", "L-fork-stats", { title: "Language stats wrong on forks", by: "jlord", at: "2022-03-03 10:00", closed: "2022-05-20 16:00", reason: "completed", labels: ["bug", "resolved"], milestone: "v7.0", assignees: ["vmg", "lena-dev"], reactions: { "+1": 8 },
  body: "Forks show the parent's language breakdown until the first push." });
issue("github/linguist", "L-vendored", { title: "Vendored files counted in stats", by: "raj-build", at: "2022-04-04 08:00", closed: "2022-06-01 12:00", reason: "completed", labels: ["resolved"], milestone: "v7.0",
  body: "Everything under `third_party/` is counted even though it is vendored." });
issue("github/linguist", "L-gleam", { title: "Add support for Gleam", by: "lena-dev", at: "2024-01-10 11:00", labels: ["enhancement", "help wanted"], type: "Enhancement", assignees: ["hubot"], reactions: { hooray: 6, "+1": 20 },
  body: "Gleam is a type-safe language for the Erlang VM. It needs a grammar and samples." });
issue("github/linguist", "L-zig", { title: "Support for Zig build files", by: "kenyadev", at: "2024-02-02 09:30", labels: ["In progress", "enhancement"], type: "Enhancement", assignees: ["octocat"],
  body: "`build.zig.zon` files should be detected as Zig." });
issue("github/linguist", "L-epic", { title: "Epic: rewrite the heuristics engine", by: "vmg", at: "2023-06-06 14:00", type: "Epic", assignees: ["vmg"], projects: ["github/57", "github/linguist/1"], reactions: { rocket: 9, heart: 4 },
  body: "Tracking issue for the new heuristics engine. Sub-issues will follow." });
issue("github/linguist", "L-samples-index", { title: "Update samples index", by: "robot[bot]", at: "2024-03-15 03:00", closed: "2024-03-16 09:00", reason: "completed", labels: ["documentation"],
  body: "The samples index is out of date. This issue was opened automatically." });
issue("github/linguist", "L-pm-misdetected", { title: "`.pm` files misdetected after v7.0", by: "wanjiru", at: "2023-11-15 08:00", closed: "2023-12-01 17:00", reason: "completed", labels: ["defect"], milestone: "bug fix",
  body: "Since v7.0 our Perl modules are reported as Raku." });
pull("github/linguist", "L-perl-fix", { title: "Fix Perl heuristics for .pm files", by: "gjtorikian", at: "2023-11-20 10:00", merged: "2023-12-01 17:00", head: "fix-perl-heuristics", commits: [SHA.prBareSha], status: "success", decision: "approved", reviews: [["vmg", "APPROVED"]], links: ["L-pm-misdetected"], labels: ["defect"], reactions: { hooray: 3 },
  body: "Prefers Perl for `.pm` files that contain `package` declarations. Closes the misdetection." });
pull("github/linguist", "L-cool-h", { title: "Cool new heuristics for .h files", by: "gjtorikian", at: "2024-04-01 12:00", head: "h-heuristics", status: "pending", decision: "review_required", asked: ["vmg"], askedTeams: ["linguist"], draft: false,
  body: "Tells C, C++ and Objective-C headers apart by their contents." });
pull("github/linguist", "L-bump-rugged", { title: "Bump rugged from 1.7.1 to 1.7.2", by: "dependabot[bot]", at: "2024-05-01 06:00", merged: "2024-05-02 08:00", head: "dependabot/bundler/rugged-1.7.2", status: "success", decision: "approved", reviews: [["lena-dev", "APPROVED"]],
  body: "Bumps rugged from 1.7.1 to 1.7.2." });

// github/docs
issue("github/docs", "D-caching", { title: "Document GitHub Actions caching", by: "jlord", at: "2023-02-02 10:00", labels: ["content"], milestone: "Q2 2024", assignees: ["benbalter"], type: "Enhancement", projects: ["github/57"], reactions: { "+1": 31, heart: 5 },
  body: "The caching page doesn't explain restore keys. cc @benbalter" });
issue("github/docs", "D-broken-link", { title: "Broken link on the REST search page", by: "sparkly", at: "2024-04-04 13:00", labels: ["bug", "triage"],
  body: "The link to the search syntax page is broken. @defunkt reported it first." });
issue("github/docs", "D-priority", { title: "What is the priority of the Enterprise docs?", by: "tomcat-fan", at: "2024-01-15 09:00",
  body: "Asking about the priority of the enterprise server docs compared to the cloud docs." });
pull("github/docs", "D-qualifiers", { title: "Clarify the search qualifiers table", by: "lena-dev", at: "2024-05-01 10:00", head: "search-qualifiers", askedTeams: ["docs"], decision: "review_required", status: "success",
  body: "Rewrites the qualifier table so every row has an example." });
pull("github/docs", "D-octicons", { title: "Add Octicons reference", by: "octocat", at: "2024-04-10 10:00", head: "octicons-reference", asked: ["benbalter"], decision: "review_required", reviews: [["gjtorikian", "COMMENTED"]], status: "success",
  body: "Adds a reference page listing every Octicon." });
pull("github/docs", "D-pages-quickstart", { title: "Rewrite the Pages quickstart", by: "sparkle-motion", at: "2024-03-01 10:00", head: "pages-quickstart", askedTeams: ["docs"], decision: "review_required", reviews: [["jlord", "COMMENTED"]], status: "pending",
  body: "A shorter quickstart for GitHub Pages." });
pull("github/docs", "D-billing-typo", { title: "Fix typo in the billing article", by: "raj-build", at: "2024-02-20 10:00", merged: "2024-02-21 09:00", head: "patch-1", decision: "approved", reviews: [["benbalter", "APPROVED"]], status: "success",
  body: "\"recieve\" → \"receive\"." });
pull("github/docs", "D-merge-queue", { title: "Document merge queue settings", by: "nat", at: "2024-05-20 10:00", head: "merge-queue-docs", decision: "approved", reviews: [["benbalter", "APPROVED"]], status: "success", queued: true, draft: false, reactions: { rocket: 4 },
  body: "Explains the merge queue's build concurrency and merge limits." });
pull("github/docs", "D-landing", { title: "WIP: new landing page", by: "mdo", at: "2024-05-10 10:00", head: "landing-page", draft: true, status: "pending", decision: null,
  body: "A bootstrap-free version of the landing page. Not ready yet." });
pull("github/docs", "D-changelog", { title: "Update the REST API changelog", by: "robot[bot]", at: "2024-05-15 02:00", merged: "2024-05-15 05:00", head: "changelog-sync", status: "success", decision: "approved", reviews: [["gjtorikian", "APPROVED"]],
  body: "Automated changelog sync." });
pull("github/docs", "D-actions-restructure", { title: "Restructure the Actions docs", by: "gjtorikian", at: "2023-10-10 10:00", closed: "2023-12-12 10:00", head: "actions-ia", decision: "changes_requested", reviews: [["benbalter", "CHANGES_REQUESTED"]], status: "failure",
  body: "Moves the Actions articles into a new information architecture." });
issue("github/docs", "D-grid", { title: "Bootstrap grid docs are outdated", by: "sbolton", at: "2023-09-09 10:00", labels: ["content"],
  body: "The layout examples use an old grid system. @mdo, can you take a look?" });
issue("github/docs", "D-team-qualifier", { title: "Explain the team: qualifier", by: "benbalter", at: "2024-05-05 10:00", labels: ["content"], projects: ["github/57"],
  body: "Mention @github/docs when this lands so the team can review the wording." });

// github/hub
pull("github/hub", "H-missing-remote", { title: "Handle missing remote in pull-request command", by: "lena-dev", at: "2015-05-12 10:00", merged: "2015-05-20 10:00", head: "missing-remote", commits: [SHA.mergedPrSha, sha1("hub-missing-remote-2")], status: "success", decision: "approved", reviews: [["vmg", "APPROVED"]],
  body: "`hub pull-request` now explains what to do when there is no remote." });
pull("github/hub", "H-retry", { title: "Retry API calls on 502", by: "pat-ops", at: "2015-05-18 10:00", closed: "2015-06-10 10:00", head: "change-retry-policy", status: "failure",
  body: "Retries idempotent API calls up to three times." });
pull("github/hub", "H-missing-remote-v1", { title: "First attempt at the missing-remote fix", by: "raj-build", at: "2015-05-05 10:00", closed: "2015-05-12 09:00", head: "missing-remote-v1", commits: [SHA.mergedPrSha], status: "failure",
  body: "Superseded by a cleaner pull request." });
pull("github/hub", "H-default-remote", { title: "Change default remote to origin", by: "sigga", at: "2016-03-03 10:00", merged: "2016-03-10 10:00", head: "change-default-remote", status: "success",
  body: "Uses `origin` when several remotes point to GitHub." });
pull("github/hub", "H-enterprise", { title: "Support GitHub Enterprise hosts", by: "tomthumb", at: "2015-06-02 10:00", merged: "2015-07-01 10:00", head: "enterprise-hosts", status: "failure",
  body: "Reads `GITHUB_HOST` for enterprise installations." });
pull("github/hub", "H-sync", { title: "Add `hub sync` command", by: "hubot", at: "2017-04-04 10:00", head: "sync-command", status: "pending",
  body: "Fetches from upstream and fast-forwards local branches." });
pull("github/hub", "H-flaky", { title: "Fix flaky tests", by: "vmg", at: "2024-05-01 10:00", head: "flaky-tests", status: "success", decision: "approved", reviews: [["gjtorikian", "APPROVED"]],
  body: "This finally fixes the flaky integration tests on CI." });
pull("github/hub", "H-site", { title: "Update site", by: "jlord", at: "2016-08-08 10:00", merged: "2016-08-09 10:00", head: "site-update", base: "gh-pages",
  body: "Refreshes the project site." });
issue("github/hub", "H-shipit", { title: "Add shipit command", by: "tomcat-fan", at: "2017-01-01 10:00", body: "Something like `hub shipit` that merges and deletes the branch." });
pull("github/hub", "H-change-detection", { title: "Fix change detection in hub status", by: "bert", at: "2017-02-02 10:00", closed: "2017-03-03 10:00", head: "fix-change-detection", status: "success",
  body: "Untracked files were not reported." });
pull("github/hub", "H-changelog", { title: "Changelog for 2.14", by: "octocat", at: "2020-03-05 10:00", merged: "2020-03-05 12:00", head: "changelog-2.14", status: "success", body: "Release notes." });
pull("github/hub", "H-cat", { title: "Add cat command for gists", by: "mike-k", at: "2018-08-08 10:00", head: "gist-cat", status: "pending", body: "`hub gist cat ID` prints a gist's files." });
issue("github/hub", "H-cat-issue", { title: "cat of a binary gist prints garbage", by: "brit", at: "2018-09-09 10:00", body: "Binary files should be skipped." });
pull("github/hub", "H-error-handling", { title: "Crash when remote has no URL", by: "einar-a", at: "2019-01-01 10:00", head: "remote-url", status: "failure",
  body: "Returns an error instead of panicking when a remote has no URL." });
pull("github/hub", "H-error-title", { title: "Better error for expired tokens", by: "ivan-petrov", at: "2019-02-02 10:00", merged: "2019-02-10 10:00", head: "token-error", status: "success", body: "Tells the user to run `hub auth`." });
pull("github/hub", "H-bug-merged", { title: "Fix bug in release upload", by: "kenyadev", at: "2019-03-03 10:00", merged: "2019-03-04 10:00", head: "release-upload", labels: ["bug"], status: "success", body: "Uploads no longer time out." });

// Private and internal repositories
issue("github/super-secret", "S-cupcake", { title: "Cupcake deploy fails on Pages", by: "octocat", at: "2023-05-05 10:00", body: "The cupcake deploy step errors out after the build." });
pull("github/super-secret", "S-cupcake-fix", { title: "Fix cupcake deploy", by: "hubot", at: "2023-05-06 10:00", merged: "2023-05-07 10:00", head: "cupcake-fix", links: ["S-cupcake"], body: "Pins the Pages action." });
issue("github/internal-tools", "I-flaky", { title: "Flaky test fixtures on CI", by: "lena-dev", at: "2023-08-08 10:00", body: "The fixture server sometimes starts too late." });
pull("github/internal-tools", "I-dry-run", { title: "Add deploy dry-run", by: "vmg", at: "2023-09-09 10:00", merged: "2023-09-10 10:00", head: "dry-run", body: "`deploy --dry-run` prints the plan." });
issue("octocat/secret-pages", "P-layout", { title: "Draft the new pages layout", by: "jlord", at: "2024-01-01 10:00", assignees: ["octocat"], body: "A simpler layout for the pages drafts." });
issue("myorg/handbook", "MH-oncall", { title: "Update the on-call test plan", by: "pat-ops", at: "2024-04-04 10:00", body: "The test plan still lists the old pager." });
issue("octocat/Hello-World", "O-cupcake", { title: "Cupcake recipe in README", by: "sparkly", at: "2020-01-01 10:00", body: "Please add the cupcake recipe from the demo." });
issue("octocat/Hello-World", "O-iceland", { title: "Hello from Iceland", by: "sigga", at: "2021-06-17 10:00", closed: "2021-06-18 10:00", reason: "completed", body: "Just saying hello!", reactions: { heart: 12, laugh: 3 } });
pull("octocat/Hello-World", "O-readme", { title: "Update README", by: "einar-a", at: "2022-02-22 10:00", head: "patch-1", base: "master", draft: true, body: "Fixes a typo." });

// defunkt's repositories
issue("defunkt/resque", "R-ubuntu", { title: "Workers die on Ubuntu 22.04", by: "pat-ops", at: "2022-10-10 10:00", labels: ["bug"], reactions: { "+1": 7, confused: 2 },
  body: "After upgrading to Ubuntu 22.04 the resque workers exit right away. @defunkt any idea?" });
issue("defunkt/resque", "R-web", { title: "resque-web fails to start", by: "tomcat-fan", at: "2023-03-03 10:00", body: "resque-web exits with a LoadError." });
issue("defunkt/resque", "R-help", { title: "Document the failure backend", by: "benbalter", at: "2021-01-01 10:00", labels: ["help wanted"], body: "The failure backend has no docs at all." });
pull("defunkt/resque", "R-fast", { title: "Make job reservation fast", by: "mike-k", at: "2015-04-04 10:00", merged: "2015-05-05 10:00", head: "fast-reserve", body: "Uses a Lua script to reserve jobs atomically." });
issue("defunkt/resque", "R-noisy", { title: "Noisy logs on boot", by: "sbolton", at: "2020-02-02 10:00", body: "Every job class prints a warning on boot." });
issue("defunkt/dotjs", "DJ-ubuntu", { title: "Does not load on Ubuntu Chrome", by: "sigga", at: "2012-02-02 10:00", closed: "2012-03-03 10:00", reason: "completed", body: "The extension never runs on Ubuntu." });

// mozilla
issue("mozilla/shumway", "SH-hittest", { title: "Implement DisplayObject.hitTestPoint", by: "sbolton", at: "2011-12-01 10:00", closed: "2012-01-20 10:00", reason: "completed", body: "Needed by most games." });
issue("mozilla/shumway", "SH-avm2", { title: "AVM2 interpreter crashes on Flex apps", by: "raj-build", at: "2012-02-15 10:00", body: "Stack overflow in the interpreter loop." });
issue("mozilla/shumway", "SH-webgl", { title: "Port the renderer to WebGL", by: "sbolton", at: "2012-03-15 10:00", body: "Canvas 2D is too slow for large stages." });
pull("mozilla/shumway", "SH-sprite", { title: "Add ActionScript 3 Sprite class", by: "raj-build", at: "2012-05-01 10:00", merged: "2012-05-08 10:00", head: "sprite", body: "Implements flash.display.Sprite." });
issue("mozilla/pdf.js", "PD-textlayer", { title: "Text layer misaligned in Firefox", by: "raj-build", at: "2023-07-07 10:00", reactions: { "+1": 40, eyes: 5 }, body: "Selecting text highlights the wrong line." });
pull("mozilla/pdf.js", "PD-fonts", { title: "Load standard fonts lazily", by: "sbolton", at: "2023-08-08 10:00", merged: "2023-08-20 10:00", head: "lazy-fonts", body: "Saves 2 MB on first load." });

// jquery/jquery
pull("jquery/jquery", "J-addclass", { title: "Make .addClass accept a function", by: "jennyfer", at: "2010-08-20 10:00", merged: "2010-09-14 10:00", head: "addclass-fn", base: "master", body: "`.addClass(function(index, currentClass) { ... })`." });
pull("jquery/jquery", "J-css", { title: "Faster .css() getters", by: "tomthumb", at: "2012-06-06 10:00", merged: "2012-07-01 10:00", head: "css-getters", base: "master", labels: ["CSS"], body: "Caches computed styles." });
issue("jquery/jquery", "J-svg", { title: "Event delegation breaks with SVG", by: "ivan-petrov", at: "2015-05-05 10:00", labels: ["Bug", "Event"], body: "Delegated handlers do not fire for SVG `<use>` elements." });
issue("jquery/jquery", "J-ajax-timeout", { title: "Document the ajax timeout option", by: "wanjiru", at: "2016-06-06 10:00", labels: ["Ajax"], body: "The timeout option is missing from the docs." });
issue("jquery/jquery", "J-bootstrap", { title: "Modals break after upgrading", by: "mdo", at: "2016-09-09 10:00", labels: ["Bug"], reactions: { "+1": 55, "-1": 3 }, body: "After upgrading, bootstrap's modal plugin stops working." });

// libgit2/libgit2
issue("libgit2/libgit2", "G-system-libs", { title: "Linking against system libraries fails on macOS", by: "kenyadev", at: "2024-03-03 10:00", assignees: ["vmg"], body: "The build picks up the wrong libraries. cc @vmg" });
issue("libgit2/libgit2", "G-bundle", { title: "Bundle third-party libraries as submodules", by: "bertrand", at: "2021-05-05 10:00", closed: "2021-07-07 10:00", reason: "completed", assignees: ["vmg"], body: "@vmg suggested vendoring the libraries." });
issue("libgit2/libgit2", "G-zlib", { title: "Drop support for old zlib libraries", by: "raj-build", at: "2022-02-02 10:00", closed: "2022-03-03 10:00", reason: "not_planned", body: "Old zlib libraries need workarounds." });
issue("libgit2/libgit2", "G-shallow", { title: "Shallow clone support", by: "jlord", at: "2019-01-01 10:00", assignees: ["pat-ops"], labels: ["feature"], reactions: { "+1": 120, heart: 10 }, body: "Clone with `--depth 1`." });
issue("libgit2/libgit2", "G-status", { title: "git_status_list is slow on large repositories", by: "sigga", at: "2023-01-01 10:00", labels: ["compatibility"], body: "Takes 30 seconds where git takes 2." });
pull("libgit2/libgit2", "G-leak", { title: "Fix memory leak in git_repository_open", by: "vmg", at: "2020-10-10 10:00", merged: "2020-10-12 10:00", head: "repo-open-leak", assignees: ["vmg"], labels: ["bug"], body: "Frees the config on the error path." });
issue("libgit2/libgit2", "G-ssh", { title: "SSH agent authentication fails", by: "pat-ops", at: "2022-09-09 10:00", reason: "reopened", body: "Fails again since the last release." });

// desktop/desktop
issue("desktop/desktop", "K-stash-crash", { title: "Crash when switching branches with stashed changes", by: "wanjiru", at: "2024-04-01 10:00", labels: ["bug"], reactions: { "+1": 9 }, body: "Desktop quits when I switch branches with a stash." });
pull("desktop/desktop", "K-stash-fix", { title: "Keep stash when switching branches", by: "lena-dev", at: "2024-04-05 10:00", head: "keep-stash", labels: ["ready-for-review"], decision: "approved", reviews: [["jlord", "APPROVED"]], status: "success", queued: true, links: ["K-stash-crash"],
  body: "Closes the crash by keeping the stash entry." });
issue("desktop/desktop", "K-contrast", { title: "Dark theme contrast is too low", by: "sparkle-motion", at: "2024-03-03 10:00", labels: ["enhancement"], body: "Secondary text is hard to read." });
pull("desktop/desktop", "K-commit-box", { title: "Redesign the commit message box", by: "jlord", at: "2023-10-01 10:00", merged: "2023-11-11 10:00", head: "commit-box", decision: "approved", reviews: [["lena-dev", "APPROVED"]], status: "success", links: ["K-small-box"],
  body: "This implements the new design for the commit message box." });
issue("desktop/desktop", "K-small-box", { title: "Commit message box is too small", by: "mdo", at: "2023-09-15 10:00", closed: "2023-11-11 10:00", reason: "completed", body: "The box should grow with the text." });
issue("desktop/desktop", "K-sprint-plan", { title: "Sprint planning notes for 3.4", by: "lena-dev", at: "2024-02-05 10:00", milestone: "3.4 release", body: "What we want in the 3.4 sprint." });
issue("desktop/desktop", "K-sprint-retro", { title: "Sprint retro: flaky tests", by: "jlord", at: "2024-03-10 10:00", body: "Notes from the last sprint retro." });
pull("desktop/desktop", "K-focus-event", { title: "Emit a focus event when the window regains focus", by: "kenyadev", at: "2024-01-01 10:00", head: "focus-event", draft: false, decision: "changes_requested", reviews: [["jlord", "CHANGES_REQUESTED"]], status: "success",
  body: "Refreshes the repository when the window gets focus." });
issue("desktop/desktop", "K-event-log", { title: "Event log is empty after update", by: "einar-a", at: "2024-02-14 10:00", body: "Nothing shows in the log view." });
pull("desktop/desktop", "K-electron", { title: "Upgrade Electron to 30", by: "dependabot[bot]", at: "2024-04-20 06:00", merged: "2024-04-22 10:00", head: "dependabot/npm_and_yarn/electron-30.0.0", status: "success", decision: "approved", reviews: [["lena-dev", "APPROVED"]], body: "Bumps electron." });
pull("desktop/desktop", "K-tooltip-fix", { title: "Fix tooltip flicker", by: "raj-build", at: "2024-05-02 10:00", head: "tooltip-flicker", links: ["K-tooltip"], oneSided: true, status: "pending", body: "Debounces the tooltip." });
issue("desktop/desktop", "K-tooltip", { title: "Tooltip flickers on hover", by: "sbolton", at: "2024-04-28 10:00", body: "Tooltips flicker in the branch list." });

// jekyll/jekyll and GNOME
issue("jekyll/jekyll", "E-warning", { title: "Deprecation warning on Ruby 3.3", by: "sigga", at: "2024-01-05 10:00", labels: ["bug"], reactions: { "+1": 17 }, body: "`jekyll build` prints a deprecation notice from a dependency." });
issue("jekyll/jekyll", "E-coc", { title: "Adopt a code of conduct", by: "jlord", at: "2014-08-08 10:00", closed: "2014-09-09 10:00", reason: "completed", locked: true, lockReason: "resolved", body: "Most projects now have one; we should too." });
issue("jekyll/jekyll", "E-coc-contact", { title: "Code of conduct contact address bounces", by: "bertrand", at: "2019-05-05 10:00", body: "Mail to the conduct address bounces." });
issue("jekyll/jekyll", "E-windows", { title: "Windows path handling", by: "kenyadev", at: "2020-02-02 10:00", labels: ["help wanted", "bug"], body: "Backslashes in include paths break the build." });
issue("jekyll/jekyll", "E-hooks", { title: "Plugin hooks for the overhaul", by: "benbalter", at: "2014-02-02 10:00", milestone: "overhaul", body: "@jekyll/owners please weigh in on the hook names." });
issue("jekyll/jekyll", "E-incremental", { title: "Tracking: incremental regeneration", by: "benbalter", at: "2014-03-03 10:00", milestone: "overhaul", labels: ["in progress"], body: "Only rebuild what changed." });
pull("jekyll/jekyll", "E-fast", { title: "Make incremental builds fast", by: "benbalter", at: "2014-06-01 10:00", merged: "2014-06-20 10:00", head: "fast-incremental", milestone: "overhaul", body: "Skips unchanged pages." });
pull("jekyll/jekyll", "E-fast-static", { title: "Fast path for static files", by: "mdo", at: "2013-10-10 10:00", merged: "2013-11-11 10:00", head: "static-fast-path", body: "Copies static files without reading them." });
issue("jekyll/jekyll", "E-bootstrap", { title: "Theme support for grid frameworks", by: "mdo", at: "2021-03-03 10:00", labels: ["enhancement"], body: "Would love a bootstrap based theme in the gem." });
issue("jekyll/jekyll", "E-cool", { title: "This is cool", by: "benbalter", at: "2016-06-06 10:00", closed: "2016-06-07 10:00", reason: "completed", body: "Just wanted to say thanks." });
issue("jekyll/jekyll", "E-typo", { title: "Typo in the quickstart", by: "quinn-qa", at: "2023-04-04 10:00", labels: ["good first issue"], body: "\"bundle exec jekyl serve\"." });
issue("jekyll/jekyll", "E-theme-gem", { title: "Theme gem cannot be found", by: "brit", at: "2022-11-11 10:00", assignees: ["mdo"], body: "Bundler installs the theme but the build cannot find it." });
issue("GNOME/gnome-legacy", "GL-panel", { title: "GNOME 2 panel crashes on resize", by: "bertrand", at: "2013-03-03 10:00", closed: "2013-04-04 10:00", reason: "completed", body: "The clock applet crashes the GNOME panel." });
issue("GNOME/gnome-legacy", "GL-coc", { title: "Code of conduct link missing from applets", by: "sbolton", at: "2014-11-11 10:00", locked: true, lockReason: "off-topic", body: "The GNOME code of conduct should be linked." });
issue("GNOME/gnome-builder", "GB-flatpak", { title: "GNOME Builder crashes on start with Flatpak", by: "sbolton", at: "2024-02-02 10:00", body: "Crash in the GNOME Builder startup code." });

// myorg/infra (private)
pull("myorg/infra", "M-tls", { title: "Rotate TLS certificates", by: "raj-build", at: "2024-05-01 10:00", head: "rotate-tls", askedTeams: ["ops"], decision: "review_required", body: "@myorg/ops please review before Friday." });
pull("myorg/infra", "M-terraform", { title: "Upgrade Terraform to 1.8", by: "olga-k", at: "2024-03-03 10:00", merged: "2024-03-05 10:00", head: "terraform-1.8", body: "cc @myorg/ops" });
pull("myorg/infra", "M-staging-db", { title: "Add staging database", by: "pat-ops", at: "2024-05-10 10:00", head: "staging-db", body: "@myorg/dev FYI" });
issue("myorg/infra", "M-disk", { title: "Disk alerts on db-2", by: "ivan-petrov", at: "2024-05-20 10:00", body: "Disk usage at 91%." });

// Counts of labelled open issues (good-first-issues:, help-wanted-issues:)
const WIDGETS = ["Combobox", "Date picker", "Tabs", "Tooltip", "Menu button", "Slider"];
WIDGETS.forEach((widget, n) =>
  issue("jennyfer/react-widgets", `W-help-${n}`, { title: `${widget}: keyboard navigation`, by: pick(["sparkly", "brit", "einar-a", "wanjiru"]), at: `2023-0${n + 1}-10 10:00`, labels: ["help wanted", "accessibility"], ...(n === 5 ? { closed: "2023-12-12 10:00", reason: "completed" } : {}),
    body: `The ${widget.toLowerCase()} cannot be used with the keyboard alone.` }),
);
issue("jennyfer/react-widgets", "W-ssr", { title: "Server-side rendering warning", by: "ivan-petrov", at: "2024-02-02 10:00", labels: ["bug"], body: "useLayoutEffect warning during SSR." });
["Variables", "Loops", "Functions", "Arrays"].forEach((topic, n) =>
  issue("ivan-petrov/js-tutorials", `T-gfi-${n}`, { title: `${topic} lesson has a broken example`, by: pick(["quinn-qa", "wanjiru", "brit"]), at: `2022-0${n + 3}-03 10:00`, labels: ["good first issue"], ...(n === 3 ? { closed: "2022-09-09 10:00", reason: "completed" } : {}),
    body: `The example in the ${topic.toLowerCase()} lesson throws.` }),
);
issue("bert/tetris-js", "B-gfi-0", { title: "Add a pause key", by: "sparkly", at: "2016-08-08 10:00", labels: ["good-first-issue"], body: "Pressing P should pause the game." });
issue("bert/tetris-js", "B-gfi-1", { title: "Show the next piece", by: "brit", at: "2016-09-09 10:00", labels: ["good-first-issue"], body: "A preview of the next piece." });

// Language-scoped examples
issue("olga-k/pywin-utils", "Y-service", { title: "windows service install fails", by: "ivan-petrov", at: "2019-01-01 10:00", labels: ["bug"], body: "`install_service` raises on Windows Server 2019." });
issue("olga-k/pywin-utils", "Y-registry", { title: "Registry keys on Windows 11", by: "kenyadev", at: "2021-06-06 10:00", labels: ["bug", "priority"], body: "HKCU keys are not found." });
issue("olga-k/pywin-utils", "Y-unicode", { title: "Unicode paths on Windows", by: "sigga", at: "2017-03-03 10:00", labels: ["bug"], body: "Paths with Í break `read_value`." });
issue("olga-k/pywin-utils", "Y-closed", { title: "Windows 7 support", by: "mikeross", at: "2016-05-05 10:00", closed: "2016-06-06 10:00", reason: "not_planned", labels: ["bug"], body: "Crash on Windows 7." });
issue("olga-k/pywin-utils", "Y-arm", { title: "Support Windows on ARM", by: "raj-build", at: "2022-12-12 10:00", labels: ["enhancement"], body: "Wheels for arm64." });
issue("mike-k/dotnet-tools", "C-mono", { title: "Build fails on Mono", by: "bert", at: "2010-05-05 10:00", body: "xbuild cannot find the target." });
issue("mike-k/dotnet-tools", "C-netcore", { title: "Port to .NET Core", by: "bertrand", at: "2012-02-02 10:00", body: "Would be nice for Linux users." });
issue("mike-k/dotnet-tools", "C-crash", { title: "Crash on empty input", by: "mikeross", at: "2010-08-08 10:00", closed: "2010-09-09 10:00", reason: "completed", body: "NullReferenceException." });
issue("hubot/hubot-ios", "SW-push", { title: "Push notifications stop after a day", by: "nathanf", at: "2014-06-20 10:00", closed: "2014-07-20 10:00", reason: "completed", body: "The token is not refreshed." });
issue("hubot/hubot-ios", "SW-launch", { title: "Crash on launch on iOS 7", by: "tomcat-fan", at: "2014-06-03 10:00", closed: "2014-06-05 10:00", reason: "completed", body: "Crash in the app delegate." });
issue("olga-k/android-sdk-tools", "A-adb", { title: "Important: adb path not found on Windows", by: "ivan-petrov", at: "2019-04-04 10:00", body: "The tool looks in the wrong folder." });
issue("olga-k/android-sdk-tools", "A-emulator", { title: "Important: emulator flag ignored", by: "sigga", at: "2019-05-05 10:00", assignees: ["olga-k"], body: "`--no-window` is dropped." });
pull("olga-k/android-sdk-tools", "A-sdkmanager", { title: "Important fix for sdkmanager parsing", by: "ivan-petrov", at: "2019-06-06 10:00", merged: "2019-06-07 10:00", head: "sdkmanager", body: "Handles the new output format." });
issue("olga-k/android-sdk-tools", "A-platform", { title: "android-34 platform missing", by: "kenyadev", at: "2023-10-10 10:00", closed: "2023-10-20 10:00", reason: "completed", body: "The platform list stops at 33." });

// Counts: comments, reactions, interactions
issue("electron/electron", "X-gpu-crash", { title: "Crash on startup with GPU acceleration", by: "wanjiru", at: "2022-03-03 10:00", closed: "2023-06-06 10:00", reason: "completed", labels: ["bug :beetle:", "status/confirmed"], comments: 1300, reactions: { "+1": 500, heart: 100, eyes: 200 },
  body: "Electron apps crash on startup when GPU acceleration is enabled." });
issue("electron/electron", "X-wayland", { title: "Support Wayland natively", by: "bertrand", at: "2019-09-09 10:00", closed: "2024-01-10 10:00", reason: "completed", comments: 650, reactions: { "+1": 900, hooray: 200, heart: 100 },
  body: "Run without XWayland." });
issue("electron/electron", "X-performance", { title: "Performance regression in 30.0", by: "raj-build", at: "2024-05-01 10:00", milestone: "30-x-y", comments: 120, reactions: { "+1": 250, confused: 50 },
  body: "Window creation is twice as slow as in 29." });
pull("electron/electron", "X-gpu-info", { title: "Add app.getGPUInfo() details", by: "kenyadev", at: "2024-02-02 10:00", merged: "2024-02-20 10:00", head: "gpu-info", status: "success", decision: "approved", reviews: [["jlord", "APPROVED"]], body: "Adds driver details." });
issue("electron/electron", "X-tray", { title: "Tray icon missing on Windows", by: "sparkly", at: "2024-03-03 10:00", labels: ["bug :beetle:", "platform/windows"], reactions: { "-1": 2, "+1": 30 }, body: "The tray icon is blank after sleep." });
issue("tomthumb/node-fast", "N-http2", { title: "HTTP/2 support", by: "brit", at: "2018-01-01 10:00", reactions: { hooray: 40, "+1": 150, rocket: 25 }, comments: 45, body: "Would love HTTP/2 with server push." });
pull("tomthumb/node-fast", "N-keepalive", { title: "Keep-alive by default", by: "bert", at: "2019-01-01 10:00", merged: "2019-01-05 10:00", head: "keepalive", body: "Enables keep-alive." });

// Notable comments
say("H-flaky", "defunkt", "2024-05-02 09:00", "shipit :ship:");
say("D-caching", "defunkt", "2023-02-05 10:00", "GitHub should explain cache eviction too.");
say("R-ubuntu", "defunkt", "2022-10-11 10:00", "Looks like the new OpenSSL. Can you try 2.6.1 on the GitHub runner image?");
say("G-status", "jlord", "2023-01-05 10:00", "Same here on a repository with 200k files.");
say("K-contrast", "mdo", "2024-03-04 10:00", "Agreed, we should bump the secondary text colour.");
say("G-bundle", "pat-ops", "2021-05-06 10:00", "@vmg do you still want this?");
say("M-disk", "pat-ops", "2024-05-20 11:00", "@myorg/ops is on it.");
say("J-ajax-timeout", "jennyfer", "2016-06-07 10:00", "@defunkt wrote the original timeout code, maybe he remembers.");
say("E-hooks", "mdo", "2014-02-03 10:00", "I like `post_render` better than `post_convert`.");
say("X-gpu-crash", "jlord", "2022-03-05 10:00", "Can you share the output of `--enable-logging`?");
say("X-gpu-crash", "kenyadev", "2023-06-06 09:00", "Fixed in 25.2.0, closing.");
say("L-perl-fix", "vmg", "2023-11-30 10:00", "LGTM, nice and small.");
say("K-stash-fix", "jlord", "2024-04-06 10:00", "Works great, thanks! Adding it to the merge queue.");
say("D-octicons", "gjtorikian", "2024-04-11 10:00", "Left a few comments about the icon sizes.");
say("E-coc", "benbalter", "2014-08-09 10:00", "The Contributor Covenant seems like a good start.");
say("GL-coc", "bertrand", "2014-11-12 10:00", "Locking: please use Discourse for this discussion.");
say("S-cupcake", "hubot", "2023-05-05 12:00", "I can take this one.");
say("SH-avm2", "sbolton", "2012-02-16 10:00", "Reproduced with the Flex 4 sample.");
say("PD-textlayer", "sbolton", "2023-07-08 10:00", "Reproduced with the kumquat.pdf fixture from the test suite.");
say("L-ruby-as-perl", "gjtorikian", "2023-11-04 10:00", "The shebang should win over the extension here.");
say("E-windows", "benbalter", "2020-02-03 10:00", "Help wanted indeed: none of us use Windows.");
say("K-focus-event", "jlord", "2024-01-02 10:00", "Please debounce the refresh, otherwise it runs on every alt-tab.");
say("D-qualifiers", "nat", "2024-05-02 10:00", "Much clearer, thank you.");
say("N-http2", "tomthumb", "2018-01-03 10:00", "Server push is deprecated in browsers, but HTTP/2 itself is on the roadmap.");

// Filler: bland records that give every query something not to match.
const FILLER_AUTHORS = ["lena-dev", "pat-ops", "quinn-qa", "raj-build", "brit", "sparkly", "einar-a", "wanjiru", "tomcat-fan", "mikeross", "nathanf", "bertrand", "kenyadev", "ivan-petrov", "olga-k", "sbolton", "sigga"];
const FILLER_LABELS = new Set(["documentation", "enhancement", "question", "duplicate", "invalid", "wontfix", "feature", "content", "triage", "stale", "Ajax", "accessibility"]);
const FILLER_ISSUES = ["Crash when opening a large file", "Clarify the configuration section", "Support for HTTP proxies", "Memory usage grows over time", "Add an option to disable telemetry", "Confusing message on first run", "Tests fail on a clean checkout", "Allow custom templates", "Slow startup on older machines", "Raise the minimum runtime version"];
const FILLER_PULLS = ["Refactor configuration loading", "Add tests for the parser", "Update dependencies", "Improve README wording", "Remove unused helpers", "Speed up CI", "Handle empty input gracefully", "Log the elapsed time"];
const FILLER_BODIES = ["Steps to reproduce are in the description of the linked gist.", "Happens every time on my machine.", "", null, "Small change, see the diff.", "Follow-up to the discussion in the forum."];
const FILLER_REPOS = ["github/linguist", "github/docs", "github/hub", "jquery/jquery", "libgit2/libgit2", "desktop/desktop", "jekyll/jekyll", "mozilla/pdf.js", "electron/electron", "defunkt/resque", "jennyfer/react-widgets", "tomthumb/node-fast", "GNOME/gnome-builder", "jlord/patchwork", "tomthumb/php-cms", "jquery/jquery-ui"];

for (let n = 0; n < 30; n += 1) {
  const repoName = FILLER_REPOS[n % FILLER_REPOS.length];
  const spec = repos.get(repoName);
  const isPull = n % 3 === 1;
  const at = between(latest(spec.created, "2015-01-01"), "2024-04-30");
  const closes = chance(0.5);
  const closed = closes ? plusHours(at, int(2, 24 * 60)) : undefined;
  const labels = (labelsByRepo.get(repoName) ?? []).map((l) => l.name).filter((name) => FILLER_LABELS.has(name));
  item(isPull ? "pr" : "issue", repoName, `filler-${n}`, {
    title: pick(isPull ? FILLER_PULLS : FILLER_ISSUES),
    body: pick(FILLER_BODIES),
    by: pick(FILLER_AUTHORS),
    at,
    closed,
    ...(isPull && closes && chance(0.7) ? { merged: closed } : {}),
    ...(!isPull && closes ? { reason: chance(0.8) ? "completed" : "not_planned" } : {}),
    labels: labels.length && chance(0.5) ? [pick(labels)] : [],
    reactions: chance(0.5) ? { "+1": int(1, 12), heart: int(0, 3) } : {},
    ...(isPull ? { head: `topic-${n}`, status: pick(["success", "success", "failure", "pending"]), decision: pick([null, "approved", "review_required"]) } : {}),
  });
}

const FILLER_COMMENTS = ["Thanks for the report!", "I can reproduce this on the latest release.", "Could you share a minimal reproduction?", "LGTM", "Rebased on the default branch.", "Any update on this?", "This should be fixed in the next release.", "I'd be happy to review a pull request for this.", "Tested locally, works for me.", ":+1:", "Added a test for the edge case.", "The CI failure looks unrelated.", "Updated the docs as well.", "Closing as a duplicate of the older report."];
// Only in public repositories: the filler authors have no access to the others.
const publicItems = itemSpecs.filter((s) => repos.get(s.repo).visibility === "public");
for (let n = 0; n < 175; n += 1) {
  const target = pick(publicItems);
  const end = target.closed ?? plusHours(target.at, 24 * 60);
  say(target.key, pick(FILLER_AUTHORS), between(plusHours(target.at, 1), ms(end) > ms(END) ? END : end), pick(FILLER_COMMENTS));
}

// ---------------------------------------------------------------------------
// Numbering and rendering of issues, pull requests and comments

const numbers = new Map();
for (const [repoName, spec] of repos) {
  let next = spec.first_issue ?? 1;
  const own = itemSpecs.filter((s) => s.repo === repoName).sort((a, b) => ms(a.at) - ms(b.at) || a.key.localeCompare(b.key));
  for (const s of own) {
    numbers.set(s.key, next);
    next += int(1, 4);
  }
}
const numberOf = (key) => numbers.get(key) ?? fail(`no item ${key}`);
function fail(message) {
  throw new Error(message);
}

const commentsByKey = new Map();
for (const c of commentSpecs) {
  if (!specByKey.has(c.key)) throw new Error(`comment on unknown item ${c.key}`);
  commentsByKey.set(c.key, [...(commentsByKey.get(c.key) ?? []), c]);
}

/** Links written on both sides unless the spec says otherwise: key → keys. */
const linksOf = new Map();
for (const s of itemSpecs) {
  for (const target of s.links ?? []) {
    linksOf.set(s.key, [...(linksOf.get(s.key) ?? []), target]);
    if (!s.oneSided) linksOf.set(target, [...(linksOf.get(target) ?? []), s.key]);
  }
}

const mergedAuthors = new Map();
for (const s of itemSpecs) if (s.merged) mergedAuthors.set(s.repo, new Set([...(mergedAuthors.get(s.repo) ?? []), s.by]));

function association(login, spec) {
  if (login === spec.owner) return "OWNER";
  if (membersOf(spec.owner).includes(login)) return "MEMBER";
  if (spec.collaborators?.includes(login)) return "COLLABORATOR";
  if (mergedAuthors.get(spec.fullName)?.has(login)) return "CONTRIBUTOR";
  return "NONE";
}

const REACTION_KEYS = ["+1", "-1", "laugh", "hooray", "confused", "heart", "rocket", "eyes"];
function reactionsObject(url, counts) {
  const all = Object.fromEntries(REACTION_KEYS.map((k) => [k, counts[k] ?? 0]));
  return { url: `${url}/reactions`, total_count: Object.values(all).reduce((a, b) => a + b, 0), ...all };
}

const ISSUE_TYPES = {
  Bug: ["An unexpected problem or behavior", "red"],
  Enhancement: ["A request, idea, or new functionality", "blue"],
  Epic: ["A large body of work spanning several issues", "purple"],
  Task: ["A specific piece of work", "yellow"],
};
function issueType(owner, name) {
  const [description, color] = ISSUE_TYPES[name];
  const id = idFor("issue-type", `${owner}:${name}`, 100_000);
  return { id, node_id: nodeId("IssueType", id), name, description, color };
}

function teamRef(org, slug) {
  if (!users.get(org)?.teams?.some((t) => t.slug === slug)) throw new Error(`no team ${org}/${slug}`);
  const id = idFor("team", `${org}/${slug}`, 1_000_000);
  return { id, node_id: nodeId("Team", id), name: slug, slug, html_url: `${WEB}/orgs/${org}/teams/${slug}` };
}

const clampToEnd = (date) => (ms(date) > ms(END) ? END : date);

function renderItem(s, index) {
  const spec = repos.get(s.repo);
  const number = numberOf(s.key);
  const isPull = s.kind === "pr";
  const id = idFor("issue", `${s.repo}#${number}`, 100_000_000);
  const api = `${API}/repos/${s.repo}/issues/${number}`;
  const web = `${WEB}/${s.repo}/${isPull ? "pull" : "issues"}/${number}`;
  const comments = commentsByKey.get(s.key) ?? [];
  const updated = clampToEnd(s.updated ?? latest(plusHours(s.at, 1), s.closed, ...comments.map((c) => plusHours(c.at, 0.1))));
  const milestone = s.milestone ? milestonesByRepo.get(s.repo)?.find((m) => m.title === s.milestone) ?? fail(`no milestone ${s.milestone}`) : null;
  const assignees = s.assignees.map(userRef);
  const linked = (linksOf.get(s.key) ?? []).map((key) =>
    specByKey.get(key).repo === s.repo ? numberOf(key) : `${WEB}/${specByKey.get(key).repo}/issues/${numberOf(key)}`,
  );
  // Some records link to their repository through the extension instead of the URL.
  const link = index % 7 === 3 ? { repository: s.repo } : { repository_url: `${API}/repos/${s.repo}` };
  const record = {
    url: api,
    ...link,
    labels_url: `${api}/labels{/name}`,
    comments_url: `${api}/comments`,
    events_url: `${api}/events`,
    html_url: web,
    id,
    node_id: nodeId(isPull ? "PullRequest" : "Issue", id),
    number,
    title: s.title,
    user: userRef(s.by),
    labels: s.labels.map((name) => labelRef(s.repo, name)),
    state: s.closed ? "closed" : "open",
    locked: Boolean(s.locked),
    assignee: assignees[0] ?? null,
    assignees,
    milestone,
    comments: Math.max(s.comments ?? 0, comments.length),
    created_at: s.at,
    updated_at: updated,
    closed_at: s.closed ?? null,
    author_association: association(s.by, spec),
    active_lock_reason: s.locked ? s.lockReason ?? null : null,
    body: s.body ?? "",
    reactions: reactionsObject(api, s.reactions),
    state_reason: isPull ? null : s.closed ? s.reason ?? "completed" : s.reason ?? null,
  };
  if (s.type) record.type = issueType(spec.owner, s.type);
  if (s.projects?.length) record.projects = s.projects;
  if (!isPull) {
    if (linked.length) record.linked_pull_requests = linked;
    return record;
  }
  const commits = s.commits ?? Array.from({ length: 1 + (number % 3) }, (_, i) => sha1(`${s.key}:commit:${i}`));
  const decided = s.closed ?? clampToEnd(plusHours(s.at, 30));
  Object.assign(record, {
    draft: Boolean(s.draft),
    pull_request: {
      url: `${API}/repos/${s.repo}/pulls/${number}`,
      html_url: web,
      diff_url: `${web}.diff`,
      patch_url: `${web}.patch`,
      merged_at: s.merged ?? null,
    },
    head: { label: `${s.by}:${s.head ?? `patch-${number}`}`, ref: s.head ?? `patch-${number}`, sha: commits.at(-1) },
    base: { label: `${spec.owner}:${s.base ?? spec.default_branch ?? "main"}`, ref: s.base ?? spec.default_branch ?? "main" },
    commits,
    status: s.status ?? null,
    review_decision: s.decision ?? null,
    reviews: (s.reviews ?? []).map(([login, state], i) => ({ user: userRef(login), state, submitted_at: fromMs(ms(s.at) + ((i + 1) * (ms(decided) - ms(s.at))) / ((s.reviews?.length ?? 0) + 1)) })),
    requested_reviewers: (s.asked ?? []).map(userRef),
    requested_teams: (s.askedTeams ?? []).map((slug) => teamRef(spec.owner, slug)),
  });
  if (linked.length) record.linked_issues = linked;
  if (s.queued) record.queued = true;
  return record;
}

function renderComment(c, n) {
  const s = specByKey.get(c.key);
  const number = numberOf(c.key);
  const id = idFor("comment", `${c.key}:${n}`, 1_000_000_000);
  const record = {
    url: `${API}/repos/${s.repo}/issues/comments/${id}`,
    html_url: `${WEB}/${s.repo}/${s.kind === "pr" ? "pull" : "issues"}/${number}#issuecomment-${id}`,
    issue_url: `${API}/repos/${s.repo}/issues/${number}`,
    id,
    node_id: nodeId("IssueComment", id),
    user: userRef(c.by),
    created_at: c.at,
    updated_at: c.at,
    author_association: association(c.by, repos.get(s.repo)),
    body: c.body,
  };
  if (n % 5 === 0) record.reactions = reactionsObject(record.url, { "+1": 1 + (n % 4), heart: n % 2 });
  return record;
}

const issueRecords = [...itemSpecs].sort((a, b) => ms(a.at) - ms(b.at) || a.key.localeCompare(b.key)).map(renderItem);
const commentRecords = commentSpecs
  .map((c, n) => ({ c, n }))
  .sort((a, b) => ms(a.c.at) - ms(b.c.at) || a.n - b.n)
  .map(({ c, n }) => renderComment(c, n));

// Issues embed their milestone object, so the counts reach them too.
for (const [repoName, list] of milestonesByRepo) {
  for (const m of list) {
    const items = itemSpecs.filter((s) => s.repo === repoName && s.milestone === m.title);
    m.open_issues = items.filter((s) => !s.closed).length;
    m.closed_issues = items.length - m.open_issues;
  }
}

// ---------------------------------------------------------------------------
// Commits: per repository a first-parent history, oldest first

/** [git name, git email, account login or null when the address is linked to no account] */
const PERSON = {
  defunkt: ["Chris Wanstrath", "chris@github.com", "defunkt"],
  defunktUnlinked: ["Chris Wanstrath", "chris@wanstrath.example", null],
  chrisLee: ["Chris Lee", "chris@example.com", null],
  vmg: ["Vicent Martí", "vicent@github.example", "vmg"],
  gjtorikian: ["Garen Torikian", "garen@github.example", "gjtorikian"],
  lena: ["Lena Fischer", "lena@example.de", "lena-dev"],
  octocat: ["The Octocat", "octocat@example.com", "octocat"],
  jlord: ["Jessica Lord", "jlord@example.com", "jlord"],
  webflow: ["GitHub", "noreply@github.com", "web-flow"],
  jennyfer: ["Jenny Park", "jenny@example.org", "jennyfer"],
  tomthumb: ["Tom Thumb", "tom@thumb.example", "tomthumb"],
  mike: ["Mike Kowalski", "mike.k@example.com", "mike-k"],
  sbolton: ["Sarah Bolton", "sarah@bolton.example", "sbolton"],
  raj: ["Raj Mehta", "raj@example.in", "raj-build"],
  pat: ["Pat Morgan", "pat@example.ie", "pat-ops"],
  benbalter: ["Ben Balter", "ben@example.com", "benbalter"],
  mdo: ["Mark Otto", "markdotto@example.com", "mdo"],
  olga: ["Olga Kuznetsova", "olga@example.ru", "olga-k"],
  ivan: ["Ivan Petrov", "ivan@example.ru", "ivan-petrov"],
  kenyadev: ["Amani Otieno", "amani@example.ke", "kenyadev"],
  hubot: ["Hubot", "hubot@github.example", "hubot"],
  jane: ["Jane Doe", "jane@example.com", null],
  ci: ["release bot", "ci@example.com", null],
  bertrand: ["Bertrand Petit", "bertrand@example.fr", "bertrand"],
};

const commitRecords = [];

/**
 * entries: [message, author key, authored, extra] with extra: by (committer key,
 * default the author), at (committed, default authored), sha, tree, side (an
 * entry merged in as the second parent).
 */
function history(repoName, entries) {
  const spec = repos.get(repoName);
  if (!spec) throw new Error(`unknown repository ${repoName}`);
  const repoId = spec.id ?? idFor("repository", repoName, 1_000_000);
  let previous = null;
  const emit = (message, authorKey, authored, extra, parents) => {
    const sha = extra.sha ?? sha1(`${repoName}:${message}:${authored}`);
    const [aName, aEmail, aLogin] = PERSON[authorKey];
    const [cName, cEmail, cLogin] = PERSON[extra.by ?? authorKey];
    const api = `${API}/repos/${repoName}/commits/${sha}`;
    const tree = extra.tree ?? sha1(`tree:${sha}`);
    commitRecords.push({
      sha,
      node_id: nodeId("Commit", `${repoId}:${sha}`),
      commit: {
        author: { name: aName, email: aEmail, date: iso(authored) },
        committer: { name: cName, email: cEmail, date: iso(extra.at ?? authored) },
        message,
        tree: { sha: tree, url: `${API}/repos/${repoName}/git/trees/${tree}` },
        url: `${API}/repos/${repoName}/git/commits/${sha}`,
        comment_count: extra.comments ?? 0,
      },
      url: api,
      html_url: `${WEB}/${repoName}/commit/${sha}`,
      comments_url: `${api}/comments`,
      author: aLogin ? userRef(aLogin) : null,
      committer: cLogin ? userRef(cLogin) : null,
      parents: parents.map((p) => ({ sha: p, url: `${API}/repos/${repoName}/commits/${p}`, html_url: `${WEB}/${repoName}/commit/${p}` })),
      repository: repoName,
    });
    return sha;
  };
  for (const [message, authorKey, authored, extra = {}] of entries) {
    const parents = previous ? [previous] : [];
    if (extra.side) {
      const [sideMessage, sideAuthor, sideAt, sideExtra = {}] = extra.side;
      parents.push(emit(sideMessage, sideAuthor, sideAt, sideExtra, previous ? [previous] : []));
    }
    previous = emit(message, authorKey, authored, extra, parents);
  }
}

const mergeMessage = (key, branch) => `Merge pull request #${numberOf(key)} from ${branch}\n\n${specByKey.get(key).title}`;

history("octocat/Spoon-Knife", [
  ["Initial commit", "octocat", "2011-01-27 19:30:43"],
  ["Add index.html with the spoon and the knife", "octocat", "2011-01-27 19:40:00"],
  ["Add css for the spoon and knife images", "octocat", "2011-01-27 20:05:00"],
  ["Fix css indentation", "octocat", "2014-02-12 15:20:00"],
  ["Merge pull request #2 from jlord/patch-1\n\nUpdate index.html", "jlord", "2014-02-12 15:24:00", { by: "webflow", side: ["Update index.html", "jlord", "2014-02-12 15:22:00"] }],
  ["Update README.md", "octocat", "2015-03-01 10:00:00"],
  ["Fix typo in README", "jane", "2016-05-05 10:00:00", { by: "octocat" }],
  ["Bump the year in the footer", "octocat", "2024-02-01 10:00:00"],
]);

history("defunkt/gibberish", [
  ["Initial import", "defunkt", "2008-03-11 11:00:00"],
  ["Add language detection to the gibberish generator", "defunkt", "2008-03-12 09:00:00"],
  ["Support custom word lists", "defunktUnlinked", "2008-04-01 09:00:00"],
  ["Fix typo in the gemspec summary", "defunkt", "2009-01-01 09:00:00"],
  ["Language packs for German and French", "jane", "2012-06-06 09:00:00", { by: "defunkt", at: "2012-06-07 09:00:00" }],
  ["Release 1.0", "defunkt", "2014-03-01 12:00:00"],
]);

history("defunkt/resque", [
  ["First commit", "defunkt", "2009-08-11 16:00:00"],
  ["Workers register themselves in Redis", "defunkt", "2009-08-12 10:00:00"],
  ["Add the failure backend", "defunkt", "2009-09-01 10:00:00"],
  ["Fix typo in README", "chrisLee", "2010-01-10 10:00:00", { by: "defunkt" }],
  ["Reserve jobs with a Lua script", "mike", "2015-04-04 10:00:00"],
  [mergeMessage("R-fast", "mike-k/fast-reserve"), "defunkt", "2015-05-05 10:00:00", { side: ["Benchmark job reservation", "mike", "2015-04-20 10:00:00"] }],
  ["Test against Redis 7", "sbolton", "2022-11-11 10:00:00", { by: "defunkt", at: "2022-11-12 10:00:00" }],
  ["Drop Ruby 2.6", "defunkt", "2023-01-01 10:00:00"],
  ["Release 2.6.1", "defunkt", "2024-03-20 08:00:00"],
]);

history("defunkt/dotjs", [
  ["dotjs: it begins", "defunkt", "2011-02-06 22:00:00"],
  ["Add djsd server", "defunkt", "2011-02-07 10:00:00"],
  ["Serve over https", "tomthumb", "2013-05-05 10:00:00", { by: "defunkt" }],
  ["Remove the install script", "defunkt", "2019-06-05 10:00:00"],
]);

history("github/linguist", [
  ["Initial commit of the language detector", "defunkt", "2011-05-09 22:53:13"],
  ["Add Ruby and Perl samples", "vmg", "2012-03-03 10:00:00"],
  ["Classify vendored files", "vmg", "2013-07-07 10:00:00", { tree: SHA.documentedTree }],
  ["Add Gleam grammar", "vmg", "2015-11-20 10:00:00", { sha: SHA.documented, by: "defunkt", at: "2016-01-04 10:00:00" }],
  ["Add Gleam samples", "lena", "2016-01-05 10:00:00", { sha: SHA.documentedChild }],
  ["Add tests for the Perl heuristics", "gjtorikian", "2019-09-09 10:00:00"],
  ["Fix typo in the contributing guide", "jane", "2020-02-02 10:00:00", { by: "webflow" }],
  ["Vendor patterns: count third_party as vendored", "lena", "2022-05-30 10:00:00"],
  ["Release v7.0", "vmg", "2022-06-01 12:00:00"],
  [mergeMessage("L-perl-fix", "github/fix-perl-heuristics"), "gjtorikian", "2023-12-01 17:00:00", { by: "webflow", side: ["Prefer Perl for .pm files with package declarations", "gjtorikian", "2023-11-20 10:00:00", { sha: SHA.prBareSha }] }],
  ["test: cover .h heuristics", "gjtorikian", "2024-04-01 11:00:00"],
  ["Bump rugged from 1.7.1 to 1.7.2", "ci", "2024-05-02 08:00:00", { by: "webflow" }],
  ["Update samples index", "ci", "2024-05-28 10:00:00"],
]);

history("github/hub", [
  ["hub: git + hub = github", "defunkt", "2009-12-05 19:00:00"],
  ["Add pull-request command", "defunkt", "2011-06-06 10:00:00"],
  ["Handle missing remote in pull-request", "lena", "2015-05-15 10:00:00", { sha: SHA.mergedPrSha }],
  [mergeMessage("H-missing-remote", "github/missing-remote"), "vmg", "2015-05-20 10:00:00", { side: ["Explain how to add a remote", "lena", "2015-05-16 10:00:00", { sha: sha1("hub-missing-remote-2") }] }],
  ["Read GITHUB_HOST for enterprise hosts", "tomthumb", "2015-06-20 10:00:00", { by: "vmg", at: "2015-07-01 10:00:00" }],
  ["Run tests on Go 1.5", "vmg", "2015-08-08 10:00:00"],
  ["Change default remote to origin", "octocat", "2016-03-10 10:00:00"],
  ["Fix typo in usage text", "jane", "2017-07-07 10:00:00", { by: "defunkt" }],
  ["Better error for expired tokens", "ivan", "2019-02-10 10:00:00"],
  ["Fix release upload timeouts", "kenyadev", "2019-03-04 10:00:00"],
  ["Changelog for 2.14", "octocat", "2020-03-05 12:00:00"],
  ["Retire the Travis configuration", "vmg", "2023-10-06 10:00:00"],
]);

history("github/super-secret", [
  ["Initial commit", "octocat", "2021-02-02 10:00:00"],
  ["Add cupcake deploy step", "octocat", "2023-05-01 10:00:00"],
  ["Fix cupcake deploy: pin the Pages action", "hubot", "2023-05-07 10:00:00"],
]);

history("github/internal-tools", [
  ["Add test fixture server", "lena", "2019-07-07 10:00:00"],
  ["Deploy dry-run mode", "vmg", "2023-09-10 10:00:00"],
  ["Start the fixture server before the tests", "lena", "2024-05-02 10:00:00"],
]);

history("myorg/infra", [
  ["Terraform skeleton", "pat", "2016-02-02 10:00:00"],
  ["Upgrade Terraform to 1.8", "olga", "2024-03-05 10:00:00"],
  ["Alert on disk usage above 90%", "ivan", "2024-05-15 10:00:00"],
]);

history("jquery/jquery", [
  ["Initial import of jQuery core", "jennyfer", "2009-04-03 15:20:14"],
  ["Attributes: make .addClass accept a function", "jennyfer", "2010-09-14 10:00:00"],
  ["CSS: cache computed styles in .css() getters", "tomthumb", "2012-07-01 10:00:00"],
  ["Fix typo in a comment", "jane", "2013-03-03 10:00:00", { by: "jennyfer" }],
  ["Build: update test dependencies", "tomthumb", "2015-01-15 10:00:00"],
  ["Event: support SVG use elements in delegation", "ivan", "2015-06-06 10:00:00", { by: "jennyfer", at: "2015-06-10 10:00:00" }],
  ["Ajax: document the timeout option", "jennyfer", "2016-07-07 10:00:00"],
  ["Core: drop IE 9 support", "tomthumb", "2019-09-09 10:00:00"],
  ["Release: 4.0.0", "ci", "2024-05-20 10:00:00", { by: "tomthumb" }],
]);

history("mozilla/shumway", [
  ["Initial check-in of the AVM2 interpreter", "sbolton", "2011-11-02 10:00:00"],
  ["Implement DisplayObject.hitTestPoint", "sbolton", "2012-01-20 10:00:00"],
  ["Add ActionScript 3 Sprite class", "raj", "2012-05-08 10:00:00"],
  ["Renderer: WebGL backend", "raj", "2013-09-09 10:00:00"],
  ["Archive the project", "sbolton", "2016-09-01 10:00:00"],
]);

history("libgit2/libgit2", [
  ["Initial commit", "vmg", "2010-10-30 10:00:00"],
  ["Add git_repository_open", "vmg", "2011-01-01 10:00:00"],
  [mergeMessage("G-leak", "libgit2/repo-open-leak"), "vmg", "2020-10-12 12:00:00", { side: ["Free the config on the error path of git_repository_open", "vmg", "2020-10-11 10:00:00"] }],
  ["tests: repository open failure", "pat", "2020-10-13 10:00:00"],
  ["Vendor third-party libraries as submodules", "pat", "2021-07-07 10:00:00"],
  ["Fix typo in the SSH docs", "jane", "2022-09-10 10:00:00", { by: "pat" }],
  ["status: speed up the untracked-files walk", "vmg", "2024-05-29 10:00:00"],
]);

history("desktop/desktop", [
  ["Hello, Desktop", "jlord", "2016-05-11 10:00:00"],
  ["Add the commit message box", "jlord", "2017-01-01 10:00:00"],
  [mergeMessage("K-commit-box", "desktop/commit-box"), "jlord", "2023-11-11 10:00:00", { by: "webflow", side: ["Redesign the commit message box", "jlord", "2023-10-20 10:00:00"] }],
  ["Upgrade Electron to 30", "ci", "2024-04-22 10:00:00", { by: "webflow" }],
  ["Fix typo in the tutorial", "lena", "2024-05-01 10:00:00"],
  ["Keep stash when switching branches", "lena", "2024-05-31 10:00:00", { by: "webflow" }],
]);

history("jekyll/jekyll", [
  ["Initial commit of the static site generator", "defunktUnlinked", "2008-10-20 10:00:00"],
  ["Fast path for static files", "mdo", "2013-11-11 10:00:00"],
  ["Make incremental builds fast", "benbalter", "2014-06-20 10:00:00"],
  ["Add a code of conduct", "benbalter", "2014-09-09 10:00:00"],
  ["Fix typo in the quickstart", "jane", "2023-04-10 10:00:00", { by: "benbalter" }],
  ["Silence the Ruby 3.3 deprecation notice", "benbalter", "2024-05-27 10:00:00"],
]);

history("olga-k/android-sdk-tools", [
  ["Initial commit", "olga", "2015-05-15 10:00:00"],
  ["Parse the new sdkmanager output", "ivan", "2019-06-07 10:00:00", { by: "olga" }],
  ["Add android-34 to the platform list", "olga", "2023-10-20 10:00:00"],
]);

history("ivan-petrov/android-sdk-tools", [
  ["Initial commit", "olga", "2015-05-15 10:00:00"],
  ["Fork: test on Windows", "ivan", "2016-08-01 10:00:00"],
]);

history("tomthumb/node-fast", [
  ["Initial commit", "tomthumb", "2012-12-12 10:00:00"],
  ["Parse headers without regular expressions", "tomthumb", "2013-06-06 10:00:00"],
  ["Keep-alive by default", "bertrand", "2019-01-05 10:00:00", { by: "tomthumb" }],
  ["Test on node 20", "tomthumb", "2024-03-03 10:00:00"],
]);

history("electron/electron", [
  ["Initial commit of atom-shell", "kenyadev", "2013-04-12 10:00:00"],
  ["Rename atom-shell to electron", "jlord", "2015-04-17 10:00:00"],
  ["fix: crash on startup when GPU acceleration is enabled", "kenyadev", "2023-06-05 10:00:00", { by: "webflow", at: "2023-06-06 09:00:00" }],
  ["test: cover Wayland window decorations", "bertrand", "2024-01-09 10:00:00", { by: "kenyadev", at: "2024-01-10 10:00:00" }],
  ["feat: add details to app.getGPUInfo()", "kenyadev", "2024-02-20 10:00:00", { by: "webflow" }],
  ["chore: bump chromium to 124.0.6367.0", "ci", "2024-05-31 10:00:00", { by: "webflow" }],
]);

history("mozilla/pdf.js", [
  ["Initial commit", "sbolton", "2011-04-26 10:00:00"],
  ["Load standard fonts lazily", "sbolton", "2023-08-20 10:00:00"],
  ["Add the kumquat and zebrafish reference tests", "raj", "2023-09-01 10:00:00"],
  ["Fix text layer alignment in Firefox", "raj", "2024-05-30 10:00:00"],
]);

history("jlord/patchwork", [
  ["Initial commit", "jlord", "2014-01-20 10:00:00"],
  ["Add instructions for the pull request step", "jlord", "2014-02-02 10:00:00"],
  ["Fix typo in the welcome page", "jane", "2016-06-06 10:00:00", { by: "jlord" }],
  ["Archive old contributor squares", "jlord", "2020-10-10 10:00:00"],
]);

history("GNOME/gnome-shell", [
  ["Initial import", "bertrand", "2012-05-10 10:00:00"],
  ["Mirror: sync from GitLab", "ci", "2024-05-31 10:00:00"],
]);

// ---------------------------------------------------------------------------
// Code: files of the default branch

const codeRecords = [];
const blobSha = (content) => sha1(`blob ${Buffer.byteLength(content)}\0${content}`);

function file(repoName, path, content) {
  if (!repos.has(repoName)) throw new Error(`unknown repository ${repoName}`);
  codeRecords.push({ repository: repoName, path, name: path.split("/").at(-1), sha: blobSha(content), size: Buffer.byteLength(content), content });
}

/** head + filler + tail, exactly `bytes` long (ASCII). */
function sized(bytes, head, tail, fill = " ") {
  const room = bytes - head.length - tail.length;
  if (room < 0) throw new Error(`cannot fit ${bytes} bytes`);
  return head + fill.repeat(room) + tail;
}

/** Lines from `line(i)` until the next would pass `bytes`, then padded to exactly `bytes` by `pad(room)`. */
function linesUpTo(bytes, line, pad) {
  let text = "";
  for (let i = 0; ; i += 1) {
    const next = `${line(i)}\n`;
    if (text.length + next.length > bytes - 16) break;
    text += next;
  }
  return text + pad(bytes - text.length);
}

// jquery/jquery
file("jquery/jquery", "src/attributes/classes.js", `import { jQuery } from "../core.js";
import { rnothtmlwhite } from "../var/rnothtmlwhite.js";

function getClass( elem ) {
	return elem.getAttribute && elem.getAttribute( "class" ) || "";
}

function classesToArray( value ) {
	if ( Array.isArray( value ) ) {
		return value;
	}
	return typeof value === "string" ? value.match( rnothtmlwhite ) || [] : [];
}

jQuery.fn.extend( {
	addClass: function( value ) {
		if ( typeof value === "function" ) {
			return this.each( function( j ) {
				jQuery( this ).addClass( value.call( this, j, getClass( this ) ) );
			} );
		}
		const classNames = classesToArray( value );
		return this.each( function() {
			const cur = " " + getClass( this ) + " ";
			let finalValue = cur;
			for ( const className of classNames ) {
				if ( finalValue.indexOf( " " + className + " " ) < 0 ) {
					finalValue += className + " ";
				}
			}
			if ( cur !== finalValue ) {
				this.setAttribute( "class", finalValue.trim() );
			}
		} );
	},

	removeClass: function( value ) {
		const classNames = classesToArray( value );
		return this.each( function() {
			let cur = " " + getClass( this ) + " ";
			for ( const className of classNames ) {
				cur = cur.replace( " " + className + " ", " " );
			}
			this.setAttribute( "class", cur.trim() );
		} );
	},

	hasClass: function( selector ) {
		const className = " " + selector + " ";
		return this.toArray().some( ( elem ) => ( " " + getClass( elem ) + " " ).indexOf( className ) > -1 );
	}
} );
`);
file("jquery/jquery", "test/unit/classes.js", `QUnit.module( "classes" );

QUnit.test( "addClass(String)", function( assert ) {
	const div = jQuery( "<div></div>" ).addClass( "hi" );
	assert.ok( div.hasClass( "hi" ), "addClass adds the class" );
} );

QUnit.test( "addClass(Function)", function( assert ) {
	const div = jQuery( "<div class='a'></div>" ).addClass( ( i, cur ) => cur + "-b" );
	assert.ok( div.hasClass( "a-b" ), "the function receives the current class" );
} );
`);
file("jquery/jquery", "README.md", `# jQuery

> jQuery is a fast, small, and feature-rich JavaScript library.

## Including jQuery

Below are some of the most common ways to include jQuery.

### Browser

\`\`\`html
<script src="https://code.jquery.com/jquery-4.0.0.min.js"></script>
\`\`\`

Use \`.addClass()\` and friends to manipulate classes.
`);
file("jquery/jquery", "build/release.js", `"use strict";

const fs = require( "node:fs" );

module.exports = function release( version ) {
	const banner = "/*! jQuery v" + version + " | (c) OpenJS Foundation | jquery.org/license */";
	fs.writeFileSync( "dist/VERSION", version + "\\n" );
	console.log( "Prepared release " + version );
	return banner;
};
`);
const JQUERY_MODULES = {
  core: "Creates jQuery objects from selectors, elements and HTML strings.",
  ajax: "Performs asynchronous HTTP requests and parses their responses.",
  event: "Binds, triggers and delegates DOM event handlers.",
  css: "Reads and writes computed styles.",
  traversing: "Walks the DOM: parents, children, siblings and filtering.",
  deferred: "Chainable callbacks: the promise implementation of jQuery.",
  data: "Stores arbitrary data on DOM elements without leaking memory.",
  manipulation: "Inserts, wraps and removes DOM nodes.",
};
for (const [module, summary] of Object.entries(JQUERY_MODULES)) {
  file("jquery/jquery", `src/${module}.js`, `// ${summary}
import { jQuery } from "./core.js";

const ${module}Hooks = {};

jQuery.${module}Hooks = ${module}Hooks;

export function ${module}Init( elem, options ) {
	const settings = jQuery.extend( {}, jQuery.${module}Settings, options );
	if ( !elem || elem.nodeType === 3 || elem.nodeType === 8 ) {
		return undefined;
	}
	return ${module}Hooks[ settings.type ] ? ${module}Hooks[ settings.type ]( elem, settings ) : settings;
}
`);
}
file("jquery/jquery-ui", "ui/effect.js", `( function( $ ) {
	"use strict";

	$.effects = {
		define: function( name, mode, effect ) {
			$.effects.effect[ name ] = effect;
			return effect;
		}
	};

	$.fn.extend( {
		addClass: ( function( orig ) {
			return function( classNames, speed, easing, callback ) {
				return speed ?
					$.effects.animateClass.call( this, { add: classNames }, speed, easing, callback ) :
					orig.apply( this, arguments );
			};
		} )( $.fn.addClass )
	} );
} )( jQuery );
`);

// octocat
file("octocat/Hello-World", "README", README.hello);
file("octocat/Hello-World", "docs/readme.md", "# About these docs\n\nNotes the octocat keeps about this repository.\n");
file("octocat/Hello-World", "src/octocat.js", "export const mascot = { name: \"Mona\", legs: 8 };\n\nexport function greet(who) {\n  return `Hello, ${who}!`;\n}\n");
file("octocat/Spoon-Knife", "index.html", "<!DOCTYPE html>\n<html>\n<head>\n  <title>Spoon-Knife</title>\n  <link href=\"styles.css\" rel=\"stylesheet\">\n</head>\n<body>\n  <img src=\"forkit.gif\" id=\"octocat\" alt=\"\" />\n  <p>Fork me? Fork you, @octocat!</p>\n</body>\n</html>\n");
file("octocat/Spoon-Knife", "styles.css", "* {\n  margin: 0;\n  padding: 0;\n}\n\n#octocat {\n  display: block;\n  width: 384px;\n  margin: 50px auto;\n}\n\n.icon {\n  width: 16px;\n  height: 16px;\n}\n");
file("octocat/Spoon-Knife", "README.md", "### Well hello there!\n\nThis repository is meant to provide an example for *forking* a repository on GitHub.\n");

// defunkt
file("defunkt/resque", "lib/resque.rb", `require 'redis/namespace'
require 'resque/version'
require 'resque/worker'
require 'resque/job'

module Resque
  extend self

  # Accepts a 'hostname:port' string or a Redis client.
  def redis=(server)
    @data_store = Redis::Namespace.new(:resque, redis: server.is_a?(String) ? Redis.new(url: "redis://#{server}") : server)
  end

  def enqueue(klass, *args)
    Job.create(queue_from_class(klass), klass, *args)
  end

  def reserve(queue)
    Job.reserve(queue)
  end

  def queue_from_class(klass)
    klass.instance_variable_get(:@queue) || (klass.respond_to?(:queue) && klass.queue)
  end
end
`);
file("defunkt/resque", "lib/resque/worker.rb", `module Resque
  # A Resque Worker processes jobs. On platforms that support fork(2),
  # the worker will fork off a child to process each job.
  class Worker
    attr_accessor :queues

    def initialize(*queues)
      @queues = queues.map { |queue| queue.to_s.strip }
      @shutdown = false
    end

    def work(interval = 5.0)
      loop do
        break if @shutdown
        if (job = reserve)
          perform(job)
        else
          sleep interval
        end
      end
    end

    def reserve
      queues.each do |queue|
        job = Resque.reserve(queue)
        return job if job
      end
      nil
    end
  end
end
`);
file("defunkt/resque", "lib/resque/job.rb", "module Resque\n  class Job\n    attr_reader :queue, :payload\n\n    def self.create(queue, klass, *args)\n      Resque.push(queue, class: klass.to_s, args: args)\n    end\n\n    def perform\n      payload_class.perform(*payload['args'])\n    end\n  end\nend\n");
file("defunkt/resque", "test/test_helper.rb", "require 'bundler/setup'\nrequire 'minitest/autorun'\nrequire 'resque'\n\n# Every test gets a fresh Redis namespace.\nclass Minitest::Test\n  def setup\n    Resque.redis = 'localhost:9736'\n    Resque.redis.flushall\n  end\nend\n");
file("defunkt/resque", "test/worker_test.rb", "require 'test_helper'\n\nclass WorkerTest < Minitest::Test\n  def test_reserves_jobs_in_queue_order\n    worker = Resque::Worker.new(:high, :low)\n    assert_equal %w[high low], worker.queues\n  end\nend\n");
file("defunkt/resque", "README.markdown", README.resque);
file("defunkt/gibberish", "lib/gibberish.rb", "module Gibberish\n  WORDS = %w[lorem ipsum dolor sit amet consectetur].freeze\n\n  def self.sentence(words = 8, list: WORDS)\n    Array.new(words) { list.sample }.join(' ').capitalize + '.'\n  end\nend\n");
file("defunkt/dotjs", "bin/djsd", "#!/usr/bin/env ruby\n# djsd: serves ~/.js files to the dotjs extension\nrequire 'webrick'\n\nserver = WEBrick::HTTPServer.new(Port: 3131, DocumentRoot: File.expand_path('~/.js'))\ntrap('INT') { server.shutdown }\nserver.start\n");
file("defunkt/dotjs", "ext/dotjs.js", "fetch('https://localhost:3131/' + location.hostname.replace(/^www\\./, '') + '.js')\n  .then((response) => response.text())\n  .then((code) => new Function(code)())\n  .catch(() => {});\n");

// github/linguist and its fork
file("github/linguist", "bin/linguist", "#!/usr/bin/env ruby\n# Usage: linguist <path>\n# Prints the language breakdown of a repository.\nrequire 'linguist'\n\npath = ARGV[0] || Dir.pwd\nrepo = Linguist::Repository.new(Rugged::Repository.new(path), 'HEAD')\nrepo.languages.sort_by { |_, size| -size }.each do |language, size|\n  puts format('%-20s %d', language, size)\nend\n");
file("github/linguist", "lib/linguist.rb", "require 'linguist/blob_helper'\nrequire 'linguist/generated'\nrequire 'linguist/heuristics'\nrequire 'linguist/language'\nrequire 'linguist/repository'\nrequire 'linguist/samples'\n\nmodule Linguist\n  class << self\n    attr_accessor :instrumenter\n  end\nend\n");
file("github/linguist", "lib/linguist/language.rb", "module Linguist\n  # Language names that are recognizable by GitHub.\n  class Language\n    @languages = []\n\n    def self.find_by_name(name)\n      @languages.find { |language| language.name.casecmp?(name) }\n    end\n\n    def self.find_by_extension(extension)\n      @languages.select { |language| language.extensions.include?(extension.downcase) }\n    end\n  end\nend\n");
file("github/linguist", "lib/linguist/heuristics.rb", "module Linguist\n  class Heuristics\n    # Perl modules declare packages; Raku modules declare units.\n    def self.perl_or_raku(data)\n      return 'Raku' if data =~ /^\\s*(?:unit\\s+)?(?:module|class)\\b.*;/\n      return 'Perl' if data =~ /^\\s*package\\s+[\\w:]+;/\n      nil\n    end\n  end\nend\n");
file("github/linguist", "samples/XML/element.xml", sized(100, '<?xml version="1.0"?>\n<catalog>\n  <element id="a1">first</element>\n  <!--', "-->\n</catalog>\n"));
file("github/linguist", "samples/XML/pom.xml", '<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>com.example</groupId>\n  <artifactId>element-catalog</artifactId>\n  <version>1.0.0</version>\n  <!-- every element below is required -->\n  <packaging>jar</packaging>\n</project>\n');
file("github/linguist", "samples/Perl/Form.pm", "package Form;\nuse strict;\nuse warnings;\n\n# Renders an HTML form from a field list.\nsub render {\n    my ($class, @fields) = @_;\n    return join \"\\n\", '<form method=\"post\">', (map { qq(<input name=\"$_\">) } @fields), '</form>';\n}\n\n1;\n");
file("github/linguist", "spec/test_helper.rb", "require 'minitest/autorun'\nrequire 'linguist'\n\nmodule Linguist\n  module SpecHelper\n    def fixture(name)\n      File.read(File.expand_path(\"../fixtures/#{name}\", __dir__))\n    end\n  end\nend\n");
file("github/linguist", "test/test_language.rb", "require_relative './helper'\n\nclass TestLanguage < Minitest::Test\n  def test_find_by_extension\n    assert_includes Linguist::Language.find_by_extension('.rb').map(&:name), 'Ruby'\n  end\nend\n");
file("github/linguist", "README.md", README.linguist);
file("vmg/linguist", "lib/linguist.rb", "require 'linguist/language'\n\nmodule Linguist\n  # vmg's fork: experimental heuristics\nend\n");

// github/docs
file("github/docs", "app/public/js/form-validators.js", `// Client-side validation for the feedback form.
const rules = {
  email: (value) => /^[^@\\s]+@[^@\\s]+$/.test(value),
  message: (value) => value.trim().length >= 10,
};

export function validateForm(form) {
  const errors = [];
  for (const [name, isValid] of Object.entries(rules)) {
    const field = form.elements.namedItem(name);
    if (field && !isValid(field.value)) errors.push(name);
  }
  if (errors.length) console.warn("form invalid:", errors.join(", "));
  return errors;
}
`);
file("github/docs", "app/public/js/analytics.js", "export function track(event, properties = {}) {\n  if (navigator.doNotTrack === \"1\") return;\n  console.debug(\"track\", event, properties);\n  navigator.sendBeacon(\"/events\", JSON.stringify({ event, ...properties }));\n}\n");
file("github/docs", "app/public/css/main.css", "body {\n  font-family: -apple-system, BlinkMacSystemFont, \"Segoe UI\", sans-serif;\n}\n\n.article-grid {\n  display: grid;\n  grid-template-columns: 1fr 3fr;\n}\n");
file("github/docs", "app/src/console-logger.js", "// Server-side logger: mirrors the browser console API.\nexport const logger = {\n  info: (...args) => console.log(new Date().toISOString(), ...args),\n  warn: (...args) => console.warn(new Date().toISOString(), ...args),\n};\n");
file("github/docs", "lib/search/parse-query.js", `// Splits a search box string into words and qualifiers.
export function parseQuery(text) {
  const words = [];
  const qualifiers = {};
  for (const part of text.trim().split(/\\s+/)) {
    const colon = part.indexOf(":");
    if (colon > 0) qualifiers[part.slice(0, colon)] = part.slice(colon + 1);
    else if (part) words.push(part);
  }
  return { words, qualifiers };
}
`);
file("github/docs", "lib/search/index.js", "import * as parse from \"./parse-query.js\";\n\nexport function search(index, text) {\n  const { words } = parse.query ? parse.query(text) : parse.parseQuery(text);\n  return index.filter((page) => words.every((word) => page.text.includes(word)));\n}\n");
file("github/docs", "script/search/parse_query.py", "\"\"\"Offline twin of lib/search/parse-query.js, used by the indexer.\"\"\"\n\n\ndef parse_query(text):\n    words, qualifiers = [], {}\n    for part in text.split():\n        name, colon, value = part.partition(\":\")\n        if colon and name:\n            qualifiers[name] = value\n        else:\n            words.append(part)\n    return words, qualifiers\n");
file("github/docs", "content/index.md", "---\ntitle: GitHub Docs\n---\n\nHelp for wherever you are on your GitHub journey.\n");
file("github/docs", "content/search/syntax.md", "---\ntitle: Understanding the search syntax\n---\n\nUse qualifiers such as `repo:`, `user:` and `is:` to narrow a search.\n");
file("github/docs", "README.md", README.docs);
file("github/docs", "package.json", '{\n  "name": "docs.github.com",\n  "private": true,\n  "type": "module",\n  "scripts": {\n    "start": "node server.js",\n    "test": "vitest"\n  }\n}\n');

// github/hub (Go)
file("github/hub", "main.go", "package main\n\nimport (\n\t\"os\"\n\n\t\"github.com/github/hub/v2/commands\"\n)\n\nfunc main() {\n\terr := commands.CmdRunner.Execute(os.Args)\n\tos.Exit(err.ExitCode)\n}\n");
const HUB_COMMANDS = {
  pull_request: "Opens a pull request on GitHub for the current branch.",
  sync: "Fetches from upstream and fast-forwards local branches.",
  release: "Lists, creates and edits releases.",
  gist: "Creates and prints gists.",
  ci_status: "Shows the combined commit status of a commit.",
  fork: "Forks the current repository on GitHub and adds a git remote for it.",
};
for (const [name, summary] of Object.entries(HUB_COMMANDS)) {
  const command = name.replace(/_(\w)/g, (_, c) => c.toUpperCase());
  file("github/hub", `commands/${name}.go`, `package commands

import (
\t"fmt"

\t"github.com/github/hub/v2/github"
)

// ${summary}
var cmd${command[0].toUpperCase() + command.slice(1)} = &Command{
\tRun:   ${command},
\tUsage: "${name.replace("_", "-")} [options]",
}

func ${command}(command *Command, args *Args) {
\tlocalRepo, err := github.LocalRepo()
\tif err != nil {
\t\tfmt.Println("error: not a git repository")
\t\treturn
\t}
\t_ = localRepo
}
`);
}
file("github/hub", "github/client.go", "package github\n\nimport \"net/http\"\n\n// Client talks to the GitHub API of one host.\ntype Client struct {\n\tHost *Host\n\thttp *http.Client\n}\n\nfunc NewClient(h string) *Client {\n\treturn &Client{Host: &Host{Host: h}, http: http.DefaultClient}\n}\n");
file("github/hub", "README.md", "hub is a command line tool that wraps `git` in order to extend it with extra features and commands that make working with GitHub easier.\n\n``` sh\n$ hub clone rtomayko/tilt\n```\n");

// Private and internal repositories
file("github/super-secret", "README.md", README.secret);
file("github/super-secret", "lib/cupcake_deploy.rb", "# Deploys the cupcake site to Pages. The octocat approves every release.\nmodule CupcakeDeploy\n  def self.run!(env)\n    system('bundle', 'exec', 'jekyll', 'build', exception: true)\n    Pages.publish('_site', environment: env)\n  end\nend\n");
file("github/internal-tools", "tools/deploy.py", "\"\"\"Deploys internal tools; --dry-run prints the plan only.\"\"\"\nimport argparse\n\n\ndef main():\n    parser = argparse.ArgumentParser()\n    parser.add_argument(\"--dry-run\", action=\"store_true\")\n    args = parser.parse_args()\n    print(\"plan only\" if args.dry_run else \"deploying\")\n\n\nif __name__ == \"__main__\":\n    main()\n");
file("github/internal-tools", "README.md", "# internal-tools\n\nShared test fixtures and deployment tools. Internal to the enterprise.\n");
file("myorg/infra", "terraform/main.tf", "terraform {\n  required_version = \">= 1.8\"\n}\n\nresource \"aws_instance\" \"db\" {\n  count         = 2\n  instance_type = \"m6g.large\"\n  tags = {\n    Name = \"db-${count.index + 1}\"\n  }\n}\n");
file("myorg/infra", "ansible/playbook.yml", "- hosts: db\n  become: true\n  tasks:\n    - name: Alert on disk usage\n      ansible.builtin.template:\n        src: disk-alert.j2\n        dest: /etc/monitoring/disk.yml\n");
file("myorg/handbook", "oncall/test-plan.md", "# On-call test plan\n\n1. Page the primary.\n2. Confirm the escalation reaches the secondary within five minutes.\n");

// mozilla
file("mozilla/shumway", "src/flash/display/DisplayObject.as", "package flash.display {\n  import flash.geom.Point;\n\n  public class DisplayObject {\n    public var x:Number = 0;\n    public var y:Number = 0;\n\n    public function hitTestPoint(px:Number, py:Number, shapeFlag:Boolean = false):Boolean {\n      return px >= x && py >= y;\n    }\n  }\n}\n");
file("mozilla/shumway", "src/flash/display/Sprite.as", "package flash.display {\n  public class Sprite extends DisplayObjectContainer {\n    public var buttonMode:Boolean;\n\n    public function startDrag(lockCenter:Boolean = false):void {\n      // Dragging is implemented natively by the player.\n    }\n  }\n}\n");
file("mozilla/shumway", "src/avm2/runtime.ts", "module Shumway.AVM2.Runtime {\n  export function interpret(methodInfo: MethodInfo, scope: Scope, args: any[]): any {\n    const frame = new Frame(methodInfo, scope, args);\n    while (frame.pc < methodInfo.code.length) {\n      frame.step();\n    }\n    return frame.returnValue;\n  }\n}\n");
file("mozilla/shumway", "README.md", "# Shumway\n\nShumway is an HTML5 technology experiment that explores building a faithful and efficient renderer for the SWF file format without native code assistance.\n\nThe project is no longer maintained.\n");
file("mozilla/pdf.js", "README.md", README.pdfjs);
file("mozilla/pdf.js", "CONTRIBUTING.md", "# Contributing to PDF.js\n\nRun `gulp lint` and `gulp unittestcli` before opening a pull request. Reference tests live in `test/pdfs`.\n");
file("mozilla/pdf.js", "docs/api.md", "# API\n\n```js\nconst pdf = await pdfjsLib.getDocument(url).promise;\nconst page = await pdf.getPage(1);\n```\n\nThe text layer renders selectable text over the canvas.\n");
file("mozilla/pdf.js", "src/display/api.js", "/**\n * Loads a PDF document.\n * @param {string|URL|TypedArray} src\n */\nexport function getDocument(src) {\n  const task = new PDFDocumentLoadingTask();\n  worker.postMessage({ action: \"GetDocRequest\", source: String(src) });\n  return task;\n}\n");
file("mozilla/pdf.js", "test/pdfs/README.md", "# Reference PDFs\n\n- `kumquat.pdf`: text layer alignment.\n- `zebrafish.pdf`: a scanned article with an OCR text layer; its dump is in `text-layer-dump.txt`.\n");
// 384 KiB exactly: past the searchable-size limit, so its words must never be found.
file("mozilla/pdf.js", "test/pdfs/text-layer-dump.txt", linesUpTo(393_216, (i) => `page ${Math.floor(i / 40) + 1} run ${i % 40}: zebrafish glyph offsets ${(i * 7919) % 10007} ${(i * 104729) % 65521} oversizedmarker`, (room) => `${"#".repeat(room - 1)}\n`));

// libgit2, desktop, jekyll, electron, GNOME
file("libgit2/libgit2", "src/libgit2/repository.c", "#include \"repository.h\"\n\nint git_repository_open(git_repository **out, const char *path)\n{\n\tgit_repository *repo = NULL;\n\tint error;\n\n\tif ((error = repo_init(&repo, path)) < 0)\n\t\tgoto done;\n\n\t*out = repo;\n\ndone:\n\tif (error < 0)\n\t\tgit_repository_free(repo);\n\treturn error;\n}\n");
file("libgit2/libgit2", "include/git2/repository.h", "#ifndef INCLUDE_git_repository_h__\n#define INCLUDE_git_repository_h__\n\n/**\n * Open a git repository.\n */\nGIT_EXTERN(int) git_repository_open(git_repository **out, const char *path);\n\n#endif\n");
file("libgit2/libgit2", "README.md", "libgit2 - the Git linkable library\n==================================\n\nlibgit2 is a portable, pure C implementation of the Git core methods provided as a linkable library with a solid API.\n");
file("desktop/desktop", "app/src/lib/git/commit.ts", "import { git } from './core'\n\n/** Creates a commit from the staged changes and returns its SHA. */\nexport async function createCommit(repositoryPath: string, message: string): Promise<string> {\n  const result = await git(['commit', '-F', '-'], repositoryPath, 'createCommit', { stdin: message })\n  return parseCommitSHA(result.stdout)\n}\n\nfunction parseCommitSHA(output: string): string {\n  return output.match(/^\\[.+ ([a-f0-9]+)\\]/)?.[1] ?? ''\n}\n");
file("desktop/desktop", "app/src/lib/git/branch.ts", "import { git } from './core'\n\nexport async function checkoutBranch(repositoryPath: string, name: string, keepStash = true): Promise<void> {\n  if (keepStash) {\n    await git(['stash', 'push', '--include-untracked'], repositoryPath, 'stashBeforeCheckout')\n  }\n  await git(['checkout', name], repositoryPath, 'checkoutBranch')\n}\n");
file("desktop/desktop", "app/src/ui/app.tsx", "import * as React from 'react'\n\ninterface IAppProps {\n  readonly title: string\n}\n\nexport class App extends React.Component<IAppProps> {\n  public componentDidMount() {\n    window.addEventListener('focus', this.onFocus)\n  }\n\n  private onFocus = () => {\n    this.props.title && document.dispatchEvent(new Event('app-focus'))\n  }\n\n  public render() {\n    return <div id=\"desktop-app\">{this.props.title}</div>\n  }\n}\n");
file("desktop/desktop", "README.md", "# [GitHub Desktop](https://desktop.github.com)\n\nGitHub Desktop is an open-source Electron-based GitHub app. It is written in TypeScript and uses React.\n");
file("jekyll/jekyll", "lib/jekyll.rb", "require 'rubygems'\nrequire 'fileutils'\nrequire 'time'\n\nmodule Jekyll\n  autoload :Site, 'jekyll/site'\n  autoload :Page, 'jekyll/page'\n\n  def self.env\n    ENV['JEKYLL_ENV'] || 'development'\n  end\nend\n");
file("jekyll/jekyll", "lib/jekyll/site.rb", "module Jekyll\n  class Site\n    attr_reader :source, :dest\n\n    def process\n      reset\n      read\n      generate\n      render\n      cleanup\n      write\n    end\n\n    def incremental?\n      config['incremental']\n    end\n  end\nend\n");
file("jekyll/jekyll", "test/test_helper.rb", "require 'minitest/autorun'\nrequire 'jekyll'\n\nclass JekyllUnitTest < Minitest::Test\n  def fixture_site(overrides = {})\n    Jekyll::Site.new(Jekyll.configuration(overrides.merge('source' => source_dir)))\n  end\nend\n");
file("jekyll/jekyll", "README.markdown", README.jekyll);
file("jekyll/jekyll", "docs/_docs/installation.md", "---\ntitle: Installation\n---\n\nJekyll is a Ruby gem: `gem install jekyll bundler`. On Windows, use RubyInstaller.\n");
file("jekyll/minima", "_sass/minima/_layout.scss", ".site-header {\n  border-top: 5px solid $border-color-03;\n  min-height: $spacing-unit * 1.865;\n}\n\n.site-nav {\n  .menu-icon {\n    display: none;\n  }\n\n  @media screen and (max-width: $on-medium) {\n    .trigger {\n      display: block;\n    }\n  }\n}\n");
file("jekyll/minima", "_sass/minima/_base.scss", "body {\n  font: $base-font-weight #{$base-font-size}/#{$base-line-height} $base-font-family;\n  color: $text-color;\n}\n\nimg {\n  max-width: 100%;\n  vertical-align: middle;\n}\n");
file("jekyll/minima", "assets/main.scss", "---\n---\n\n@import \"minima\";\n");
file("jekyll/minima", "_layouts/default.html", "<!DOCTYPE html>\n<html lang=\"{{ page.lang | default: site.lang | default: \"en\" }}\">\n  {%- include head.html -%}\n  <body>\n    {%- include header.html -%}\n    <main class=\"page-content\">{{ content }}</main>\n  </body>\n</html>\n");
file("electron/electron", "lib/browser/api/app.ts", "import { app } from 'electron/main';\n\nexport async function getGPUInfo(infoType: 'basic' | 'complete') {\n  if (!app.isReady()) throw new Error('app.getGPUInfo() can only be called after the ready event');\n  return app._getGPUInfo(infoType);\n}\n");
file("electron/electron", "shell/browser/api/electron_api_app.cc", "// Copyright (c) 2013 GitHub, Inc.\n\n#include \"shell/browser/api/electron_api_app.h\"\n\nnamespace electron::api {\n\nv8::Local<v8::Promise> App::GetGPUInfo(v8::Isolate* isolate, const std::string& info_type) {\n  gin_helper::Promise<base::Value> promise(isolate);\n  return promise.GetHandle();\n}\n\n}  // namespace electron::api\n");
file("electron/electron", "README.md", README.electron);
file("GNOME/gnome-builder", "src/main.c", "#include <glib/gi18n.h>\n#include \"ide-application.h\"\n\nint\nmain (int argc, char *argv[])\n{\n  g_autoptr(IdeApplication) app = ide_application_new ();\n  return g_application_run (G_APPLICATION (app), argc, argv);\n}\n");
file("GNOME/gnome-shell", "js/ui/main.js", "import * as Panel from './panel.js';\n\nexport let panel = null;\n\nexport function start() {\n    panel = new Panel.Panel();\n    global.log('GNOME Shell started');\n}\n");

// Perl CGI
file("mike-k/guestbook", "cgi-bin/form.pm", "package form;\nuse strict;\nuse CGI qw(:standard);\n\n# Prints the guestbook form.\nsub print_form {\n    print start_form(-method => 'POST', -action => '/cgi-bin/guestbook.pl');\n    print textfield('name'), textarea('message'), submit('Sign');\n    print end_form;\n}\n\n1;\n");
file("mike-k/guestbook", "cgi-bin/lib/Guestbook/Form.pm", "package Guestbook::Form;\nuse strict;\n\n# Validates a submitted form: both fields are required.\nsub validate {\n    my ($params) = @_;\n    return grep { !length($params->{$_} // '') } qw(name message);\n}\n\n1;\n");
file("mike-k/guestbook", "cgi-bin/guestbook.pl", "#!/usr/bin/perl\nuse strict;\nuse lib 'cgi-bin/lib';\nuse CGI qw(:standard);\nuse Guestbook::Form;\n\nprint header;\nmy @missing = Guestbook::Form::validate({ map { $_ => param($_) } param() });\nprint @missing ? p('Please fill in the form.') : p('Thanks for signing!');\n");
file("mike-k/guestbook", "lib/Form/Helper.pm", "package Form::Helper;\nuse strict;\n\n# Escapes form input for HTML output.\nsub escape {\n    my ($text) = @_;\n    $text =~ s/&/&amp;/g; $text =~ s/</&lt;/g;\n    return $text;\n}\n\n1;\n");
file("mike-k/guestbook", "cgi-bin/form.html", "<html>\n<body>\n<form method=\"post\" action=\"/cgi-bin/guestbook.pl\">\n  <input name=\"name\"> <textarea name=\"message\"></textarea>\n  <input type=\"submit\" value=\"Sign\">\n</form>\n</body>\n</html>\n");

// mdo: dotfiles and a very large CSS file
file("mdo/dotfiles", ".vimrc", "\" General settings\nset number\nset expandtab shiftwidth=2\n\n\" Custom commands\ncommand! W w\ncommand! Q q\n\" Strip trailing whitespace with :Trim\ncommand! Trim %s/\\s\\+$//e\n");
file("mdo/dotfiles", ".bashrc", "# Aliases for common commands\nalias ll='ls -la'\nalias gs='git status'\nexport EDITOR=vim\n");
file("mdo/dotfiles", ".gitconfig", "[user]\n\tname = Mark Otto\n[alias]\n\tco = checkout\n\tst = status\n");
file("mdo/octicons-css", "build/icons.css", linesUpTo(204_800, (i) => `.icon-${["alert", "arrow", "book", "bell", "check", "code", "file", "gear"][i % 8]}-${i}:before { content: "\\f${(0x100 + i).toString(16)}"; }`, (room) => `/*${"-".repeat(room - 5)}*/\n`));
file("mdo/octicons-css", "src/icons-small.css", ".icon {\n  display: inline-block;\n  width: 16px;\n  height: 16px;\n}\n");
file("mdo/css-reset", "reset.css", "html, body, div, span, h1, h2, p {\n  margin: 0;\n  padding: 0;\n  border: 0;\n}\n\nbody {\n  line-height: 1;\n}\n");
file("mdo/styleguide-linter", "index.js", "export function lint(css, rules) {\n  return rules.flatMap((rule) => rule.check(css)).filter(Boolean);\n}\n");

// Python
const REGISTRY_HIVES = ["HKEY_CURRENT_USER", "HKEY_LOCAL_MACHINE", "HKEY_CLASSES_ROOT", "HKEY_USERS"];
file("olga-k/pywin-utils", "pywin/registry.py", linesUpTo(11_000, (i) => {
  const hive = REGISTRY_HIVES[i % 4];
  return i === 0
    ? '"""Registry helpers. Every function opens its key, reads or writes, and closes it again."""\nimport winreg\n'
    : `\ndef read_value_${i}(path, name):\n    """Helper function: read one value below ${hive}."""\n    with winreg.OpenKey(winreg.${hive}, path) as key:\n        value, _kind = winreg.QueryValueEx(key, name)\n    return value`;
}, (room) => `${"#".repeat(room - 1)}\n`));
file("olga-k/pywin-utils", "pywin/__init__.py", '"""pywin-utils: small helpers for Windows.\n\nEach submodule exposes one function per task.\n"""\n\n__version__ = "0.4.0"\n');
file("olga-k/pywin-utils", "test/test_helper.py", "import unittest\n\n\nclass RegistryTestCase(unittest.TestCase):\n    \"\"\"Base class: skips on systems without a registry.\"\"\"\n\n    def setUp(self):\n        try:\n            import winreg  # noqa: F401\n        except ImportError:\n            self.skipTest(\"needs Windows\")\n");
file("olga-k/pywin-utils", "setup.py", "from setuptools import setup, find_packages\n\nsetup(name=\"pywin-utils\", version=\"0.4.0\", packages=find_packages())\n");
file("olga-k/pandas-snippets", "snippets/clean.py", "import pandas as pd\n\n\ndef drop_empty_columns(frame: pd.DataFrame) -> pd.DataFrame:\n    \"\"\"Drops the columns where every value is missing.\"\"\"\n    return frame.dropna(axis=\"columns\", how=\"all\")\n");

// Java: a parent and two forks, one with more stars than the parent
const ANDROID_TOOLS = "package com.example.tools;\n\nimport java.nio.file.Path;\n\n/** Finds the Android SDK and its command-line tools. */\npublic final class AndroidTools {\n    public static Path sdkRoot() {\n        String home = System.getenv(\"ANDROID_HOME\");\n        return home != null ? Path.of(home) : Path.of(System.getProperty(\"user.home\"), \"Android\", \"Sdk\");\n    }\n\n    public static Path adb() {\n        return sdkRoot().resolve(\"platform-tools\").resolve(\"adb\");\n    }\n}\n";
for (const owner of ["olga-k", "ivan-petrov", "sigga"]) file(`${owner}/android-sdk-tools`, "src/main/java/com/example/tools/AndroidTools.java", ANDROID_TOOLS);

// Smaller repositories
file("sigga/tetris-asm", "readme", README.tetris);
file("sigga/tetris-asm", "src/tetris.asm", "; Tetris for 16-bit real mode\n[org 0x7c00]\nstart:\n    mov ax, 0x0013      ; 320x200 graphics\n    int 0x10\n.loop:\n    call draw_piece\n    call read_key\n    jmp .loop\n");
file("bert/tetris-js", "src/game.js", "export class Game {\n  constructor(width = 10, height = 20) {\n    this.board = Array.from({ length: height }, () => new Array(width).fill(0));\n  }\n\n  tick() {\n    this.piece.y += 1;\n  }\n}\n");
file("ivan-petrov/js-tutorials", "lessons/01-variables.js", "// Lesson 1: variables. JavaScript has three ways to declare them, which is amazing and confusing.\nconst answer = 42;\nlet counter = 0;\ncounter += 1;\nconsole.log(answer, counter);\n");
file("ivan-petrov/js-tutorials", "lessons/02-functions.js", "// Lesson 2: functions\nfunction add(a, b) {\n  return a + b;\n}\n\nconst double = (n) => n * 2;\nconsole.log(add(1, 2), double(4));\n");
file("ivan-petrov/js-tutorials", "README.md", "# JavaScript tutorials\n\nAn amazing place to start: one small lesson per file.\n");
file("ivan-petrov/slider", "src/slider.js", "(function ($) {\n  $.fn.slider = function (options) {\n    const settings = $.extend({ interval: 5000 }, options);\n    return this.each(function () {\n      $(this).addClass(\"slider-ready\").data(\"slider\", settings);\n    });\n  };\n})(jQuery);\n");
file("jennyfer/react-widgets", "src/Button.tsx", "import * as React from 'react';\n\nexport interface ButtonProps extends React.ButtonHTMLAttributes<HTMLButtonElement> {\n  variant?: 'primary' | 'secondary';\n}\n\nexport function Button({ variant = 'primary', ...props }: ButtonProps) {\n  return <button className={`rw-button rw-button--${variant}`} {...props} />;\n}\n");
file("jennyfer/react-widgets", "src/Tabs.tsx", "import * as React from 'react';\n\nexport function Tabs({ labels }: { labels: string[] }) {\n  const [active, setActive] = React.useState(0);\n  return (\n    <div role=\"tablist\">\n      {labels.map((label, i) => (\n        <button key={label} role=\"tab\" aria-selected={i === active} onClick={() => setActive(i)}>{label}</button>\n      ))}\n    </div>\n  );\n}\n");
file("jennyfer/react-widgets", "src/index.ts", "export { Button } from './Button';\nexport { Tabs } from './Tabs';\n");
file("jennyfer/rails-ujs-helpers", "src/confirm.js", "document.addEventListener(\"click\", (event) => {\n  const message = event.target.closest(\"[data-confirm]\")?.dataset.confirm;\n  if (message && !window.confirm(message)) event.preventDefault();\n});\n");
file("tomthumb/case-converter", "index.js", "export const toSnakeCase = (text) => text.replace(/([a-z])([A-Z])/g, \"$1_$2\").toLowerCase();\nexport const toCamelCase = (text) => text.replace(/[_-](\\w)/g, (_, c) => c.toUpperCase());\n");
file("jennyfer/case-converter", "index.js", "export const toSnakeCase = (text) => text.replace(/([a-z])([A-Z])/g, \"$1_$2\").toLowerCase();\nexport const toKebabCase = (text) => toSnakeCase(text).replace(/_/g, \"-\");\n");
file("tomthumb/node-fast", "lib/server.js", "import net from \"node:net\";\n\nexport function createServer(handler) {\n  return net.createServer((socket) => {\n    socket.once(\"data\", (chunk) => handler(parseRequest(chunk), socket));\n  });\n}\n\nfunction parseRequest(chunk) {\n  const [requestLine] = chunk.toString(\"latin1\").split(\"\\r\\n\", 1);\n  const [method, path] = requestLine.split(\" \");\n  return { method, path };\n}\n");
file("tomthumb/node-fast", "README.md", README.nodefast);
file("bert/node-utils", "lib/retry.js", "export async function retry(fn, attempts = 3) {\n  for (let i = 1; ; i += 1) {\n    try {\n      return await fn();\n    } catch (error) {\n      if (i >= attempts) throw error;\n    }\n  }\n}\n");
file("tomthumb/php-cms", "src/Router.php", "<?php\n\nnamespace Cms;\n\nfinal class Router\n{\n    private array $routes = [];\n\n    public function get(string $path, callable $handler): void\n    {\n        $this->routes['GET'][$path] = $handler;\n    }\n}\n");
file("kenyadev/php-cms", "src/Router.php", "<?php\n\nnamespace Cms;\n\n// Njia: routes with Swahili error pages.\nfinal class Router\n{\n    private array $routes = [];\n}\n");
file("sparkle-motion/php-mini", "index.php", "<?php\nrequire __DIR__ . '/vendor/autoload.php';\n\n$app = new Mini\\App();\n$app->get('/', fn () => 'Hello');\n$app->run();\n");
file("hubot/hubot-ios", "Sources/App.swift", "import UIKit\n\n@main\nfinal class AppDelegate: UIResponder, UIApplicationDelegate {\n    func application(_ application: UIApplication, didRegisterForRemoteNotificationsWithDeviceToken deviceToken: Data) {\n        PushToken.shared.update(deviceToken)\n    }\n}\n");
file("mike-k/dotnet-tools", "src/Program.cs", "using System;\n\nnamespace DotnetTools\n{\n    public static class Program\n    {\n        public static int Main(string[] args)\n        {\n            if (args.Length == 0) { Console.Error.WriteLine(\"usage: tools <command>\"); return 1; }\n            return 0;\n        }\n    }\n}\n");
file("mike-k/webos-apps", "apps/hello/app/assistants/stage-assistant.js", "function StageAssistant() {}\n\nStageAssistant.prototype.setup = function () {\n  this.controller.pushScene(\"first\");\n};\n");
file("jlord/patchwork", "README.md", "# Patchwork\n\nA Git and GitHub tutorial: add your square to the patchwork and open a pull request.\n");
file("GNOME/gnome-app-template", "src/main.vala", "int main (string[] args) {\n    var app = new Gtk.Application (\"org.gnome.Template\", ApplicationFlags.DEFAULT_FLAGS);\n    return app.run (args);\n}\n");
file("benbalter/jekyll-seo-tag", "lib/jekyll-seo-tag.rb", "module Jekyll\n  class SeoTag < Liquid::Tag\n    def render(context)\n      \"<title>#{context.registers[:page]['title']}</title>\"\n    end\n  end\nend\n");

// ---------------------------------------------------------------------------
// Repositories, users, topics and labels as records

const repoId = (fullName) => repos.get(fullName).id ?? idFor("repository", fullName, 1_000_000);

/** The part of a repository object that forks embed for their parent. */
function repoSummary(fullName) {
  const spec = repos.get(fullName);
  if (!spec) {
    const { id, stars, forks } = UNLOADED_PARENTS[fullName];
    const [owner, name] = fullName.split("/");
    return { id, node_id: nodeId("Repository", id), name, full_name: fullName, owner: { login: owner, type: "Organization" }, private: false, html_url: `${WEB}/${fullName}`, fork: false, url: `${API}/repos/${fullName}`, stargazers_count: stars, forks_count: forks };
  }
  const id = repoId(fullName);
  return { id, node_id: nodeId("Repository", id), name: spec.name, full_name: fullName, owner: userRef(spec.owner), private: spec.visibility !== "public", html_url: `${WEB}/${fullName}`, description: spec.description, fork: Boolean(spec.parent), url: `${API}/repos/${fullName}`, stargazers_count: spec.stars, forks_count: spec.forks };
}

function renderRepo(spec) {
  const id = repoId(spec.fullName);
  const api = `${API}/repos/${spec.fullName}`;
  const openItems = itemSpecs.filter((s) => s.repo === spec.fullName && !s.closed).length;
  const record = {
    id,
    node_id: nodeId("Repository", id),
    name: spec.name,
    full_name: spec.fullName,
    private: spec.visibility !== "public",
    owner: userRef(spec.owner),
    html_url: `${WEB}/${spec.fullName}`,
    description: spec.description,
    fork: Boolean(spec.parent),
    url: api,
    issues_url: `${api}/issues{/number}`,
    pulls_url: `${api}/pulls{/number}`,
    created_at: spec.created,
    updated_at: clampToEnd(plusHours(spec.pushed, 3)),
    pushed_at: spec.pushed,
    clone_url: `${WEB}/${spec.fullName}.git`,
    homepage: null,
    size: spec.size,
    stargazers_count: spec.stars,
    watchers_count: spec.stars,
    language: spec.language,
    has_issues: spec.has_issues ?? true,
    has_projects: true,
    has_wiki: !spec.parent,
    has_pages: spec.topics.includes("github-pages"),
    has_discussions: spec.stars > 10000,
    forks_count: spec.forks,
    mirror_url: spec.mirror_url ?? null,
    archived: Boolean(spec.archived),
    disabled: false,
    open_issues_count: openItems,
    license: licenseObject(spec.license),
    allow_forking: true,
    is_template: Boolean(spec.is_template),
    topics: spec.topics,
    visibility: spec.visibility,
    forks: spec.forks,
    open_issues: openItems,
    watchers: spec.stars,
    default_branch: spec.default_branch ?? "main",
    subscribers_count: spec.subs,
    network_count: spec.parent ? repoSummary(spec.parent).forks_count : spec.forks,
  };
  if (spec.custom_properties) record.custom_properties = spec.custom_properties;
  if (spec.parent) record.parent = record.source = repoSummary(spec.parent);
  if (spec.readme) record.readme = spec.readme;
  if (spec.has_funding_file) record.has_funding_file = true;
  if (spec.collaborators) record.collaborators = spec.collaborators;
  return record;
}

function renderTopic([name, display_name, short_description, created, featured, curated, released = null, created_by = null]) {
  return {
    name,
    display_name,
    short_description,
    description: short_description && `${short_description} Browse the repositories tagged with this topic.`,
    created_by: curated ? created_by : null,
    released: curated ? released : null,
    created_at: iso(created),
    updated_at: latest(plusHours(created, 24 * 365), "2023-02-02"),
    featured,
    curated,
  };
}

const labelRecords = [...labelsByRepo].flatMap(([fullName, labels]) => labels.map((label) => ({ ...label, repository_id: repoId(fullName) })));

// ---------------------------------------------------------------------------
// Output

const output = {
  users: [...users.values()],
  repositories: [...repos.values()].map(renderRepo),
  topics: TOPICS.map(renderTopic),
  labels: labelRecords,
  issues: issueRecords,
  comments: commentRecords,
  commits: commitRecords,
  code: codeRecords,
};

mkdirSync(OUT, { recursive: true });
let total = 0;
for (const [kind, records] of Object.entries(output)) {
  const text = records.map((record) => JSON.stringify(record)).join("\n") + "\n";
  writeFileSync(join(OUT, `${kind}.ndjson`), text);
  total += Buffer.byteLength(text);
  console.log(`${kind.padEnd(12)} ${String(records.length).padStart(4)} records ${String(Buffer.byteLength(text)).padStart(9)} bytes`);
}
console.log(`${"total".padEnd(12)} ${" ".repeat(12)} ${String(total).padStart(9)} bytes`);
