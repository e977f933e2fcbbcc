/** Types of the synthetic corpus generator (generate.mjs), for TypeScript callers such as the tests. */

export type Rng = () => number;
export type RestRecord = Record<string, any>;

export declare const DEFAULT_SEED: number;
export declare const WORLD_START: number;
export declare const WORLD_END: number;
export declare const ZIPF_EXPONENT: number;
export declare const DEFAULT_COUNTS: { users: number; repositories: number };
export declare const WORDS: string[];
export declare const PHRASES: string[];
export declare const LABELS: Array<[name: string, color: string]>;
export declare const LANGUAGES: string[];
export declare const LICENSES: Array<[key: string, spdx: string, name: string]>;

export interface WorldOptions {
  seed?: number;
  users?: number;
  repositories?: number;
  /** How many generated identifiers join the real words in the vocabulary (default 20,000). */
  identifiers?: number;
}

export interface World {
  seed: number;
  counts: { users: number; repositories: number };
  /** Every word and identifier, in Zipf rank order (index 0 is the most frequent). */
  vocabulary: string[];
  login(index: number): string;
  repositoryFullName(index: number): string;
  activeUser(rank: number): string;
  activeRepository(rank: number): string;
  topicWords: string[];
  userAt(index: number): RestRecord;
  repositoryAt(index: number): RestRecord;
  issueAt(index: number): RestRecord;
  users(n?: number): Generator<RestRecord>;
  repositories(n?: number): Generator<RestRecord>;
  issues(n: number): Generator<RestRecord>;
  repositoriesOfIssues(n: number): number[];
  /** `count` vocabulary ranks drawn as text draws them. */
  sampleWords(rng: Rng, count: number): number[];
}

export declare function createWorld(options?: WorldOptions): World;
export declare function generateIssues(n: number, options?: WorldOptions): Generator<RestRecord>;
export declare function generateRepositories(n: number, options?: WorldOptions): Generator<RestRecord>;
export declare function generateUsers(n: number, options?: WorldOptions): Generator<RestRecord>;
