/** What an archive import read, wrote, passed over and why: counts only, so that it stays small however large the input. */
import type { RecordLike } from "../../kinds/types.js";
import { MARK, hasMark, type ArchiveKind, type Fields } from "./fields.js";
import type { Trimmed } from "./map-event.js";

export interface ImportGharchiveReport {
  /** Event files read. */
  files: number;
  /** Bytes read from disk (compressed, for gzipped files). */
  bytes: number;
  /** Events imported, per event type (past TYPES_KEPT types, the rest counted together as OTHER_TYPES). */
  events: Record<string, number>;
  /** Records written, per kind, and what some of them are. */
  records: RecordCounts;
  /** Imported events whose payloads are in a trimmed shape, per shape. */
  trimmed: Record<Trimmed, number>;
  /** Events passed over, per reason. */
  skipped: Record<string, number>;
  /** Where the first skipped events are (at most PROBLEMS_KEPT). */
  problems: GharchiveProblem[];
  /** Files that ended in damage (a cut gzip stream, a read error): the events before it are kept. */
  damaged: GharchiveProblem[];
  /** Runs of records spilled to disk to keep memory within its budget. */
  runs: number;
  ms: number;
}

export interface RecordCounts extends Record<ArchiveKind, number> {
  /** Of the issues, pull requests. */
  pullRequests: number;
  /** Reviews kept on pull requests. */
  reviews: number;
  /** Of the repositories, those no event showed as a full object: built from events' `repo` only. */
  repositoryStubs: number;
  /** Issues and comments whose newest event deleted them, left out. */
  deleted: number;
}

export interface GharchiveProblem {
  file: string;
  line: number;
  reason: string;
}

const PROBLEMS_KEPT = 100;
const TYPES_KEPT = 64;
const OTHER_TYPES = "(other types)";

export class ReportTally {
  private readonly events: Record<string, number> = Object.create(null);
  private readonly skipped: Record<string, number> = Object.create(null);
  private readonly problems: GharchiveProblem[] = [];
  private readonly damaged: GharchiveProblem[] = [];
  private readonly trimmed: Record<Trimmed, number> = { pullRequestStub: 0, pushWithoutCommits: 0, withoutAuthorAssociation: 0 };
  private readonly records: RecordCounts = {
    users: 0, repositories: 0, issues: 0, comments: 0, labels: 0, pullRequests: 0, reviews: 0, repositoryStubs: 0, deleted: 0,
  };

  event(type: string, trimmed: readonly Trimmed[]): void {
    // Types are the input's words: past a few dozen, the rest share one count so the report stays small.
    const counted = type in this.events || Object.keys(this.events).length < TYPES_KEPT ? type : OTHER_TYPES;
    this.events[counted] = (this.events[counted] ?? 0) + 1;
    for (const shape of new Set(trimmed)) this.trimmed[shape] += 1;
  }

  skip(reason: string, file: string, line: number): void {
    this.skipped[reason] = (this.skipped[reason] ?? 0) + 1;
    if (this.problems.length < PROBLEMS_KEPT) this.problems.push({ file, line, reason });
  }

  damage(file: string, afterLine: number, reason: string): void {
    this.damaged.push({ file, line: afterLine, reason });
  }

  /** Counts one merged record; `record` is undefined when it was deleted. */
  record(kind: ArchiveKind, fields: Fields, record: RecordLike | undefined): void {
    if (record === undefined) {
      this.records.deleted += 1;
      return;
    }
    this.records[kind] += 1;
    if (kind === "issues" && record.pull_request !== undefined) this.records.pullRequests += 1;
    if (kind === "issues" && Array.isArray(record.reviews)) this.records.reviews += record.reviews.length;
    if (kind === "repositories" && !hasMark(fields, MARK.full)) this.records.repositoryStubs += 1;
  }

  finish(summary: { files: number; bytes: number; runs: number; ms: number }): ImportGharchiveReport {
    const byCount = (counts: Record<string, number>) => Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
    return {
      files: summary.files,
      bytes: summary.bytes,
      events: byCount(this.events),
      records: this.records,
      trimmed: this.trimmed,
      skipped: byCount(this.skipped),
      problems: this.problems,
      damaged: this.damaged,
      runs: summary.runs,
      ms: summary.ms,
    };
  }
}
