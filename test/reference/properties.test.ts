/**
 * The engine against the reference evaluator for repositories, users, topics
 * and labels (the properties are in harness.ts). FC_RUNS=n runs every
 * property n times (the defaults keep the file within seconds).
 */
import { kindProperties } from "./harness.js";

kindProperties("repositories", { agrees: 250, single: 30, sorts: 120, pages: 60, equivalences: 120 });
kindProperties("users", { agrees: 250, single: 30, sorts: 120, pages: 60, equivalences: 120 });
kindProperties("topics", { agrees: 250, single: 30, sorts: 120, pages: 60, equivalences: 120 });
kindProperties("labels", { agrees: 250, single: 30, sorts: 120, pages: 60, equivalences: 120 });
