/**
 * Qualifier rules several kinds share, written from the reference
 * (qualifiers.md legend: NUM, DATE, literal values, STR) against plain values.
 */
import * as linguist from "linguist-languages";
import type { OracleContext, QualifierRule } from "../kind.js";
import { dateTest, numberTest, reject } from "../values.js";

/** A record's value; it may read other records through the context. */
export type Reader<R, T> = (record: R, ctx: OracleContext) => T;

export const numberRule = <R>(value: Reader<R, number | undefined>): QualifierRule<R> => ({
  build: (text, ctx) => {
    const test = numberTest(text);
    return (r) => test(value(r, ctx));
  },
});

export const dateRule = <R>(value: Reader<R, number | undefined>): QualifierRule<R> => ({
  build: (text, ctx) => {
    const test = dateTest(text);
    return (r) => test(value(r, ctx));
  },
});

/** A qualifier with literal values (case-insensitive); anything else is a 422. */
export const literalRule = <R>(cases: Record<string, Reader<R, boolean>>): QualifierRule<R> => ({
  build: (text, ctx) => {
    const key = text.trim().toLowerCase();
    if (!Object.prototype.hasOwnProperty.call(cases, key)) reject(`"${text}" is not one of ${Object.keys(cases).join(", ")}`);
    return (r) => cases[key](r, ctx);
  },
});

export const booleanRule = <R>(value: Reader<R, boolean>): QualifierRule<R> =>
  literalRule<R>({ true: (r, ctx) => value(r, ctx), false: (r, ctx) => !value(r, ctx) });

/** A non-empty value, lower-cased. */
export function required(text: string): string {
  const v = text.trim();
  return v ? v.toLowerCase() : reject("a value is required");
}

const LANGUAGES = Object.values(linguist as unknown as Record<string, { name: string; aliases?: string[] }>).filter((l) => typeof l?.name === "string");

/**
 * A `language:` value as the linguist list names it (a name or an alias,
 * case-insensitive), lower-cased; an unknown value stands for itself.
 */
export function languageName(value: string): string {
  const v = value.trim().toLowerCase();
  const byName = LANGUAGES.find((l) => l.name.toLowerCase() === v);
  const byAlias = byName ?? LANGUAGES.find((l) => (l.aliases ?? []).includes(v));
  return (byAlias?.name ?? v).toLowerCase();
}

export const lower = (v: string | null | undefined): string => (typeof v === "string" ? v.toLowerCase() : "");
