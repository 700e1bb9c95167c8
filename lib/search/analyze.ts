import porter2 from "wink-porter2-stemmer";

/**
 * How text becomes searchable terms, the way PostgreSQL's 'english' text
 * search configuration does it (the rule the shop searched by before the
 * in-memory index, lib/search/catalog-index.ts, and the one its tests
 * compare against): words are runs of letters and digits, lowercased (NFKC,
 * as lib/search/words.mjs splits a shopper's term); English stop words are
 * dropped but keep their place (so "bowl of walnut" still has "walnut"
 * two places after "bowl"); a word of letters only is reduced to its
 * Porter2 (Snowball English) stem, as PostgreSQL's english_stem does, so
 * "bowls", "bowl" and "bowling" meet; a word with digits ("3d", "12") is
 * kept as it is.
 */

/** PostgreSQL 15's english.stop, word for word. */
const STOP_WORDS = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself they them " +
    "their theirs themselves what which who whom this that these those am is are was were be been being have has had having do does did doing " +
    "a an the and but if or because as until while of at by for with about against between into through during before after above below to " +
    "from up down in out on off over under again further then once here there when where why how all any both each few more most other some " +
    "such no nor not only own same so than too very s t can will just don should now"
  ).split(" "),
);

/** The words of a text as the index reads them: lowercased runs of letters and digits. */
export function textWords(text: string): string[] {
  return (
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

const LETTERS_ONLY = /^\p{L}+$/u;
const stems = new Map<string, string>();

/** The term a (lowercased) word is searched and indexed as: its stem if it is letters only, else itself; null for a stop word. */
export function termOf(word: string): string | null {
  if (STOP_WORDS.has(word)) return null;
  if (!LETTERS_ONLY.test(word)) return word;
  let stem = stems.get(word);
  if (stem === undefined) {
    stem = porter2(word);
    // Words repeat across a catalogue; the map holds each distinct word once (bounded: cleared when it grows past 100,000).
    if (stems.size >= 100_000) stems.clear();
    stems.set(word, stem);
  }
  return stem;
}

/** A text's terms with their places (1-based, stop words counted, as PostgreSQL's positions): ["bowl", 1], ["walnut", 3] for "Bowl of Walnut". */
export function positionedTerms(text: string): Array<[term: string, position: number]> {
  const out: Array<[string, number]> = [];
  textWords(text).forEach((word, i) => {
    const term = termOf(word);
    if (term !== null) out.push([term, i + 1]);
  });
  return out;
}
