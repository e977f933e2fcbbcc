/**
 * Collections of issues for planner tests: records put in order, then edits (puts and removals)
 * applied one at a time, the collection indexed after each.
 */
import { Collection } from "../../src/index/collection.js";
import { KINDS } from "../../src/kinds/index.js";
import type { KindSpec, RecordLike } from "../../src/kinds/types.js";
import { Store } from "../../src/store.js";

const issues = KINDS.issues as KindSpec<RecordLike>;

export interface IssueFields {
  title: string;
  body: string;
  state: string;
  labels: string[];
  comments?: number;
}

export type Edit = { kind: "put"; number: number; value: IssueFields } | { kind: "remove"; number: number };

/** A collection and a way to edit it further (`apply`), issue `o/r#n` in the one repository. */
export function build(records: readonly IssueFields[], edits: readonly Edit[]): Collection & { apply(edit: Edit): void } {
  const store = new Store();
  store.put("repositories", "o/r", { full_name: "o/r", private: false });
  const collection = new Collection(issues, store);
  const put = (number: number, r: IssueFields) => {
    const key = `o/r#${number}`;
    store.put("issues", key, { number, id: number, repository: "o/r", user: { login: "ada" }, title: r.title, body: r.body, state: r.state, labels: r.labels.map((name) => ({ name })), comments: r.comments });
    collection.touch(key);
  };
  const apply = (e: Edit) => {
    if (e.kind === "put") put(e.number, e.value);
    else {
      store.delete("issues", `o/r#${e.number}`);
      collection.touch(`o/r#${e.number}`);
    }
    collection.drain();
  };
  records.forEach((r, i) => put(i + 1, r));
  collection.drain();
  for (const e of edits) apply(e);
  return Object.assign(collection, { apply });
}
