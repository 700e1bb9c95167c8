import "server-only";
import { LRUCache } from "lru-cache";
import { processState } from "@/lib/process-state.mjs";
import { unstable_cache } from "next/cache";
import { prisma } from "@/lib/db";
import { fromProductSql, PRODUCT_SQL_COLUMNS, toProductDTO, type ProductSqlRow } from "@/lib/catalog/mappers";
import { buildVocabulary, corrections as typoCorrections, isCatalogueWord, vocabularyWords, type Vocabulary } from "@/lib/search/typos";
import { buildCatalogIndex, indexHasWord, searchCatalogIndex, type CatalogIndex } from "@/lib/search/catalog-index";
import { searchWords, SUGGEST_LIMIT, SUGGEST_MIN_LENGTH, type SearchSuggestion } from "@/lib/search/query";
import { CATALOG_TAGS, REVALIDATE_SECONDS } from "@/lib/catalog/tags";
import type { ProductDTO, ProductList } from "@/lib/catalog/types";
import { DEFAULT_SORT, sortComparisons, type SortColumn, type SortValue } from "@/lib/catalog/sort";
import { toCents } from "@/lib/money";

/**
 * Catalogue search, in memory: every public product's texts in an index
 * built once per process and catalogue version (lib/search/catalog-index.ts:
 * English stems, so "bowls" finds "bowl"; every word must match some field;
 * name over category and short description over description). A search
 * reads no database once the index of the current version is built: the
 * products it returns are held in the index as their listing DTOs.
 *
 * When a term finds nothing, words that no public product has are corrected
 * to a word of a product or category name by the rule in
 * lib/search/typos.ts (a slip or two away: "walnot" → "walnut", "cetnre" →
 * "centre"; else the most trigram-similar), the corrected term is searched
 * and offered as "Did you mean …?".
 *
 * Ranking (lib/search/catalog-index.ts): every word exactly as typed in the
 * name first (not only its stem), then the whole term as a phrase in the
 * name, then all its words in the name, then BM25 (name over category and
 * short description over description); equals in the default order
 * (featured, available, newest). An explicit sort other than the default
 * overrides rank.
 *
 * The index, and the results, are checked against a catalogue version that
 * changes when the catalogue tags expire (in every process: the version is
 * read from Next's shared cache), so edits show at once. Results are also
 * cached per process in a bounded LRU keyed by the normalised term and
 * listing options (docs/decisions/0017-search-layers-stay.md).
 */

export type SearchList = ProductList & { didYouMean?: string };

export type SearchOptions = {
  search: string;
  category?: string;
  featured?: boolean;
  sort?: SortValue;
  limit: number;
  offset: number;
  excludeSlug?: string;
};

export type { SearchSuggestion };

// ---------------------------------------------------------------- cache

type Entry<T> = { version: string; value: T };

/**
 * One store per process, on globalThis: Next.js bundles route handlers and
 * pages separately, and both must share the entries and see the same
 * expiries (expireCatalog() in a route handler or a server action).
 */
type SearchStore = {
  /** Bumped by expireCatalog() (lib/catalog/revalidate.ts). */
  generation: number;
  /** At most 500 result pages and 5,000 products held; a term unused for 10 minutes is dropped. */
  results: LRUCache<string, Entry<SearchList>>;
  suggestions: LRUCache<string, Entry<SearchSuggestion[]>>;
  /** The search index and the word list typos are corrected against, for one catalogue version. */
  index?: Entry<Promise<SearchIndex>>;
  /** Concurrent requests for the same uncached key share one query. */
  inflight: Map<string, Promise<unknown>>;
};
const store: SearchStore = processState<SearchStore>("searchCache", () => ({
  generation: 0,
  results: new LRUCache<string, Entry<SearchList>>({ max: 500, maxSize: 5_000, sizeCalculation: (e) => e.value.products.length + 1, ttl: 10 * 60_000 }),
  suggestions: new LRUCache<string, Entry<SearchSuggestion[]>>({ max: 2_000, ttl: 10 * 60_000 }),
  inflight: new Map(),
}));

/** Every cached search of this process is stale from now on. */
export function expireSearchCache() {
  store.generation++;
}

/**
 * What the catalogue looks like: counts and last changes of products,
 * categories and images. One small entry read from Next's cache, expired
 * with the catalogue tags, so other processes see edits too.
 */
const catalogFingerprint = unstable_cache(
  async (): Promise<string> => {
    const [row] = await prisma.$queryRaw<Array<{ v: string }>>`
      SELECT concat_ws('|', (SELECT count(*) FROM "Product"), (SELECT max("updatedAt") FROM "Product"),
                            (SELECT count(*) FROM "Category"), (SELECT max("updatedAt") FROM "Category"),
                            (SELECT count(*) FROM "ProductImage"), (SELECT max("id") FROM "ProductImage")) AS v`;
    return row.v;
  },
  ["catalog:search-fingerprint"],
  { tags: [CATALOG_TAGS.products, CATALOG_TAGS.categories], revalidate: REVALIDATE_SECONDS },
);

async function catalogVersion(): Promise<string> {
  return `${store.generation}|${await catalogFingerprint()}`;
}

/** `load` is given the catalogue version just read, for the index (searchIndex): one read of the version a search. */
async function cached<T>(cache: LRUCache<string, Entry<T>>, key: string, load: (version: string) => Promise<T>): Promise<T> {
  const version = await catalogVersion();
  const hit = cache.get(key);
  if (hit && hit.version === version) return hit.value;
  const flightKey = `${version}\n${key}`;
  let pending = store.inflight.get(flightKey) as Promise<T> | undefined;
  if (!pending) {
    pending = load(version)
      .then((value) => {
        cache.set(key, { version, value });
        return value;
      })
      .finally(() => store.inflight.delete(flightKey));
    store.inflight.set(flightKey, pending);
  }
  return pending;
}

// ---------------------------------------------------------------- the index

/** What the index holds for a product: its listing DTO (returned as is) and what the orders read. */
type Indexed = { product: ProductDTO; salesCount: number; priceCents: number; createdAt: number };
type SearchIndex = { index: CatalogIndex<Indexed, SortValue>; vocabulary: Vocabulary };

const sortKey = (p: Indexed, column: SortColumn): number =>
  column === "price" ? p.priceCents : column === "createdAt" ? p.createdAt : column === "salesCount" ? p.salesCount : column === "id" ? p.product.id : Number(p.product[column]);

/** The listing's orders (lib/catalog/sort.ts SORT_COLUMNS) as comparisons of indexed products. */
const ORDERS = sortComparisons(sortKey);

/** Every public product (active, in an active category) and every active category's name, read for the index. */
async function loadSearchIndex(): Promise<SearchIndex> {
  const [rows, categories] = await Promise.all([
    prisma.$queryRaw<Array<ProductSqlRow & { salesCount: number }>>`
      SELECT ${PRODUCT_SQL_COLUMNS}, p."salesCount" FROM "Product" p JOIN "Category" c ON c."id" = p."categoryId" WHERE p."active" AND c."active"`,
    prisma.category.findMany({ where: { active: true }, select: { name: true } }),
  ]);
  const documents = rows.map((row) => {
    const product = toProductDTO(fromProductSql(row));
    const value: Indexed = { product, salesCount: row.salesCount, priceCents: toCents(product.price), createdAt: Date.parse(product.createdAt) };
    return { id: product.id, name: product.name, category: product.category.name, shortDescription: product.shortDescription ?? "", description: product.description, value };
  });
  return {
    index: await buildCatalogIndex(documents, ORDERS, DEFAULT_SORT),
    vocabulary: buildVocabulary(vocabularyWords([...documents.map((d) => d.name), ...categories.map((c) => c.name)])),
  };
}

/**
 * The index and typo word list of one catalogue version (`version`:
 * catalogVersion(), as the search read it): built once per process and
 * version, shared by the searches that wait for it.
 */
function searchIndex(version: string): Promise<SearchIndex> {
  if (store.index?.version !== version) {
    const entry = { version, value: loadSearchIndex() };
    store.index = entry;
    entry.value.catch(() => {
      if (store.index === entry) store.index = undefined;
    });
  }
  return store.index.value;
}

// ---------------------------------------------------------------- searches

/** A search's filters beside its term: the listing's category, featured flag and excluded product. */
function filterOf(opts: SearchOptions): ((p: Indexed) => boolean) | undefined {
  const { category, featured, excludeSlug } = opts;
  if (!category && featured === undefined && !excludeSlug) return undefined;
  return ({ product }) => (!category || product.category.slug === category) && (featured === undefined || product.featured === featured) && product.slug !== excludeSlug;
}

/**
 * For each word, what it is corrected to when the term finds nothing: none
 * for a word of a public product's name or category (lib/search/typos.ts),
 * or one some public product has anyway (a word only a description has) or
 * a stop word; else the catalogue words it may be a slip of, best first.
 */
function corrections({ index, vocabulary }: SearchIndex, words: string[]): string[][] {
  return words.map((w) => (isCatalogueWord(vocabulary, w) || indexHasWord(index, w) ? [] : typoCorrections(vocabulary, w)));
}

/** The words with their corrections as alternatives, the first correction first (the one a phrase is read with, and "Did you mean" names). */
const withCorrections = (words: string[], fixes: string[][]) => words.map((w, i) => (fixes[i].length ? [...fixes[i], w] : w));

/**
 * The term's matches, or when it matches nothing its correction's (each
 * word no public product has, corrected to the catalogue words it may be a
 * slip of); "Did you mean" names the corrected term when only it finds
 * something.
 */
function runSearch(searchable: SearchIndex, words: string[], opts: SearchOptions): SearchList {
  const options = { filter: filterOf(opts), order: opts.sort && opts.sort !== DEFAULT_SORT ? opts.sort : undefined, offset: opts.offset, limit: opts.limit };
  const listed = ({ page, total }: { page: Indexed[]; total: number }) => ({ products: page.map((m) => m.product), total });
  const strict = searchCatalogIndex(searchable.index, { words, exact: true }, options);
  if (strict.total) return listed(strict);
  const fixes = corrections(searchable, words);
  if (!fixes.some((f) => f.length)) return listed(strict);
  const corrected = searchCatalogIndex(searchable.index, { words: withCorrections(words, fixes) }, options);
  if (!corrected.total) return listed(corrected);
  return { ...listed(corrected), didYouMean: words.map((w, i) => fixes[i][0] ?? w).join(" ") };
}

/** Public products matching a shopper's term, best first (or in the explicit sort), with "Did you mean …?" when only a corrected term finds something. */
export async function searchCatalog(opts: SearchOptions): Promise<SearchList> {
  const words = searchWords(opts.search);
  if (!words.length || opts.limit <= 0) return { products: [], total: 0 };
  const key = JSON.stringify([words.join(" "), opts.category ?? null, opts.featured ?? null, opts.sort ?? DEFAULT_SORT, opts.limit, opts.offset, opts.excludeSlug ?? null]);
  return cached(store.results, key, async (version) => runSearch(await searchIndex(version), words, opts));
}

/** What the search box shows for a product: the first image (its alt, else the name). */
function toSuggestion({ product }: Indexed): SearchSuggestion {
  const image = product.media[0];
  return { slug: product.slug, name: product.name, price: product.price, sold: product.sold, image: image ? { url: image.url, alt: image.alt || product.name } : null };
}

/** The first SUGGEST_LIMIT matches of a term whose last word is a prefix, most relevant first. */
const suggestions = (searchable: SearchIndex, words: Array<string | string[]>) =>
  searchCatalogIndex(searchable.index, { words, prefixLast: true, exact: true }, { limit: SUGGEST_LIMIT }).page.map(toSuggestion);

/** GET /api/search/suggest: the answer to its validated query. */
export async function suggestionsForQuery({ q }: { q: string }): Promise<{ suggestions: SearchSuggestion[] }> {
  return { suggestions: await suggestProducts(q) };
}

/** Up to SUGGEST_LIMIT products for search as you type: the last word is a prefix; typos are corrected as in searchCatalog. */
export async function suggestProducts(term: string): Promise<SearchSuggestion[]> {
  const words = searchWords(term);
  const key = words.join(" ");
  if (key.length < SUGGEST_MIN_LENGTH) return [];
  return cached(store.suggestions, key, async (version) => {
    const searchable = await searchIndex(version);
    const found = suggestions(searchable, words);
    if (found.length) return found;
    // A suggestion's last word is a prefix: "wal" matches nothing alone, yet is no typo, so each word is looked up.
    const fixes = corrections(searchable, words);
    return fixes.some((f) => f.length) ? suggestions(searchable, withCorrections(words, fixes)) : found;
  });
}
