/**
 * The reference reading of keywords (query-syntax.md §2): text is a sequence
 * of case-insensitive words (runs of letters, digits and `_`); a keyword or
 * phrase matches a field value when its words occur there consecutively and in
 * order. Each value of a many-valued field (a repository's topics) stands on
 * its own: a phrase does not run from one value into the next.
 */

export function words(text: string | null | undefined): string[] {
  if (!text) return [];
  return (text.match(/[\p{L}\p{N}_]+/gu) ?? []).map((w) => w.toLowerCase());
}

/** Whether `needle` occurs in `haystack` as a consecutive run (an empty needle always does). */
export function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return needle.length === 0;
}
