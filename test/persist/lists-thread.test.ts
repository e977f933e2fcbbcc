/**
 * An open's posting lists taken or computed on a thread of their own (src/persist/lists-thread.ts,
 * src/persist/lists-worker.ts) while the rest of a collection is restored. The thread runs built
 * modules only: these tests run the built library in a process of its own (test/support/built.ts).
 */
import { describe, expect, it } from "vitest";
import { ndjson, tempDump } from "../load/temp-dump.js";
import { runBuilt } from "../support/built.js";

type PlainLists = Record<string, { terms: number[]; docs: number[][]; documents: number[]; occurrences: number }>;

/** Issues of many words each: enough occurrences over their fields that an open makes their lists on a thread. */
function wordyIssues(count: number): object[] {
  const words = ["crash", "upload", "parser", "token", "stream", "render", "cache", "index", "query", "merge", "thread", "memory", "open", "save"];
  return Array.from({ length: count }, (_, i) => ({
    number: i + 1,
    repository_url: "https://api.github.com/repos/octocat/Hello-World",
    title: `${words[i % words.length]} ${words[(i * 7) % words.length]} issue ${i}`,
    body: Array.from({ length: 60 }, (_, w) => `${words[(i * 31 + w * 17) % words.length]}${(i + w) % 50}`).join(" "),
    state: i % 3 ? "open" : "closed",
    user: { login: `user${i % 11}` },
    created_at: new Date(Date.UTC(2021, 0, 1 + (i % 400))).toISOString(),
  }));
}

describe("an open's lists thread", () => {
  it("makes the lists a restore makes here, from shared and ordinary arrays, refuses damaged ones with the same error, and stops when told", () => {
    const { occurrences, onThread, here, refusedOnThread, refusedHere, small, started, afterStop, exits } = runBuilt<{
      afterStop: string;
      exits: Array<[string, number]>;
      occurrences: number;
      onThread: PlainLists;
      here: PlainLists;
      refusedOnThread: unknown;
      refusedHere: unknown;
      small: boolean;
      started: string[];
    }>("lists", { seed: 7, docs: 3000, terms: 400 });
    expect(occurrences).toBeGreaterThan(10_000);
    expect(Object.keys(onThread)).toEqual(["title", "body"]);
    expect(onThread).toEqual(here);
    expect(onThread.body.terms.length).toBeGreaterThan(300);
    expect(refusedHere).toEqual(["RangeError", expect.stringMatching(/out of order/)]);
    expect(refusedOnThread).toEqual(refusedHere);
    // One thread per request made on one; none for a request below the threshold.
    expect(small).toBe(true);
    expect(started).toEqual(["lists-worker.js", "lists-worker.js", "lists-worker.js"]);
    // A thread stopped before it answered gives no lists, and has ended, as have those that answered.
    expect(afterStop).toBe("none");
    expect(exits.map(([file]) => file)).toEqual(["lists-worker.js", "lists-worker.js", "lists-worker.js"]);
  });

  it("opens an index whose lists were made on a thread as it was saved: the same answers, the same bytes saved again", async () => {
    const dir = await tempDump({ "issues.ndjson": ndjson(wordyIssues(5000)), "repositories.ndjson": ndjson([{ id: 1, full_name: "octocat/Hello-World", name: "Hello-World", owner: { login: "octocat" }, private: false }]) });
    const out = await tempDump();
    const queries: Array<[string, string]> = [
      ["issues", "crash"],
      ["issues", "parser12 token"],
      ["issues", "stream in:title"],
      ["issues", "merge is:open sort:created-asc"],
      ["issues", "cache author:user3"],
      ["repositories", "hello"],
    ];
    const { listsThreads, loaded, opened, sameBytes } = runBuilt<{ listsThreads: number; loaded: unknown[]; opened: unknown[]; sameBytes: boolean }>("openLists", { dir, out, queries });
    expect(listsThreads).toBe(1);
    expect(opened).toEqual(loaded);
    expect(loaded.filter((a) => typeof a === "object" && (a as { total_count: number }).total_count > 0).length).toBeGreaterThan(4);
    expect(sameBytes).toBe(true);
  });
});
