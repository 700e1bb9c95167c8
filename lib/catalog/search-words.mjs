/**
 * How a shopper's search term becomes words: the one rule, shared by the app
 * (lib/catalog/search-query.ts re-exports it) and by Next's cache handler
 * (server/cache/next-cache-handler.mjs, plain JavaScript loaded outside the
 * app's bundles), which counts searches by their normalised term.
 */

/** At most this many words of a term are searched (the rest is ignored). */
export const MAX_SEARCH_WORDS = 8;
/** A longer word is cut: no real product word is this long. */
export const MAX_WORD_LENGTH = 40;

/** The words of a term: lowercased runs of letters and digits, at most MAX_SEARCH_WORDS, each at most MAX_WORD_LENGTH long. */
export function searchWords(term) {
  const words = (term ?? "").normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_SEARCH_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** The normalised term: its words joined by single spaces ("" when nothing searchable is left). Used as the cache key. */
export function normalizeSearchTerm(term) {
  return searchWords(term).join(" ");
}
