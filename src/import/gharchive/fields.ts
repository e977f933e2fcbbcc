/**
 * Records as the archive reveals them: one event tells some fields of a
 * record, another event other fields, and a trimmed payload fewer than a full
 * one. Each field keeps the stamp of the event that gave it, and of two values
 * of a field the one with the greater stamp wins. The rule is commutative and
 * associative, so files may be read in any order and partial merges (in
 * memory, in spilled runs) may be combined in any grouping: the result is the
 * newest value of every field, and a field an event does not carry keeps its
 * older value instead of being erased.
 */
import type { RecordLike } from "../../kinds/types.js";

/** A value and the stamp of what gave it. */
export type Field = [stamp: string, value: unknown];

/** Field name → newest field; names are plain (`title`), nested (`owner.login`) or list elements (`reviews[0042]`). */
export type Fields = Partial<Record<string, Field>>;

export type ArchiveKind = "users" | "repositories" | "issues" | "comments" | "labels";

/**
 * Of two values an event gives for one field, the one carried by a payload
 * object beats the one derived from the envelope (an actor's avatar without
 * its version, a repository stub's owner without a type).
 */
export const DERIVED = "0";
export const CARRIED = "1";
export type Rank = typeof DERIVED | typeof CARRIED;

/** Some fields of one record, as one event tells them. */
export interface Part {
  readonly kind: ArchiveKind;
  readonly key: string;
  readonly rank: Rank;
  readonly fields: RecordLike;
}

/** Marks kept beside the fields and never written: a deleted record, a repository seen as a full object. */
export const MARK = { deleted: "$deleted", full: "$full" } as const;

// REST field names; anything else (a dot, a bracket, a `$`) could be mistaken for a nested name or a mark.
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NESTED = /^([A-Za-z_][A-Za-z0-9_]*)\.(.+)$/;
const ELEMENT = /^([A-Za-z_][A-Za-z0-9_]*)\[(.*)\]$/;

export const nested = (parent: string, child: string): string => `${parent}.${child}`;
export const element = (list: string, key: string): string => `${list}[${key}]`;

/** The fields of a payload object that have plain names, less those in `skip`. */
export function plainFields(source: RecordLike, skip: ReadonlySet<string> = new Set()): RecordLike {
  const out: RecordLike = {};
  for (const name of Object.keys(source)) {
    if (PLAIN_NAME.test(name) && !skip.has(name)) out[name] = source[name];
  }
  return out;
}

/**
 * Whether `a` should replace `b`. Equal stamps come only from one event naming
 * one field twice (a repository as both head and base); the greater JSON then
 * wins, so that no order of reading can change the outcome.
 */
export function supersedes(a: Field, b: Field): boolean {
  if (a[0] !== b[0]) return a[0] > b[0];
  return JSON.stringify(a[1]) > JSON.stringify(b[1]);
}

export function mergeFields(into: Fields, from: Fields): Fields {
  for (const [name, field] of Object.entries(from)) {
    if (field === undefined) continue;
    const current = into[name];
    if (current === undefined || supersedes(field, current)) into[name] = field;
  }
  return into;
}

export function hasMark(fields: Fields, mark: string): boolean {
  return fields[mark]?.[1] === true;
}

/** The record the fields describe, in name order; undefined when its newest news is its deletion. */
export function assemble(fields: Fields): RecordLike | undefined {
  if (hasMark(fields, MARK.deleted)) return undefined;
  const record: RecordLike = {};
  const lists = new Map<string, unknown[]>();
  for (const [name, field] of Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (name.startsWith("$") || field === undefined) continue;
    const value = field[1];
    const inList = ELEMENT.exec(name);
    if (inList) {
      let list = lists.get(inList[1]);
      if (!list) lists.set(inList[1], (list = []));
      list.push(value);
      continue;
    }
    const inObject = NESTED.exec(name);
    if (inObject) {
      const parent = record[inObject[1]];
      const target = isObject(parent) ? parent : (record[inObject[1]] = {});
      (target as RecordLike)[inObject[2]] = value;
      continue;
    }
    record[name] = value;
  }
  for (const [name, list] of lists) record[name] = list;
  return record;
}

export function optional<T>(value: T | undefined): T[] {
  return value === undefined ? [] : [value];
}

function isObject(value: unknown): value is RecordLike {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
