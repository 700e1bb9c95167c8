import { closestWord, hasWord, indexWords, similarity, type WordIndex } from "@/lib/search/trigrams";

/**
 * Which catalogue word a shopper's unknown word is corrected to.
 * The rule: a word within one slip of a catalogue word of 4–7 letters, or
 * within two of one of 8 letters or more, is that word — a slip being a wrong,
 * missing or extra letter, or two neighbouring letters swapped (optimal string
 * alignment, the Damerau–Levenshtein distance phone keyboards produce:
 * "cetnre" → "centre", "droll" → "drill", "besdide" → "bedside"). The fewest
 * slips win, and equally close words are all searched for (up to three; the
 * most trigram-similar, then the alphabetically first, is the one offered as
 * "Did you mean"). Otherwise the most trigram-similar word at
 * TRIGRAM_SIMILARITY or above (pg_trgm's similarity, lib/search/trigrams.ts),
 * which still catches a longer garble; else none.
 *
 * Bounded whatever the catalogue's size: the vocabulary is the distinct words
 * of the names (loaded once per catalogue version by
 * lib/catalog/search-queries.ts), indexed by what is left of each after
 * deleting up to as many letters as it allows slips (a word of 4–7 letters:
 * its 4–7 one-letter deletions; of 8+: also its two-letter ones). A typed
 * word is looked up by its own deletions (at most 1 + n + n(n−1)/2 keys for n
 * letters), and only the words sharing one are measured: two words within k
 * slips always share a string left after at most k deletions from each.
 */

/** Words shorter than this are never corrected by slips (too many neighbours: "oak" is a slip from "oar", "oat", "yak"). */
export const MIN_TYPO_WORD = 4;
/** From this many letters a catalogue word allows two slips. */
export const TWO_SLIP_WORD = 8;
/** The trigram fallback's threshold (lib/search/trigrams.ts closestWord). */
export const TRIGRAM_SIMILARITY = 0.35;

/** How many slips from `word` (a catalogue word) still mean it. */
export function allowedSlips(word: string): number {
  const length = [...word].length;
  return length >= TWO_SLIP_WORD ? 2 : length >= MIN_TYPO_WORD ? 1 : 0;
}

/**
 * Optimal string alignment distance between a and b (substitution, insertion,
 * deletion, transposition of neighbours, each 1), or `max + 1` as soon as it
 * is known to exceed `max`.
 */
export function slips(a: string, b: string, max = Infinity): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j++) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let d = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) d = Math.min(d, before[j - 2] + 1);
      current.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > max) return max + 1;
    before = previous;
    previous = current;
  }
  return Math.min(previous[t.length], max + 1);
}

/** Every string left after deleting up to `count` letters of `word` (the word itself included). */
export function deletions(word: string, count: number): Set<string> {
  const out = new Set([word]);
  let frontier = [word];
  for (let k = 0; k < count; k++) {
    const next: string[] = [];
    for (const w of frontier) {
      const letters = [...w];
      for (let i = 0; i < letters.length; i++) {
        const shorter = letters.slice(0, i).join("") + letters.slice(i + 1).join("");
        if (!out.has(shorter)) {
          out.add(shorter);
          next.push(shorter);
        }
      }
    }
    frontier = next;
  }
  return out;
}

/** The words typos are corrected to, from the public products' and active categories' names: distinct runs of letters, lowercased, 3–40 letters long. */
export function vocabularyWords(names: string[]): string[] {
  const words = new Set(names.flatMap((name) => name.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => [...w].length >= 3 && [...w].length <= 40));
  return [...words].sort();
}

/** The catalogue's words, ready for corrections: by trigram, and by what is left after deleting letters. */
export type Vocabulary = { trigrams: WordIndex; words: string[]; byDeletion: Map<string, number[]> };

export function buildVocabulary(words: Iterable<string>): Vocabulary {
  const trigrams = indexWords(words);
  const vocabulary: Vocabulary = { trigrams, words: trigrams.words, byDeletion: new Map() };
  trigrams.words.forEach((word, id) => {
    for (const rest of deletions(word, allowedSlips(word))) {
      const ids = vocabulary.byDeletion.get(rest);
      if (ids) ids.push(id);
      else vocabulary.byDeletion.set(rest, [id]);
    }
  });
  return vocabulary;
}

/** Whether `word` is a word of the catalogue's names (nothing to correct). */
export function isCatalogueWord(vocabulary: Vocabulary, word: string): boolean {
  return hasWord(vocabulary.trigrams, word);
}

/** At most this many equally close words are searched for one typed word. */
export const MAX_CORRECTIONS = 3;

/**
 * The catalogue words `word` is a slip of (see above), other than itself,
 * best first: all those at the fewest slips (up to MAX_CORRECTIONS: "trak" is
 * one slip from both "track" and "tray", and the search looks for either), or
 * the trigram fallback's one word; [] when none is close enough.
 */
export function corrections(vocabulary: Vocabulary, word: string): string[] {
  const found: Array<{ word: string; slips: number; similarity: number }> = [];
  const seen = new Set<number>();
  for (const rest of deletions(word, 2)) {
    for (const id of vocabulary.byDeletion.get(rest) ?? []) {
      if (seen.has(id)) continue;
      seen.add(id);
      const candidate = vocabulary.words[id];
      if (candidate === word) continue;
      const allowed = allowedSlips(candidate);
      const distance = slips(word, candidate, allowed);
      if (distance <= allowed) found.push({ word: candidate, slips: distance, similarity: similarity(word, candidate) });
    }
  }
  if (!found.length) {
    const closest = closestWord(vocabulary.trigrams, word, TRIGRAM_SIMILARITY);
    return closest ? [closest] : [];
  }
  const fewest = Math.min(...found.map((f) => f.slips));
  return found
    .filter((f) => f.slips === fewest)
    .sort((a, b) => b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0))
    .slice(0, MAX_CORRECTIONS)
    .map((f) => f.word);
}

/** The catalogue word `word` is most likely a slip of (the first of its corrections); null when none is close enough. */
export function correctWord(vocabulary: Vocabulary, word: string): string | null {
  return corrections(vocabulary, word)[0] ?? null;
}
