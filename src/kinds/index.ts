/**
 * The registry of kinds. Each search kind is one module declaring, as data,
 * its records (dump file, key, load order), fields, columns, qualifiers,
 * sorts, ranking signals, text matches, visibility, preview and scope
 * parameters; everything else (the loader's files, the store's maps, the
 * command line's endpoints and media types) is derived from here.
 *
 * Adding a kind: its module, its name in `SearchKind` (src/records/kinds.ts)
 * and its line below (ARCHITECTURE.md, "Adding a kind").
 */
import { checkKindSpec } from "./check.js";
import { code } from "./code/index.js";
import { commits } from "./commits/index.js";
import { issues } from "./issues/index.js";
import { labels } from "./labels.js";
import { repositories } from "./repositories.js";
import { topics } from "./topics.js";
import type { DumpKind, KindSpec, RecordKindSpec, RecordLike, SearchKind } from "./types.js";
import { users } from "./users.js";

export const KINDS: Readonly<Record<SearchKind, KindSpec<RecordLike>>> = {
  code,
  commits,
  issues,
  labels,
  repositories,
  topics,
  users,
};

// A misspelt name in a spec fails here, when the library is first imported.
for (const spec of Object.values(KINDS)) checkKindSpec(spec);

/** The search kinds, the endpoints `/search/<kind>`, in alphabetical order. */
export const SEARCH_KINDS: readonly SearchKind[] = Object.keys(KINDS) as SearchKind[];

/** Every record kind of a dump: each search kind's own, then those only it reads (an issue's comments). */
export const RECORD_KINDS: Readonly<Record<DumpKind, RecordKindSpec>> = Object.fromEntries(
  SEARCH_KINDS.flatMap((kind) => KINDS[kind].records.map((r) => [r.kind, r])),
) as Record<DumpKind, RecordKindSpec>;

/** Every dump kind a store holds. */
export const DUMP_KINDS: readonly DumpKind[] = Object.keys(RECORD_KINDS) as DumpKind[];

/** The dump kinds in the order their files load. */
export const LOAD_ORDER: readonly DumpKind[] = [...DUMP_KINDS].sort((a, b) => RECORD_KINDS[a].loadOrder - RECORD_KINDS[b].loadOrder);

/** The file of each dump kind in a dump folder. */
export const DUMP_FILES: Readonly<Record<DumpKind, string>> = Object.fromEntries(DUMP_KINDS.map((k) => [k, RECORD_KINDS[k].file])) as Record<DumpKind, string>;

/** The natural key of a record of a dump kind; undefined when the record lacks it. */
export function keyOf(kind: DumpKind, record: RecordLike): string | undefined {
  return RECORD_KINDS[kind].key(record);
}

export type { KindSpec, SearchKind } from "./types.js";
