/**
 * Pure search-term rules (no database, safe anywhere): how a shopper's term
 * becomes words, a cache key and a PostgreSQL tsquery. Only letters and
 * digits survive into words, so the tsquery text has no operators but ours.
 */

/** At most this many words of a term are searched (the rest is ignored). */
export const MAX_SEARCH_WORDS = 8;
/** A longer word is cut: no real product word is this long. */
export const MAX_WORD_LENGTH = 40;
/** Suggestions start at this many characters. */
export const SUGGEST_MIN_LENGTH = 2;
export const SUGGEST_LIMIT = 6;

/** One item of GET /api/search/suggest: what the search box shows (price as the spec's decimal string). */
export type SearchSuggestion = { slug: string; name: string; price: string; image: { url: string; alt: string } | null; sold: boolean };

/** The words of a term: lowercased runs of letters and digits, at most MAX_SEARCH_WORDS, each at most MAX_WORD_LENGTH long. */
export function searchWords(term: string | null | undefined): string[] {
  const words = (term ?? "").normalize("NFKC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, MAX_SEARCH_WORDS).map((w) => w.slice(0, MAX_WORD_LENGTH));
}

/** The normalised term: its words joined by single spaces ("" when nothing searchable is left). Used as the cache key. */
export function normalizeSearchTerm(term: string | null | undefined): string {
  return searchWords(term).join(" ");
}

/**
 * A tsquery for to_tsquery('english', …): every word must match (AND); a word
 * with alternatives (typo corrections) matches any of them; with `prefixLast`
 * the last word also matches words it begins (search as you type).
 */
export function buildTsQuery(words: Array<string | string[]>, opts: { prefixLast?: boolean } = {}): string {
  const safe = (w: string) => (w.match(/[\p{L}\p{N}]+/gu) ?? []).join("");
  const parts = words.flatMap((word, i) => {
    const last = opts.prefixLast && i === words.length - 1;
    const alternatives = [...new Set((Array.isArray(word) ? word : [word]).map(safe).filter(Boolean))].map((w) => (last ? `${w}:*` : w));
    if (!alternatives.length) return [];
    return [alternatives.length === 1 ? alternatives[0] : `(${alternatives.join(" | ")})`];
  });
  return parts.join(" & ");
}
