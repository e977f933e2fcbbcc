/**
 * The fixed query sets: per kind, a mix of shapes — single term (frequent, mid,
 * rare), several terms, phrase, terms with qualifiers, qualifiers only,
 * exclusion, OR, ranges and each sort. Synthetic sets take their logins,
 * repositories and topics from the generated world, so every query has answers
 * at every corpus size; the real sets use words known to occur in the real corpus.
 *
 * Each entry is one query in the benchmark's form (query-ir.mjs): `q` is the
 * engine's query string; each peer translates the same structure to its API.
 */
import { and, dateRange, exclude, flag, has, not, or, phrase, query, range, term } from "./query-ir.mjs";

const t = term;

function issueQueries(world) {
  const kind = "issues";
  const author = world.activeUser(0);
  const repo = world.activeRepository(0);
  const Q = (id, shape, spec) => query({ id: `issues.${id}`, kind, shape, ...spec });
  return [
    Q("term.frequent", "single term", { text: t("error") }),
    Q("term.mid", "single term", { text: t("middleware") }),
    Q("term.rare", "single term", { text: t("syntaxerror") }),
    Q("terms.two", "several terms", { text: and(t("error"), t("function")) }),
    Q("terms.three", "several terms", { text: and(t("update"), t("request"), t("response")) }),
    Q("phrase.common", "phrase", { text: phrase("memory leak") }),
    Q("phrase.chance", "phrase", { text: phrase("returns array") }),
    Q("in.title", "terms in a field", { text: t("error"), fields: ["title"] }),
    Q("terms.qualifiers", "terms with qualifiers", { text: t("error"), filters: [flag("is:open", "state", "open"), has("label", "labels", "bug")] }),
    Q("terms.author", "terms with qualifiers", { text: t("request"), filters: [has("author", "author", author)] }),
    Q("qualifiers.three", "qualifiers only", { filters: [flag("is:open", "state", "open"), has("label", "labels", "bug"), range("comments", "comments", ">10")] }),
    Q("qualifiers.label", "qualifiers only", { filters: [has("label", "labels", "good first issue")] }),
    Q("qualifiers.repo", "qualifiers only", { filters: [has("repo", "repo", repo), flag("is:pr", "type", "pr")] }),
    Q("not.term", "exclusion", { text: and(t("error"), not(t("function"))) }),
    Q("not.qualifier", "exclusion", { text: t("error"), filters: [exclude(has("label", "labels", "bug"))] }),
    Q("or.two", "OR", { text: or(t("middleware"), t("redirect")) }),
    Q("or.three", "OR", { text: or(t("parser"), t("tokenizer"), t("regex")) }),
    Q("range.comments", "range", { filters: [range("comments", "comments", "5..20")] }),
    Q("range.reactions", "range", { text: t("update"), filters: [range("reactions", "reactions", ">=50")] }),
    Q("range.created", "range", { text: t("error"), filters: [dateRange("created", "created", "2020-01-01..2020-12-31")] }),
    Q("sort.comments", "sort", { text: t("error"), sort: { by: "comments", order: "desc" } }),
    Q("sort.created", "sort", { filters: [flag("is:open", "state", "open")], sort: { by: "created", order: "asc" } }),
    Q("sort.updated", "sort", { filters: [has("label", "labels", "bug")], sort: { by: "updated", order: "desc" } }),
    Q("sort.reactions", "sort", { text: t("function"), sort: { by: "reactions", order: "desc" } }),
    Q("sort.interactions", "sort", { text: t("request"), sort: { by: "interactions", order: "desc" } }),
  ];
}

function repositoryQueries(world) {
  const kind = "repositories";
  const topic = world.topicWords[0];
  const owner = world.activeUser(0);
  const Q = (id, shape, spec) => query({ id: `repositories.${id}`, kind, shape, ...spec });
  return [
    Q("term.frequent", "single term", { text: t("api") }),
    Q("term.mid", "single term", { text: t("parser") }),
    Q("terms.two", "several terms", { text: and(t("api"), t("server")) }),
    Q("phrase", "phrase", { text: phrase("pull request") }),
    Q("in.name", "terms in a field", { text: t("parser"), fields: ["name"] }),
    Q("terms.qualifiers", "terms with qualifiers", { text: t("api"), filters: [has("language", "language", "javascript"), range("stars", "stars", ">100")] }),
    Q("qualifiers.stars", "qualifiers only", { filters: [range("stars", "stars", ">1000")] }),
    Q("qualifiers.language", "qualifiers only", { filters: [has("language", "language", "rust"), range("forks", "forks", "10..100")] }),
    Q("qualifiers.topic", "qualifiers only", { filters: [has("topic", "topic", topic)] }),
    Q("qualifiers.owner", "qualifiers only", { filters: [has("user", "owner", owner)] }),
    Q("not.term", "exclusion", { text: and(t("api"), not(t("server"))) }),
    Q("not.qualifier", "exclusion", { text: t("api"), filters: [exclude(has("language", "language", "javascript"))] }),
    Q("or.two", "OR", { text: or(t("parser"), t("tokenizer")) }),
    Q("range.pushed", "range", { text: t("api"), filters: [dateRange("pushed", "pushed", ">2024-01-01")] }),
    Q("range.created", "range", { filters: [dateRange("created", "created", "<2017-01-01"), has("license", "license", "mit")] }),
    Q("sort.stars", "sort", { text: t("api"), sort: { by: "stars", order: "desc" } }),
    Q("sort.forks", "sort", { filters: [has("language", "language", "go")], sort: { by: "forks", order: "asc" } }),
    Q("sort.updated", "sort", { text: t("parser"), sort: { by: "updated", order: "desc" } }),
  ];
}

function userQueries() {
  const kind = "users";
  const Q = (id, shape, spec) => query({ id: `users.${id}`, kind, shape, ...spec });
  return [
    Q("term.name", "single term", { text: t("garcia") }),
    Q("in.name", "terms in a field", { text: t("anna"), fields: ["name"] }),
    Q("terms.two", "several terms", { text: and(t("anna"), t("garcia")) }),
    Q("qualifiers.type", "qualifiers only", { filters: [flag("type:org", "type", "org")] }),
    Q("qualifiers.location", "qualifiers only", { filters: [has("location", "location", "berlin")] }),
    Q("qualifiers.location.phrase", "qualifiers only", { filters: [has("location", "location", "new york")] }),
    Q("range.followers", "range", { filters: [range("followers", "followers", ">1000")] }),
    Q("range.repos.created", "range", { filters: [range("repos", "repos", "10..50"), dateRange("created", "created", "<2018-01-01")] }),
    Q("terms.qualifiers", "terms with qualifiers", { text: t("garcia"), filters: [has("location", "location", "berlin")] }),
    Q("not.term", "exclusion", { text: and(t("anna"), not(t("garcia"))) }),
    Q("not.qualifier", "exclusion", { text: t("garcia"), filters: [exclude(flag("type:org", "type", "org"))] }),
    Q("or.two", "OR", { text: or(t("anna"), t("garcia")) }),
    Q("sort.followers", "sort", { filters: [has("location", "location", "berlin")], sort: { by: "followers", order: "desc" } }),
    Q("sort.repositories", "sort", { filters: [flag("type:user", "type", "user"), range("followers", "followers", ">100")], sort: { by: "repos", order: "desc" } }),
    Q("sort.joined", "sort", { text: t("garcia"), sort: { by: "created", order: "asc" } }),
  ];
}

/** Pull requests of the real corpus (expressjs/express, axios/axios, koajs/koa, nextapps-de/flexsearch). */
function realIssueQueries() {
  const kind = "issues";
  const Q = (id, shape, spec) => query({ id: `real-issues.${id}`, kind, shape, ...spec });
  return [
    Q("term.frequent", "single term", { text: t("fix") }),
    Q("term.mid", "single term", { text: t("typo") }),
    Q("term.rare", "single term", { text: t("middleware") }),
    Q("terms.two", "several terms", { text: and(t("fix"), t("typo")) }),
    Q("phrase", "phrase", { text: phrase("error handling") }),
    Q("in.title", "terms in a field", { text: t("readme"), fields: ["title"] }),
    Q("terms.qualifiers", "terms with qualifiers", { text: t("fix"), filters: [has("repo", "repo", "expressjs/express")] }),
    Q("qualifiers.merged", "qualifiers only", { filters: [flag("is:merged", "merged", "true"), dateRange("created", "created", "2015-01-01..2016-12-31")] }),
    Q("not.term", "exclusion", { text: and(t("update"), not(t("readme"))) }),
    Q("not.qualifier", "exclusion", { text: t("fix"), filters: [exclude(has("repo", "repo", "axios/axios"))] }),
    Q("or.two", "OR", { text: or(t("typo"), t("readme")) }),
    Q("sort.created", "sort", { text: t("add"), sort: { by: "created", order: "desc" } }),
    Q("sort.updated", "sort", { filters: [has("repo", "repo", "koajs/koa")], sort: { by: "updated", order: "asc" } }),
  ];
}

function realCommitQueries() {
  const kind = "commits";
  const Q = (id, shape, spec) => query({ id: `real-commits.${id}`, kind, shape, ...spec });
  return [
    Q("term.frequent", "single term", { text: t("fix") }),
    Q("term.mid", "single term", { text: t("deps") }),
    Q("term.rare", "single term", { text: t("tokenizer") }),
    Q("terms.two", "several terms", { text: and(t("fix"), t("typo")) }),
    Q("phrase", "phrase", { text: phrase("pull request") }),
    Q("terms.qualifiers", "terms with qualifiers", { text: t("fix"), filters: [flag("merge:false", "merge", "false"), has("repo", "repo", "axios/axios")] }),
    Q("qualifiers.merge", "qualifiers only", { filters: [flag("merge:true", "merge", "true")] }),
    Q("range.author-date", "range", { filters: [dateRange("author-date", "author-date", "2020-01-01..2020-12-31")] }),
    Q("not.term", "exclusion", { text: and(t("bump"), not(t("deps"))) }),
    Q("or.two", "OR", { text: or(t("router"), t("middleware")) }),
    Q("sort.author-date", "sort", { text: t("fix"), sort: { by: "author-date", order: "desc" } }),
    Q("sort.committer-date", "sort", { filters: [has("repo", "repo", "koajs/koa")], sort: { by: "committer-date", order: "asc" } }),
  ];
}

/** The query set of a corpus (see corpora.mjs for corpus names). */
export function queriesFor(corpus, world) {
  switch (corpus.set) {
    case "issues":
      return issueQueries(world);
    case "repositories":
      return repositoryQueries(world);
    case "users":
      return userQueries(world);
    case "real-issues":
      return realIssueQueries();
    case "real-commits":
      return realCommitQueries();
  }
  throw new Error(`no query set for ${corpus.set}`);
}

/** REST sort names per kind for the benchmark's sort fields. */
export const SORT_PARAM = {
  issues: { comments: "comments", created: "created", updated: "updated", reactions: "reactions", interactions: "interactions" },
  repositories: { stars: "stars", forks: "forks", updated: "updated" },
  users: { followers: "followers", repos: "repositories", created: "joined" },
  commits: { "author-date": "author-date", "committer-date": "committer-date" },
};
