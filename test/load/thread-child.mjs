// Runs the built library (dist/, which `npm test` builds first) in a process of its own: the reading
// thread of a load is a worker that runs built modules only. `node thread-child.mjs TASK JSON` prints
// one JSON answer; see test/load/thread-lines.test.ts.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const DIST = join(fileURLToPath(import.meta.url), "../../../dist");
const built = (path) => import(pathToFileURL(join(DIST, path)).href);
const [task, argument] = process.argv.slice(2);
const args = JSON.parse(argument);

const tasks = {
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
