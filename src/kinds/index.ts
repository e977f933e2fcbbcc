/** The registry of search kinds: one module each, declared as data. */
import { checkKindSpec } from "./check.js";
import { code } from "./code/index.js";
import { commits } from "./commits/index.js";
import { issues } from "./issues/index.js";
import { labels } from "./labels.js";
import { repositories } from "./repositories.js";
import { topics } from "./topics.js";
import type { KindSpec, RecordLike, SearchKind } from "./types.js";
import { users } from "./users.js";

export const KINDS: Partial<Record<SearchKind, KindSpec<RecordLike>>> = {
  repositories,
  users,
  topics,
  labels,
  issues,
  code,
  commits,
};

// A misspelt name in a spec fails here, when the library is first imported.
for (const spec of Object.values(KINDS)) checkKindSpec(spec);

export const SEARCH_KINDS: SearchKind[] = ["code", "commits", "issues", "labels", "repositories", "topics", "users"];

export type { KindSpec, SearchKind } from "./types.js";
