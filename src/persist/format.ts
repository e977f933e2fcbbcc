/**
 * The saved-index file: a header, then frames, then an end frame.
 *
 *   header := MAGIC (8 bytes) | version u32 | length u32 | JSON (SavedHeader) | CRC-32 of version, length and JSON (u32)
 *   frame  := name length u32 | name | meta length u32 | meta JSON | payload length u64 | payload | CRC-32 of all before it in the frame (u32)
 *
 * Integers are little-endian; typed-array payloads are little-endian too. The
 * checksum of each frame and the closing `end` frame (which counts the frames)
 * catch a damaged or truncated file before anything of it is used. The header's
 * own checksum (from version 2 on) tells a damaged header from one written by
 * another format version: only a header that checks out is read as "another version".
 *
 * What the frames hold, in order: the store's record buffers and tables (./records.ts), then each search
 * kind's index (./snapshot.ts).
 */

export const MAGIC = Buffer.from("FSINDEX\n", "latin1");
/**
 * Bumped whenever the layout or the meaning of a saved field changes (5: records saved as the store
 * holds them, packed or raw; 6: packed chunks carry their blocks' preset dictionary; 7: term occurrences
 * in chunks that end where a document ends, one frame each; 8: the store's tallies after the links;
 * 9: lists of strings as bytes, not JSON arrays; 10: the store's links and tallies as bytes too,
 * number columns as the numbers they store, in their form, not as doubles, and keyword columns'
 * counts and ids in one, two or four bytes each; 11: each kind's index followed by its text part's block
 * bounds and common terms' frequencies, when the save had them, and a keyword column's documents that
 * hold their own key marked by an id, the key no longer saved again as a value; 12: each kind's slots as
 * built, its table of keys and each slot's record as its row in the saved table of its kind, for an
 * open to take as they lie; 13: a chunk of term positions in two bytes each where all of its fit; 14: each
 * text field's posting lists, after its occurrences, for an open to check and take as they lie).
 */
export const FORMAT_VERSION = 14;
/**
 * Older versions this one reads: 7 is 8 without tallies (each is then counted from the records when
 * first asked); 8 is 9 with lists of strings as JSON arrays (a strings section, a table, says which it
 * holds); 9 is 10 with links and tallies as JSON arrays, number columns as doubles and keyword
 * columns' lists in four bytes (each frame and section says which it holds); 10 is 11 without bounds
 * (they are computed at the open, as when a save had none) and with own keys saved as values (a
 * column's ids section then names no `ownKey`); 11 is 12 with each slot's key in a list of strings,
 * looked up in the store and filed again at the open (its collection frame names no `slots`); 12 is 13
 * with every position in four bytes (its data frames name no `type`); 13 is 14 without posting lists
 * (computed from the occurrences at the open: its fields name no `lists`).
 */
export const READABLE_VERSIONS: readonly number[] = [7, 8, 9, 10, 11, 12, 13, FORMAT_VERSION];
/** The last format version whose header had no checksum of its own. */
export const UNCHECKED_HEADER_VERSION = 1;
export const INDEX_FILE = "forgesearch.index";
export const CHECKSUM_BYTES = 4;

/** Bounds that tell a damaged length from a real one. */
export const MAX_NAME_BYTES = 256;
export const MAX_META_BYTES = 64 * 1024 * 1024;
export const MAX_HEADER_BYTES = 1024 * 1024;

export interface SavedHeader {
  format: "forgesearch-index";
  version: number;
  /** Records per dump kind. */
  records: Record<string, number>;
  /** The search kinds whose indexes follow, each with the shape of its index (fields and columns). */
  collections: Array<{ kind: string; schema: string }>;
}
