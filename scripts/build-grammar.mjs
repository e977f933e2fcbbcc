// Compiles grammar/query.peggy into an ES-module parser with type declarations.
// tsc copies no .js files, so the parser is written both next to the sources
// (for the type checker and the tests) and into dist/ (for the built package).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import peggy from "peggy";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const grammarPath = join(root, "grammar", "query.peggy");
const outputDirs = [join(root, "src", "parse", "generated"), join(root, "dist", "parse", "generated")];
const baseName = "query-parser";
const startRule = "Query";
// Relative to the generated folder, in src/ and in dist/ alike.
const returnType = 'import("../ast.js").QueryNode';

const grammar = await readFile(grammarPath, "utf8");
let source;
try {
  source = peggy.generate(grammar, {
    output: "source",
    format: "es",
    allowedStartRules: [startRule],
    grammarSource: "grammar/query.peggy",
  });
} catch (err) {
  const detail = typeof err.format === "function" ? err.format([{ source: "grammar/query.peggy", text: grammar }]) : String(err);
  console.error(detail);
  process.exit(1);
}

const declarations = await typeDeclarations();
for (const dir of outputDirs) {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, `${baseName}.js`), source);
  await writeFile(join(dir, `${baseName}.d.ts`), declarations);
}

/** The same declarations `peggy --dts` writes: peggy's template plus one overload per start rule. */
async function typeDeclarations() {
  const require = createRequire(import.meta.url);
  const templatePath = join(dirname(require.resolve("peggy/package.json")), "bin", "generated_template.d.ts");
  const template = await readFile(templatePath, "utf8");
  const rule = JSON.stringify(startRule);
  const filled = template.replace("$$$StartRules$$$", rule).replace("$$$DefaultStartRule$$$", rule);
  return `// @generated from grammar/query.peggy by scripts/build-grammar.mjs; do not edit.
${filled}
declare function ParseFunction<Options extends ParseOptions<${rule}>>(
  input: string,
  options?: Options,
): ${returnType};
`;
}
