/**
 * While a dump loads, a collection is indexed record by record only when no file still to come can
 * change its documents, and only while the indexes may change (no search in flight); otherwise its
 * marks wait for the background indexer, and drain once indexing may go on.
 */
import { describe, expect, it } from "vitest";
import { Collection } from "../../src/index/collection.js";
import { LoadIndexer } from "../../src/index/load-indexer.js";
import { KINDS } from "../../src/kinds/index.js";
import type { KindSpec, RecordLike } from "../../src/kinds/types.js";
import { Store } from "../../src/store.js";

function setup(mayWrite: () => boolean = () => true) {
  const store = new Store();
  store.put("repositories", "o/r", { full_name: "o/r", private: false });
  const issues = new Collection(KINDS.issues as KindSpec<RecordLike>, store);
  const repositories = new Collection(KINDS.repositories as KindSpec<RecordLike>, store);
  const failures: unknown[] = [];
  const indexer = new LoadIndexer([issues, repositories], mayWrite, (e) => failures.push(e));
  let n = 0;
  /** Stores and marks one issue as the engine does, then tells the indexer. */
  const load = () => {
    const record = { number: ++n, id: n, title: `crash ${n}`, body: "", repository: "o/r", state: "open", user: { login: "ada" } };
    const text = JSON.stringify(record);
    store.put("issues", `o/r#${n}`, record, text);
    issues.touch(`o/r#${n}`);
    indexer.loaded(text.length);
  };
  return { issues, repositories, indexer, load, failures };
}

describe("LoadIndexer", () => {
  it("indexes each record as it loads when nothing later can change it", () => {
    const { issues, indexer, load, failures } = setup();
    indexer.startFile("issues", 10_000, ["commits", "code"]);
    for (let i = 0; i < 5; i++) load();
    expect(issues.pendingCount).toBe(0);
    expect(issues.size).toBe(5);
    expect(failures).toEqual([]);
  });

  it("leaves the marks of a collection a later file may change (comments change their issues)", () => {
    const { issues, indexer, load } = setup();
    indexer.startFile("issues", 10_000, ["comments"]);
    for (let i = 0; i < 5; i++) load();
    expect(issues.pendingCount).toBe(5);
    expect(issues.size).toBe(0);
  });

  it("waits while the indexes may not change, then works the marks off two per record loaded", () => {
    let may = false;
    const { issues, indexer, load } = setup(() => may);
    indexer.startFile("issues", 10_000, []);
    for (let i = 0; i < 4; i++) load();
    expect(issues.pendingCount).toBe(4);
    may = true;
    load();
    expect(issues.pendingCount).toBe(3);
    load();
    load();
    expect(issues.pendingCount).toBe(1);
  });
});
