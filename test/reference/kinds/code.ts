/**
 * Code (qualifiers.md §1, query-syntax.md §11), read from plain file records,
 * with the engine's documented choices (docs/code-search.md) as rules:
 *
 * - Words are read by identifier parts too (text.ts); the words of a bare
 *   keyword are separate terms, a phrase is a run.
 * - `path:DIR/SUB` is a run of consecutive directories at any depth; a leading
 *   `/` anchors it at the root; `path:/` is the root itself.
 * - `filename:` is the whole name or the name without its last extension.
 * - `extension:` is what follows any dot of the name; one leading dot of the
 *   value is dropped.
 * - Files of 384 KB or more (by `size` or by their content, whichever is
 *   larger) are never found; a fork's files only when it has more stars than
 *   its parent, and then only with `fork:true` or `fork:only`.
 * - A query needs a keyword holding a word, unless it has `filename:` (422).
 * - `sort:` in the query is a keyword.
 */
import { canSee, findRepository } from "../access.js";
import type { CodeRecord, Dataset, RepositoryRecord } from "../dataset.js";
import type { OracleContext, OracleKind } from "../kind.js";
import { qualifierNodes, type Query } from "../query.js";
import { words } from "../text.js";
import { amount, instant, reject } from "../values.js";
import { languageName, literalRule, lower, numberRule, required, scopeRules } from "./common.js";

const LIMIT_BYTES = 384 * 1024;

/**
 * Linguist's answer for the file names the generated datasets use: exact
 * names first, then the extensions from the first dot on (longest first).
 */
const LANGUAGE_BY_NAME: Record<string, string> = { Makefile: "Makefile", ".vimrc": "Vim script", LICENSE: "Text" };
const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  ".ts": "TypeScript",
  ".js": "JavaScript",
  ".py": "Python",
  ".go": "Go",
  ".rb": "Ruby",
  ".md": "Markdown",
  ".json": "JSON",
  ".txt": "Text",
  ".sh": "Shell",
};

export function languageOfFile(name: string): string {
  if (Object.prototype.hasOwnProperty.call(LANGUAGE_BY_NAME, name)) return LANGUAGE_BY_NAME[name].toLowerCase();
  const dots = [...name.matchAll(/\./g)].map((m) => m.index!);
  const found = dots.map((d) => LANGUAGE_BY_EXTENSION[name.slice(d).toLowerCase()]).find(Boolean);
  return lower(found);
}

const fileName = (f: CodeRecord): string => f.name ?? f.path.slice(f.path.lastIndexOf("/") + 1);
const repositoryOfFile = (f: CodeRecord, data: Dataset) => findRepository(data, f.repository);

const contentBytes = (f: CodeRecord): number | undefined => (typeof f.content === "string" ? new TextEncoder().encode(f.content).length : undefined);

/** What `size:` compares: `size`, else the content's UTF-8 length. */
const sizeOf = (f: CodeRecord): number | undefined => amount(f.size) ?? contentBytes(f);

const tooLarge = (f: CodeRecord): boolean => Math.max(amount(f.size) ?? 0, contentBytes(f) ?? 0) >= LIMIT_BYTES;

/** A fork's code is indexed only with more stars than its parent (the loaded record's, else the embedded count). */
function indexed(repo: RepositoryRecord | undefined, data: Dataset): boolean {
  if (repo?.fork !== true) return true;
  const parent = repo.parent ?? repo.source;
  if (!parent) return false;
  const parentStars = amount(findRepository(data, parent.full_name)?.stargazers_count) ?? amount(parent.stargazers_count);
  return parentStars !== undefined && (amount(repo.stargazers_count) ?? 0) > parentStars;
}

/** The directories a file lies in, lower-cased, outermost first. */
const directoriesOf = (f: CodeRecord): string[] => f.path.toLowerCase().split("/").filter(Boolean).slice(0, -1);

function isRun(haystack: string[], needle: string[], anchored: boolean): boolean {
  for (let i = 0; i + needle.length <= (anchored ? needle.length : haystack.length); i++) {
    if (needle.every((n, j) => haystack[i + j] === n)) return true;
  }
  return false;
}

/** A keyword of the query: a term, a phrase, or a `name:value` code search does not know. */
function keywordTexts(q: Query, known: (name: string) => boolean): string[] {
  const out: string[] = [];
  const visit = (node: Query): void => {
    if (node.type === "term" || node.type === "phrase") out.push(node.text);
    else if (node.type === "qualifier") {
      if (!known(node.name)) out.push(`${node.name}:${node.value}`);
    } else if (node.type === "and" || node.type === "or") node.parts.forEach(visit);
    else visit(node.part);
  };
  visit(q);
  return out;
}

export const code: OracleKind<CodeRecord> = {
  name: "code",
  records: (ctx) => ctx.data.code,
  key: (f) => `${f.repository}:${f.path}`,
  itemKey: (item) => `${String((item.repository as { full_name?: string } | undefined)?.full_name)}:${String(item.path)}`,
  fields: {
    file: (f) => [f.content],
    path: (f) => [f.path],
  },
  defaultFields: ["file"],
  textReading: "code",
  inValues: { file: ["file"], path: ["path"] },
  keywordsCombine: "and",
  qualifiers: {
    ...scopeRules((f: CodeRecord) => f.repository),
    path: {
      build: (text) => {
        const v = required(text);
        const parts = v.split("/").filter(Boolean);
        const anchored = v.startsWith("/");
        if (!parts.length) return anchored ? (f) => directoriesOf(f).length === 0 : () => false;
        return (f) => isRun(directoriesOf(f), parts, anchored);
      },
    },
    filename: {
      oneValue: "filename",
      build: (text) => {
        const wanted = required(text);
        return (f) => {
          const name = fileName(f).toLowerCase();
          const dot = name.lastIndexOf(".");
          return name === wanted || (dot > 0 && name.slice(0, dot) === wanted);
        };
      },
    },
    extension: {
      oneValue: "extension",
      build: (text) => {
        const wanted = required(text).replace(/^\./, "");
        if (!wanted) return () => false;
        return (f) => {
          const name = fileName(f).toLowerCase();
          return [...name.matchAll(/\./g)].some((m) => name.slice(m.index! + 1) === wanted);
        };
      },
    },
    language: {
      oneValue: "language",
      build: (text) => {
        const wanted = languageName(required(text));
        return (f) => languageOfFile(fileName(f)) === wanted;
      },
    },
    size: numberRule((f) => sizeOf(f)),
    fork: literalRule<CodeRecord>({
      true: () => true,
      false: (f, ctx) => repositoryOfFile(f, ctx.data)?.fork !== true,
      only: (f, ctx) => repositoryOfFile(f, ctx.data)?.fork === true,
    }),
  },
  sorts: {
    indexed: (f, ctx) => instant(f.indexed_at) ?? instant(repositoryOfFile(f, ctx.data)?.pushed_at),
  },
  inQuerySort: false,
  check: (query, _ctx, kind) => {
    const hasFilename = qualifierNodes(query).some((n) => n.name.toLowerCase() === "filename");
    const known = (name: string) => Object.prototype.hasOwnProperty.call(kind.qualifiers, name.toLowerCase()) || name.toLowerCase() === "in";
    if (!hasFilename && !keywordTexts(query, known).some((t) => words(t).length > 0)) reject("code search needs a keyword");
  },
  defaults: (present, ctx: OracleContext) => [
    (f) => !tooLarge(f) && indexed(repositoryOfFile(f, ctx.data), ctx.data),
    ...(present.has("fork") ? [] : [(f: CodeRecord) => repositoryOfFile(f, ctx.data)?.fork !== true]),
  ],
  visible: (f, ctx) => {
    const repo = repositoryOfFile(f, ctx.data);
    return !repo || canSee(ctx.data, repo, ctx.caller);
  },
};
