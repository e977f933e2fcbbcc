/**
 * Property tests draw from a fixed seed, so `npm test` is deterministic. `npm run test:fuzz` sets
 * FC_FUZZ=1 for fresh seeds (fast-check prints the seed of any failure; FC_SEED replays it).
 */
import fc from "fast-check";

const FIXED_SEED = 20_261_123;
const fromEnv = Number(process.env.FC_SEED);
const seed = Number.isInteger(fromEnv) ? fromEnv : process.env.FC_FUZZ === "1" ? undefined : FIXED_SEED;

fc.configureGlobal(seed === undefined ? {} : { seed });
