/**
 * The engine against the reference evaluator for code and commits (the
 * properties are in harness.ts), and the preview media types commit and topic
 * search require (415 without them).
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { datasetFor, queryArb } from "./arbitraries.js";
import { engineWith } from "./engine-with.js";
import { ask, describeCall, kindProperties, oracle, runs } from "./harness.js";

kindProperties("code", { agrees: 250, single: 100, sorts: 80, pages: 50, equivalences: 100 });
kindProperties("commits", { agrees: 250, single: 80, sorts: 100, pages: 50, equivalences: 100 });

/** Accept headers with and without the previews, alone or among other media types. */
const ACCEPTS = [
  undefined,
  "application/json",
  "application/vnd.github.v3+json",
  "application/vnd.github.v3.text-match+json",
  "application/vnd.github.cloak-preview",
  "application/vnd.github.cloak-preview+json",
  "application/vnd.github.v3.text-match+json, application/vnd.github.cloak-preview+json",
  "application/vnd.github.mercy-preview+json",
  "application/vnd.github.mercy-preview",
  "application/vnd.github.mercy-preview+json; charset=utf-8",
] as const;

it.each(["commits", "topics"] as const)("%s: answers 415 exactly when the request lacks the preview media type", async (kind) => {
  const arb = datasetFor(kind).chain((data) => fc.record({ data: fc.constant(data), query: queryArb(kind, data), accept: fc.constantFrom(...ACCEPTS) }));
  await fc.assert(
    fc.asyncProperty(arb, async ({ data, query, accept }) => {
      const call = { query, accept };
      const expected = oracle(kind, data, call);
      const actual = await ask(engineWith(data), kind, call);
      expect(actual.status, `${describeCall(kind, call)} accept=${accept}`).toBe(expected.status);
    }),
    runs(60),
  );
});
