/**
 * Code search (`/search/code`, the legacy code-search semantics): file
 * contents and paths, tokenised as code (identifiers whole and by parts),
 * filtered by where the file lies, what it is called and how large it is.
 * Files of 384 KB or more, and forks not eligible for indexing, are never
 * found; eligible forks only with `fork:true` / `fork:only`.
 */
import { stableId } from "../../render/objects.js";
import { lower, repositoryOf, str } from "../../records/read.js";
import type { StoreReader } from "../../records/store-reader.js";
import { languageOfPath } from "../../languages/index.js";
import {
  enumQualifier,
  inQualifier,
  keyword,
  keywordQualifier,
  not,
  numberQualifier,
  ownerQualifier,
  repoQualifier,
} from "../qualifiers.js";
import { count, normalizeLanguage, repositoryColumns, time } from "../shared.js";
import type { KindSpec, RecordLike } from "../types.js";
import { directoryQuery, directoryRuns, extensionKeys, extensionQuery, fileName, fileNameKeys, fileSize, searchableContent, tooLarge } from "./files.js";
import { codeIndexed } from "./forks.js";
import { codeItem, fileUrls } from "./render.js";
import { hasSearchWord, NEEDS_TERM } from "./terms.js";

const repositoryName = (file: RecordLike) => repositoryOf(file);
const repositoryOfFile = (file: RecordLike, store: StoreReader) => store.repository(repositoryName(file));
const pathOf = (file: RecordLike) => str(file.path) ?? "";

/** Recency for `sort=indexed`: the record's `indexed_at`, else when its repository was last pushed to. */
const indexedAt = (file: RecordLike, store: StoreReader) => time(file.indexed_at) ?? time(repositoryOfFile(file, store)?.pushed_at);

/** `owner/name:path`, the repository lower-cased, the path as it is (paths are case-sensitive). */
function fileKey(f: RecordLike): string | undefined {
  const repo = repositoryName(f);
  const path = str(f.path);
  return repo && path ? `${repo.toLowerCase()}:${path}` : undefined;
}

export const code: KindSpec<RecordLike> = {
  kind: "code",
  source: "code",
  records: [{ kind: "code", file: "code.ndjson", loadOrder: 7, key: fileKey, keyFields: "path and repository", packed: true }],
  visibility: "repository",
  textFields: [
    { name: "file", tokenizer: "code", weight: 1, b: 0.75, text: searchableContent, fromRecordAlone: true },
    { name: "path", tokenizer: "code", weight: 2, b: 0.3, text: pathOf, fromRecordAlone: true },
  ],
  defaultFields: ["file"],
  columns: [
    ...repositoryColumns(repositoryName),
    {
      name: "searchable",
      type: "keyword",
      dependsOn: ["repositories"],
      value: (f, s) => !tooLarge(f) && codeIndexed(repositoryOfFile(f, s), s),
    },
    { name: "directory", type: "keyword", value: (f) => directoryRuns(pathOf(f)) },
    { name: "filename", type: "keyword", value: (f) => fileNameKeys(fileName(f)) },
    { name: "extension", type: "keyword", value: (f) => extensionKeys(fileName(f)) },
    { name: "language", type: "keyword", value: (f) => lower(languageOfPath(pathOf(f))) },
    { name: "size", type: "number", value: fileSize },
    { name: "indexed_at", type: "number", dependsOn: ["repositories"], value: indexedAt },
  ],
  qualifiers: [
    inQualifier({ file: ["file"], path: ["path"] }),
    repoQualifier("repo"),
    ownerQualifier("user", "owner"),
    ownerQualifier("org", "owner"),
    keywordQualifier("path", "directory", { normalize: directoryQuery }),
    keywordQualifier("filename", "filename", { oneValue: "filename" }),
    keywordQualifier("extension", "extension", { normalize: extensionQuery, oneValue: "extension" }),
    keywordQualifier("language", "language", { normalize: normalizeLanguage, oneValue: "language" }),
    numberQualifier("size", "size"),
    enumQualifier("fork", {
      true: () => ({ op: "all" }),
      // Not documented for code; the same as leaving fork: out.
      false: () => not(keyword("repo_fork", "true")),
      only: () => keyword("repo_fork", "true"),
    }),
  ],
  sorts: { indexed: { column: "indexed_at" } },
  inQuerySort: false,
  defaults: (_ctx, present) => [keyword("searchable", "true"), ...(present.has("fork") ? [] : [not(keyword("repo_fork", "true"))])],
  signals: [{ name: "stars", weight: 0.05, value: (f, s) => count(repositoryOfFile(f, s)?.stargazers_count) ?? 0 }],
  textMatches: [
    {
      property: "content",
      objectType: "FileContent",
      field: "file",
      maxFragments: 2,
      sources: (f, ctx) => [{ objectUrl: fileUrls(f, ctx).url, value: searchableContent(f) }],
    },
    { property: "path", objectType: "FileContent", field: "path", sources: (f, ctx) => [{ objectUrl: fileUrls(f, ctx).url, value: pathOf(f) }] },
  ],
  order: (f) => stableId(`code:${lower(repositoryName(f))}:${pathOf(f)}`),
  repository: (f) => repositoryName(f) ?? null,
  requiresTerm: (qualifiers) => !qualifiers.has("filename"),
  // The characters code search ignores separate terms: `parse.query` is `parse` and `query`, each anywhere.
  term: (word, text) => {
    const parts = word.split(/[^\p{L}\p{N}_]+/u).filter(Boolean);
    return parts.length > 1 && text.op === "text" ? { op: "and", children: parts.map((part) => ({ ...text, text: part })) } : text;
  },
  rules: [{ message: NEEDS_TERM, holds: (tree, ctx) => hasSearchWord(tree, ctx.isQualifier) }],
  render: codeItem,
};
