import { describe, expect, it } from "vitest";
import { parseRecord } from "../../src/load/parse-record.js";

describe("parseRecord", () => {
  it("returns the object of a line", () => {
    expect(parseRecord('{"login":"octocat","id":1,"tags":[{"a":null}]}')).toEqual({
      login: "octocat",
      id: 1,
      tags: [{ a: null }],
    });
  });

  it.each([
    ["[1,2]", "expected a JSON object, found an array"],
    ["42", "expected a JSON object, found a number"],
    ['"text"', "expected a JSON object, found a string"],
    ["null", "expected a JSON object, found null"],
    ["true", "expected a JSON object, found a boolean"],
  ])("refuses %s", (line, message) => {
    expect(() => parseRecord(line)).toThrow(message);
  });

  it.each(['{"login":', "{login:1}", "{'a':1}", '{"a":1} x'])("refuses malformed JSON %s", (line) => {
    expect(() => parseRecord(line)).toThrow(/^invalid JSON: /);
  });

  it("drops __proto__, constructor and prototype keys at every depth, keeping the rest", () => {
    const record = parseRecord(
      '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"login":"x",' +
        '"owner":{"__proto__":{"admin":true},"login":"y","prototype":2},"list":[{"constructor":3,"k":4}]}',
    );
    expect(record).toEqual({ login: "x", owner: { login: "y" }, list: [{ k: 4 }] });
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(["login", "owner", "list"]);
    expect((record.owner as Record<string, unknown>).admin).toBeUndefined();
  });

  it("drops unsafe keys spelled with unicode escapes", () => {
    const record = parseRecord('{"\\u005f_proto__":{"polluted":1},"\\u0063onstructor":1,"caf\\u00e9":2}');
    expect(record).toEqual({ café: 2 });
  });

  it("drops unsafe keys however deeply a line nests", () => {
    const depth = 200_000;
    const record = parseRecord(`{"a":${"[".repeat(depth)}{"__proto__":1,"k":2}${"]".repeat(depth)}}`);
    let value: unknown = record.a;
    for (let i = 0; i < depth; i++) value = (value as unknown[])[0];
    expect(value).toEqual({ k: 2 });
    expect(Object.keys(value as object)).toEqual(["k"]);
  });

  it("keeps the words as values", () => {
    expect(parseRecord('{"name":"constructor","topics":["__proto__","prototype"]}')).toEqual({
      name: "constructor",
      topics: ["__proto__", "prototype"],
    });
  });
});
