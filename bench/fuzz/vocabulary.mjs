/**
 * Names found in a dump folder (repository names and ids, logins, label names), so that generated
 * queries reach real records and their text matches, not only empty results.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

function records(dir, file) {
  let text;
  try {
    text = readFileSync(join(dir, file), "utf8");
  } catch {
    return [];
  }
  const out = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      out.push(JSON.parse(line));
    } catch {
      // A malformed line names nothing.
    }
  }
  return out;
}

export function dumpVocabulary(dir) {
  const repositories = records(dir, "repositories.ndjson");
  const strings = (values) => [...new Set(values.filter((v) => typeof v === "string" && v))];
  return {
    repos: strings(repositories.map((r) => r.full_name)),
    repositoryIds: [...new Set(repositories.map((r) => r.id).filter(Number.isInteger))],
    logins: strings(records(dir, "users.ndjson").map((u) => u.login)),
    labels: strings(records(dir, "labels.ndjson").map((l) => l.name)),
  };
}
