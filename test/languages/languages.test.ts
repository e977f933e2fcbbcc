import { describe, expect, test } from "vitest";
import {
  PREFERRED_LANGUAGES,
  isExcludedFromLanguageStats,
  languageOfPath,
  languageType,
  resolveLanguage,
} from "../../src/languages/index.js";

describe("resolveLanguage", () => {
  test.each([
    ["JavaScript", "JavaScript"],
    ["js", "JavaScript"],
    ["node", "JavaScript"],
    ["c#", "C#"],
    ["csharp", "C#"],
    ["C#", "C#"],
    ["Objective-C", "Objective-C"],
    ["objc", "Objective-C"],
    ["shell", "Shell"],
    ["sh", "Shell"],
    ["bash", "Shell"],
    ["cpp", "C++"],
    ["golang", "Go"],
    ["ts", "TypeScript"],
    ["scss", "SCSS"],
  ])("%s → %s", (value, expected) => {
    expect(resolveLanguage(value)).toBe(expected);
  });

  test("is case-insensitive and ignores surrounding blanks", () => {
    expect(resolveLanguage("JAVASCRIPT")).toBe("JavaScript");
    expect(resolveLanguage("Js")).toBe("JavaScript");
    expect(resolveLanguage("  python ")).toBe("Python");
  });

  test("accepts the dashed form of names with blanks", () => {
    expect(resolveLanguage("emacs-lisp")).toBe("Emacs Lisp");
    expect(resolveLanguage("Emacs Lisp")).toBe("Emacs Lisp");
    expect(resolveLanguage("vim-script")).toBe(resolveLanguage("vim script"));
  });

  test("unknown values give null", () => {
    expect(resolveLanguage("klingon")).toBeNull();
    expect(resolveLanguage("")).toBeNull();
    expect(resolveLanguage("java script")).toBeNull();
  });
});

describe("languageOfPath", () => {
  test("exact file names come before extensions", () => {
    expect(languageOfPath("Makefile")).toBe("Makefile");
    expect(languageOfPath("build/Dockerfile")).toBe("Dockerfile");
    expect(languageOfPath("home/.vimrc")).toBe(resolveLanguage("vim script"));
    expect(languageOfPath("Gemfile")).toBe("Ruby");
    // pom.xml is a file name of its own in linguist, not plain XML
    expect(languageOfPath("pom.xml")).toBe("Maven POM");
    expect(languageOfPath("other.xml")).toBe("XML");
  });

  test("file names are matched exactly, extensions case-insensitively", () => {
    expect(languageOfPath("MAKEFILE")).toBeNull();
    expect(languageOfPath("src/App.TS")).toBe("TypeScript");
    expect(languageOfPath("LIB.JS")).toBe("JavaScript");
  });

  test("only the last path segment counts", () => {
    expect(languageOfPath("weird.rb/file.py")).toBe("Python");
    expect(languageOfPath("Makefile.d/notes")).toBeNull();
  });

  test("the longest known extension wins", () => {
    // ".cs.pp" belongs to C# only, whereas ".pp" alone is Puppet or Pascal
    expect(languageOfPath("Thing.cs.pp")).toBe("C#");
    expect(languageOfPath("init.pp")).toBe("Puppet");
    expect(languageOfPath("types/index.d.ts")).toBe("TypeScript");
    expect(languageOfPath("config.h.in")).toBe("C");
  });

  test.each([
    [".h", "C"],
    [".pm", "Perl"],
    [".md", "Markdown"],
    [".ts", "TypeScript"],
    [".xml", "XML"],
    [".rb", "Ruby"],
    [".js", "JavaScript"],
    [".css", "CSS"],
    [".json", "JSON"],
    [".m", "Objective-C"],
    [".pl", "Perl"],
    [".rs", "Rust"],
    [".tsx", "TSX"],
    [".yaml", "YAML"],
    [".sql", "SQL"],
  ])("shared extension %s goes to %s", (extension, expected) => {
    expect(languageOfPath(`file${extension}`)).toBe(expected);
  });

  test("unclaimed shared extensions fall back to the primary extension, then the lower id", () => {
    // .ml is primary for both OCaml (id 255) and Standard ML (id 357)
    expect(languageOfPath("main.ml")).toBe("OCaml");
    // .cp: primary for Component Pascal, secondary for C++, which the preference list names
    expect(languageOfPath("a.cp")).toBe("C++");
    // .asc: primary for AGS Script (id 2) and Public Key (id 298), secondary for AsciiDoc
    expect(languageOfPath("key.asc")).toBe("AGS Script");
  });

  test("unknown paths give null", () => {
    expect(languageOfPath("bin/run-me")).toBeNull();
    expect(languageOfPath("archive.unknownext")).toBeNull();
    expect(languageOfPath("trailing.")).toBeNull();
    expect(languageOfPath("")).toBeNull();
  });
});

describe("languageType", () => {
  test("gives linguist's type by name or alias", () => {
    expect(languageType("JavaScript")).toBe("programming");
    expect(languageType("HTML")).toBe("markup");
    expect(languageType("JSON")).toBe("data");
    expect(languageType("Markdown")).toBe("prose");
    expect(languageType("js")).toBe("programming");
  });

  test("unknown names give null", () => {
    expect(languageType("Klingon")).toBeNull();
  });
});

describe("preference list", () => {
  test("names only languages that linguist knows", () => {
    for (const name of PREFERRED_LANGUAGES) expect(resolveLanguage(name)).toBe(name);
  });
});

describe("isExcludedFromLanguageStats", () => {
  test.each([
    ["node_modules/lodash/index.js", true],
    ["packages/a/node_modules/x.js", true],
    ["vendor/jquery.js", true],
    ["third_party/zlib/inflate.c", true],
    ["dist/bundle.js", true],
    ["public/app.min.js", true],
    ["types/index.d.ts", true],
    ["docs/guide.html", true],
    ["README.md", true],
    ["lib/LICENSE", true],
    ["src/index.js", false],
    ["src/docs/parser.ts", false],
    ["lib/distance.js", false],
    ["README_helpers.py", false],
  ])("%s → %s", (path, excluded) => {
    expect(isExcludedFromLanguageStats(path)).toBe(excluded);
  });
});
