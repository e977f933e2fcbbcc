/**
 * The validator built from the site's OpenAPI description: it really rejects what the description
 * forbids, relaxes exactly the listed differences, and the list matches the document.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { worldEngine, PREVIEWS } from "../service/world.js";
import { DIFFERENCES, ENDPOINTS, fieldOf, responseSchema, validatorFor, type Endpoint } from "./openapi.js";

const engine = worldEngine();

/** A real 200 body of each endpoint, from the test world. */
async function bodyOf(endpoint: Endpoint): Promise<{ items: Array<Record<string, unknown>> } & Record<string, unknown>> {
  const q = endpoint === "users" ? "person" : "launch";
  const res = await engine.request({ url: `/search/${endpoint}?q=${q}&repository_id=1001`, headers: { accept: `${PREVIEWS}, application/vnd.github.v3.text-match+json` }, caller: { login: "mia" } });
  expect(res.status).toBe(200);
  const body = res.body as { items: Array<Record<string, unknown>> } & Record<string, unknown>;
  expect(body.items.length).toBeGreaterThan(0);
  return structuredClone(body);
}

describe("the description's response schemas", () => {
  it.each(ENDPOINTS)("are found for /search/%s, with no $ref left", (endpoint) => {
    const schema = responseSchema(endpoint);
    expect(JSON.stringify(schema)).not.toContain("$ref");
    expect(schema.required).toEqual(expect.arrayContaining(["total_count", "incomplete_results", "items"]));
  });

  it.each(ENDPOINTS)("accept our answers of /search/%s, with text matches, once the differences are tolerated", async (endpoint) => {
    expect(validatorFor(endpoint)(await bodyOf(endpoint))).toEqual([]);
  });

  it.each(ENDPOINTS)("reject an item of /search/%s that breaks them", async (endpoint) => {
    const body = await bodyOf(endpoint);
    body.items[0].score = "high";
    expect(validatorFor(endpoint)(body)).toContainEqual(expect.objectContaining({ at: "/items/0/score", field: "items[].score", message: "must be number" }));
    delete body.items[0].score;
    expect(validatorFor(endpoint)(body)).toContainEqual(expect.objectContaining({ field: "items[].score", message: 'must have "score"' }));
  });

  it("read nullable as or-null and nothing wider", async () => {
    const body = await bodyOf("labels");
    body.items[0].description = null;
    expect(validatorFor("labels")(body)).toEqual([]);
    body.items[0].name = null;
    expect(validatorFor("labels")(body).map((v) => v.field)).toContain("items[].name");
  });

  it("check formats", async () => {
    const body = await bodyOf("repositories");
    body.items[0].html_url = "not a url";
    body.items[0].created_at = "yesterday";
    const fields = validatorFor("repositories")(body).map((v) => `${v.field}: ${v.message}`);
    expect(fields).toEqual(['items[].html_url: must match format "uri"', 'items[].created_at: must match format "date-time"']);
  });
});

describe("the listed differences", () => {
  it("are what strict validation of our answers finds, and tolerated", async () => {
    for (const endpoint of ENDPOINTS) {
      const body = await bodyOf(endpoint);
      const strict = validatorFor(endpoint, "strict")(body).map((v) => v.field);
      const listed = DIFFERENCES.filter((d) => d.endpoint === endpoint).map((d) => d.field);
      expect(new Set(strict), endpoint).toEqual(new Set(listed));
      expect(validatorFor(endpoint, "tolerant")(body), endpoint).toEqual([]);
    }
  });

  it("tolerate nothing beyond their field", async () => {
    const body = await bodyOf("issues");
    expect(body).not.toHaveProperty("search_type");
    body.search_type = "vector";
    expect(validatorFor("issues")(body).map((v) => v.field)).toEqual(["search_type"]);
    delete body.search_type;
    delete body.incomplete_results;
    expect(validatorFor("issues")(body).map((v) => v.field)).toEqual(["incomplete_results"]);
  });

  it("are each written up in docs/openapi-differences.md", () => {
    const doc = readFileSync(new URL("../../docs/openapi-differences.md", import.meta.url), "utf8");
    const rows = doc.split("\n").filter((line) => line.startsWith("| `/search/"));
    for (const d of DIFFERENCES) {
      expect(rows.some((row) => row.startsWith(`| \`/search/${d.endpoint}\` | \`${d.field}\``) && row.includes(d.tolerate)), `${d.endpoint} ${d.field}`).toBe(true);
    }
  });
});

describe("fieldOf", () => {
  it("names a place in a body the way differences name it", () => {
    expect(fieldOf("/items/3/labels/0/name")).toBe("items[].labels[].name");
    expect(fieldOf("", "search_type")).toBe("search_type");
    expect(fieldOf("/items/0/commit/author", "date")).toBe("items[].commit.author.date");
  });
});
