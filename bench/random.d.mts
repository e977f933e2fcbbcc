/** Types of the benchmark's seeded randomness (random.mjs). */

export type Rng = () => number;

export declare function hash32(a: number, b?: number): number;
export declare function hashString(text: string): number;
export declare function mulberry32(seed: number): Rng;
export declare function rngFor(seed: number, salt: number, index: number): Rng;
export declare function intBetween(rng: Rng, lo: number, hi: number): number;
export declare function pick<T>(rng: Rng, items: readonly T[]): T;
export declare function exponential(rng: Rng, mean: number): number;
export declare function normal(rng: Rng): number;
export declare function paretoCount(rng: Rng, alpha: number, cap?: number): number;
export declare class AliasTable {
  constructor(weights: ArrayLike<number>);
  readonly size: number;
  sample(rng: Rng): number;
}
export declare function zipfWeights(n: number, s: number): Float64Array;
export declare function zipfTable(n: number, s: number): AliasTable;
export declare function sample<T>(rng: Rng, items: readonly T[], k: number): T[];
