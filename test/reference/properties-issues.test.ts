/** The engine against the reference evaluator for issues and pull requests (the properties are in harness.ts). */
import { kindProperties } from "./harness.js";

kindProperties("issues", { agrees: 350, single: 100, sorts: 100, pages: 50, equivalences: 100 });
