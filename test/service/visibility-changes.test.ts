/**
 * Who sees which non-public repository, as repositories and organisations change: the engine keeps
 * per-login tallies of what each caller may see (owner, collaborator, member of the owning account),
 * and every search must agree with the rule read from the records as they are now.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SearchEngine } from "../../src/engine.js";
import { canSee } from "../reference/access.js";
import { EMPTY_DATASET, type Dataset, type RepositoryRecord, type UserRecord } from "../reference/dataset.js";

const LOGINS = ["alice", "Bob", "carol", "acme", "ACME-labs"];
const REPOSITORY_NAMES = ["one", "two", "three", "four"];
const login = fc.constantFrom(...LOGINS);
const someone = fc.oneof(login, login.map((l) => l.toUpperCase()));

const repository = fc.record({
  owner: fc.constantFrom("alice", "acme", "ACME-labs"),
  name: fc.constantFrom(...REPOSITORY_NAMES),
  visibility: fc.constantFrom("public", "private", "internal"),
  collaborators: fc.uniqueArray(someone, { maxLength: 2 }),
});
const change = fc.oneof(
  repository.map((r) => ({ op: "repository" as const, ...r })),
  fc.record({ op: fc.constant("remove" as const), owner: fc.constantFrom("alice", "acme", "ACME-labs"), name: fc.constantFrom(...REPOSITORY_NAMES) }),
  fc.record({ op: fc.constant("organisation" as const), login: fc.constantFrom("acme", "ACME-labs"), members: fc.uniqueArray(someone, { maxLength: 3 }) }),
);

function repositoryRecord(r: { owner: string; name: string; visibility: string; collaborators: string[] }, id: number): RepositoryRecord {
  return {
    id,
    name: r.name,
    full_name: `${r.owner}/${r.name}`,
    owner: { login: r.owner },
    description: "launch",
    visibility: r.visibility,
    private: r.visibility !== "public",
    collaborators: r.collaborators,
  } as RepositoryRecord;
}

async function visibleTo(engine: SearchEngine, who: string | undefined): Promise<string[]> {
  const answer = await engine.search("repositories", { q: "launch", per_page: 100 }, { caller: who ? { login: who } : undefined });
  return answer.items.map((item) => String(item.full_name).toLowerCase()).sort();
}

describe("visibility as records change", () => {
  it("each caller sees exactly the repositories the rule gives, after every change", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 12 }), async (changes) => {
        const engine = new SearchEngine({ rateLimit: false });
        const data: Dataset = { ...EMPTY_DATASET, users: [], repositories: [] };
        let id = 1;
        for (const c of changes) {
          if (c.op === "repository") {
            const record = repositoryRecord(c, id++);
            engine.add("repositories", record);
            data.repositories = [...data.repositories.filter((r) => r.full_name.toLowerCase() !== record.full_name.toLowerCase()), record];
          } else if (c.op === "remove") {
            const fullName = `${c.owner}/${c.name}`.toLowerCase();
            engine.remove("repositories", fullName);
            data.repositories = data.repositories.filter((r) => r.full_name.toLowerCase() !== fullName);
          } else {
            const record: UserRecord = { login: c.login, id: 1000 + LOGINS.indexOf(c.login), type: "Organization", members: c.members };
            engine.add("users", record);
            data.users = [...data.users.filter((u) => u.login !== c.login), record];
          }
          for (const who of [undefined, ...LOGINS, "ALICE"]) {
            const expected = data.repositories
              .filter((r) => canSee(data, r, who === undefined ? undefined : { login: who }))
              .map((r) => r.full_name.toLowerCase())
              .sort();
            expect(await visibleTo(engine, who)).toEqual(expected);
          }
        }
      }),
      { numRuns: 60, seed: 20261127 },
    );
  });
});
