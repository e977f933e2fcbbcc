/**
 * Qualifier rules several kinds share, written from the reference
 * (qualifiers.md legend: NUM, DATE, literal values, STR) against plain values.
 */
import * as linguist from "linguist-languages";
import { accountExists, canSee, findRepository, visibility } from "../access.js";
import type { RepositoryRecord } from "../dataset.js";
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

/** A login-valued qualifier's value: required, `@me` the caller, lower-cased. */
export function userValue(text: string, ctx: OracleContext): string {
  return ctx.login(required(text)).toLowerCase();
}

/**
 * repo:, user: and org: for records that belong to a repository (and for
 * repositories themselves), given the record's repository full name: the
 * repository must exist and be visible, the account must exist (422).
 */
export function scopeRules<R>(fullNameOf: (record: R) => string): Record<"repo" | "user" | "org", QualifierRule<R>> {
  const owner: QualifierRule<R> = {
    scope: true,
    build: (text, ctx) => {
      const login = userValue(text, ctx);
      if (!accountExists(ctx.data, login)) reject(`no account ${login}`);
      return (r) => fullNameOf(r).split("/")[0].toLowerCase() === login;
    },
  };
  return {
    repo: {
      scope: true,
      build: (text, ctx) => {
        const v = text.trim();
        if (!/^[^/\s]+\/[^/\s]+$/.test(v)) reject(`"${v}" is not OWNER/NAME`);
        const repo = findRepository(ctx.data, v);
        if (!repo || !canSee(ctx.data, repo, ctx.caller)) reject(`${v} cannot be searched`);
        return (r) => fullNameOf(r).toLowerCase() === v.toLowerCase();
      },
    },
    user: owner,
    org: owner,
  };
}

/** `is:public`, `is:private`, `is:internal` on the visibility of a record's repository. */
export function visibilityCases<R>(repositoryOf: Reader<R, RepositoryRecord | undefined>): Record<string, Reader<R, boolean>> {
  const is = (v: string) => (r: R, ctx: OracleContext) => {
    const repo = repositoryOf(r, ctx);
    return (repo ? visibility(repo) : "public") === v;
  };
  return { public: is("public"), private: is("private"), internal: is("internal") };
}

/**
 * Results of the dataset, computed once per dataset (aggregates several
 * records of a kind read: an issue's comments, who a team is).
 */
const memo = new WeakMap<object, Map<string, unknown>>();
export function perDataset<T>(data: object, name: string, compute: () => T): T {
  let cache = memo.get(data);
  if (!cache) memo.set(data, (cache = new Map()));
  if (!cache.has(name)) cache.set(name, compute());
  return cache.get(name) as T;
}
