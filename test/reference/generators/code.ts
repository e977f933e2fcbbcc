/**
 * Files for a dataset, in directories and under names that the path,
 * filename, extension and language qualifiers tell apart, with contents made
 * of identifiers that split into parts; forks that are or are not eligible
 * for code search; and queries over every code qualifier family.
 */
import fc from "fast-check";
import { visibility } from "../access.js";
import type { CodeRecord, Dataset, RepositoryRecord } from "../dataset.js";
import { qualifier, type Query } from "../query.js";
import { bogus, inQualifier, LONG, literal, maybeNegated, negated, q, type QueryFamilies, scopeAtoms, small, stamp, textFromData, unknownQualifier } from "./atoms.js";

const DIRECTORIES = ["", "src", "src/app", "app/public", "app/public/js", "src/app/public", "lib/cgi-bin", "cgi-bin", "test", "Test/Unit", "docs"] as const;
/** Names whose languages code.ts knows (linguist's answers). */
const FILE_NAMES = [
  "parseQuery.ts",
  "types.d.ts",
  "index.js",
  "form-validators.js",
  "app.min.js",
  "parse_query.py",
  "main.go",
  "Main.GO",
  "test_helper.rb",
  "README.md",
  "café.md",
  ".vimrc",
  "Makefile",
  "data.json",
  "notes.txt",
  "LICENSE",
  "script.sh",
] as const;

/** Identifiers whose parts differ from their whole, plain words, and a multi-byte one. */
const IDENTIFIERS = ["parseQuery", "parse_query", "ParseQuery", "parse", "query", "HTTPServer2", "httpServer", "__init__", "getURL", "input", "alpha", "beta", "search", "café", "x1"] as const;
const SEPARATORS = [" ", " ", "\n", ".", "(", ")", ", ", " = ", "_", "->"] as const;

/**
 * Identifiers and separators; rarely a content of 384 KB, in bytes though not
 * in characters when multi-byte (one word, so that it costs the engine little).
 */
const content = fc.oneof(
  {
    weight: 40,
    arbitrary: fc
      .array(fc.tuple(fc.constantFrom(...IDENTIFIERS), fc.constantFrom(...SEPARATORS)), { minLength: 1, maxLength: 8 })
      .map((parts) => parts.map(([w, sep]) => w + sep).join("")),
  },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(393_216), "é".repeat(196_608)) },
);

/** Byte sizes around the 384 KB limit, and small ones. */
const SIZE_FIELD = fc.oneof(
  { weight: 8, arbitrary: fc.constant(undefined) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 90 }) },
  { weight: 1, arbitrary: fc.constantFrom(393_215, 393_216, 500_000) },
);

/** Forks gain a parent (loaded or not, with or without its stars), or a source, or nothing. */
function withParents(data: Dataset): fc.Arbitrary<Dataset> {
  const others = data.repositories.filter((r) => r.fork !== true).map((r) => r.full_name);
  const parentOf = (r: RepositoryRecord): fc.Arbitrary<RepositoryRecord> => {
    if (r.fork !== true) return fc.constant(r);
    const upstream = fc.record({
      full_name: fc.oneof({ weight: 3, arbitrary: others.length ? fc.constantFrom(...others) : fc.constant("upstream/thing") }, { weight: 1, arbitrary: fc.constant("upstream/thing") }),
      stargazers_count: fc.option(small, { nil: undefined, freq: 2 }),
    });
    return fc.oneof(
      { weight: 3, arbitrary: upstream.map((parent) => ({ ...r, parent })) },
      { weight: 1, arbitrary: upstream.map((source) => ({ ...r, source })) },
      { weight: 1, arbitrary: fc.constant(r) },
    );
  };
  return fc.tuple(...data.repositories.map(parentOf)).map((repositories) => ({ ...data, repositories }));
}

function codeRecords(data: Dataset): fc.Arbitrary<CodeRecord[]> {
  const names = data.repositories.map((r) => r.full_name);
  // Most files in a few public repositories (one a fork), so that most are found and a repo: scope still finds several.
  const plain = data.repositories.filter((r) => r.fork !== true && visibility(r) === "public").map((r) => r.full_name);
  const forks = data.repositories.filter((r) => r.fork === true && visibility(r) === "public").map((r) => r.full_name);
  const preferred = [...plain.slice(0, 2), ...forks.slice(0, 1)];
  const repository = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(preferred.length ? preferred : names)) },
    { weight: 2, arbitrary: fc.constantFrom(...names) },
  );
  const one = fc.record(
    {
      repository,
      directory: fc.constantFrom(...DIRECTORIES),
      file: fc.constantFrom(...FILE_NAMES),
      content,
      size: SIZE_FIELD,
      named: fc.boolean(),
      indexed_at: stamp,
    },
    { requiredKeys: ["repository", "directory", "file", "size", "named"] },
  );
  return fc.array(one, { minLength: 4, maxLength: 30 }).map((drafts) => {
    // One record per repository and path, as the engine keys them.
    const seen = new Set<string>();
    const files: CodeRecord[] = [];
    for (const { directory, file, named, size, ...rest } of drafts) {
      const path = directory ? `${directory}/${file}` : file;
      const key = `${rest.repository.toLowerCase()}:${path}`;
      if (seen.has(key)) continue;
      seen.add(key);
      files.push({ ...rest, path, ...(size === undefined ? {} : { size }), ...(named ? { name: file } : {}) });
    }
    return files;
  });
}

/** A dataset for code search: forks with parents, files. */
export function codeDataset(base: Dataset): fc.Arbitrary<Dataset> {
  return withParents(base).chain((data) => codeRecords(data).map((code) => ({ ...data, code })));
}

/** Single-word keywords a code query may hold, identifier wholes and parts among them, and words of nothing but ignored characters. */
const CODE_TERMS = ["parseQuery", "PARSEQUERY", "parse", "Parse", "query", "parse_query", "http", "server", "2", "httpserver2", "HTTPServer2", "init", "__init__", "url", "get", "geturl", "input", "alpha", "café", "x1", "x", "public", "validators", "helper"] as const;
const CODE_PHRASES = ["parse query", "parse.query", "parseQuery(input)", "query input", "http server", "server 2", "get url", "init", "parse_query input", "alpha beta"] as const;

function codeKeywords(data: Dataset): fc.Arbitrary<Query> {
  const fromData = textFromData(
    // The start of each content: a 384 KB word would only make a query too long.
    data.code.flatMap((f) => [f.content?.slice(0, 200), f.path]),
    { joined: false, fallback: fc.constantFrom(...CODE_TERMS).map((text): Query => ({ type: "term", text })) },
  );
  return fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...CODE_TERMS).map((text): Query => ({ type: "term", text })) },
    { weight: 3, arbitrary: fc.constantFrom(...CODE_PHRASES).map((text): Query => ({ type: "phrase", text })) },
    { weight: 6, arbitrary: fromData },
    { weight: 1, arbitrary: fc.constantFrom("*", "!!", "==", "#", "@me", LONG).map((text): Query => ({ type: "term", text })) },
  );
}

/** Byte sizes near those the files have, and others. */
function sizeValue(data: Dataset): fc.Arbitrary<string> {
  const sizes = data.code.map((f) => f.size ?? new TextEncoder().encode(f.content ?? "").length);
  const near = sizes.length ? fc.constantFrom(...sizes).chain((n) => fc.constantFrom(n - 1, n, n + 1).map((m) => Math.max(0, m))) : fc.integer({ min: 0, max: 90 });
  return fc.oneof(
    { weight: 8, arbitrary: fc.tuple(fc.constantFrom("", ">", ">=", "<", "<="), near).map(([op, n]) => `${op}${n}`) },
    { weight: 2, arbitrary: fc.tuple(near, near).map(([a, b]) => `${a}..${b}`) },
    { weight: 1, arbitrary: fc.constantFrom("*..40", "40..*", "10kb", "abc", "") },
  );
}

export function codeFamilies(data: Dataset): QueryFamilies {
  const terms = codeKeywords(data);
  const qualifiers = fc.oneof(
    q("path", literal("/", "src", "/src", "app/public", "/app/public", "public/app", "app/public/", "cgi-bin", "lib/cgi-bin", "test", "TEST", "src/app", "//", "js", "Test/Unit", "nope")),
    q("filename", literal("parseQuery.ts", "parseQuery", "parse_query", "test_helper", "test_helper.rb", ".vimrc", "vimrc", "Makefile", "makefile", "types.d", "types", "README", "readme.md", "app.min", "nope")),
    q("extension", literal("ts", ".ts", "d.ts", "js", "min.js", "rb", "vimrc", "md", "py", "go", "GO", ".", "nope")),
    q("language", literal("TypeScript", "ts", "js", "javascript", "python", "py", "ruby", "rb", "go", "golang", "markdown", "md", "makefile", "vim script", "viml", "json", "text", "shell", "cobol", "nope")),
    q("size", sizeValue(data)),
    q("fork", bogus("true", "false", "only")),
    unknownQualifier(["stars", "author", "sort", "topic"]),
  );
  const conditions = fc.oneof({ weight: 2, arbitrary: terms }, { weight: 1, arbitrary: qualifiers });
  const scopes = scopeAtoms(
    data.repositories.map((r) => r.full_name),
    data.users.map((u) => u.login),
  );
  return {
    terms,
    conditions,
    atoms: fc.oneof({ weight: 16, arbitrary: conditions }, { weight: 1, arbitrary: scopes.map(maybeNegated) }),
    scopes: fc.oneof({ weight: 12, arbitrary: scopes }, { weight: 1, arbitrary: scopes.map(negated) }),
    options: fc.oneof(
      { weight: 2, arbitrary: fc.constant(qualifier("in", "file")) },
      { weight: 3, arbitrary: inQualifier(["file", "path"]) },
      { weight: 2, arbitrary: literal("true", "only").map((v) => qualifier("fork", v)) },
    ),
    broad: qualifier("filename", "no-such-file", { negated: true }),
    numbers: ["size"],
    dates: [],
  };
}
