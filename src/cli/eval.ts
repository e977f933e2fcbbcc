/**
 * `forgesearch eval`: a query set and its judgments through one engine per
 * ranking configuration (the defaults first), the measures side by side with
 * p-values against the defaults, and one TREC run file per configuration.
 * Also `readRankingFile`, the `--ranking` option of `search` and `serve`.
 */
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { type Command, InvalidArgumentError, Option } from "commander";
import { formatEvaluation } from "../eval/report.js";
import { formatRun, parseQrels, parseQueries } from "../eval/trec.js";
import { evaluate, DEFAULT_DEPTH, type Searcher } from "../eval/evaluate.js";
import { SEARCH_KINDS } from "../kinds/index.js";
import type { SearchKind } from "../kinds/types.js";
import { resolveRanking, RankingError, type RankingOptions } from "../score/ranking-config.js";
import type { ProgressStream } from "./progress.js";

/** A ranking configuration file (JSON, the `ranking` option's shape), checked; errors name the file and the path. */
export async function readRankingFile(file: string): Promise<RankingOptions> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, "utf8"));
  } catch (err) {
    throw new Error(`cannot read ranking ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    resolveRanking(value);
  } catch (err) {
    if (err instanceof RankingError) throw new Error(`${file}: ${err.message}`);
    throw err;
  }
  return value as RankingOptions;
}

interface EvalCommandOptions {
  data?: string;
  index?: string;
  queries: string;
  qrels: string;
  ranking: string[];
  runDir?: string;
  endpoint?: SearchKind;
  depth: number;
  test: "randomization" | "t-test";
  permutations: number;
  seed: number;
}

export interface EvalEnvironment {
  stdout: ProgressStream;
  cwd: string;
}

/** An engine with a ranking over a dump folder or a saved index. */
async function openEngine(source: { data?: string; index?: string }, ranking: RankingOptions | undefined): Promise<Searcher> {
  const { SearchEngine } = await import("../engine.js");
  const options = { rateLimit: false as const, timeLimitMs: 600_000, ranking };
  if (source.index) return SearchEngine.open(source.index, options);
  const engine = new SearchEngine(options);
  await engine.load(source.data!);
  return engine;
}

/** A run tag from a configuration file name: its base name, white space made `_`. */
function tagOf(file: string): string {
  return path.basename(file).replace(/\.json$/i, "").replace(/\s+/g, "_") || "ranking";
}

export function registerEval(program: Command, env: EvalEnvironment): void {
  program
    .command("eval")
    .description("Compare ranking configurations on judged queries: measures, significance, TREC run files.")
    .option("--data <dir>", "data dump to load")
    .option("--index <dir>", "saved index to open (engine.save) instead of --data")
    .requiredOption("--queries <file>", "query set: NDJSON {id, endpoint, q, params}, TREC topics or id<TAB>query lines")
    .requiredOption("--qrels <file>", "judgments: TREC qrels, 'query 0 key grade' per line")
    .option("--ranking <file>", "a ranking configuration (JSON) to compare with the defaults; repeatable", (v: string, all: string[]) => [...all, v], [] as string[])
    .option("--run-dir <dir>", "write one TREC run file per configuration here (<tag>.run)")
    .addOption(new Option("--endpoint <kind>", "endpoint of topics that name none").choices(SEARCH_KINDS))
    .option("--depth <n>", `items retrieved per query (at most ${DEFAULT_DEPTH})`, depthOf, DEFAULT_DEPTH)
    .addOption(new Option("--test <test>", "paired significance test").choices(["randomization", "t-test"]).default("randomization"))
    .option("--permutations <n>", "draws of the randomization test", wholeNumber, 10_000)
    .option("--seed <n>", "seed of the randomization test", wholeNumber, 1)
    .addHelpText(
      "after",
      `
Item keys (the judged document numbers): owner/name#number (issues and pull
requests), owner/name@sha (commits), owner/name:path (code), owner/name
(repositories), login (users), name (topics), repository_id:name (labels),
all lower-case but code paths; white space and % in a key are written %XX.

Example:
  forgesearch eval --data ../dump --queries q.ndjson --qrels q.qrels \\
    --ranking tuned.json --run-dir runs
  trec_eval -m ndcg_cut.10 q.qrels runs/tuned.run`,
    )
    .action(async (options: EvalCommandOptions, command: Command) => {
      if (!options.data === !options.index) command.error("error: give exactly one of --data <dir> and --index <dir>", { exitCode: 2 });
      const at = (p: string) => path.resolve(env.cwd, p);
      const source = { data: options.data && at(options.data), index: options.index && at(options.index) };
      const dir = (source.data ?? source.index)!;
      if (!existsSync(dir)) throw new Error(`no ${source.data ? "data dump" : "saved index"} at ${dir}`);
      const queries = parseQueries(await readFile(at(options.queries), "utf8"), { source: options.queries, endpoint: options.endpoint });
      const qrels = parseQrels(await readFile(at(options.qrels), "utf8"), options.qrels);
      const configs: Array<{ tag: string; ranking?: RankingOptions }> = [{ tag: "defaults" }];
      for (const file of options.ranking) configs.push({ tag: tagOf(file), ranking: await readRankingFile(at(file)) });
      const tags = configs.map((c) => c.tag);
      const repeated = tags.find((t, i) => tags.indexOf(t) !== i);
      if (repeated) command.error(`error: two configurations are tagged ${repeated} (tags are the file names)`, { exitCode: 2 });

      const systems = [];
      for (const c of configs) systems.push({ tag: c.tag, engine: await openEngine(source, c.ranking) });
      const result = await evaluate({ queries, qrels, systems, depth: options.depth, test: options.test, permutations: options.permutations, seed: options.seed });
      env.stdout.write(formatEvaluation(result));
      if (options.runDir) {
        const out = at(options.runDir);
        await mkdir(out, { recursive: true });
        for (const s of result.systems) await writeFile(path.join(out, `${s.tag}.run`), formatRun(s.run, s.tag));
        env.stdout.write(`runs: ${result.systems.map((s) => path.join(options.runDir!, `${s.tag}.run`)).join(", ")}\n`);
      }
    });
}

function wholeNumber(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("expected a whole number.");
  return Number(value);
}

function depthOf(value: string): number {
  const n = wholeNumber(value);
  if (n < 1 || n > DEFAULT_DEPTH) throw new InvalidArgumentError(`expected 1 to ${DEFAULT_DEPTH}.`);
  return n;
}
