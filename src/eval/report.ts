/** An evaluation as a plain-text table: measures side by side, p-values against the baseline. */
import { MEASURES, MEASURE_NAMES } from "./metrics.js";
import type { Evaluation } from "./evaluate.js";

const fixed = (x: number) => x.toFixed(4);
const pValue = (p: number) => (p < 0.0001 ? "<0.0001" : p.toFixed(4));

export function formatEvaluation(evaluation: Evaluation): string {
  const header = ["ranking", ...MEASURES.map((m) => MEASURE_NAMES[m])];
  const rows = evaluation.systems.map((s) => [
    s.tag,
    ...MEASURES.map((m) => (s.pValues ? `${fixed(s.mean[m])} (p=${pValue(s.pValues[m])})` : fixed(s.mean[m]))),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  const test = evaluation.test === "t-test" ? "paired t-test" : "paired randomization test";
  const out = [
    `${evaluation.queries.length} judged queries` + (evaluation.unjudged.length ? ` (${evaluation.unjudged.length} left out: no relevant judgment)` : ""),
    line(header),
    ...rows.map(line),
    `p: ${test} against ${evaluation.systems[0]?.tag ?? "the baseline"}, two-sided`,
  ];
  for (const s of evaluation.systems) if (s.errors.size) out.push(`${s.tag}: ${s.errors.size} queries failed, e.g. ${[...s.errors][0].join(": ")}`);
  return `${out.join("\n")}\n`;
}
