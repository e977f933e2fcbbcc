/**
 * The corpora a run measures: synthetic issues, repositories and users of given
 * sizes, and the real corpus (pull requests and commits of four repositories)
 * when its folder is there. A corpus is plain data, so a worker process can
 * rebuild the very same records from it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createWorld, DEFAULT_COUNTS, WORLD_END } from "./generate.mjs";

/** Clock of the real corpus: after its newest commit. */
const REAL_NOW = Date.UTC(2026, 11, 31);

const short = (n) => (n >= 1e6 && n % 1e6 === 0 ? `${n / 1e6}M` : n >= 1e3 && n % 1e3 === 0 ? `${n / 1e3}k` : String(n));

/** Synthetic corpora for the given sizes; `seed` and the world's counts are fixed per run. */
export function syntheticCorpora({ issues = [], repositories = [], users = [], seed }) {
  const world = { seed, users: Math.max(DEFAULT_COUNTS.users, ...users), repositories: Math.max(DEFAULT_COUNTS.repositories, ...repositories) };
  const make = (set, sizes) => sizes.map((size) => ({ name: `${set}-${short(size)}`, set, kind: set, size, source: "synthetic", world, now: WORLD_END }));
  return [...make("issues", issues), ...make("repositories", repositories), ...make("users", users)];
}

/** The real corpus's pull requests and commits, or [] when the folder is missing. */
export function realCorpora(dir) {
  if (!dir || !existsSync(path.join(dir, "issues.ndjson"))) return [];
  const abs = path.resolve(dir);
  return [
    { name: "real-issues", set: "real-issues", kind: "issues", source: "real", dir: abs, file: "issues.ndjson", now: REAL_NOW },
    { name: "real-commits", set: "real-commits", kind: "commits", source: "real", dir: abs, file: "commits.ndjson", now: REAL_NOW },
  ];
}

export function readNdjson(file) {
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line));
}

export function worldOf(corpus) {
  return corpus.source === "synthetic" ? createWorld(corpus.world) : undefined;
}

/**
 * The records of a corpus, the records of other kinds they refer to (`related`:
 * an issue's repositories, a repository's owner, for engines that resolve them), and the world the
 * synthetic query sets draw names from.
 */
export function loadCorpus(corpus) {
  if (corpus.source === "real") {
    return {
      records: readNdjson(path.join(corpus.dir, corpus.file)),
      related: { repositories: readNdjson(path.join(corpus.dir, "repositories.ndjson")), users: readNdjson(path.join(corpus.dir, "users.ndjson")) },
    };
  }
  const world = worldOf(corpus);
  const records = [...world[corpus.set](corpus.size)];
  const related = {};
  if (corpus.set === "issues") related.repositories = world.repositoriesOfIssues(corpus.size).map((i) => world.repositoryAt(i));
  // `user:` names an owner; an engine may check that the account exists.
  if (corpus.set === "repositories") related.users = [...new Set(records.map((r) => r.owner.id - 1))].sort((a, b) => a - b).map((i) => world.userAt(i));
  return { records, related, world };
}

/** A streaming pass over a corpus's records (statistics without holding them all). */
export function* streamCorpus(corpus) {
  if (corpus.source === "real") yield* readNdjson(path.join(corpus.dir, corpus.file));
  else yield* worldOf(corpus)[corpus.set](corpus.size);
}
