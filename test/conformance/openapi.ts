/**
 * The hosting site's own OpenAPI description of the search endpoints (package `@octokit/openapi`):
 * the 200 response schema of each endpoint, with every `$ref` inlined and OpenAPI 3.0's `nullable`
 * turned into JSON Schema, compiled with ajv and ajv-formats.
 *
 * Where the description and our specification disagree, the specification wins: each such field is
 * listed in DIFFERENCES (and in docs/openapi-differences.md) and the tolerant validator relaxes
 * exactly that field, nothing else. The strict validator applies the description as published.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

export const ENDPOINTS = ["code", "commits", "issues", "labels", "repositories", "topics", "users"] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

type Schema = Record<string, unknown>;

/**
 * One field where our answers follow the specification rather than the description.
 * `field` names a place in the response: `search_type` (the envelope), `items[].score`,
 * `items[].commit.author.name`, `items[].labels[].description`.
 */
export interface Difference {
  endpoint: Endpoint;
  field: string;
  /** `optional`: the description requires the field, we may leave it out; `nullable`: we may send null. */
  tolerate: "optional" | "nullable";
  why: string;
}

export const DIFFERENCES: Difference[] = [
  {
    endpoint: "issues",
    field: "search_type",
    tolerate: "optional",
    why: "The description requires `search_type` (lexical, semantic or hybrid search) in the envelope; the specification's envelope (2.1) has total_count, incomplete_results and items only, and the engine only searches lexically.",
  },
];

export interface SchemaViolation {
  /** Where in the body (a JSON pointer). */
  at: string;
  /** The field, named as in {@link Difference.field}. */
  field: string;
  message: string;
  /** The offending value, when it is a scalar. */
  value?: string | number | boolean | null;
}

const require = createRequire(import.meta.url);
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

let description: { paths: Record<string, { get: { responses: Record<string, unknown> } }>; components: { schemas: Record<string, Schema> } } | undefined;

/** The site's description, read once (13 MB of JSON; the index module would load every variant). */
function siteDescription() {
  description ??= JSON.parse(readFileSync(require.resolve("@octokit/openapi/generated/api.github.com.json"), "utf8"));
  return description!;
}

/** The 200 response schema of `GET /search/<endpoint>`, every `$ref` inlined, as JSON Schema. */
export function responseSchema(endpoint: Endpoint): Schema {
  const { paths, components } = siteDescription();
  const response = paths[`/search/${endpoint}`].get.responses["200"] as { content: Record<string, { schema: Schema }> };
  return toJsonSchema(response.content["application/json"].schema, components.schemas, []);
}

/**
 * Inlines `$ref`s and rewrites `nullable: true` as "or null". A reference back into a schema being
 * inlined (a cycle, e.g. a repository's template repository) becomes `{}`: deeper levels go unchecked.
 */
function toJsonSchema(node: unknown, schemas: Record<string, Schema>, inlining: string[]): Schema {
  if (Array.isArray(node)) return node.map((n) => toJsonSchema(n, schemas, inlining)) as unknown as Schema;
  if (node === null || typeof node !== "object") return node as Schema;
  const source = node as Schema;
  if (typeof source.$ref === "string") {
    const name = source.$ref.replace("#/components/schemas/", "");
    if (inlining.includes(name)) return {};
    return toJsonSchema(schemas[name], schemas, [...inlining, name]);
  }
  const out: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === "nullable" || key === "example" || key === "examples" || key.startsWith("x-")) continue;
    // `properties` maps names to schemas; every other object or array value is a schema or a list of them.
    if (key === "properties" && value && typeof value === "object") {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, s]) => [name, toJsonSchema(s, schemas, inlining)]));
    } else if (key === "enum" || key === "required" || key === "default") {
      out[key] = value;
    } else {
      out[key] = toJsonSchema(value, schemas, inlining);
    }
  }
  return source.nullable === true ? orNull(out) : out;
}

function orNull(schema: Schema): Schema {
  if (Array.isArray(schema.enum)) schema = { ...schema, enum: [...schema.enum, null] };
  return { anyOf: [{ type: "null" }, schema] };
}

/** The schema of a field named as in {@link Difference.field}, and the schema holding it. */
function locate(root: Schema, field: string): { parent: Schema; name: string } {
  const steps = field.split(".");
  let schema = root;
  for (let i = 0; i < steps.length; i++) {
    const isArray = steps[i].endsWith("[]");
    const name = isArray ? steps[i].slice(0, -2) : steps[i];
    schema = objectBranch(schema);
    if (i === steps.length - 1 && !isArray) return { parent: schema, name };
    const properties = schema.properties as Record<string, Schema> | undefined;
    if (!properties?.[name]) throw new Error(`the description has no field "${field}"`);
    schema = properties[name];
    if (isArray) schema = objectBranch(schema).items as Schema;
  }
  throw new Error(`"${field}" names an array, not a field`);
}

/** The non-null branch of an "or null" schema. */
function objectBranch(schema: Schema): Schema {
  const anyOf = schema.anyOf as Schema[] | undefined;
  return anyOf?.find((s) => s.type !== "null") ?? schema;
}

/** Applies one difference to a (copied) schema. */
function tolerate(root: Schema, difference: Difference): void {
  const { parent, name } = locate(root, difference.field);
  if (difference.tolerate === "optional") {
    const required = parent.required as string[] | undefined;
    if (!required?.includes(name)) throw new Error(`"${difference.field}" is not required by the description: nothing to tolerate`);
    parent.required = required.filter((r) => r !== name);
  } else {
    const properties = parent.properties as Record<string, Schema>;
    properties[name] = orNull(properties[name]);
  }
}

function compile(schema: Schema): ValidateFunction {
  const ajv = new Ajv({ strict: false, allErrors: true, verbose: true });
  addFormats(ajv);
  return ajv.compile(schema);
}

const validators = new Map<string, ValidateFunction>();

/** A validator of 200 bodies of one endpoint: `tolerant` applies DIFFERENCES, `strict` does not. */
export function validatorFor(endpoint: Endpoint, mode: "tolerant" | "strict" = "tolerant"): (body: unknown) => SchemaViolation[] {
  const key = `${endpoint}:${mode}`;
  let validate = validators.get(key);
  if (!validate) {
    const schema = structuredClone(responseSchema(endpoint));
    if (mode === "tolerant") for (const d of DIFFERENCES.filter((d) => d.endpoint === endpoint)) tolerate(schema, d);
    validate = compile(schema);
    validators.set(key, validate);
  }
  const check = validate;
  return (body) => (check(body) ? [] : (check.errors ?? []).map(violation));
}

function violation(error: ErrorObject): SchemaViolation {
  const missing = error.keyword === "required" ? String(error.params.missingProperty) : undefined;
  const message = missing ? `must have "${missing}"` : (error.message ?? error.keyword);
  const value = error.data === null || typeof error.data !== "object" ? (error.data as SchemaViolation["value"]) : undefined;
  return { at: error.instancePath || "/", field: fieldOf(error.instancePath, missing), message, ...(value === undefined ? {} : { value }) };
}

/** The field name (as in {@link Difference.field}) of a JSON pointer into a body: `/items/3/labels/0/name` → `items[].labels[].name`. */
export function fieldOf(pointer: string, missing?: string): string {
  const parts = pointer.split("/").filter(Boolean);
  const out: string[] = [];
  for (const part of parts) {
    if (/^\d+$/.test(part)) out[out.length - 1] += "[]";
    else out.push(part);
  }
  if (missing) out.push(missing);
  return out.join(".");
}
