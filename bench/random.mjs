/**
 * Seeded randomness for the benchmark corpora and query sampling. Nothing here
 * reads Math.random: the same seed gives the same numbers on every machine.
 */

/** A 32-bit integer hash of two integers (murmur3 finaliser), for per-record seeds. */
export function hash32(a, b = 0) {
  let h = (Math.imul(a | 0, 0x9e3779b1) ^ Math.imul(b | 0, 0x85ebca6b)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A 32-bit hash of a string, to turn names into seeds or salts. */
export function hashString(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** mulberry32: a small, fast generator of uniform numbers in [0, 1). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The generator for item `index` of a stream named by `salt`: records can be made in any order. */
export function rngFor(seed, salt, index) {
  return mulberry32(hash32(hash32(seed, salt), index));
}

/** An integer in [lo, hi], both ends included. */
export function intBetween(rng, lo, hi) {
  return lo + Math.floor(rng() * (hi - lo + 1));
}

export function pick(rng, items) {
  return items[Math.floor(rng() * items.length)];
}

/** Exponentially distributed value with the given mean. */
export function exponential(rng, mean) {
  return -Math.log(1 - rng()) * mean;
}

/** Standard normal deviate (Box–Muller). */
export function normal(rng) {
  const u = 1 - rng();
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/**
 * A heavy-tailed count: floor of a Pareto variable with the given tail exponent,
 * minus one, so that 0 is the most common value (comments, reactions, stars).
 */
export function paretoCount(rng, alpha, cap = Infinity) {
  const x = Math.floor(Math.pow(1 - rng(), -1 / alpha)) - 1;
  return x > cap ? cap : x;
}

/**
 * Walker's alias table: draws index i with probability weights[i] / sum in O(1),
 * which keeps a million-record corpus with ~100 words each under a minute.
 */
export class AliasTable {
  constructor(weights) {
    const n = weights.length;
    let sum = 0;
    for (let i = 0; i < n; i++) sum += weights[i];
    this.size = n;
    this.prob = new Float64Array(n);
    this.alias = new Int32Array(n);
    const scaled = new Float64Array(n);
    const small = [];
    const large = [];
    for (let i = 0; i < n; i++) {
      scaled[i] = (weights[i] * n) / sum;
      (scaled[i] < 1 ? small : large).push(i);
    }
    while (small.length && large.length) {
      const s = small.pop();
      const l = large.pop();
      this.prob[s] = scaled[s];
      this.alias[s] = l;
      scaled[l] = scaled[l] + scaled[s] - 1;
      (scaled[l] < 1 ? small : large).push(l);
    }
    for (const i of large) this.prob[i] = 1;
    for (const i of small) this.prob[i] = 1;
  }

  sample(rng) {
    const x = rng() * this.size;
    const i = x | 0;
    return x - i < this.prob[i] ? i : this.alias[i];
  }
}

/** Zipf weights 1/r^s for ranks 1..n. */
export function zipfWeights(n, s) {
  const w = new Float64Array(n);
  for (let r = 0; r < n; r++) w[r] = 1 / Math.pow(r + 1, s);
  return w;
}

export function zipfTable(n, s) {
  return new AliasTable(zipfWeights(n, s));
}

/** A seeded Fisher–Yates sample of k distinct items, in sampled order. */
export function sample(rng, items, k) {
  const copy = items.slice();
  const n = Math.min(k, copy.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rng() * (copy.length - i));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy.slice(0, n);
}
