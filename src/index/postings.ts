/**
 * Posting lists of one text field, kept by FlexSearch. FlexSearch is set up as
 * a plain exact-term inverted index: our tokenizer has already cut and
 * normalised the terms, so its encoder only splits on the spaces we joined
 * them with (its default encoder folds distinct words together), its result
 * cache is off (it is not invalidated by `add`), and every search asks for all
 * matches (its limit defaults to 100).
 */
import FlexSearch from "flexsearch";

const splitTerms = (content: string): string[] => (content ? content.split(" ") : []);

export class Postings {
  private readonly index = new FlexSearch.Index({
    tokenize: "strict",
    resolution: 1,
    cache: false,
    fastupdate: true,
    encode: splitTerms,
  });
  private size = 0;

  /** Replaces the terms of a document. */
  set(doc: number, terms: Iterable<string>): void {
    const unique = [...new Set(terms)];
    if (!unique.length) return this.remove(doc);
    if (this.index.contain(doc)) this.index.update(doc, unique.join(" "));
    else {
      this.index.add(doc, unique.join(" "));
      this.size++;
    }
  }

  remove(doc: number): void {
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
}
