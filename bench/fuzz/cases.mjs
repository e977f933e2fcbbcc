/**
 * Generated and mutated inputs for the fuzzer: query text built from the grammar's pieces and from
 * the kinds' own qualifier tables, mutations of the documented example queries, odd parameters,
 * Accept headers, callers, and whole requests for `request()`. Every case is a pure function of
 * (seed, index), so one failing case can be replayed alone.
 */
import { hash32, intBetween, mulberry32, pick } from "../random.mjs";

/** Words that reach the sample data, plus a few that reach nothing. */
const WORDS = [
  "hello", "world", "css", "fix", "typo", "cats", "bug", "test", "readme", "octocat", "Hello-World",
  "linguist", "addClass", "jquery", "parse", "router", "launch", "spoon", "knife", "the", "a", "tetris",
  "zzzzunmatched", "e1109ab", "7638417db6d59f3c431d3e1f261cc637155684cd", "x", "1", "0",
];
const ODD_WORDS = [
  "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf", "__defineGetter__",
  "café", "😀", "𝔘𝔫𝔦𝔠𝔬𝔡𝔢", "日本語", "עברית", "a\u0301", "\u200b", "\ufeff", "\ud800", "\udfff", "\u0000", "\u0007",
  "\u001b[31m", "\u007f", "\u2028", "%00", "%", "\\", "'", "`", "$", "{}", "[]", "<script>", "..", "...", "*", "**", "@", "@me", "-", "--",
  ":", "::", ",", ",,", "#", "+", "=", ">", "<", ">=", "<=", "\t", "\n", "\r\n", "\u00a0", "\u3000",
];
const OPERATORS = ["AND", "OR", "NOT", "and", "or", "not", "&&", "||", "-"];
const QUALIFIER_ODD_NAMES = [
  "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "props.__proto__", "props.constructor",
  "props.", "props.x.y", "sort", "in", "is", "no", "NO", "In", "IS", "Sort", "user", "repo", "x", "", "-", "a-b", "LABEL",
];
const NUMBER_VALUES = [
  "0", "1", "10", "-1", "-0", "1.5", "1e3", "1e400", "99999999999999999999999", "9007199254740993", "NaN", "Infinity", "-Infinity",
  "0x10", "010", "1_000", " 1", "", "*", "..", "1..", "..1", "*..*", "10..5", "5..10", "1..2..3", ">", ">=", "<", "<=", ">5", ">=5", "<5",
  "<=5", ">-1", "<<5", ">>5", "=5", ">*", "1,2", "1 2",
];
const DATE_VALUES = [
  "2016-04-30", "2016-04-30..2016-07-04", ">2016-04-29", ">=2017-04-01", "<2012-07-05", "<=2012-07-05", "2017-01-01T01:00:00+07:00",
  "2016-03-21T14:11:00Z..2016-04-07T20:45:00Z", "2017-01-01T01:00:00 07:00", "2017-01-01T01:00Z", "2017-02-30", "2017-13-01",
  "0000-01-01", "9999-12-31", "275760-09-13", "-000001-01-01", "2017-1-1", "20170101", "2017-01-01T25:00:00Z", "2017-01-01T00:00:60Z",
  "2017-01-01T00:00:00+24:00", "2017-01-01T00:00:00-99:99", "2017-01-01..*", "*..2017-01-01", "2017..2018", "today", "1e10", "-1",
];
const SORT_VALUES_EXTRA = ["", "asc", "desc", "-asc", "stars-asc", "stars-desc", "__proto__-asc", "constructor", "toString-desc", "a-b-c", "-", "best-match"];

/** Accept headers: the site's media types, their combinations, and junk. */
const ACCEPTS = [
  undefined, "", "application/json", "*/*", "application/*", "text/html", "application/vnd.github.v3+json", "application/vnd.github+json",
  "application/vnd.github.v3.text-match+json", "application/vnd.github.cloak-preview", "application/vnd.github.cloak-preview+json",
  "application/vnd.github.mercy-preview+json", "application/vnd.github.cloak-preview, application/vnd.github.v3.text-match+json",
  "application/vnd.github.mercy-preview+json, application/vnd.github.v3.text-match+json",
  "application/vnd.github.v3.raw+json", "application/vnd.github.v3.html", "application/vnd.other.v3+json", "application/vnd.github.v4+json",
  "application/json;q=0", "application/json; q=0.5, */*;q=0.1", "application/vnd.github.v3+json;charset=utf-8", "text/*;q=1.0",
  ";;;", ",,,", "application/", "/json", "application/vnd.github.__proto__+json", "application/vnd.github.constructor-preview",
  "application/vnd..v3+json", "application/vnd.github.v3.text-match+json;q=NaN", "\u0000", "application/json\r\nx: y", "é/ü",
];

const CALLER_LOGINS = ["octocat", "defunkt", "mojombo", "ann", "nobody-here", "__proto__", "constructor", "OctoCat", "a", "-", "日本"];
const VIAS = [undefined, "basic", "oauth", "client", "app-user"];
const MALFORMED_CALLERS = [
  {}, { login: "" }, { login: "   " }, { login: 5 }, { login: null }, { login: ["octocat"] }, { login: "octocat", via: "token" },
  { login: "octocat", via: "__proto__" }, { login: "octocat", via: 1 }, "octocat", 7, true, [], ["octocat"], { via: "oauth" },
];

const ODD_PARAM_VALUES = [
  undefined, null, "", " ", "0", "1", "-1", "2", "30", "100", "101", "1000", "1e3", "1.5", "abc", "NaN", "Infinity", "-Infinity",
  "99999999999999999999", "0x10", "34", "10 ", " 10", "1,2", "__proto__", "constructor", 0, 1, -1, 1.5, 1e21, NaN, Infinity, -0,
  Number.MAX_SAFE_INTEGER, true, false, [], [2], ["a", "b"], {}, { valueOf: () => 3 }, 10n, "\u0000", "１０",
];

/** Everything the generators draw on: the kinds' qualifier tables and names found in the data. */
export function fuzzContext({ kinds, examples, vocab }) {
  const qualifiers = [];
  const sorts = new Set(SORT_VALUES_EXTRA);
  for (const spec of Object.values(kinds)) {
    for (const q of spec.qualifiers) {
      qualifiers.push({ name: q.namePrefix ? `${q.namePrefix}${pick(mulberry32(q.name.length), ["environment", "x"])}` : q.name, values: q.values ?? [] });
      for (const a of q.aliases ?? []) qualifiers.push({ name: a, values: q.values ?? [] });
    }
    for (const s of Object.keys(spec.sorts)) {
      sorts.add(s);
      sorts.add(`${s}-asc`);
      sorts.add(`${s}-desc`);
    }
  }
  return {
    kinds: Object.keys(kinds),
    qualifiers,
    sorts: [...sorts],
    examples,
    repos: vocab.repos.length ? vocab.repos : ["octocat/Hello-World"],
    logins: vocab.logins.length ? vocab.logins : ["octocat"],
    repositoryIds: vocab.repositoryIds.length ? vocab.repositoryIds : [1296269],
    labels: vocab.labels.length ? vocab.labels : ["bug"],
  };
}

const chance = (rng, p) => rng() < p;

/** A string of random code points: ASCII mostly, with controls, surrogates and astral characters. */
function randomChars(rng, n) {
  let s = "";
  for (let i = 0; i < n; i++) {
    const r = rng();
    if (r < 0.7) s += String.fromCharCode(intBetween(rng, 0x20, 0x7e));
    else if (r < 0.8) s += String.fromCharCode(intBetween(rng, 0, 0x1f));
    else if (r < 0.9) s += String.fromCharCode(intBetween(rng, 0x80, 0xffff));
    else s += String.fromCodePoint(intBetween(rng, 0x10000, 0x10ffff));
  }
  return s;
}

function word(rng, ctx) {
  const r = rng();
  if (r < 0.55) return pick(rng, WORDS);
  if (r < 0.7) return pick(rng, ODD_WORDS);
  if (r < 0.8) return pick(rng, ctx.labels);
  if (r < 0.85) return pick(rng, ctx.logins);
  if (r < 0.97) return randomChars(rng, intBetween(rng, 1, 8));
  return "w".repeat(intBetween(rng, 100, 5000));
}

/** A value for a qualifier: one of its listed values, or any of the shapes qualifiers read. */
function qualifierValue(rng, ctx, q) {
  const r = rng();
  if (r < 0.25 && q.values.length) return pick(rng, q.values);
  if (r < 0.35) return pick(rng, NUMBER_VALUES);
  if (r < 0.45) return pick(rng, DATE_VALUES);
  if (r < 0.52) return pick(rng, ctx.repos);
  if (r < 0.58) return pick(rng, ["@me", "@ME", "@me,@me", "@", "@other", ...ctx.logins]);
  if (r < 0.64) return `"${word(rng, ctx)} ${word(rng, ctx)}"`;
  if (r < 0.7) return `${word(rng, ctx)},${word(rng, ctx)}${chance(rng, 0.3) ? "," : ""}`;
  if (r < 0.75) return `"${word(rng, ctx)}${chance(rng, 0.5) ? '"' : ""}`;
  if (r < 0.8) return pick(rng, ctx.sorts);
  if (r < 0.83) return "9".repeat(intBetween(rng, 20, 400));
  if (r < 0.86) return "";
  return word(rng, ctx);
}

function qualifier(rng, ctx) {
  const q = chance(rng, 0.9) ? pick(rng, ctx.qualifiers) : { name: pick(rng, QUALIFIER_ODD_NAMES), values: [] };
  let name = q.name;
  if (chance(rng, 0.05)) name = name.toUpperCase();
  const sign = chance(rng, 0.12) ? "-" : "";
  const value = q.name === "sort" && chance(rng, 0.7) ? pick(rng, ctx.sorts) : qualifierValue(rng, ctx, q);
  return `${sign}${name}:${value}`;
}

function piece(rng, ctx, depth) {
  const r = rng();
  if (r < 0.35) return qualifier(rng, ctx);
  if (r < 0.6) return word(rng, ctx);
  if (r < 0.7) return pick(rng, OPERATORS);
  if (r < 0.78) return `"${Array.from({ length: intBetween(rng, 0, 4) }, () => word(rng, ctx)).join(" ")}${chance(rng, 0.85) ? '"' : ""}`;
  if (r < 0.86 && depth < 8) {
    const inner = Array.from({ length: intBetween(rng, 0, 3) }, () => piece(rng, ctx, depth + 1)).join(" ");
    return `(${inner}${chance(rng, 0.85) ? ")" : ""}`;
  }
  if (r < 0.9) return pick(rng, ["(", ")", '"', "((", "))", "()", "-", "NOT", "@me"]);
  if (r < 0.93) return `-${word(rng, ctx)}`;
  if (r < 0.95) return "(".repeat(intBetween(rng, 5, 2000)) + "x" + ")".repeat(intBetween(rng, 0, 2000));
  return pick(rng, ["sort:", "in:", "is:", "no:", "repo:", "user:@me", "org:@me", "sort:__proto__", "in:__proto__", "in:constructor", "is:toString"]);
}

const SEPARATORS = [" ", " ", " ", " ", "  ", "\t", "\n", "", "+", "\u00a0", "\u3000", "\r"];

/** Query text assembled from grammar pieces. */
function builtQuery(rng, ctx) {
  const n = chance(rng, 0.02) ? intBetween(rng, 40, 400) : intBetween(rng, 1, 8);
  let s = "";
  for (let i = 0; i < n; i++) s += (i ? pick(rng, SEPARATORS) : "") + piece(rng, ctx, 0);
  return s;
}

/** One of the documented example queries, mutated a few times. */
function mutatedExample(rng, ctx) {
  let s = pick(rng, ctx.examples);
  const rounds = intBetween(rng, 0, 4);
  for (let i = 0; i < rounds; i++) s = mutate(rng, ctx, s);
  return s;
}

function mutate(rng, ctx, s) {
  const at = intBetween(rng, 0, s.length);
  switch (intBetween(rng, 0, 11)) {
    case 0:
      return s.slice(0, at) + randomChars(rng, intBetween(rng, 1, 3)) + s.slice(at);
    case 1:
      return s.slice(0, at) + s.slice(at + intBetween(rng, 1, 5));
    case 2:
      return s.slice(0, at) + pick(rng, ['"', "(", ")", ":", "-", ",", "..", "*", "@me", " OR ", " AND ", " NOT ", ">", "<=", "\\", "%"]) + s.slice(at);
    case 3:
      return s.slice(0, at);
    case 4:
      return `${s} ${pick(rng, ctx.examples)}`;
    case 5:
      return s.split(" ").reverse().join(" ");
    case 6:
      return s.toUpperCase();
    case 7:
      return `${s} ${qualifier(rng, ctx)}`;
    case 8:
      return s.slice(0, at) + " " + piece(rng, ctx, 0) + " " + s.slice(at);
    case 9:
      return s.repeat(intBetween(rng, 2, 40));
    case 10:
      return s.replace(/:([^ ]*)/, () => `:${qualifierValue(rng, ctx, pick(rng, ctx.qualifiers))}`);
    default:
      return s.replace(/\b[a-z-]+:/, () => `${pick(rng, QUALIFIER_ODD_NAMES)}:`);
  }
}

/** Words and listed qualifier values only: most of these pass validation and reach ranking and highlighting. */
function plainQuery(rng, ctx) {
  const parts = [];
  for (let i = intBetween(rng, 1, 4); i > 0; i--) {
    const q = pick(rng, ctx.qualifiers);
    if (chance(rng, 0.6) || !q.values.length) parts.push(chance(rng, 0.2) ? `"${pick(rng, WORDS)} ${pick(rng, WORDS)}"` : pick(rng, WORDS));
    else parts.push(`${q.name}:${pick(rng, q.values)}`);
  }
  return parts.join(chance(rng, 0.1) ? " OR " : " ");
}

export function queryText(rng, ctx) {
  const r = rng();
  if (r < 0.2) return plainQuery(rng, ctx);
  if (r < 0.5) return builtQuery(rng, ctx);
  if (r < 0.9) return mutatedExample(rng, ctx);
  if (r < 0.95) return randomChars(rng, intBetween(rng, 0, 60));
  // Around and past the byte cap.
  return pick(rng, WORDS).repeat(intBetween(rng, 700, 1200)).slice(0, intBetween(rng, 4000, 4200));
}

function oddValue(rng) {
  return pick(rng, ODD_PARAM_VALUES);
}

function params(rng, ctx, kind) {
  const p = {};
  const q = rng();
  if (q < 0.93) p.q = queryText(rng, ctx);
  else if (q < 0.97) p.q = oddValue(rng);
  if (chance(rng, 0.4)) p.sort = chance(rng, 0.7) ? pick(rng, ctx.sorts) : oddValue(rng);
  if (chance(rng, 0.3)) p.order = chance(rng, 0.7) ? pick(rng, ["asc", "desc", "ASC", "Desc", "", "up"]) : oddValue(rng);
  if (chance(rng, 0.3)) p.per_page = oddValue(rng);
  if (chance(rng, 0.3)) p.page = oddValue(rng);
  if (kind === "labels" ? chance(rng, 0.9) : chance(rng, 0.1)) {
    p.repository_id = chance(rng, 0.7) ? pick(rng, ctx.repositoryIds) : oddValue(rng);
    if (chance(rng, 0.3)) p.repository_id = String(p.repository_id);
  }
  return p;
}

function caller(rng, ctx) {
  const r = rng();
  if (r < 0.35) return undefined;
  if (r < 0.85) {
    const c = { login: chance(rng, 0.5) ? pick(rng, ctx.logins) : pick(rng, CALLER_LOGINS) };
    const via = pick(rng, VIAS);
    if (via) c.via = via;
    return c;
  }
  if (r < 0.9) return null;
  return structuredClone(pick(rng, MALFORMED_CALLERS));
}

/** Media types every endpoint accepts (commits and topics need their previews), with or without text matches. */
const GOOD_ACCEPTS = [
  "application/vnd.github.cloak-preview, application/vnd.github.mercy-preview+json",
  "application/vnd.github.cloak-preview, application/vnd.github.mercy-preview+json, application/vnd.github.v3.text-match+json",
  "application/vnd.github.v3.text-match+json, application/vnd.github.mercy-preview.text-match+json, application/vnd.github.cloak-preview",
];

function accept(rng) {
  const r = rng();
  if (r < 0.55) return pick(rng, GOOD_ACCEPTS);
  if (r < 0.95) return pick(rng, ACCEPTS);
  return randomChars(rng, intBetween(rng, 0, 40));
}

function kindName(rng, ctx, endpoints) {
  if (chance(rng, 0.98)) return pick(rng, endpoints);
  return pick(rng, ["", "Issues", "__proto__", "constructor", "toString", "hasOwnProperty", "search", "comments", "../issues", "issues "]);
}

/** Percent-encodes a text the way clients do, or not quite. */
function encodeQuery(rng, text) {
  const r = rng();
  if (r < 0.5) return encodeURIComponent(safeString(text));
  if (r < 0.7) return encodeURIComponent(safeString(text)).replace(/%20/g, "+");
  if (r < 0.85) return text;
  // Percent-encoding garbage: stray %, short and invalid escapes, encoded halves of UTF-8.
  return text + pick(rng, ["%", "%z", "%zz", "%E0%A4%A", "%C3", "%FF%FE", "%00", "%25", "%2", "%%", "%u00e9", "%ED%A0%80"]);
}

/** Lone surrogates make encodeURIComponent throw: replace them first. */
function safeString(text) {
  return String(text).replace(/[\ud800-\udfff]/g, (c, i, s) => (isPaired(s, i) ? c : "\ufffd"));
}

function isPaired(s, i) {
  const c = s.charCodeAt(i);
  if (c <= 0xdbff) return i + 1 < s.length && s.charCodeAt(i + 1) >= 0xdc00 && s.charCodeAt(i + 1) <= 0xdfff;
  return i > 0 && s.charCodeAt(i - 1) >= 0xd800 && s.charCodeAt(i - 1) <= 0xdbff;
}

const PATHS = ["/search/", "/search", "/", "", "/search//issues", "/search/issues/x", "//search/issues", "/SEARCH/issues", "/search/../search/issues",
  "/search/%69ssues", "/search/issues%2F", "/search/__proto__", "/search/constructor", "/search/toString", "http://example.com/search/issues",
  "https://api.github.com/search/code", "//evil.example/search/users", "/search/users#frag", "/search/users?", "\u0000", "/search/\u00e9", "*"];

function url(rng, ctx, endpoints) {
  const kind = kindName(rng, ctx, endpoints);
  const path = chance(rng, 0.9) ? `/search/${kind}${chance(rng, 0.05) ? "/" : ""}` : pick(rng, PATHS);
  const p = params(rng, ctx, kind);
  const parts = [];
  for (const [name, value] of Object.entries(p)) {
    if (value === undefined) continue;
    const times = chance(rng, 0.1) ? intBetween(rng, 2, 4) : 1;
    for (let i = 0; i < times; i++) parts.push(`${name}=${encodeQuery(rng, i === times - 1 ? String(value) : queryText(rng, ctx))}`);
  }
  if (chance(rng, 0.1)) parts.push(pick(rng, ["q", "q=", "=x", "&", "q[]=a", "q[a]=b", "__proto__=1", "constructor=x", "per_page=1&per_page=2", "%=%"]));
  if (chance(rng, 0.05)) parts.sort(() => rng() - 0.5);
  const query = parts.join(pick(rng, ["&", "&", "&", "&&", ";"]));
  return `${path}${query || chance(rng, 0.5) ? "?" : ""}${query}`;
}

function headers(rng) {
  const h = {};
  const a = accept(rng);
  const r = rng();
  if (a !== undefined) h[pick(rng, ["accept", "Accept", "ACCEPT"])] = chance(rng, 0.1) ? [a, pick(rng, ACCEPTS) ?? ""] : a;
  if (r < 0.2) h["if-none-match"] = pick(rng, ['"abc"', "*", 'W/"x"', "", '"', "\u0000", `"${"f".repeat(64)}"`]);
  if (r > 0.95) h.__proto__ = pick(rng, ["x", { accept: "text/html" }]);
  if (r > 0.97) h.accept = undefined;
  return h;
}

/** Requests and parameter objects of the wrong shape, as an embedder might pass them by mistake. */
const ODD_REQUESTS = [
  null, undefined, "/search/issues?q=a",
  {}, { url: "" }, { url: 5 }, { url: null }, { url: "/search/issues?q=a", headers: null }, { url: "/search/issues?q=a", headers: "accept" },
  { url: "/search/issues?q=a", headers: { accept: 5 } }, { url: "/search/issues?q=a", headers: { accept: [5, null] } },
  { url: "/search/issues?q=a", ip: 5 }, { url: ["/search/issues?q=a"] }, { url: "/search/users?q=a", headers: [] },
];
const ODD_PARAMS = [null, "q=a", [], ["a"], 5, { q: { text: "a" } }, { q: ["a", "b"] }, { q: "a", sort: { toString: null } }];

/** The case at `index` of the run seeded by `seed`. */
export function fuzzCase(seed, index, ctx, endpoints) {
  const rng = mulberry32(hash32(seed, index));
  if (chance(rng, 0.5)) {
    const kind = kindName(rng, ctx, endpoints);
    const options = {};
    const a = accept(rng);
    if (a !== undefined) options.accept = a;
    const c = caller(rng, ctx);
    if (c !== undefined) options.caller = c;
    if (chance(rng, 0.05)) options.explain = true;
    return { via: "search", kind, params: chance(rng, 0.01) ? structuredClone(pick(rng, ODD_PARAMS)) : params(rng, ctx, kind), options };
  }
  if (chance(rng, 0.01)) return { via: "request", req: structuredClone(pick(rng, ODD_REQUESTS)) };
  const req = { url: url(rng, ctx, endpoints), headers: headers(rng) };
  const c = caller(rng, ctx);
  if (c !== undefined) req.caller = c;
  if (chance(rng, 0.3)) req.ip = pick(rng, ["203.0.113.9", "::1", "", "not an ip", "\u0000", "__proto__"]);
  return { via: "request", req };
}
