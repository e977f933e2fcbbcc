/**
 * Which files count toward a repository's language statistics. Linguist
 * leaves out vendored code and documentation (its vendor.yml and
 * documentation.yml); this is the small subset of those rules that decides
 * the main language of almost every repository: dependency and build-output
 * folders, minified assets, type declaration files and the documentation
 * conventions.
 */
const EXCLUDED_PATTERNS = [
  // vendored
  /(^|\/)node_modules\//,
  /(^|\/)bower_components\//,
  /(^|\/)vendors?\//,
  /(^|\/)(third|3rd)[-_]?party\//,
  /(^|\/)dist\//,
  /[.-]min\.(js|css)$/,
  /\.d\.ts$/,
  // documentation
  /^docs?\//,
  /^Documentation\//,
  /(^|\/)[Ee]xamples\//,
  /(^|\/)(CHANGELOG|CHANGES|CONTRIBUTING|COPYING|LICEN[CS]E|README)(\.|$)/,
];

const EXCLUDED = new RegExp(EXCLUDED_PATTERNS.map((pattern) => pattern.source).join("|"));

/** True for vendored and documentation paths, which linguist leaves out of language statistics. */
export function isExcludedFromLanguageStats(path: string): boolean {
  return EXCLUDED.test(path);
}
