/**
 * Trigram similarity as PostgreSQL's pg_trgm computes it (similarity()), in
 * JavaScript, so a typo is corrected against the catalogue's word list held
 * in memory instead of sending that list to the database with every search.
 * A word's trigrams are those of "  word " (two spaces before, one after);
 * similarity is shared trigrams over all distinct trigrams of both words,
 * as a 4-byte float like pg_trgm's. Words here are single lowercase runs of
 * letters and digits (lib/search/words.mjs), so no further splitting.
 */

/** The distinct trigrams of one word. */
export function trigrams(word: string): string[] {
  const chars = Array.from(`  ${word} `);
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i++) grams.add(chars[i] + chars[i + 1] + chars[i + 2]);
  return [...grams];
}

/** pg_trgm's similarity(a, b) for two words. */
export function similarity(a: string, b: string): number {
  const ga = trigrams(a);
  const gb = new Set(trigrams(b));
  const shared = ga.filter((g) => gb.has(g)).length;
  return ratio(shared, ga.length, gb.size);
}

function ratio(shared: number, a: number, b: number): number {
  const union = a + b - shared;
  return union > 0 ? Math.fround(shared / union) : 0;
}

/** A word list ready for closest-word look-ups: each trigram → the words that have it. */
export type WordIndex = { words: string[]; sizes: number[]; postings: Map<string, number[]>; known: Set<string> };

export function indexWords(words: Iterable<string>): WordIndex {
  const index: WordIndex = { words: [], sizes: [], postings: new Map(), known: new Set(words) };
  for (const word of index.known) {
    const grams = trigrams(word);
    const i = index.words.push(word) - 1;
    index.sizes.push(grams.length);
    for (const g of grams) {
      const list = index.postings.get(g);
      if (list) list.push(i);
      else index.postings.set(g, [i]);
    }
  }
  return index;
}

export function hasWord(index: WordIndex, word: string): boolean {
  return index.known.has(word);
}

/**
 * The word of the index most similar to `word` (ties: the alphabetically first), other than `word`
 * itself, when at least `threshold` similar; null when none is.
 */
export function closestWord(index: WordIndex, word: string, threshold: number): string | null {
  const grams = trigrams(word);
  const shared = new Map<number, number>();
  for (const g of grams) for (const i of index.postings.get(g) ?? []) shared.set(i, (shared.get(i) ?? 0) + 1);
  let best: string | null = null;
  let bestScore = -1;
  for (const [i, count] of shared) {
    const candidate = index.words[i];
    if (candidate === word) continue;
    const score = ratio(count, grams.length, index.sizes[i]);
    if (score < threshold) continue;
    if (score > bestScore || (score === bestScore && candidate < best!)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
