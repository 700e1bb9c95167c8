import { LRUCache } from "lru-cache";
import MiniSearch from "minisearch";
import { positionedTerms, termOf, textWords } from "@/lib/search/analyze";

/**
 * The catalogue's search index, in memory: every public product's texts,
 * held once per catalogue version (lib/catalog/search-queries.ts builds and
 * replaces it). Matching and BM25 scores come from MiniSearch (fields:
 * name 1, category and short description together 0.4, description 0.2 —
 * the weights PostgreSQL's ts_rank gave the same texts before); terms are
 * lib/search/analyze.ts's (English stems, stop words dropped).
 *
 * A product matches a query when it has every word's term (or one of the
 * word's alternatives: typo corrections) in some field; with `prefixLast`
 * the last word also matches the terms it begins (search as you type).
 * Relevance, higher first:
 * - 5: the words as a phrase in the name (their terms in order, one after
 *   another, a stop word keeping its place), else 4: every word's term in
 *   the name; 0 when some word is only in other fields;
 * - + 2 when, besides, every word is in the name exactly as typed (not only
 *   its stem: "turning" in "Turning Gouge Rest" over "Turned Spindles");
 * - + the BM25 score squashed below 1 (s / (s + 1)).
 * So an exact word in the name > its stem in the name > the word elsewhere
 * only; equals keep the listing's default order. An explicit order replaces
 * relevance. Typo corrections are the caller's (a second query with
 * alternatives, without the exact-word bonus), so a typo's matches never
 * mix with the term's own.
 */

export type IndexDocument<T> = { id: number; name: string; category: string; shortDescription: string; description: string; value: T };

/** A query: the shopper's words in order, each a word or its alternatives (the typed word and its corrections). */
export type IndexQuery = {
  words: Array<string | string[]>;
  /** The last word matches the terms it begins. */
  prefixLast?: boolean;
  /** Award the exact-word bonus (not for a corrected term). */
  exact?: boolean;
};

type Entry<T> = {
  value: T;
  /** The product's place in each order (a lower place comes first), by the order's number (CatalogIndex.orders). */
  places: number[];
  /** The name's terms and where they stand. */
  nameTerms: Map<string, number[]>;
  /** The name's words as written (lowercased), for the exact-word bonus. */
  nameWords: Set<string>;
};

export type CatalogIndex<T, O extends string> = {
  search: MiniSearch<{ id: number }>;
  /** Every term some product has, in any field. */
  terms: Set<string>;
  /** Each searched term's matches and their BM25 scores (a term, or a prefix), kept for the index's life: words repeat across searches that do not. */
  matchesOf: LRUCache<string, Map<number, number>>;
  entries: Map<number, Entry<T>>;
  /** Each order's number: where a product's place in it is kept (Entry.places). */
  orders: Record<O, number>;
  relevanceTies: O;
};

const FIELDS = ["name", "about", "description"] as const;
const BOOST = { name: 1, about: 0.4, description: 0.2 };

/** A MiniSearch over the fields above; `terms` collects every term it indexes. */
function newMiniSearch(terms: Set<string>) {
  return new MiniSearch<{ id: number }>({
    fields: [...FIELDS],
    storeFields: [],
    tokenize: textWords,
    extractField: (doc, field) => {
      const d = doc as unknown as IndexDocument<unknown>;
      return field === "about" ? `${d.category} ${d.shortDescription}` : field === "id" ? (d.id as unknown as string) : d[field as "name" | "description"];
    },
    processTerm: (word) => {
      const term = termOf(word);
      if (term !== null) terms.add(term);
      return term;
    },
    // A query is made of terms already (queryTerms): read as they are.
    searchOptions: { tokenize: (text) => [text], processTerm: (term) => term, boost: BOOST, combineWith: "AND" },
  });
}

/**
 * Builds the index of `documents`; `orders` are the listing's orders (compare two products), `relevanceTies` the
 * one that orders equally relevant products. The texts are indexed 200 products at a time, the event loop served in
 * between, so other requests are not held up while a large catalogue is indexed.
 */
export async function buildCatalogIndex<T, O extends string>(documents: Array<IndexDocument<T>>, orders: Record<O, (a: T, b: T) => number>, relevanceTies: NoInfer<O>): Promise<CatalogIndex<T, O>> {
  const terms = new Set<string>();
  const search = newMiniSearch(terms);
  await search.addAllAsync(documents, { chunkSize: 200 });
  const names = Object.keys(orders) as O[];
  const places = new Map<number, number[]>(documents.map((doc) => [doc.id, []]));
  names.forEach((order) => [...documents].sort((a, b) => orders[order](a.value, b.value)).forEach((doc, place) => places.get(doc.id)!.push(place)));
  const entries = new Map<number, Entry<T>>();
  for (const doc of documents) {
    const nameTerms = new Map<string, number[]>();
    for (const [term, position] of positionedTerms(doc.name)) {
      const positions = nameTerms.get(term);
      if (positions) positions.push(position);
      else nameTerms.set(term, [position]);
    }
    entries.set(doc.id, { value: doc.value, places: places.get(doc.id)!, nameTerms, nameWords: new Set(textWords(doc.name)) });
  }
  // At most 500,000 matches held in all (about 20 MB): a term matching every product of a 10,000-product catalogue is 10,000.
  const matchesOf = new LRUCache<string, Map<number, number>>({ max: 5_000, maxSize: 500_000, sizeCalculation: (m) => m.size + 1 });
  return { search, terms, matchesOf, entries, orders: Object.fromEntries(names.map((order, i) => [order, i])) as Record<O, number>, relevanceTies };
}

/** Each word's terms (stop words and empty alternatives dropped), with whether it matches as a prefix. */
function queryTerms(query: IndexQuery): Array<{ index: number; terms: string[]; prefix: boolean }> {
  return query.words.flatMap((word, index) => {
    const terms = [...new Set((Array.isArray(word) ? word : [word]).flatMap((w) => textWords(w).slice(0, 1).map(termOf)).filter((t): t is string => t !== null))];
    return terms.length ? [{ index, terms, prefix: Boolean(query.prefixLast) && index === query.words.length - 1 }] : [];
  });
}

function hasTerm(nameTerms: Map<string, number[]>, term: string, prefix: boolean): boolean {
  if (nameTerms.has(term)) return true;
  if (prefix) for (const t of nameTerms.keys()) if (t.startsWith(term)) return true;
  return false;
}

function positionsOf(nameTerms: Map<string, number[]>, term: string, prefix: boolean): number[] {
  if (!prefix) return nameTerms.get(term) ?? [];
  return [...nameTerms].flatMap(([t, positions]) => (t.startsWith(term) ? positions : []));
}

/** The words, in order, one after another in the name (each its first alternative; a stop word keeps its place). */
function phraseInName(nameTerms: Map<string, number[]>, query: IndexQuery): boolean {
  const parts = query.words.flatMap((word, index) => {
    const first = Array.isArray(word) ? word[0] : word;
    const term = first === undefined ? null : termOf(first);
    return term === null ? [] : [{ index, term, prefix: Boolean(query.prefixLast) && index === query.words.length - 1 }];
  });
  if (!parts.length) return false;
  const [head, ...rest] = parts;
  return positionsOf(nameTerms, head.term, head.prefix).some((start) => rest.every((part) => positionsOf(nameTerms, part.term, part.prefix).includes(start + part.index - head.index)));
}

/** Every word as typed (or one of its alternatives) is a word of the name. */
function exactInName(nameWords: Set<string>, query: IndexQuery): boolean {
  return query.words.every((word, index) => {
    const prefix = Boolean(query.prefixLast) && index === query.words.length - 1;
    return (Array.isArray(word) ? word : [word]).some((w) => {
      if (nameWords.has(w)) return true;
      if (prefix) for (const n of nameWords) if (n.startsWith(w)) return true;
      return false;
    });
  });
}

function relevance<T>(entry: Entry<T>, query: IndexQuery, terms: ReturnType<typeof queryTerms>, score: number): number {
  const inName = terms.every((t) => t.terms.some((term) => hasTerm(entry.nameTerms, term, t.prefix)));
  if (!inName) return score / (score + 1);
  const phrase = query.words.length > 1 && phraseInName(entry.nameTerms, query);
  const exact = query.exact === true && exactInName(entry.nameWords, query);
  return (exact ? 2 : 0) + (phrase ? 5 : 4) + score / (score + 1);
}

/** The products a term matches (every term it begins, for a prefix), with their BM25 scores: MiniSearch's, kept per index. */
function termMatches(index: CatalogIndex<unknown, string>, term: string, prefix: boolean): Map<number, number> {
  const key = `${prefix ? "^" : "="}${term}`;
  let matches = index.matchesOf.get(key);
  if (!matches) {
    matches = new Map(index.search.search({ queries: [term], prefix }).map((r) => [r.id as number, r.score]));
    index.matchesOf.set(key, matches);
  }
  return matches;
}

/** The products any of a word's terms match, their scores summed (MiniSearch's OR). */
function wordMatches(index: CatalogIndex<unknown, string>, terms: string[], prefix: boolean): Map<number, number> {
  if (terms.length === 1) return termMatches(index, terms[0], prefix);
  const any = new Map<number, number>();
  for (const term of terms) for (const [id, score] of termMatches(index, term, prefix)) any.set(id, (any.get(id) ?? 0) + score);
  return any;
}

/**
 * One page (`offset`, `limit`) of the products matching `query` that
 * `filter` keeps, most relevant first (equals in the relevance ties' order),
 * or in `order` when one is given; and how many match in all.
 */
export function searchCatalogIndex<T, O extends string>(
  index: CatalogIndex<T, O>,
  query: IndexQuery,
  options: { filter?: (value: T) => boolean; order?: O; offset?: number; limit?: number } = {},
): { page: T[]; total: number } {
  const terms = queryTerms(query);
  if (!terms.length) return { page: [], total: 0 };
  // Every word (any of its terms) must match: MiniSearch's AND of ORs, scores summed, from each term's kept matches (never changed here).
  let results: Map<number, number> | null = null;
  for (const t of terms) {
    const word = wordMatches(index, t.terms, t.prefix);
    if (!results) {
      results = word;
      continue;
    }
    const [fewer, more] = results.size <= word.size ? [results, word] : [word, results];
    const both = new Map<number, number>();
    for (const [id, score] of fewer) {
      const other = more.get(id);
      if (other !== undefined) both.set(id, score + other);
    }
    results = both;
  }
  const { filter, order, offset = 0, limit = Infinity } = options;
  const matches: Array<{ entry: Entry<T>; rank: number; place: number }> = [];
  const by = index.orders[order ?? index.relevanceTies];
  for (const [id, score] of results!) {
    const entry = index.entries.get(id)!;
    if (filter && !filter(entry.value)) continue;
    matches.push({ entry, rank: order ? 0 : relevance(entry, query, terms, score), place: entry.places[by] });
  }
  matches.sort((a, b) => b.rank - a.rank || a.place - b.place);
  return { page: matches.slice(offset, offset + limit).map((m) => m.entry.value), total: matches.length };
}

/** Whether a word needs no correction: some product has its term, or it is a stop word (the search ignores it). */
export function indexHasWord(index: CatalogIndex<unknown, string>, word: string): boolean {
  const term = termOf(word);
  return term === null || index.terms.has(term);
}
