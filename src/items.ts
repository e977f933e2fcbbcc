/** The result items of each search kind, typed as the hosting site's OpenAPI description gives them. */
import type { components } from "@octokit/openapi-types";
import type { SearchKind } from "./records/kinds.js";
import type { ScoreExplanation } from "./score/score.js";

type Schemas = components["schemas"];

/** The item shape of each search kind. */
export interface SearchItems {
  code: Schemas["code-search-result-item"];
  commits: Schemas["commit-search-result-item"];
  issues: Schemas["issue-search-result-item"];
  labels: Schemas["label-search-result-item"];
  repositories: Schemas["repo-search-result-item"];
  topics: Schemas["topic-search-result-item"];
  users: Schemas["user-search-result-item"];
}

/** One result item of a kind; `explain` is there when the search asked for it. */
export type SearchItem<K extends SearchKind> = SearchItems[K] & { explain?: ScoreExplanation };
