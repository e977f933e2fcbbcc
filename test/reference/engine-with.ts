/** The engine fed with a reference dataset: the other side of every comparison. */
import { SearchEngine } from "../../src/index.js";
import type { Dataset } from "./dataset.js";

/** A fresh engine holding the dataset (rate limits off: the properties call it many times). */
export function engineWith(data: Dataset): SearchEngine {
  const engine = new SearchEngine({ rateLimit: false });
  for (const u of data.users) engine.add("users", { ...u });
  for (const r of data.repositories) engine.add("repositories", { ...r });
  for (const t of data.topics) engine.add("topics", { ...t });
  for (const l of data.labels) engine.add("labels", { ...l });
  for (const i of data.issues) engine.add("issues", { ...i });
  for (const c of data.comments) engine.add("comments", { ...c });
  for (const c of data.commits) engine.add("commits", { ...c });
  for (const f of data.code) engine.add("code", { ...f });
  return engine;
}
