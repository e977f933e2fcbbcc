/**
 * Paired significance tests of two systems' per-query values, two-sided: the
 * randomization (permutation) test of Fisher, as Smucker, Allan and Carterette
 * recommend for IR, with a seeded generator so a report repeats exactly; and
 * Student's paired t-test.
 */

export type SignificanceTest = "randomization" | "t-test";

export interface TestOptions {
  test?: SignificanceTest;
  /** Sign flips drawn by the randomization test; default 10,000. */
  permutations?: number;
  seed?: number;
}

/** p-value of the difference between paired samples `a` and `b` (same queries, same order). */
export function pairedTest(a: readonly number[], b: readonly number[], options: TestOptions = {}): number {
  if (a.length !== b.length) throw new RangeError(`paired samples differ in length: ${a.length} and ${b.length}`);
  const diffs = a.map((x, i) => x - b[i]);
  return options.test === "t-test" ? pairedT(diffs) : randomization(diffs, options.permutations ?? 10_000, options.seed ?? 1);
}

/**
 * Each query's difference keeps or flips its sign at random; p is the share of
 * draws whose mean difference is at least as far from 0 as the observed one,
 * counting the observed assignment itself, so p is never 0.
 */
export function randomization(diffs: readonly number[], permutations: number, seed: number): number {
  const n = diffs.length;
  if (n === 0) return 1;
  const observed = Math.abs(diffs.reduce((s, d) => s + d, 0));
  // Sums differ from the observed one only by rounding when the assignment is the same.
  const tolerance = 1e-9 * Math.max(1, observed);
  const random = mulberry32(seed);
  let atLeast = 0;
  for (let p = 0; p < permutations; p++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += random() < 0.5 ? -diffs[i] : diffs[i];
    if (Math.abs(sum) >= observed - tolerance) atLeast++;
  }
  return (atLeast + 1) / (permutations + 1);
}

/** Two-sided p of Student's t on paired differences (n − 1 degrees of freedom). */
export function pairedT(diffs: readonly number[]): number {
  const n = diffs.length;
  if (n < 2) return 1;
  const mean = diffs.reduce((s, d) => s + d, 0) / n;
  const variance = diffs.reduce((s, d) => s + (d - mean) ** 2, 0) / (n - 1);
  if (variance === 0) return mean === 0 ? 1 : 0;
  const t = mean / Math.sqrt(variance / n);
  return studentTwoSided(t, n - 1);
}

/** P(|T| ≥ |t|) for Student's t with `df` degrees of freedom. */
export function studentTwoSided(t: number, df: number): number {
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/** The regularized incomplete beta function I_x(a, b), by its continued fraction (modified Lentz). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(a * Math.log(x) + b * Math.log(1 - x) - logBeta(a, b));
  // The fraction converges fast below the mean; above it, use the symmetry I_x(a, b) = 1 − I_{1−x}(b, a).
  if (x > (a + 1) / (a + b + 2)) return 1 - incompleteBeta(1 - x, b, a);
  const tiny = 1e-300;
  let c = 1;
  let d = 1 - ((a + b) * x) / (a + 1);
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let f = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let num = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + num * d;
    c = 1 + num / c;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = Math.abs(c) < tiny ? tiny : c;
    f *= d * c;
    num = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + num * d;
    c = 1 + num / c;
    d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = Math.abs(c) < tiny ? tiny : c;
    const step = d * c;
    f *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return (front * f) / a;
}

function logBeta(a: number, b: number): number {
  return logGamma(a) + logGamma(b) - logGamma(a + b);
}

/** ln Γ(x) for x > 0 (Lanczos, g = 7, nine coefficients). */
function logGamma(x: number): number {
  const g = 7;
  const coefficients = [
    0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
    -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
  ];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let sum = coefficients[0];
  for (let i = 1; i < coefficients.length; i++) sum += coefficients[i] / (z + i);
  const t = z + g + 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** A small seeded generator (mulberry32): the same seed draws the same sequence. */
function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
