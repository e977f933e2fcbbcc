/**
 * `importGit`: one branch of a local git clone into a dump folder — its
 * repository record, every file of its head tree and every commit of its
 * history — streamed from the `git` command to NDJSON files, so that memory
 * stays flat however long the history and however many the files.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { isExcludedFromLanguageStats, languageOfPath, languageType } from "../languages/index.js";
import { readBlobs } from "./blobs.js";
import { resolveBranch } from "./branch.js";
import { SEARCHABLE_BYTES } from "../kinds/code/files.js";
import { DUMP_FILES } from "../load/dump-files.js";
import { discardDump, openDump, publishDump, type NdjsonFile } from "./dump-output.js";
import { openClone, type Clone } from "./git.js";
import { countCommits, readHistory } from "./history.js";
import { codeRecord, commitRecord, derivedId, parseFullName, repositoryRecord, type FullName } from "./records.js";
import { listTree, type TreeFile } from "./tree.js";

export interface ImportProgress {
  phase: "commits" | "files";
  done: number;
  total?: number;
}

export interface ImportGitOptions {
  /** "owner/name": the repository's full name in the dump. */
  repo: string;
  /** Dump folder to write (created if missing): repositories.ndjson, code.ndjson, commits.ndjson. */
  out: string;
  /** Default: the clone's default branch (origin/HEAD if set, else the branch checked out). */
  branch?: string;
  /** Default "User". */
  ownerType?: "User" | "Organization";
  /** Add to the dump's files instead of replacing them (several clones into one dump). */
  append?: boolean;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
}

export interface ImportGitReport {
  repository: string;
  commits: number;
  /** Code records written, those without content included. */
  files: number;
  /** Binary files are left out; files of SEARCHABLE_BYTES (384 KB) or more, which the engine does not search, are written without content. */
  skipped: { binary: number; tooLarge: number };
  ms: number;
}

const PROGRESS_EVERY = 250;

export async function importGit(clonePath: string, options: ImportGitOptions): Promise<ImportGitReport> {
  const started = performance.now();
  const repo = parseFullName(options.repo);
  options.signal?.throwIfAborted();
  const clone = await openClone(clonePath, options.signal);
  const head = await resolveBranch(clone, options.branch);
  const append = options.append ?? false;
  if (append) await refuseRepeatedImport(options.out, repo);
  const report = options.onProgress ?? (() => {});

  const dump = await openDump(options.out, ["repositories", "code", "commits"], append);
  try {
    const job: ImportJob = { clone, repo, head: head.commit, report };
    const history = await writeHistory(job, dump.commits);
    const files = await writeFiles(job, dump.code);
    await dump.repositories.write(
      repositoryRecord({
        repo,
        ownerType: options.ownerType ?? "User",
        defaultBranch: head.name,
        createdAt: history.createdAt,
        pushedAt: history.headDate,
        blobBytes: files.blobBytes,
        language: files.language,
      }),
    );
    options.signal?.throwIfAborted();
    await publishDump(dump);
    return {
      repository: repo.fullName,
      commits: history.count,
      files: files.written,
      skipped: { binary: files.binary, tooLarge: files.tooLarge },
      ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    await discardDump(dump);
    throw error;
  }
}

interface ImportJob {
  clone: Clone;
  repo: FullName;
  /** The branch head commit. */
  head: string;
  report: (progress: ImportProgress) => void;
}

interface HistorySummary {
  count: number;
  /** Earliest author date among the root commits. */
  createdAt: string;
  /** Committer date of the head commit. */
  headDate: string;
}

async function writeHistory(job: ImportJob, out: NdjsonFile): Promise<HistorySummary> {
  const repositoryId = derivedId("repo", job.repo.fullName);
  // Counting runs beside the log so that progress can show a total without delaying the first record.
  let total: number | undefined;
  countCommits(job.clone, job.head).then(
    (count) => (total = count),
    () => {},
  );
  let count = 0;
  let createdAt: string | null = null;
  let headDate = "";
  for await (const commit of readHistory(job.clone, job.head)) {
    if (commit.sha === job.head) headDate = commit.committer.date;
    if (commit.parents.length === 0 && (createdAt === null || commit.author.date < createdAt)) createdAt = commit.author.date;
    await out.write(commitRecord(commit, job.repo, repositoryId));
    count += 1;
    if (count % PROGRESS_EVERY === 0) job.report({ phase: "commits", done: count, total });
  }
  job.report({ phase: "commits", done: count, total: count });
  return { count, createdAt: createdAt ?? headDate, headDate };
}

interface FilesSummary {
  written: number;
  binary: number;
  tooLarge: number;
  blobBytes: number;
  language: string | null;
}

async function writeFiles(job: ImportJob, out: NdjsonFile): Promise<FilesSummary> {
  const { files, blobBytes } = await listTree(job.clone, job.head);
  const languages = new LanguageTally();
  const summary: FilesSummary = { written: 0, binary: 0, tooLarge: 0, blobBytes, language: null };
  let done = 0;
  for await (const { blob: file, binary, content } of readBlobs(job.clone, files, SEARCHABLE_BYTES)) {
    done += 1;
    if (binary) {
      summary.binary += 1;
    } else {
      languages.add(file);
      if (content === null) summary.tooLarge += 1;
      await out.write(codeRecord({ path: file.path, sha: file.sha, size: file.size, content: content?.toString("utf8") }, job.repo));
      summary.written += 1;
    }
    if (done % PROGRESS_EVERY === 0) job.report({ phase: "files", done, total: files.length });
  }
  if (done !== files.length) throw new Error(`git cat-file returned ${done} of ${files.length} files`);
  job.report({ phase: "files", done, total: files.length });
  return { ...summary, language: languages.main() };
}

/** Bytes per language over the text files that count toward linguist's statistics. */
class LanguageTally {
  private readonly bytes = new Map<string, number>();

  add(file: TreeFile): void {
    if (isExcludedFromLanguageStats(file.path)) return;
    const language = languageOfPath(file.path);
    if (language === null) return;
    const type = languageType(language);
    if (type !== "programming" && type !== "markup") return;
    this.bytes.set(language, (this.bytes.get(language) ?? 0) + file.size);
  }

  /** The language with the most bytes; equal counts go to the name first in alphabetical order. */
  main(): string | null {
    let best: [string, number] | null = null;
    for (const entry of this.bytes) {
      if (best === null || entry[1] > best[1] || (entry[1] === best[1] && entry[0] < best[0])) best = entry;
    }
    return best?.[0] ?? null;
  }
}

/** Appending a repository that the dump already holds would duplicate every record of it. */
async function refuseRepeatedImport(folder: string, repo: FullName): Promise<void> {
  const text = await readFile(join(folder, DUMP_FILES.repositories), "utf8").catch(() => "");
  const wanted = repo.fullName.toLowerCase();
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    let fullName: unknown;
    try {
      fullName = (JSON.parse(line) as { full_name?: unknown }).full_name;
    } catch {
      continue;
    }
    if (typeof fullName === "string" && fullName.toLowerCase() === wanted) {
      throw new Error(`${repo.fullName} is already in ${folder}: import without append to write the dump afresh`);
    }
  }
}
