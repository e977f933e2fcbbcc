/**
 * Which saved shapes of a kind's index an open accepts: its own, and its own with the keyword columns
 * it has retired, nothing else.
 */
import { describe, expect, it } from "vitest";
import { KINDS } from "../../src/kinds/index.js";
import { fitsSchema, schemaOf } from "../../src/persist/snapshot.js";

describe("saved index shapes", () => {
  const issues = KINDS.issues;
  const withColumn = (schema: string, column: string) => schema.replace(/\|([^|]*)$/, (_, columns: string) => `|${columns},${column}`);

  it("accepts the kind's own shape, and that shape with a retired keyword column", () => {
    expect(fitsSchema(schemaOf(issues), issues)).toBe(true);
    expect(fitsSchema(withColumn(schemaOf(issues), "involves:keyword"), issues)).toBe(true);
  });

  it("refuses another column, a retired name of another type, a missing column, another kind's shape and no shape", () => {
    expect(fitsSchema(withColumn(schemaOf(issues), "unheard_of:keyword"), issues)).toBe(false);
    expect(fitsSchema(withColumn(schemaOf(issues), "involves:number"), issues)).toBe(false);
    expect(fitsSchema(schemaOf(issues).replace(",author:keyword", ""), issues)).toBe(false);
    expect(fitsSchema(schemaOf(KINDS.commits), issues)).toBe(false);
    expect(fitsSchema(undefined, issues)).toBe(false);
  });
});
