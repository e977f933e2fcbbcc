/**
 * What the benchmark knows about each kind: how a REST-shaped record becomes a
 * flat document of text fields and filterable values. The peers index these
 * flat documents, the linear scan evaluates queries on them, and the id of a
 * document is the id the engine's result item carries, so answers compare.
 *
 * Field semantics follow the hosting site's documented rules (reference docs):
 * prose text is cut into runs of letters, digits and `_`, lower-cased; keyword
 * values compare lower-cased; dates are epoch milliseconds.
 */

const lower = (v) => (typeof v === "string" ? v.toLowerCase() : undefined);
const time = (v) => (typeof v === "string" ? Date.parse(v) : undefined);
const logins = (users) => (Array.isArray(users) ? users.map((u) => lower(u?.login)).filter(Boolean) : []);
/** A location matches as a whole and by each of its words (`location:iceland` finds "Reykjavík, Iceland"). */
const locationValues = (loc) => {
  const l = lower(loc)?.trim();
  return l ? [l, ...l.split(/[^\p{L}\p{N}]+/u).filter(Boolean)] : [];
};

/**
 * Per kind: `id` (as the engine's result item names it), `text` fields, the
 * `defaultFields` a bare term searches, and `values`: filter fields, each with a
 * `type` (keyword | list | number) and an accessor. `itemId` reads the id from a
 * search result item.
 */
export const KINDS = {
  issues: {
    id: (r) => r.id,
    itemId: (item) => item.id,
    text: { title: (r) => r.title ?? "", body: (r) => r.body ?? "" },
    defaultFields: ["title", "body"],
    values: {
      state: { type: "keyword", get: (r) => lower(r.state) },
      type: { type: "keyword", get: (r) => (r.pull_request ? "pr" : "issue") },
      merged: { type: "keyword", get: (r) => String(Boolean(r.pull_request?.merged_at)) },
      labels: { type: "list", get: (r) => (r.labels ?? []).map((l) => lower(typeof l === "string" ? l : l.name)) },
      author: { type: "keyword", get: (r) => lower(r.user?.login) },
      assignees: { type: "list", get: (r) => logins(r.assignees ?? (r.assignee ? [r.assignee] : [])) },
      repo: { type: "keyword", get: (r) => lower(typeof r.repository === "string" ? r.repository : r.repository?.full_name) },
      milestone: { type: "keyword", get: (r) => lower(r.milestone?.title) },
      comments: { type: "number", get: (r) => r.comments ?? 0 },
      reactions: { type: "number", get: (r) => r.reactions?.total_count ?? 0 },
      interactions: { type: "number", get: (r) => (r.comments ?? 0) + (r.reactions?.total_count ?? 0) },
      created: { type: "number", get: (r) => time(r.created_at) },
      updated: { type: "number", get: (r) => time(r.updated_at) },
      closed: { type: "number", get: (r) => time(r.closed_at) },
    },
  },
  repositories: {
    id: (r) => r.id,
    itemId: (item) => item.id,
    text: { name: (r) => r.name ?? "", description: (r) => r.description ?? "", topics: (r) => (r.topics ?? []).join(" ") },
    defaultFields: ["name", "description", "topics"],
    values: {
      owner: { type: "keyword", get: (r) => lower(r.owner?.login) },
      repo: { type: "keyword", get: (r) => lower(r.full_name) },
      language: { type: "keyword", get: (r) => lower(r.language) },
      license: { type: "keyword", get: (r) => lower(r.license?.key) },
      topic: { type: "list", get: (r) => (r.topics ?? []).map(lower) },
      archived: { type: "keyword", get: (r) => String(Boolean(r.archived)) },
      stars: { type: "number", get: (r) => r.stargazers_count ?? 0 },
      forks: { type: "number", get: (r) => r.forks_count ?? 0 },
      size: { type: "number", get: (r) => r.size ?? 0 },
      topicCount: { type: "number", get: (r) => (r.topics ?? []).length },
      created: { type: "number", get: (r) => time(r.created_at) },
      pushed: { type: "number", get: (r) => time(r.pushed_at) },
      updated: { type: "number", get: (r) => time(r.updated_at) },
    },
  },
  users: {
    id: (r) => r.id,
    itemId: (item) => item.id,
    // Only the local part of an e-mail is searchable: the site does not match e-mail domains.
    text: { login: (r) => r.login ?? "", name: (r) => r.name ?? "", email: (r) => (r.email ?? "").split("@")[0] },
    defaultFields: ["login", "email", "name"],
    values: {
      type: { type: "keyword", get: (r) => (r.type === "Organization" ? "org" : "user") },
      location: { type: "list", get: (r) => locationValues(r.location) },
      followers: { type: "number", get: (r) => r.followers ?? 0 },
      repos: { type: "number", get: (r) => r.public_repos ?? 0 },
      created: { type: "number", get: (r) => time(r.created_at) },
    },
  },
  commits: {
    id: (r) => r.sha,
    itemId: (item) => item.sha,
    text: { message: (r) => r.commit?.message ?? "" },
    defaultFields: ["message"],
    values: {
      repo: { type: "keyword", get: (r) => lower(typeof r.repository === "string" ? r.repository : r.repository?.full_name) },
      merge: { type: "keyword", get: (r) => String((r.parents ?? []).length > 1) },
      "author-email": { type: "keyword", get: (r) => lower(r.commit?.author?.email) },
      "author-date": { type: "number", get: (r) => time(r.commit?.author?.date) },
      "committer-date": { type: "number", get: (r) => time(r.commit?.committer?.date) },
    },
  },
  code: {
    id: (r) => `${r.repository}:${r.path}`,
    itemId: (item) => `${item.repository?.full_name}:${item.path}`,
    text: { file: (r) => r.content ?? "", path: (r) => r.path ?? "" },
    defaultFields: ["file"],
    values: {
      repo: { type: "keyword", get: (r) => lower(r.repository) },
      extension: { type: "keyword", get: (r) => lower(/\.([^./]+)$/.exec(r.path ?? "")?.[1]) },
    },
  },
};

// Text fields and values share the flat document's namespace.
for (const [kind, spec] of Object.entries(KINDS)) {
  for (const name of Object.keys(spec.text)) if (name in spec.values) throw new Error(`${kind}: "${name}" is both a text field and a value`);
}

export function kindSpec(kind) {
  const spec = KINDS[kind];
  if (!spec) throw new Error(`unknown kind "${kind}"`);
  return spec;
}

/**
 * The flat document of a record: `id`, one string per text field, and each filter
 * value that is present (absent values are left out rather than set to null,
 * because schema-checked peers reject nulls).
 */
export function flatten(kind, record) {
  const spec = kindSpec(kind);
  const doc = { id: spec.id(record) };
  for (const [name, get] of Object.entries(spec.text)) doc[name] = get(record);
  for (const [name, field] of Object.entries(spec.values)) {
    const v = field.get(record);
    if (v !== undefined && v !== null && !Number.isNaN(v)) doc[name] = v;
  }
  return doc;
}

/** Ids compare as strings: some peers hand every id back as a string. */
export const idKey = (id) => String(id);
