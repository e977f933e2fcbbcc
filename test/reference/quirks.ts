/**
 * Where the engine is known to disagree with the reference reading. Each flag
 * switches the reference evaluator to the engine's behaviour, so the property
 * tests stay green while known-bugs.test.ts records the disagreement; once the
 * engine is fixed, its known-bug test starts passing (and so fails as
 * `it.fails`), and the flag goes.
 */
export interface Quirks {
  /** A phrase matches across two of a repository's topics (`"web search"` with topics web, search). */
  topicPhrasesSpanTopics: boolean;
  /** `a AND b` in label search is read as `a OR b`, like `a b`. */
  labelsExplicitAndIsOr: boolean;
  /** `props.NAME:VALUE` filters even when the query is not limited to one organisation. */
  propsWithoutOrganisation: boolean;
  /** A user's `language:` counts private and internal repositories too. */
  userLanguageCountsHiddenRepositories: boolean;
  /** A topic's `repositories:` count includes private and internal repositories. */
  topicCountsHiddenRepositories: boolean;
  /** An issue labelled with two spellings of one label ("help wanted", "help_wanted") counts twice in good-first-issues / help-wanted-issues. */
  labelSpellingsCountTwice: boolean;
}

/** The reference reading, with no engine quirk. */
export const REFERENCE: Quirks = {
  topicPhrasesSpanTopics: false,
  labelsExplicitAndIsOr: false,
  propsWithoutOrganisation: false,
  userLanguageCountsHiddenRepositories: false,
  topicCountsHiddenRepositories: false,
  labelSpellingsCountTwice: false,
};

/** The engine's behaviour as it stands: the disagreements recorded in known-bugs.test.ts. */
export const KNOWN_ENGINE_QUIRKS: Quirks = {
  ...REFERENCE,
  topicPhrasesSpanTopics: true,
  labelsExplicitAndIsOr: true,
  propsWithoutOrganisation: true,
  topicCountsHiddenRepositories: true,
  userLanguageCountsHiddenRepositories: true,
  labelSpellingsCountTwice: true,
};
