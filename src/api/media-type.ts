/**
 * Content negotiation for the search endpoints: reads an `Accept` header the way the hosting site
 * does and says which JSON flavour to answer with.
 *
 * The site's own media types have the shape `application/vnd.<vendor>[.<version>][.<param>][+<format>]`:
 * the version is `v3` or a preview name (`cloak-preview`, `mercy-preview`, …), the param selects
 * extras (`text-match`), the format defaults to `json`. Several types may be listed; every preview
 * and the text-match param named by any listed type (with q > 0) is switched on, as the site lets
 * clients combine previews by listing them.
 */

/** Preview features a search may ask for: `cloak` (commit search), `mercy` (topics). */
export type Preview = "cloak" | "mercy";

export interface MediaTypeChoice {
  /** `text_matches` requested (`…text-match+json`). */
  textMatch: boolean;
  /** Preview features requested: `cloak` (commit search), `mercy` (topics). */
  previews: Set<Preview>;
  /** False when no listed type can be answered with JSON: the engine answers 415. */
  acceptable: boolean;
  /** Value of the `x-<vendor>-media-type` header, e.g. `github.v3; format=json`. */
  mediaType: string;
}

/** One entry of an `Accept` header. Type, subtype and parameter names are lower-cased. */
export interface MediaRange {
  type: string;
  subtype: string;
  params: Record<string, string>;
  /** Quality, 0 to 1; an unreadable q counts as 1. */
  q: number;
}

const DEFAULT_VENDOR = "github";

const PREVIEW_NAMES: Partial<Record<string, Preview>> = { "cloak-preview": "cloak", "mercy-preview": "mercy" };
const TEXT_MATCH = "text-match";

/**
 * Splits an `Accept` header into media ranges. Lenient: empty entries and entries that are not
 * `type/subtype` are dropped, commas inside quoted parameter values do not split.
 */
export function parseAccept(header: string | readonly string[] | undefined): MediaRange[] {
  const text = Array.isArray(header) ? header.join(",") : ((header as string | undefined) ?? "");
  const ranges: MediaRange[] = [];
  for (const entry of splitOutsideQuotes(text, ",")) {
    const [mime = "", ...rawParams] = splitOutsideQuotes(entry, ";");
    const match = /^([a-z0-9!#$%&'*+.^_`|~-]+)\/([a-z0-9!#$%&'*+.^_`|~-]+)$/i.exec(mime.trim());
    if (!match) continue;
    const params: Record<string, string> = {};
    let q = 1;
    for (const raw of rawParams) {
      const eq = raw.indexOf("=");
      if (eq < 0) continue;
      const name = raw.slice(0, eq).trim().toLowerCase();
      const value = unquote(raw.slice(eq + 1).trim());
      if (name === "q") q = readQuality(value);
      else if (name) params[name] = value;
    }
    ranges.push({ type: match[1].toLowerCase(), subtype: match[2].toLowerCase(), params, q });
  }
  return ranges;
}

/**
 * The Accept header that asks for what typed options ask for: `accept` as given, plus a preview type
 * per preview and the text-match type. Undefined when nothing is asked (the default, v3 JSON).
 */
export function acceptFrom(
  options: { accept?: string; textMatch?: boolean; previews?: readonly Preview[] },
  vendor: string = DEFAULT_VENDOR,
): string | undefined {
  const types = [
    ...(options.accept === undefined ? [] : [options.accept]),
    ...(options.previews ?? []).map((p) => `application/vnd.${vendor}.${p}-preview+json`),
    ...(options.textMatch ? [`application/vnd.${vendor}.text-match+json`] : []),
  ];
  return types.length ? types.join(", ") : undefined;
}

/**
 * Decides how to answer a search request given its `Accept` header. A missing, empty or wholly
 * unreadable header means the default, v3 JSON.
 */
export function negotiateMediaType(
  header: string | readonly string[] | undefined,
  vendor: string = DEFAULT_VENDOR,
): MediaTypeChoice {
  const vendorWord = vendor.toLowerCase();
  const ranges = parseAccept(header);
  if (ranges.length === 0) return choice(vendorWord, { acceptable: true, version: "v3", textMatch: false, previews: new Set() });

  const vendorTypes: VendorType[] = [];
  let acceptable = false;
  for (const range of ranges) {
    if (range.q <= 0) continue;
    if (isPlainJson(range)) acceptable = true;
    const vendorType = readVendorType(range, vendorWord);
    if (vendorType) {
      acceptable = true;
      vendorTypes.push(vendorType);
    }
  }

  const previews = new Set<Preview>();
  for (const { version } of vendorTypes) {
    const preview = PREVIEW_NAMES[version];
    if (preview) previews.add(preview);
  }
  const textMatch = vendorTypes.some((t) => t.param === TEXT_MATCH);
  // The header names the version of the most preferred vendor type (stable on equal q).
  const preferred = [...vendorTypes].sort((a, b) => b.q - a.q).at(0);
  return choice(vendorWord, { acceptable, version: preferred?.version ?? "v3", textMatch, previews });
}

interface VendorType {
  /** `v3` or a preview name such as `cloak-preview`. */
  version: string;
  param?: string;
  q: number;
}

function choice(
  vendor: string,
  { acceptable, version, textMatch, previews }: Omit<MediaTypeChoice, "mediaType"> & { version: string },
): MediaTypeChoice {
  const param = textMatch ? `; param=${TEXT_MATCH}` : "";
  return { textMatch, previews, acceptable, mediaType: `${vendor}.${version}${param}; format=json` };
}

function isPlainJson({ type, subtype }: MediaRange): boolean {
  return (type === "*" && subtype === "*") || (type === "application" && (subtype === "*" || subtype === "json"));
}

/**
 * Reads `vnd.<vendor>[.<version>][.<param>][+json]`. Other vendors' types and formats other than
 * JSON cannot be answered. Versions other than `v3` and previews are answered as v3 (the only
 * version there is); params other than text-match are ignored.
 */
function readVendorType(range: MediaRange, vendor: string): VendorType | undefined {
  if (range.type !== "application") return undefined;
  const plus = range.subtype.indexOf("+");
  const name = plus < 0 ? range.subtype : range.subtype.slice(0, plus);
  const format = plus < 0 ? "json" : range.subtype.slice(plus + 1);
  if (format !== "json") return undefined;
  const prefix = `vnd.${vendor}`;
  if (name !== prefix && !name.startsWith(`${prefix}.`)) return undefined;

  const segments = name.slice(prefix.length + 1).split(".").filter(Boolean);
  const first = segments[0] ?? "";
  const isPreview = first.endsWith("-preview");
  const isVersion = isPreview || /^v\d+$/.test(first);
  const version = isPreview ? first : "v3";
  const paramSegments = isVersion ? segments.slice(1) : segments;
  const param = paramSegments.length ? paramSegments.join(".") : undefined;
  return { version, param, q: range.q };
}

function readQuality(value: string): number {
  const q = Number.parseFloat(value);
  if (Number.isNaN(q)) return 1;
  return Math.min(1, Math.max(0, q));
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return value;
}

/** Splits on `separator` except inside double-quoted strings (which may hold backslash escapes). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === "\\" && i + 1 < text.length) {
      current += ch + text[++i];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === separator && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}
