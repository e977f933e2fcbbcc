/** The kinds the reference evaluator knows. */
import type { OracleKind } from "../kind.js";
import { code } from "./code.js";
import { commits } from "./commits.js";
import { issues } from "./issues.js";
import { labels } from "./labels.js";
import { repositories } from "./repositories.js";
import { topics } from "./topics.js";
import { users } from "./users.js";

export const ORACLE_KINDS = { repositories, users, topics, labels, issues, code, commits } as const;
export type OracleKindName = keyof typeof ORACLE_KINDS;

export function oracleKind(name: OracleKindName): OracleKind<unknown> {
  return ORACLE_KINDS[name] as unknown as OracleKind<unknown>;
}
