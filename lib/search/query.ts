/**
 * Pure search-term rules (no database, safe anywhere): how a shopper's term
 * becomes words and a cache key (only letters and digits survive into words),
 * and what the search box is given.
 */

export { MAX_SEARCH_WORDS, MAX_WORD_LENGTH, normalizeSearchTerm, searchWords } from "./words.mjs";

/** Suggestions start at this many characters. */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_LIMIT = 6;

/** One item of GET /api/search/suggest: what the search box shows (price as the spec's decimal string). */
export type SearchSuggestion = { slug: string; name: string; price: string; image: { url: string; alt: string } | null; sold: boolean };
