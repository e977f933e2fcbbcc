/**
 * The tie rule: which language wins when several linguist languages claim the
 * same extension (".h": C, C++, Objective-C) or file name. Linguist itself
 * settles these with content heuristics and a classifier; indexing tens of
 * thousands of files needs a rule that looks at the name only, so the choice
 * is made once, by this order:
 *
 *   1. a language in PREFERRED_LANGUAGES beats one that is not, and an earlier
 *      entry beats a later one (the list runs from most to least used);
 *   2. then a language whose primary extension (its first listed) is the
 *      extension in question;
 *   3. then the lower linguist `languageId` (the long-established languages
 *      carry the small sequential ids, later additions large random ones);
 *   4. then the name, so that the result never depends on load order.
 *
 * Known misses of a name-only rule: ".frag" → JavaScript rather than GLSL,
 * ".spec" → Python rather than RPM Spec, ".yaml" and ".yml" → YAML even for
 * OpenAPI documents.
 */
import type { Language } from "linguist-languages";

/**
 * Widely used languages, most used first: the hosting site's list of popular
 * languages plus the common markup and data formats. Only its order among
 * languages sharing an extension matters.
 */
export const PREFERRED_LANGUAGES: readonly string[] = [
  "JavaScript",
  "TypeScript",
  "TSX",
  "Python",
  "Java",
  "C",
  "C++",
  "C#",
  "Objective-C",
  "PHP",
  "Ruby",
  "Go",
  "Rust",
  "Kotlin",
  "Swift",
  "Scala",
  "Shell",
  "Perl",
  "R",
  "MATLAB",
  "Haskell",
  "Clojure",
  "Lua",
  "Dart",
  "CoffeeScript",
  "ActionScript",
  "TeX",
  "Vim script",
  "HTML",
  "CSS",
  "SCSS",
  "Markdown",
  "JSON",
  "YAML",
  "XML",
  "SQL",
];

const preferenceRank = new Map(PREFERRED_LANGUAGES.map((name, index) => [name, index]));

/** The language the tie rule picks among `candidates` for `extension` (omit it for file names). */
export function preferredLanguage(candidates: readonly Language[], extension?: string): Language {
  return candidates.reduce((best, next) => (compareForTie(next, best, extension) < 0 ? next : best));
}

function compareForTie(a: Language, b: Language, extension: string | undefined): number {
  return (
    rankOf(a) - rankOf(b) ||
    primaryExtensionOrder(a, extension) - primaryExtensionOrder(b, extension) ||
    a.languageId - b.languageId ||
    (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
  );
}

function rankOf(language: Language): number {
  return preferenceRank.get(language.name) ?? Number.MAX_SAFE_INTEGER;
}

function primaryExtensionOrder(language: Language, extension: string | undefined): number {
  return extension !== undefined && language.extensions?.[0]?.toLowerCase() === extension ? 0 : 1;
}
