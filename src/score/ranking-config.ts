/**
 * Best match as configuration: per kind, BM25F's `k1`, each text field's weight
 * and `b`, each signal's weight and transform, and the tie-break. The defaults
 * are read from the kinds' own declarations, so an engine built without a
 * `ranking` option ranks exactly as the kinds declare. A configuration is
 * checked once, when the engine is built; every mistake names its path.
 */
import { KINDS, SEARCH_KINDS } from "../kinds/index.js";
import type { KindSpec, RecordLike, SearchKind } from "../kinds/types.js";

/** How a signal's value becomes its share of the boost (before its weight). */
export type SignalTransform = "log" | "saturation" | "none";

/** How equal scores are ordered: the kind's record id ascending, or the item key descending (trec_eval's reading of ties). */
export type TieBreak = "id" | "key";

export interface FieldRanking {
  /** BM25F weight of an occurrence in this field, 0–1000. */
  weight: number;
  /** Length normalisation, 0 (none) – 1 (full). */
  b: number;
}

export interface SignalRanking {
  /** 0–1000; 0 switches the signal off. */
  weight: number;
  /** log: ln(1 + v); saturation: v / (v + pivot); none: v. */
  transform: SignalTransform;
  /** The value at which saturation gives one half; only with `transform: "saturation"`. */
  pivot?: number;
}

/** The ranking of one kind, every part filled in. */
export interface KindRanking {
  /** BM25 term-frequency saturation, 0–10 (0: a word counts once whatever its frequency). */
  k1: number;
  fields: Record<string, FieldRanking>;
  signals: Record<string, SignalRanking>;
  tieBreak: TieBreak;
}

/** What a caller writes: any part of any kind, the rest defaults. */
export interface KindRankingOptions {
  k1?: number;
  fields?: Record<string, Partial<FieldRanking>>;
  signals?: Record<string, Partial<SignalRanking>>;
  tieBreak?: TieBreak;
}
export type RankingOptions = Partial<Record<SearchKind, KindRankingOptions>>;

/** The ranking of every kind. */
export type Ranking = Record<SearchKind, KindRanking>;

/** A ranking configuration that cannot be used; `path` names the offending part (`ranking.issues.fields.titel`). */
export class RankingError extends RangeError {
  readonly path: string;
  readonly detail: string;

  constructor(path: string, detail: string) {
    super(`${path}: ${detail}`);
    this.name = "RankingError";
    this.path = path;
    this.detail = detail;
  }
}

const DEFAULT_K1 = 1.2;
const RANGES = {
  k1: [0, 10],
  weight: [0, 1000],
  b: [0, 1],
  pivot: [Number.MIN_VALUE, Number.MAX_VALUE],
} as const;
const TRANSFORMS: readonly SignalTransform[] = ["log", "saturation", "none"];
const TIE_BREAKS: readonly TieBreak[] = ["id", "key"];

/** Today's ranking of one kind, as its module declares it. */
function kindDefaults(spec: KindSpec<RecordLike>): KindRanking {
  return {
    k1: DEFAULT_K1,
    fields: Object.fromEntries(spec.textFields.map((f) => [f.name, { weight: f.weight, b: f.b }])),
    signals: Object.fromEntries(spec.signals.map((s) => [s.name, { weight: s.weight, transform: "log" as const }])),
    tieBreak: "id",
  };
}

/** The default ranking of every kind. */
export function defaultRanking(): Ranking {
  return resolveRanking(undefined);
}

/** The full ranking for `options` (undefined: the defaults); throws a RankingError naming the first mistake. */
export function resolveRanking(options: unknown): Ranking {
  const root = "ranking";
  if (options !== undefined && !isPlainObject(options)) throw new RankingError(root, `expected an object of kinds, got ${describe(options)}`);
  const given = (options ?? {}) as Record<string, unknown>;
  checkKeys(root, given, SEARCH_KINDS, "kind");
  const out = {} as Ranking;
  for (const kind of SEARCH_KINDS) {
    out[kind] = resolveKind(`${root}.${kind}`, KINDS[kind], given[kind]);
  }
  return out;
}

function resolveKind(path: string, spec: KindSpec<RecordLike>, given: unknown): KindRanking {
  const ranking = kindDefaults(spec);
  if (given === undefined) return ranking;
  const opts = objectAt(path, given);
  checkKeys(path, opts, ["k1", "fields", "signals", "tieBreak"], "option");
  if (opts.k1 !== undefined) ranking.k1 = numberAt(`${path}.k1`, opts.k1, RANGES.k1);
  if (opts.tieBreak !== undefined) ranking.tieBreak = choiceAt(`${path}.tieBreak`, opts.tieBreak, TIE_BREAKS);
  if (opts.fields !== undefined) {
    const fields = objectAt(`${path}.fields`, opts.fields);
    checkKeys(`${path}.fields`, fields, Object.keys(ranking.fields), "field");
    for (const [name, value] of Object.entries(fields)) {
      const at = `${path}.fields.${name}`;
      const field = objectAt(at, value);
      checkKeys(at, field, ["weight", "b"], "option");
      if (field.weight !== undefined) ranking.fields[name].weight = numberAt(`${at}.weight`, field.weight, RANGES.weight);
      if (field.b !== undefined) ranking.fields[name].b = numberAt(`${at}.b`, field.b, RANGES.b);
    }
  }
  if (opts.signals !== undefined) {
    const signals = objectAt(`${path}.signals`, opts.signals);
    checkKeys(`${path}.signals`, signals, Object.keys(ranking.signals), "signal");
    for (const [name, value] of Object.entries(signals)) ranking.signals[name] = resolveSignal(`${path}.signals.${name}`, ranking.signals[name], value);
  }
  return ranking;
}

function resolveSignal(at: string, defaults: SignalRanking, value: unknown): SignalRanking {
  const signal = objectAt(at, value);
  checkKeys(at, signal, ["weight", "transform", "pivot"], "option");
  const out: SignalRanking = { ...defaults };
  if (signal.weight !== undefined) out.weight = numberAt(`${at}.weight`, signal.weight, RANGES.weight);
  if (signal.transform !== undefined) out.transform = choiceAt(`${at}.transform`, signal.transform, TRANSFORMS);
  if (out.transform === "saturation") {
    if (signal.pivot === undefined) throw new RankingError(`${at}.pivot`, "required with transform saturation (the value that scores one half)");
    out.pivot = numberAt(`${at}.pivot`, signal.pivot, RANGES.pivot);
  } else if (signal.pivot !== undefined) {
    throw new RankingError(`${at}.pivot`, `applies only to transform saturation, not ${out.transform}`);
  }
  return out;
}

/** A signal's value after its transform, before its weight. */
export function transformSignal(signal: SignalRanking, value: number): number {
  const v = Math.max(0, value || 0);
  // Every transform maps 0 to 0; most documents have no comments or reactions, and a logarithm is slow.
  if (v === 0) return 0;
  switch (signal.transform) {
    case "log":
      return Math.log1p(v);
    case "saturation":
      return v / (v + signal.pivot!);
    case "none":
      return v;
  }
}

function checkKeys(path: string, given: Record<string, unknown>, known: readonly string[], what: string): void {
  for (const key of Object.keys(given)) {
    if (!known.includes(key)) throw new RankingError(`${path}.${key}`, `unknown ${what}; known: ${known.length ? known.join(", ") : "none"}`);
  }
}

function objectAt(path: string, value: unknown): Record<string, unknown> {
  if (!isPlainObject(value)) throw new RankingError(path, `expected an object, got ${describe(value)}`);
  return value as Record<string, unknown>;
}

function numberAt(path: string, value: unknown, [min, max]: readonly [number, number]): number {
  if (typeof value !== "number" || !Number.isFinite(value)) throw new RankingError(path, `expected a number, got ${describe(value)}`);
  if (value < min || value > max) {
    const range = min === Number.MIN_VALUE ? "above 0" : `from ${min} to ${max}`;
    throw new RankingError(path, `${value} is out of range: expected ${range}`);
  }
  return value;
}

function choiceAt<T extends string>(path: string, value: unknown, choices: readonly T[]): T {
  if (typeof value !== "string" || !choices.includes(value as T)) throw new RankingError(path, `expected one of ${choices.join(", ")}, got ${describe(value)}`);
  return value as T;
}

function isPlainObject(value: unknown): boolean {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return String(value);
  return typeof value;
}
