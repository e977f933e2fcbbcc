/**
 * The hosting site's language data (linguist): resolving `language:` values
 * and detecting a file's language from its path. See preference.ts for how
 * extensions claimed by several languages are settled.
 */
import { catalogue } from "./catalogue.js";

export { isExcludedFromLanguageStats } from "./statistics.js";
export { PREFERRED_LANGUAGES } from "./preference.js";

/**
 * Canonical linguist name for a `language:` qualifier value: a name or an
 * alias, case-insensitive ("js" → "JavaScript", "csharp" → "C#"); null when
 * unknown.
 */
export function resolveLanguage(value: string): string | null {
  return catalogue().byQualifier.get(value.trim().toLowerCase()) ?? null;
}

/**
 * Language of a file from its path, as linguist names it: the exact file name
 * first ("Makefile", ".vimrc"), then its extensions from the longest
 * (".d.ts", then ".ts"), compared case-insensitively; null when unknown.
 */
export function languageOfPath(path: string): string | null {
  const { byFilename, byExtension } = catalogue();
  const name = path.slice(path.lastIndexOf("/") + 1);
  const byName = byFilename.get(name);
  if (byName !== undefined) return byName;
  // Like linguist, everything after the first segment is an extension: "a.tar.gz" → ".tar.gz", ".gz".
  const lower = name.toLowerCase();
  for (let dot = lower.indexOf("."); dot !== -1; dot = lower.indexOf(".", dot + 1)) {
    const language = byExtension.get(lower.slice(dot));
    if (language !== undefined) return language;
  }
  return null;
}

/** Linguist type of a language given by name or alias: "programming", "markup", "data" or "prose"; null when unknown. */
export function languageType(name: string): string | null {
  const { typeOf } = catalogue();
  const canonical = typeOf.has(name) ? name : resolveLanguage(name);
  return canonical === null ? null : (typeOf.get(canonical) ?? null);
}
