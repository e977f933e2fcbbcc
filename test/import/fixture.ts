/** Builds small git repositories with fixed names, e-mails and dates, so that every run gives the same object ids. */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export function temporaryFolder(prefix: string): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), `forgesearch-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

export class FixtureRepository {
  constructor(readonly path: string) {}

  static create(path: string, branch = "main"): FixtureRepository {
    mkdirSync(path, { recursive: true });
    const repository = new FixtureRepository(path);
    repository.git("init", "--quiet", `--initial-branch=${branch}`);
    return repository;
  }

  /** Runs git with a fixed identity. */
  git(...args: string[]): string {
    return this.gitAt({}, ...args);
  }

  /** Runs git with a fixed identity and, when given, fixed author and committer dates. */
  gitAt(dates: { author?: string; committer?: string }, ...args: string[]): string {
    const committerDate = dates.committer ?? dates.author;
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: "Ada Lovelace",
      GIT_AUTHOR_EMAIL: "ada@example.com",
      GIT_COMMITTER_NAME: "Charles Babbage",
      GIT_COMMITTER_EMAIL: "charles@example.com",
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
      ...(dates.author ? { GIT_AUTHOR_DATE: dates.author } : {}),
      ...(committerDate ? { GIT_COMMITTER_DATE: committerDate } : {}),
    };
    return execFileSync("git", args, { cwd: this.path, env, encoding: "utf8" }).trimEnd();
  }

  write(path: string, content: string | Buffer): void {
    const full = join(this.path, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, content);
  }

  symlink(path: string, target: string): void {
    symlinkSync(target, join(this.path, path));
  }

  /** Stages everything and commits at `date` (ISO 8601 with offset). */
  commit(message: string, date: string, committerDate = date): string {
    this.git("add", "--all");
    this.gitAt({ author: date, committer: committerDate }, "commit", "--quiet", "--allow-empty", "-m", message);
    return this.git("rev-parse", "HEAD");
  }
}
