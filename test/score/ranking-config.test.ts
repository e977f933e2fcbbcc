/** The ranking configuration: defaults as the kinds declare them, and every mistake named by its path. */
import { describe, expect, it } from "vitest";
import { RankingError, SearchEngine, defaultRanking, resolveRanking } from "../../src/index.js";
import { KINDS, SEARCH_KINDS } from "../../src/kinds/index.js";
import { transformSignal } from "../../src/score/ranking-config.js";

function errorOf(options: unknown): RankingError {
  try {
    resolveRanking(options);
  } catch (err) {
    expect(err).toBeInstanceOf(RankingError);
    expect(err).toBeInstanceOf(RangeError);
    return err as RankingError;
  }
  throw new Error(`accepted ${JSON.stringify(options)}`);
}

describe("ranking defaults", () => {
  it("are what each kind's module declares, with k1 = 1.2, log signals and the id tie-break", () => {
    const ranking = defaultRanking();
    for (const kind of SEARCH_KINDS) {
      const spec = KINDS[kind]!;
      expect(ranking[kind].k1).toBe(1.2);
      expect(ranking[kind].tieBreak).toBe("id");
      expect(Object.keys(ranking[kind].fields)).toEqual(spec.textFields.map((f) => f.name));
      for (const f of spec.textFields) expect(ranking[kind].fields[f.name]).toEqual({ weight: f.weight, b: f.b });
      for (const s of spec.signals) expect(ranking[kind].signals[s.name]).toEqual({ weight: s.weight, transform: "log" });
    }
  });

  it("apply to whatever part a configuration leaves out", () => {
    const ranking = resolveRanking({ issues: { k1: 0.9, fields: { title: { b: 0.5 } }, signals: { comments: { weight: 0.1 } } } });
    expect(ranking.issues.k1).toBe(0.9);
    expect(ranking.issues.fields.title).toEqual({ weight: 2, b: 0.5 });
    expect(ranking.issues.fields.body).toEqual({ weight: 1, b: 0.75 });
    expect(ranking.issues.signals.comments).toEqual({ weight: 0.1, transform: "log" });
    expect(ranking.issues.signals.reactions).toEqual({ weight: 0.05, transform: "log" });
    expect(ranking.repositories).toEqual(defaultRanking().repositories);
  });

  it("is checked when the engine is built", () => {
    expect(() => new SearchEngine({ ranking: { issues: { k1: -1 } } })).toThrow(RankingError);
    expect(new SearchEngine({ ranking: { users: { k1: 2 } } }).ranking.users.k1).toBe(2);
  });
});

describe("ranking mistakes", () => {
  const cases: Array<[unknown, string, RegExp]> = [
    [[], "ranking", /expected an object of kinds, got an array/],
    [{ isues: {} }, "ranking.isues", /unknown kind; known: code, commits, issues, labels, repositories, topics, users/],
    [{ issues: 3 }, "ranking.issues", /expected an object, got 3/],
    [{ issues: { k2: 1 } }, "ranking.issues.k2", /unknown option; known: k1, fields, signals, tieBreak/],
    [{ issues: { fields: { titel: { weight: 1 } } } }, "ranking.issues.fields.titel", /unknown field; known: title, body, comments/],
    [{ issues: { signals: { stars: { weight: 1 } } } }, "ranking.issues.signals.stars", /unknown signal; known: comments, reactions/],
    [{ commits: { signals: { stars: {} } } }, "ranking.commits.signals.stars", /unknown signal; known: none/],
    [{ issues: { k1: 11 } }, "ranking.issues.k1", /11 is out of range: expected from 0 to 10/],
    [{ issues: { k1: "1.2" } }, "ranking.issues.k1", /expected a number, got "1.2"/],
    [{ issues: { k1: Number.NaN } }, "ranking.issues.k1", /expected a number, got NaN/],
    [{ issues: { fields: { body: { b: 1.5 } } } }, "ranking.issues.fields.body.b", /out of range: expected from 0 to 1/],
    [{ issues: { fields: { body: { weight: -1 } } } }, "ranking.issues.fields.body.weight", /out of range/],
    [{ issues: { fields: { body: { boost: 2 } } } }, "ranking.issues.fields.body.boost", /unknown option; known: weight, b/],
    [{ issues: { signals: { comments: { transform: "sqrt" } } } }, "ranking.issues.signals.comments.transform", /expected one of log, saturation, none/],
    [{ issues: { signals: { comments: { transform: "saturation" } } } }, "ranking.issues.signals.comments.pivot", /required with transform saturation/],
    [{ issues: { signals: { comments: { pivot: 3 } } } }, "ranking.issues.signals.comments.pivot", /applies only to transform saturation, not log/],
    [{ issues: { signals: { comments: { transform: "saturation", pivot: 0 } } } }, "ranking.issues.signals.comments.pivot", /expected above 0/],
    [{ issues: { tieBreak: "random" } }, "ranking.issues.tieBreak", /expected one of id, key/],
    [JSON.parse('{"issues":{"__proto__":{"k1":3}}}'), "ranking.issues.__proto__", /unknown option/],
  ];
  for (const [options, path, message] of cases) {
    it(`${JSON.stringify(options)} → ${path}`, () => {
      const err = errorOf(options);
      expect(err.path).toBe(path);
      expect(err.message.startsWith(`${path}: `)).toBe(true);
      expect(err.message).toMatch(message);
    });
  }
});

describe("signal transforms", () => {
  it("log, saturation and none", () => {
    expect(transformSignal({ weight: 1, transform: "log" }, 9)).toBeCloseTo(Math.log(10), 12);
    expect(transformSignal({ weight: 1, transform: "saturation", pivot: 3 }, 3)).toBe(0.5);
    expect(transformSignal({ weight: 1, transform: "saturation", pivot: 3 }, 9)).toBe(0.75);
    expect(transformSignal({ weight: 1, transform: "none" }, 7)).toBe(7);
    expect(transformSignal({ weight: 1, transform: "none" }, -4)).toBe(0);
  });
});
