/**
 * Posting lists of one text field, kept by FlexSearch. FlexSearch is set up as
 * a plain exact-term inverted index: our tokenizer has already cut and
 * normalised the terms, so its encoder takes them as they are (its default
 * encoder folds distinct words together), its result cache is off (it is not
 * invalidated by `add`), and every search asks for all matches (its limit
 * defaults to 100).
 *
 * Saved posting lists come back through FlexSearch's export/import, which is
 * many times quicker than adding every document again. An imported index has
 * lost FlexSearch's `fastupdate` register (its import cannot fill one), so
 * removing a document from it would scan every list; the first removal or
 * replacement after an import therefore rebuilds the index from the
 * documents' terms, once.
 */
import FlexSearch from "flexsearch";

/**
 * FlexSearch hands what is added or searched to the encoder untouched (it does not force a
 * string), so a document's terms go in as the array they are; a searched term is one word.
 */
const encodeTerms = (content: string | string[]): string[] => (Array.isArray(content) ? content : content ? content.split(" ") : []);

/** FlexSearch's export: named parts of JSON text, imported again in the same order. */
export type PostingsExport = Array<[key: string, data: string]>;

/** Every document's distinct terms, for rebuilding an imported index. */
export type TermSource = () => Iterable<[doc: number, terms: string[]]>;

const newIndex = (fastupdate: boolean) =>
  new FlexSearch.Index({
    tokenize: "strict",
    resolution: 1,
    cache: false,
    fastupdate,
    encode: encodeTerms as (content: string) => string[],
  });

/** The terms as FlexSearch's `add` is typed to take them; `encodeTerms` receives the array itself. */
const asContent = (terms: string[]): string => terms as unknown as string;

export class Postings {
  private index = newIndex(true);
  private size = 0;
  /** Set while the index is an import without FlexSearch's update register. */
  private rebuildFrom: TermSource | undefined;

  /** Replaces the terms of a document; `terms` are distinct. */
  set(doc: number, terms: string[]): void {
    if (!terms.length) return this.remove(doc);
    this.updatableFor(doc);
    if (this.index.contain(doc)) this.index.update(doc, asContent(terms));
    else {
      this.index.add(doc, asContent(terms));
      this.size++;
    }
  }

  remove(doc: number): void {
    this.updatableFor(doc);
    if (this.index.contain(doc)) {
      this.index.remove(doc);
      this.size--;
    }
  }

  /** Documents holding the term, ascending. */
  docs(term: string): Uint32Array {
    if (!term || term.includes(" ")) return new Uint32Array(0);
    const ids = this.index.search(term, { limit: this.size + 1 }) as number[];
    const out = Uint32Array.from(ids);
    out.sort();
    return out;
  }

  /** The posting lists as FlexSearch exports them. */
  export(): PostingsExport {
    const parts: PostingsExport = [];
    this.index.export((key: string, data: string) => {
      parts.push([key, data]);
    });
    return parts;
  }

  /**
   * Posting lists exported by `export()` holding `size` documents; `source`
   * gives every document's terms should the index need rebuilding.
   */
  static import(parts: PostingsExport, size: number, source: TermSource): Postings {
    const postings = new Postings();
    postings.index = newIndex(false);
    for (const [key, data] of parts) postings.index.import(key, data);
    postings.size = size;
    postings.rebuildFrom = source;
    return postings;
  }

  /** Rebuilds an imported index before `doc` leaves it or changes (the source already has the document's new terms, or none). */
  private updatableFor(doc: number): void {
    const source = this.rebuildFrom;
    if (!source || !this.index.contain(doc)) return;
    this.rebuildFrom = undefined;
    this.index = newIndex(true);
    this.size = 0;
    for (const [doc, terms] of source()) {
      if (!terms.length) continue;
      this.index.add(doc, asContent(terms));
      this.size++;
    }
  }
}
