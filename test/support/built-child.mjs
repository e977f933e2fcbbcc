// Runs the built library (dist/, which `npm test` builds first) in a process of its own: a load's
// reading thread and an open's lists thread are workers that run built modules only. `node
// built-child.mjs TASK JSON` prints one JSON answer; see test/support/built.ts.
import module from "node:module";
import threads from "node:worker_threads";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const DIST = join(fileURLToPath(import.meta.url), "../../../dist");
const built = (path) => import(pathToFileURL(join(DIST, path)).href);
const [task, argument] = process.argv.slice(2);
const args = JSON.parse(argument);

/** The files of the worker threads started from here on, counted as they start, and the exit codes of those that ended. */
const started = [];
const exits = [];
const { Worker } = threads;
threads.Worker = class extends Worker {
  constructor(file, options) {
    const name = String(file).split("/").pop();
    started.push(name);
    super(file, options);
    this.once("exit", (code) => exits.push([name, code]));
  }
};
module.syncBuiltinESMExports();

/** Numbers from a seed, the same each run. */
function numbers(seed) {
  let state = seed >>> 0;
  return (below) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % below;
  };
}

/** Per field: its terms, each term's documents, the documents with terms and the occurrences counted (for comparing lists). */
const plainLists = (made, listAt) =>
  Object.fromEntries(
    [...made].map(([name, lists]) => [name, { terms: [...lists.terms], docs: [...lists.terms].map((_, i) => [...listAt(lists, i)]), documents: [...lists.documents], occurrences: lists.occurrences }]),
  );

/** A typed array of `values` in shared memory (as an open reads large payloads) or not. */
const u32 = (values, shared) => {
  const array = shared ? new Uint32Array(new SharedArrayBuffer(values.length * 4)) : new Uint32Array(values.length);
  array.set(values);
  return array;
};

const tasks = {
  /** A collection's lists made on a thread and on this one, from shared and ordinary arrays; what a damaged request is refused with on each. */
  async lists({ seed, docs, terms }) {
    const { fieldListsElsewhere } = await built("persist/lists-thread.js");
    const { fieldLists, listAt } = await built("index/inverted.js");
    const next = numbers(seed);
    const perDoc = Array.from({ length: docs }, () => [...new Set(Array.from({ length: next(12) }, () => next(terms)))].sort((a, b) => a - b).flatMap((t) => Array(1 + next(2)).fill(t)));
    const free = perDoc.flatMap((ids, doc) => (!ids.length && doc % 3 === 0 ? [doc] : []));
    const flat = perDoc.flat();
    const half = perDoc.slice(0, docs >> 1).flat().length;
    // Chunks that end where a document ends, one shared, one not.
    const occurrences = { counts: u32(perDoc.map((ids) => ids.length), true), ids: [u32(flat.slice(0, half), true), u32(flat.slice(half), false)] };
    const base = fieldLists({ fields: [{ name: "title", occurrences }], terms, capacity: docs, free }).get("title");
    const listed = [...base.terms].flatMap((_, i) => [...listAt(base, i)]);
    const saved = { terms: u32([...base.terms], false), lengths: u32([...base.terms].map((_, i) => base.to[i] - base.from[i]), true), pieces: [u32(listed, true)] };
    const request = { fields: [{ name: "title", occurrences }, { name: "body", occurrences, lists: saved }], terms, capacity: docs, free };
    const onThread = await fieldListsElsewhere(request, 0).lists;
    const here = fieldLists(request);
    // Two documents of a saved list swapped: out of order.
    const damagedPieces = [...listed];
    const at = damagedPieces.findIndex((doc, i) => i > 0 && damagedPieces[i - 1] < doc && [...base.terms].some((_, t) => base.from[t] < i && i < base.to[t]));
    [damagedPieces[at - 1], damagedPieces[at]] = [damagedPieces[at], damagedPieces[at - 1]];
    const damaged = { ...request, fields: [{ name: "body", occurrences, lists: { ...saved, pieces: [u32(damagedPieces, true)] } }] };
    const refusedOnThread = await fieldListsElsewhere(damaged, 0).lists.then(
      () => "taken",
      (error) => [error.name, error.message],
    );
    let refusedHere;
    try {
      fieldLists(damaged);
      refusedHere = "taken";
    } catch (error) {
      refusedHere = [error.name, error.message];
    }
    // A thread stopped before its answer: no lists (the caller makes them), and the thread ended.
    const many = { ...request, fields: Array.from({ length: 40 }, (_, f) => ({ name: `f${f}`, occurrences })) };
    const stopped = fieldListsElsewhere(many, 0);
    stopped.stop();
    const afterStop = await stopped.lists;
    // The threads that answered end on their own, soon after: waited for (a thread left running keeps this process alive).
    for (let waited = 0; exits.length < started.length && waited < 10_000; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
    return {
      afterStop: afterStop === undefined ? "none" : "lists",
      occurrences: flat.length,
      exits,
      onThread: plainLists(onThread, listAt),
      here: plainLists(here, listAt),
      refusedOnThread,
      refusedHere,
      // Below the default threshold no thread is started.
      small: fieldListsElsewhere(request) === undefined,
      started,
    };
  },

  /** `dir` loaded and saved, then opened (lists threads counted) and saved again: the answers of both engines and whether the two saves are the same bytes. */
  async openLists({ dir, out, queries }) {
    const { SearchEngine } = await built("index.js");
    const options = { rateLimit: false, now: () => Date.parse("2026-01-01T00:00:00Z") };
    const loaded = new SearchEngine(options);
    await loaded.load(dir, { threadFromBytes: Infinity });
    await loaded.save(join(out, "loaded"));
    const before = started.length;
    const opened = await SearchEngine.open(join(out, "loaded"), options);
    const listsThreads = started.slice(before).filter((file) => file === "lists-worker.js").length;
    await opened.save(join(out, "opened"));
    const answers = async (engine) => Promise.all(queries.map(([kind, q]) => engine.search(kind, { q, per_page: 100 }).catch((error) => String(error))));
    const [a, b] = await Promise.all([readFile(join(out, "loaded", "forgesearch.index")), readFile(join(out, "opened", "forgesearch.index"))]);
    return { listsThreads, loaded: await answers(loaded), opened: await answers(opened), sameBytes: a.equals(b) };
  },

  /** Loads `dir` read on a thread and on the main thread: the reports, answers, saved bytes and fields taken from the thread. */
  async load({ dir, queries, out }) {
    const { SearchEngine } = await built("index.js");
    const { FieldTerms } = await built("index/field-terms.js");
    const { KeywordColumn } = await built("index/columns.js");
    let [taken, givenValues] = [0, 0];
    const take = FieldTerms.prototype.take;
    FieldTerms.prototype.take = function (...rest) {
      taken++;
      return take.apply(this, rest);
    };
    const setGiven = KeywordColumn.prototype.setGiven;
    KeywordColumn.prototype.setGiven = function (...rest) {
      givenValues++;
      return setGiven.apply(this, rest);
    };
    const runs = [];
    for (const threadFromBytes of [0, Infinity]) {
      [taken, givenValues] = [0, 0];
      const engine = new SearchEngine({ rateLimit: false, now: () => Date.parse("2026-01-01T00:00:00Z") });
      const report = await engine.load(dir, { threadFromBytes, maxLineBytes: 450_000 });
      const answers = [];
      for (const [kind, q] of queries) answers.push(await engine.search(kind, { q, per_page: 100 }).catch((error) => String(error)));
      const saved = join(out, String(threadFromBytes));
      await engine.save(saved);
      const bytes = await readFile(join(saved, "forgesearch.index"));
      runs.push({ taken, givenValues, report: { ...report, files: report.files.length }, answers, saved: bytes.toString("base64") });
    }
    return runs;
  },

  /** The lines of `path` read on a thread for `readers`, and as readLines reads them; the terms per line and field, translated, and the columns' values. */
  async lines({ path, readers, maxLineBytes, stopAfter }) {
    const { readLinesOnThread } = await built("load/thread-lines.js");
    const { readLines } = await built("load/lines.js");
    const { TermDictionary } = await built("index/term-dictionary.js");
    const { FieldTerms } = await built("index/field-terms.js");
    const { TermTranslation } = await built("index/given-terms.js");
    const { KINDS } = await built("kinds/index.js");
    const { parseRecord } = await built("load/parse-record.js");
    const { asKeywords, asNumber } = await built("index/column-values.js");
    /** Per reader: the line's number values, then its keyword values, as the batch gives them. */
    const givenColumns = (line) =>
      line.given?.map(({ columns }, r) => {
        if (!columns) return null;
        const [n, k] = [columns.numberNames.length, columns.keywordNames.length];
        const keywordsOf = (c) => {
          const at = line.at * k + c;
          return Array.from(columns.keywordIds.subarray(columns.keywordStarts[at], columns.keywordStarts[at + 1]), (id) => columns.locals[c][id]);
        };
        return [Array.from({ length: n }, (_, c) => columns.numbers[line.at * n + c]), Array.from({ length: k }, (_, c) => keywordsOf(c))];
      });
    const plain = (line) => ({ text: line.text, number: line.number, tooLong: line.tooLong ?? false, invalidUtf8: line.invalidUtf8 ?? false });
    const onThread = [];
    const ownTerms = readers.map(() => ({ dictionary: new TermDictionary(), translation: undefined }));
    const occurrences = (terms, dictionary) => Array.from({ length: terms.count }, (_, i) => [dictionary.term(terms.ids[i]), terms.positions[i], terms.widths[i]]);
    let bytes = 0;
    reading: for await (const batch of readLinesOnThread(path, readers, { maxLineBytes, onChunk: (n) => (bytes += n) })) {
      for (const line of batch) {
        const fields = line.given?.map((given, r) => {
          const own = ownTerms[r];
          if (own.translation?.local !== given.local) own.translation = new TermTranslation(given.local, own.dictionary);
          return readers[r].fields.map((_, f) => {
            const terms = new FieldTerms();
            terms.take(given, line.at, f, own.translation);
            return occurrences(terms, own.dictionary);
          });
        });
        onThread.push({ ...plain(line), fields: fields ?? null, columns: givenColumns(line) ?? null });
        if (stopAfter !== undefined && onThread.length === stopAfter) break reading;
      }
    }
    const onMain = [];
    for await (const line of readLines(path, { maxLineBytes })) {
      let record;
      try {
        record = line.tooLong ? undefined : parseRecord(line.text);
      } catch {
        record = undefined;
      }
      const fieldsOf = () => readers.map(({ kind, fields }) => fields.map((name) => {
        const field = KINDS[kind].textFields.find((f) => f.name === name);
        const [terms, dictionary] = [new FieldTerms(), new TermDictionary()];
        terms.read(field.text(record), field.tokenizer, dictionary);
        return occurrences(terms, dictionary);
      }));
      const columnsOf = () =>
        readers.map(({ kind, numbers = [], keywords = [] }) => {
          if (!numbers.length && !keywords.length) return null;
          const column = (name) => KINDS[kind].columns.find((c) => c.name === name);
          return [numbers.map((name) => asNumber(column(name).value(record))), keywords.map((name) => asKeywords(column(name).value(record)))];
        });
      let fields;
      let columns;
      try {
        fields = record && fieldsOf();
        columns = record && columnsOf();
      } catch {
        // A field that reads other records (given no store here).
        [fields, columns] = [undefined, undefined];
      }
      onMain.push({ ...plain(line), fields: fields ?? null, columns: columns ?? null });
      if (stopAfter !== undefined && onMain.length === stopAfter) break;
    }
    return { onThread, onMain, bytes };
  },

  /**
   * The main thread's nice value while a file is read on a thread, and the most threads seen at nice
   * 10 at once (Linux: /proc): the reading thread, and the packing thread once a buffer is full.
   */
  async priorities({ dir }) {
    const { readdirSync, readFileSync } = await import("node:fs");
    const { SearchEngine } = await built("index.js");
    const niceOf = (tid) => Number(readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1].split(" ")[16]);
    let main;
    let lowered = 0;
    const onProgress = () => {
      main = niceOf(process.pid);
      const others = readdirSync("/proc/self/task").filter((tid) => Number(tid) !== process.pid);
      lowered = Math.max(lowered, others.map(niceOf).filter((nice) => nice === 10).length);
    };
    await new SearchEngine({ rateLimit: false }).load(dir, { threadFromBytes: 0, onProgress });
    return { main, lowered };
  },

  /** A load aborted while its first file is read on a thread: what it rejects with. */
  async abort({ dir }) {
    const { SearchEngine } = await built("index.js");
    const engine = new SearchEngine({ rateLimit: false });
    const controller = new AbortController();
    let progress = 0;
    const onProgress = () => {
      if (++progress === 2) controller.abort(new Error("stopped by the caller"));
    };
    return engine.load(dir, { threadFromBytes: 0, signal: controller.signal, onProgress }).then(
      (report) => ({ loaded: report.counts }),
      (error) => ({ rejected: error.message, progress }),
    );
  },
};

const answer = await tasks[task](args);
process.stdout.write(JSON.stringify(answer));
// No exit here: a reading thread left running keeps this process alive, which the tests notice.
