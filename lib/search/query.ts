/**
 * Pure search-term rules (no database, safe anywhere): how a shopper's term
 * becomes words, a cache key and a PostgreSQL tsquery. Only letters and
 * digits survive into words, so the tsquery text has no operators but ours.
 */

export { MAX_SEARCH_WORDS, MAX_WORD_LENGTH, normalizeSearchTerm, searchWords } from "./words.mjs";

/** Suggestions start at this many characters. */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_LIMIT = 6;

/** One item of GET /api/search/suggest: what the search box shows (price as the spec's decimal string). */
export type SearchSuggestion = { slug: string; name: string; price: string; image: { url: string; alt: string } | null; sold: boolean };

/**
 * A tsquery for to_tsquery('english', …): every word must match (AND); a word
 * with alternatives (typo corrections) matches any of them; with `prefixLast`
 * the last word also matches words it begins (search as you type); with
 * `phrase` the words must follow one another in that order (FOLLOWED BY).
 */
export function buildTsQuery(words: Array<string | string[]>, opts: { prefixLast?: boolean; phrase?: boolean } = {}): string {
  const safe = (w: string) => (w.match(/[\p{L}\p{N}]+/gu) ?? []).join("");
  const parts = words.flatMap((word, i) => {
    const last = opts.prefixLast && i === words.length - 1;
    const alternatives = [...new Set((Array.isArray(word) ? word : [word]).map(safe).filter(Boolean))].map((w) => (last ? `${w}:*` : w));
    if (!alternatives.length) return [];
    return [alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(" | ")})`];
  });
  return parts.join(opts.phrase ? " <-> " : " & ");
}
