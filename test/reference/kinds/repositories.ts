/** Repositories (qualifiers.md §5), read from plain repository records. */
import { canSee, findUser, ownerOf, visibility } from "../access.js";
import type { RepositoryRecord } from "../dataset.js";
import type { OracleContext, OracleKind, QualifierRule } from "../kind.js";
import { amount, instant, reject } from "../values.js";
import { isPull, repositoryNameOf } from "./issue-facts.js";
import { booleanRule, dateRule, languageName, literalRule, lower, numberRule, required, scopeRules } from "./common.js";

/** License keywords naming a family: `license:gpl` finds GPL-2.0 and GPL-3.0. */
const LICENSE_FAMILIES: Record<string, string[]> = {
  gpl: ["gpl-2.0", "gpl-3.0"],
  lgpl: ["lgpl-2.1", "lgpl-3.0"],
  cc: ["cc0-1.0", "cc-by-4.0", "cc-by-sa-4.0"],
};

function licenseKey(r: RepositoryRecord): string {
  return lower(r.license?.key) || lower(r.license?.spdx_id);
}

const topicsOf = (r: RepositoryRecord): string[] => (r.topics ?? []).filter((t) => typeof t === "string");

/**
 * Open issues (not pull requests) of the repository carrying the label; the
 * label's spaced and hyphenated spellings are one label ("good first issue").
 */
function openIssuesLabelled(ctx: OracleContext, repo: RepositoryRecord, label: string): number {
  const spelling = (name: string) => name.trim().toLowerCase().replace(/[\s_-]+/g, " ");
  const open = ctx.data.issues.filter((i) => i.state === "open" && !isPull(i) && lower(repositoryNameOf(i)) === lower(repo.full_name));
  const carrying = open.map((i) => i.labels.filter((l) => spelling(l.name) === label).length);
  return carrying.reduce((n, c) => n + Math.min(c, 1), 0);
}

/** Custom properties apply only to a query limited to one organisation; otherwise they are ignored. */
function propsRule(name: string): QualifierRule<RepositoryRecord> {
  const property = name.slice("props.".length);
  return {
    build: (text, ctx) => {
      const wanted = text.trim().toLowerCase();
      if (!property || !wanted) reject("props.PROPERTY:VALUE needs both");
      const orgs = new Set(ctx.scopes.filter((s) => s.name === "org").map((s) => s.value));
      const oneOrganisation = orgs.size === 1 && ctx.scopes.every((s) => s.name === "org");
      if (!oneOrganisation) return () => true;
      return (r) =>
        Object.entries(r.custom_properties ?? {}).some(
          ([k, v]) => k.toLowerCase() === property && [v].flat().some((x) => String(x).toLowerCase() === wanted),
        );
    },
  };
}

export const repositories: OracleKind<RepositoryRecord> = {
  name: "repositories",
  records: (ctx) => ctx.data.repositories,
  key: (r) => r.full_name,
  itemKey: (item) => String(item.full_name),
  fields: {
    name: (r) => [r.name],
    description: (r) => [r.description],
    topics: (r) => topicsOf(r),
    readme: (r) => [r.readme],
  },
  defaultFields: ["name", "description", "topics"],
  inValues: { name: ["name"], description: ["description"], topics: ["topics"], readme: ["readme"] },
  keywordsCombine: "and",
  qualifiers: {
    ...scopeRules((r: RepositoryRecord) => r.full_name),
    size: numberRule((r) => amount(r.size)),
    followers: numberRule((r) => amount(r.subscribers_count) ?? amount(r.watchers_count)),
    forks: numberRule((r) => amount(r.forks_count)),
    stars: numberRule((r) => amount(r.stargazers_count)),
    topics: numberRule((r) => topicsOf(r).length),
    created: dateRule((r) => instant(r.created_at)),
    pushed: dateRule((r) => instant(r.pushed_at)),
    language: {
      oneValue: "language",
      build: (text) => {
        const wanted = languageName(required(text));
        return (r) => lower(r.language) === wanted;
      },
    },
    topic: {
      build: (text) => {
        const wanted = required(text);
        return (r) => topicsOf(r).some((t) => t.toLowerCase() === wanted);
      },
    },
    license: {
      oneValue: "license",
      build: (text) => {
        const wanted = required(text);
        return (r) => licenseKey(r) !== "" && (licenseKey(r) === wanted || (LICENSE_FAMILIES[wanted] ?? []).includes(licenseKey(r)));
      },
    },
    "good-first-issues": numberRule((r, ctx) => openIssuesLabelled(ctx, r, "good first issue")),
    "help-wanted-issues": numberRule((r, ctx) => openIssuesLabelled(ctx, r, "help wanted")),
    is: {
      ...literalRule<RepositoryRecord>({
        public: (r) => visibility(r) === "public",
        private: (r) => visibility(r) === "private",
        internal: (r) => visibility(r) === "internal",
        sponsorable: (r, ctx) => findUser(ctx.data, ownerOf(r))?.is_sponsorable === true,
      }),
      oneValue: (v) => (["public", "private", "internal"].includes(v) ? "visibility" : undefined),
    },
    has: literalRule<RepositoryRecord>({ "funding-file": (r) => r.has_funding_file === true }),
    mirror: booleanRule((r) => typeof r.mirror_url === "string" && r.mirror_url !== ""),
    template: booleanRule((r) => r.is_template === true),
    archived: booleanRule((r) => r.archived === true),
    // fork:true widens the search to forks (it filters nothing); fork:only keeps only forks.
    fork: literalRule<RepositoryRecord>({ true: () => true, false: (r) => r.fork !== true, only: (r) => r.fork === true }),
  },
  prefixQualifiers: [{ prefix: "props.", rule: propsRule }],
  sorts: {
    stars: (r) => amount(r.stargazers_count),
    forks: (r) => amount(r.forks_count),
    "help-wanted-issues": (r, ctx) => openIssuesLabelled(ctx, r, "help wanted"),
    updated: (r) => instant(r.updated_at),
  },
  defaults: (present) => (present.has("fork") ? [] : [(r) => r.fork !== true]),
  visible: (r, ctx) => canSee(ctx.data, r, ctx.caller),
};
