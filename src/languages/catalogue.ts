/**
 * Lookup maps over linguist's languages.yml (as shipped by the
 * `linguist-languages` package), built once on first use: importing this
 * module costs nothing until a language is asked for.
 */
import * as linguist from "linguist-languages";
import type { Language } from "linguist-languages";
import { preferredLanguage } from "./preference.js";

export interface Catalogue {
  /** Lower-cased name or alias → canonical name. */
  readonly byQualifier: ReadonlyMap<string, string>;
  /** Exact file name ("Makefile", ".vimrc") → canonical name. */
  readonly byFilename: ReadonlyMap<string, string>;
  /** Lower-cased extension with its dot (".ts", ".h.in") → canonical name. */
  readonly byExtension: ReadonlyMap<string, string>;
  /** Canonical name → linguist type ("programming", "markup", "data", "prose"). */
  readonly typeOf: ReadonlyMap<string, string>;
}

let built: Catalogue | undefined;

export function catalogue(): Catalogue {
  return (built ??= buildCatalogue(Object.values(linguist) as Language[]));
}

function buildCatalogue(languages: readonly Language[]): Catalogue {
  return {
    byQualifier: qualifierIndex(languages),
    byFilename: settleTies(claims(languages, (language) => language.filenames ?? [])),
    byExtension: settleTies(
      claims(languages, (language) => (language.extensions ?? []).map((extension) => extension.toLowerCase())),
      true,
    ),
    typeOf: new Map(languages.map((language) => [language.name, language.type])),
  };
}

/**
 * Names win over aliases. Linguist implicitly aliases every language by its
 * lower-cased name with blanks turned into dashes ("vim-script"), which the
 * hosting site accepts in `language:` too.
 */
function qualifierIndex(languages: readonly Language[]): Map<string, string> {
  const index = new Map<string, string>();
  for (const language of languages) index.set(language.name.toLowerCase(), language.name);
  for (const language of languages) {
    const implicit = language.name.toLowerCase().replace(/\s+/g, "-");
    for (const alias of [implicit, ...(language.aliases ?? [])]) {
      const key = alias.toLowerCase();
      if (!index.has(key)) index.set(key, language.name);
    }
  }
  return index;
}

function claims(languages: readonly Language[], keysOf: (language: Language) => readonly string[]): Map<string, Language[]> {
  const claimed = new Map<string, Language[]>();
  for (const language of languages) {
    for (const key of new Set(keysOf(language))) {
      const list = claimed.get(key);
      if (list) list.push(language);
      else claimed.set(key, [language]);
    }
  }
  return claimed;
}

function settleTies(claimed: Map<string, Language[]>, keysAreExtensions = false): Map<string, string> {
  const settled = new Map<string, string>();
  for (const [key, candidates] of claimed) {
    settled.set(key, preferredLanguage(candidates, keysAreExtensions ? key : undefined).name);
  }
  return settled;
}
