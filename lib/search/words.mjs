/**
 * The one rule for a shopper's search term, shared by the app (the listing
 * pages, the product API, the search itself: lib/search/query.ts
 * re-exports it), `npm start`'s front server and Next's cache handler (plain
 * JavaScript, loaded outside the app's bundles; lib/catalog/listing-url.mjs
 * parses listing requests with it):
 * - normalizeSearch: the term as searched and shown ("  Walnut   bowl " is
 *   "Walnut bowl"): control characters (NUL too) made spaces, whitespace
 *   folded to one space, trimmed, at most MAX_SEARCH_LENGTH characters;
 * - searchWords / normalizeSearchTerm: the words searched for, and the key
 *   that identifies a search ("walnut bowl" for "Walnut  BOWL!"), derived
 *   from the term above, by which searches are counted and cached.
 */

/** A search term is cut to this many characters. */
export const MAX_SEARCH_LENGTH = 100;
/** At most this many words of a term are searched (the rest is ignored). */
export const MAX_SEARCH_WORDS = 8;
/** A longer word is cut: no real product word is this long. */
export const MAX_WORD_LENGTH = 40;

/**
 * The term as searched and shown: control characters (NUL too) become spaces,
 * runs of whitespace one space, trimmed, at most MAX_SEARCH_LENGTH characters
 * ("" for none). Idempotent: a normalised term is its own normalisation.
 */
export function normalizeSearch(term) {
  return (term ?? "")
    .replace(/[\u0000-\u001f\u007f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH)
    .trimEnd();
}

/** The words of a term: lowercased runs of letters and digits (NFKC), at most MAX_SEARCH_WORDS, each at most MAX_WORD_LENGTH long. */
export function searchWords(term) {
  const words =
    normalizeSearch(term)
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_SEARCH_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** A search's key: its words joined by single spaces ("" when nothing searchable is left). Used to count and cache searches. */
export function normalizeSearchTerm(term) {
  return searchWords(term).join(" ");
}
