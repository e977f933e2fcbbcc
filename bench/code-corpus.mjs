/**
 * A real code corpus from installed npm packages: every `.js/.ts/.mjs/.cjs/.json/.md`
 * file under node_modules/<package>/ (nested node_modules left out: they are
 * packages of their own) becomes a code record `{ repository: "npm/<package>",
 * path, content, name, sha, size }`. Scoped names lose their `@` and join with
 * `__` (`@orama/orama` → `npm/orama__orama`) so that the repository is OWNER/NAME.
 * Files of 384 KB or more are skipped, as code search does.
 *
 *   node bench/code-corpus.mjs [--count 2000] [--root node_modules] [--seed N] > code.ndjson
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { DEFAULT_SEED } from "./generate.mjs";
import { mulberry32, sample } from "./random.mjs";

const EXTENSIONS = new Set([".js", ".ts", ".mjs", ".cjs", ".json", ".md"]);
const MAX_BYTES = 384 * 1024;
const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_ROOT = path.resolve(here, "..", "node_modules");

export const repositoryOfPackage = (pkg) => `npm/${pkg.replace(/^@/, "").replace("/", "__")}`;

/** Package folders under a node_modules folder, scoped ones included, sorted. */
function packages(root) {
  const out = [];
  for (const entry of readdirSync(root, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
    if (entry.name.startsWith("@")) {
      for (const sub of readdirSync(path.join(root, entry.name)).sort()) out.push(`${entry.name}/${sub}`);
    } else out.push(entry.name);
  }
  return out;
}

/** Files of one package with a wanted extension, as sorted paths relative to the package. */
function packageFiles(dir, prefix = "") {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...packageFiles(path.join(dir, entry.name), rel));
    else if (entry.isFile() && EXTENSIONS.has(path.extname(entry.name))) out.push(rel);
  }
  return out;
}

/** The blob id git would give this content, so records carry a real-looking `sha`. */
const blobSha = (buf) => createHash("sha1").update(`blob ${buf.length}\0`).update(buf).digest("hex");

/**
 * Code records of at most `count` files, a seeded sample over all packages (so a
 * small count is not just the alphabetically first packages), in path order.
 */
export function codeCorpus({ root = DEFAULT_ROOT, count = 2000, seed = DEFAULT_SEED } = {}) {
  const candidates = [];
  for (const pkg of packages(root)) {
    const dir = path.join(root, pkg);
    for (const rel of packageFiles(dir)) {
      const size = statSync(path.join(dir, rel)).size;
      if (size > 0 && size < MAX_BYTES) candidates.push({ pkg, rel, size });
    }
  }
  const chosen = count >= candidates.length ? candidates : sample(mulberry32(seed), candidates, count);
  chosen.sort((a, b) => (a.pkg === b.pkg ? (a.rel < b.rel ? -1 : 1) : a.pkg < b.pkg ? -1 : 1));
  return chosen.map(({ pkg, rel, size }) => {
    const buf = readFileSync(path.join(root, pkg, rel));
    return { repository: repositoryOfPackage(pkg), path: rel, name: path.basename(rel), sha: blobSha(buf), size, content: buf.toString("utf8") };
  });
}

/** One repository record per package present in the code records (code results embed their repository). */
export function packageRepositories(records, { root = DEFAULT_ROOT } = {}) {
  const seen = new Map();
  for (const r of records) if (!seen.has(r.repository)) seen.set(r.repository, r);
  return [...seen.keys()].map((full, i) => {
    const name = full.slice("npm/".length);
    let description = null;
    let license = null;
    try {
      const pkg = JSON.parse(readFileSync(path.join(root, name.replace(/^(.+)__/, "@$1/"), "package.json"), "utf8"));
      description = typeof pkg.description === "string" ? pkg.description : null;
      license = typeof pkg.license === "string" ? { key: pkg.license.toLowerCase(), spdx_id: pkg.license, name: pkg.license } : null;
    } catch {
      // A package without a readable package.json still gets a repository.
    }
    return {
      id: 900_000 + i,
      name,
      full_name: full,
      owner: { login: "npm", id: 900_000, type: "Organization" },
      private: false,
      fork: false,
      html_url: `https://github.com/${full}`,
      description,
      license,
      default_branch: "main",
    };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const { values } = parseArgs({ options: { count: { type: "string", default: "2000" }, root: { type: "string", default: DEFAULT_ROOT }, seed: { type: "string", default: String(DEFAULT_SEED) } } });
  for (const r of codeCorpus({ root: values.root, count: Number(values.count), seed: Number(values.seed) })) process.stdout.write(`${JSON.stringify(r)}\n`);
}
