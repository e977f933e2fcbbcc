/**
 * Goldens: for each query in test/golden/<kind>/*.txt, over data/sample, what it becomes (the printed
 * logical query, the plan's description) and what it finds (the total, the top 10 keys with scores
 * and their text-match fragments). A change to ranking, planning or highlighting shows as a diff of
 * these files. A golden file starts with its request (`query:`, and optionally `sort:`, `order:`,
 * `caller:`); the rest is written by `UPDATE_GOLDENS=1 npx vitest run test/golden` and compared
 * otherwise.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/engine.js";
import { SEARCH_KINDS } from "../../src/kinds/index.js";
import type { SearchKind } from "../../src/kinds/types.js";
import type { SearchParams, TextMatch } from "../../src/types.js";

const HERE = import.meta.dirname;
const SAMPLE = join(HERE, "..", "..", "data", "sample");
const UPDATE = process.env.UPDATE_GOLDENS === "1";
/** Every preview and the text-match type: goldens show every kind with its fragments. */
const ACCEPT = "application/vnd.github.cloak-preview+json, application/vnd.github.mercy-preview+json, application/vnd.github.v3.text-match+json";
const REQUEST_FIELDS = ["query", "sort", "order", "caller", "repository_id"] as const;

interface Golden {
  path: string;
  request: Partial<Record<(typeof REQUEST_FIELDS)[number], string>>;
  text: string;
}

function goldensOf(kind: SearchKind): Golden[] {
  let names: string[];
  try {
    names = readdirSync(join(HERE, kind)).filter((n) => n.endsWith(".txt")).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const path = join(HERE, kind, name);
    const text = readFileSync(path, "utf8");
    const request: Golden["request"] = {};
    for (const line of text.split("\n")) {
      const m = /^(\w+): (.*)$/.exec(line);
      if (!m || !(REQUEST_FIELDS as readonly string[]).includes(m[1])) break;
      request[m[1] as keyof Golden["request"]] = m[2];
    }
    return { path, request, text };
  });
}

/** Scores with six significant digits: enough to show a change, and the same on every machine. */
const score = (n: number) => Number(n.toPrecision(6)).toString();

function fragments(matches: TextMatch[] | undefined): string[] {
  return (matches ?? []).map((m) => `    ${m.property}: ${JSON.stringify(m.fragment)} [${m.matches.map((x) => x.indices.join("-")).join(" ")}]`);
}

async function render(engine: SearchEngine, kind: SearchKind, request: Golden["request"]): Promise<string> {
  const params: SearchParams = { q: request.query, per_page: 10, sort: request.sort, order: request.order, repository_id: request.repository_id };
  const options = { accept: ACCEPT, caller: request.caller ? { login: request.caller } : undefined };
  const lines = REQUEST_FIELDS.filter((f) => request[f] !== undefined).map((f) => `${f}: ${request[f]}`);
  try {
    const described = await engine.describeQuery(kind, params, options);
    const found = await engine.search(kind, params, { ...options, explain: true });
    lines.push(`logical: ${described.logical}`, `plan: ${described.plan}`, `total: ${found.total_count}`, "top:");
    found.items.forEach((item, i) => {
      const key = (item.explain as { key: string }).key;
      lines.push(`  ${i + 1}. ${key} ${score(item.score as number)}`, ...fragments(item.text_matches as TextMatch[] | undefined));
    });
  } catch (err) {
    lines.push(`error: ${(err as Error & { status?: number }).status ?? ""} ${(err as Error).message}`);
  }
  return `${lines.join("\n")}\n`;
}

describe("goldens over data/sample", () => {
  const engine = new SearchEngine({ rateLimit: false });
  beforeAll(async () => {
    await engine.load(SAMPLE);
  });

  it("has goldens for every kind", () => {
    for (const kind of SEARCH_KINDS) expect(goldensOf(kind).length, kind).toBeGreaterThan(0);
  });

  for (const kind of SEARCH_KINDS) {
    for (const golden of goldensOf(kind)) {
      it(`${kind}: ${golden.request.query}`, async () => {
        const actual = await render(engine, kind, golden.request);
        if (UPDATE) writeFileSync(golden.path, actual);
        else expect(actual, `${golden.path} differs: UPDATE_GOLDENS=1 rewrites it, and the diff shows in review`).toBe(golden.text);
      });
    }
  }
});
