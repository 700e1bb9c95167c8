import "server-only";
import { LRUCache } from "lru-cache";
import { processState } from "@/lib/process-state.mjs";
import { unstable_cache } from "next/cache";
import { prisma, Prisma } from "@/lib/db";
import { fromProductSql, PRODUCT_SQL_COLUMNS, toProductDTO, type ProductSqlRow } from "@/lib/catalog/mappers";
import { buildVocabulary, corrections as typoCorrections, isCatalogueWord, type Vocabulary } from "@/lib/search/typos";
import { buildTsQuery, searchWords, SUGGEST_LIMIT, SUGGEST_MIN_LENGTH, type SearchSuggestion } from "@/lib/search/query";
import { CATALOG_TAGS, REVALIDATE_SECONDS } from "@/lib/catalog/tags";
import type { ProductList } from "@/lib/catalog/types";
import { DEFAULT_SORT, SORT_COLUMNS, SORT_VALUES, type SortValue } from "@/lib/catalog/sort";

/**
 * Catalogue search, in PostgreSQL: every word must match the
 * product's weighted English full-text vector (name A; category and short
 * description B; description C; see migration 20261124000000_product_search),
 * so plurals and stems match ("bowls" finds "bowl"). When a term finds
 * nothing, words that match no product are corrected to a word of a product
 * or category name by the rule in lib/search/typos.ts (a slip or two away:
 * "walnot" → "walnut", "cetnre" → "centre"; else the most trigram-similar),
 * the corrected term is searched and offered as "Did you mean …?". The
 * corrections a word may need are worked out before the search, from the word
 * list in memory, and the term, whether its words match anything alone and
 * the corrected term are searched in one statement (searchPage): a search
 * never seen before is one round trip, whichever way it ends.
 *
 * Ranking: every word exactly as typed in the name first (not only its
 * stem), then the whole term as a phrase in the name (its words in
 * order, one after another), then all its words in the name, then ts_rank
 * (name over category and short description over description); equals in
 * the default order (featured, available, newest). An explicit sort other
 * than the default overrides rank. Every part is read from the stored
 * vector, not trigram closeness, which cost more than the rest of the search
 * for a broad term (docs/decisions/0006-search-ranking-without-trigrams.md).
 *
 * Results are cached per process in a bounded LRU keyed by the normalised
 * term and listing options, and checked against a catalogue version that
 * changes when the catalogue tags expire, so edits show at once. So is the
 * word list typos are corrected against (loaded once per catalogue version).
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

/** Each listing order (lib/catalog/sort.ts SORT_COLUMNS) as SQL: `p."price" ASC, p."id" ASC`. Column names come from that closed list only. */
const ORDER_SQL = Object.fromEntries(SORT_VALUES.map((sort) => [sort, Prisma.raw(SORT_COLUMNS[sort].map(([column, direction]) => `p."${column}" ${direction.toUpperCase()}`).join(", "))])) as Record<
  SortValue,
  Prisma.Sql
>;

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
  /** The word list typos are corrected against, for one catalogue version. */
  vocabulary?: Entry<Promise<Vocabulary>>;
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

/** `load` is given the catalogue version just read, for the word list (nameVocabulary): one read of the version a search. */
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

// ---------------------------------------------------------------- queries

/** A tsquery: the text of one, or SQL that yields one (the corrected term, built in the statement: searchPage). */
type TsQuery = string | Prisma.Sql;
const tsQuery = (query: TsQuery) => (typeof query === "string" ? Prisma.sql`to_tsquery('english', ${query})` : query);

/**
 * The term's words in order, one after another (buildTsQuery's `phrase`), for
 * ranking: null for one word, where it is the query itself.
 */
function phraseQuery(words: Array<string | string[]>, opts: { prefixLast?: boolean } = {}): string | null {
  return words.length > 1 ? buildTsQuery(words, { ...opts, phrase: true }) : null;
}

/**
 * Higher is better: every word exactly as typed in the name (2: "turning" in "Turning Gouge Rest", not only its
 * stem in "Turned Spindles"), plus the phrase in the name (the vector's A part: 5), else all words' stems in the
 * name (4), plus ts_rank (weights A > B > C, below 1): exact word > stem > description only. `exact` is the
 * term's tsquery text read with the 'simple' configuration (no stemming) against the name's words; only a name
 * that matched already is read again. A corrected term (a typo's) has none: it is searched only when the term
 * itself found nothing.
 */
function rankSql(query: TsQuery, phrase: TsQuery | null, exact: string | null = null) {
  const inName = Prisma.sql`ts_filter(p."searchVector", '{a}')`;
  const phraseInName = phrase ? Prisma.sql`WHEN ${inName} @@ ${tsQuery(phrase)} THEN 5` : Prisma.empty;
  const exactInName = exact ? Prisma.sql`CASE WHEN ${inName} @@ ${tsQuery(query)} AND to_tsvector('simple', p."name") @@ to_tsquery('simple', ${exact}) THEN 2 ELSE 0 END + ` : Prisma.empty;
  return Prisma.sql`(${exactInName}CASE ${phraseInName} WHEN ${inName} @@ ${tsQuery(query)} THEN 4 ELSE 0 END + ts_rank(p."searchVector", ${tsQuery(query)}))`;
}

/** A search's filters beside its term: public products, and the listing's category, featured flag and excluded product. */
function filterSql(opts: SearchOptions): Prisma.Sql {
  const conditions: Prisma.Sql[] = [Prisma.sql`p."active" = true`, Prisma.sql`c."active" = true`];
  if (opts.category) conditions.push(Prisma.sql`c."slug" = ${opts.category}`);
  if (opts.featured !== undefined) conditions.push(Prisma.sql`p."featured" = ${opts.featured}`);
  if (opts.excludeSlug) conditions.push(Prisma.sql`p."slug" <> ${opts.excludeSlug}`);
  return Prisma.join(conditions, " AND ");
}

/** The listing's order for a term: its rank, unless an explicit sort other than the default overrides it. */
function orderSql(query: TsQuery, phrase: TsQuery | null, opts: SearchOptions): Prisma.Sql {
  return opts.sort && opts.sort !== DEFAULT_SORT ? ORDER_SQL[opts.sort] : Prisma.sql`${rankSql(query, phrase, typeof query === "string" ? query : null)} DESC, ${ORDER_SQL[DEFAULT_SORT]}`;
}

/** Ranked matches of a term (every match, numbered in order, with their count), FROM "Product" p JOIN "Category" c. */
function rankedSql(query: TsQuery, phrase: TsQuery | null, filters: Prisma.Sql, opts: SearchOptions): Prisma.Sql {
  return Prisma.sql`
    SELECT p."id", COUNT(*) OVER () AS total, ROW_NUMBER() OVER (ORDER BY ${orderSql(query, phrase, opts)}) AS n
    FROM "Product" p JOIN "Category" c ON c."id" = p."categoryId"
    WHERE p."searchVector" @@ ${tsQuery(query)} AND ${filters}`;
}

/**
 * A term's correction, decided in the statement that searches it
 * (searchPage): the words that may be slips (`fixes`: for each word, the
 * catalogue words it may be a slip of, best first; none for a word of a
 * public product's name or with no close word) are corrected unless they
 * match some public product after all (`found`, SQL per word). Only the
 * found flags of these words are read, and only when the term itself
 * matched nothing.
 */
type Correction = { words: string[]; fixes: string[][]; found: Map<number, Prisma.Sql>; ctes: Prisma.Sql[] };

type SearchRow = ProductSqlRow & { total: bigint; n: bigint | null; corrected: boolean; found: boolean[] | null };

/**
 * One page of products matching `query` in rank (or the explicit sort's)
 * order, and how many match in all, in one statement; with a `correction`,
 * when the term matches nothing the same statement searches the corrected
 * term instead (`corrected`, with which words it corrected). A page past
 * the last still says how many match (one row without a product).
 */
async function searchPage(query: string, phrase: string | null, opts: SearchOptions, correction: Correction | null = null) {
  const filters = filterSql(opts);
  const ctes: Prisma.Sql[] = [Prisma.sql`strict AS MATERIALIZED (${rankedSql(query, phrase, filters, opts)})`];
  let chosen = Prisma.sql`SELECT "id", total, n, false AS corrected, NULL::boolean[] AS found FROM strict`;
  if (correction) {
    const { words, fixes, found } = correction;
    const fixable = [...found.keys()];
    const flag = (i: number) => Prisma.raw(`f${i}`);
    // Each word as searched: its corrections too unless it was found (buildTsQuery's parts, joined as it joins them).
    const part = (i: number, as: (w: string, fix: string[]) => string) =>
      found.has(i) ? Prisma.sql`CASE WHEN f.${flag(i)} THEN ${as(words[i], [])}::text ELSE ${as(words[i], fixes[i])}::text END` : Prisma.sql`${as(words[i], [])}::text`;
    const queryParts = words.map((_, i) => part(i, (w, fix) => buildTsQuery([[w, ...fix]])));
    const phraseParts = words.map((_, i) => part(i, (w, fix) => buildTsQuery([fix[0] ?? w])));
    ctes.push(
      ...correction.ctes,
      Prisma.sql`found AS MATERIALIZED (SELECT ${Prisma.join(fixable.map((i) => Prisma.sql`${found.get(i)!} AS ${flag(i)}`))})`,
      // Only when the term matched nothing, and some word that may be a slip matches nothing either.
      Prisma.sql`terms AS MATERIALIZED (
        SELECT to_tsquery('english', concat_ws(' & ', ${Prisma.join(queryParts)})) AS query,
               to_tsquery('english', concat_ws(' <-> ', ${Prisma.join(phraseParts)})) AS phrase,
               ARRAY[${Prisma.join(words.map((_, i) => (found.has(i) ? Prisma.sql`f.${flag(i)}` : Prisma.sql`true`)))}] AS found
        FROM found f
        WHERE NOT EXISTS (SELECT 1 FROM strict) AND NOT (${Prisma.join(
          fixable.map((i) => Prisma.sql`f.${flag(i)}`),
          " AND ",
        )}))`,
      Prisma.sql`corrected AS (${rankedSql(Prisma.sql`(SELECT query FROM terms)`, words.length > 1 ? Prisma.sql`(SELECT phrase FROM terms)` : null, filters, opts)})`,
    );
    chosen = Prisma.sql`${chosen} UNION ALL SELECT "id", total, n, true, (SELECT found FROM terms) FROM corrected`;
  }
  const rows = await prisma.$queryRaw<SearchRow[]>`
    WITH ${Prisma.join(ctes, ", ")},
    chosen AS (${chosen}),
    page AS (SELECT * FROM chosen ORDER BY n LIMIT ${opts.limit} OFFSET ${opts.offset})
    SELECT head.total, head.corrected, head.found, page.n, ${PRODUCT_SQL_COLUMNS}
    FROM (SELECT total, corrected, found FROM chosen LIMIT 1) head
    LEFT JOIN page ON true LEFT JOIN "Product" p ON p."id" = page."id" LEFT JOIN "Category" c ON c."id" = p."categoryId"
    ORDER BY page.n`;
  const head = rows[0];
  const products = rows.filter((row) => row.n !== null).map(({ total: _t, n: _n, corrected: _c, found: _f, ...row }) => toProductDTO(fromProductSql(row)));
  return { products, total: head ? Number(head.total) : 0, corrected: head?.corrected ? head.found : null };
}

/**
 * The words typos are corrected to: distinct words (letters only, 3–40 long)
 * of public product names and active category names, indexed for
 * corrections (lib/search/typos.ts). Loaded once per process and catalogue
 * version (`version`: catalogVersion(), as the search read it).
 */
async function nameVocabulary(version: string): Promise<Vocabulary> {
  if (store.vocabulary?.version !== version) {
    const value = prisma.$queryRaw<Array<{ word: string }>>`
      SELECT DISTINCT t.word FROM (
        SELECT regexp_split_to_table(lower(p."name"), '[^[:alpha:]]+') AS word
        FROM "Product" p JOIN "Category" c ON c."id" = p."categoryId" WHERE p."active" AND c."active"
        UNION ALL
        SELECT regexp_split_to_table(lower(c."name"), '[^[:alpha:]]+') FROM "Category" c WHERE c."active") t
      WHERE length(t.word) BETWEEN 3 AND 40
      ORDER BY t.word LIMIT 50000`.then((rows) => buildVocabulary(rows.map((r) => r.word)));
    const entry = { version, value };
    store.vocabulary = entry;
    value.catch(() => {
      if (store.vocabulary === entry) store.vocabulary = undefined;
    });
  }
  return store.vocabulary.value;
}

/**
 * For each word, what it would be corrected to if no public product matched
 * it: none for a word of a public product's name (it matches that product),
 * else the words of the name vocabulary it may be a slip of, best first
 * (lib/search/typos.ts corrections; none when none is close enough).
 */
function possibleFixes(words: string[], vocabulary: Vocabulary): string[][] {
  return words.map((w) => (isCatalogueWord(vocabulary, w) ? [] : typoCorrections(vocabulary, w)));
}

/**
 * Whether each word at `indices` needs no correction, as SQL per word: some
 * public product matches it, or it is a stop word (the search ignores it);
 * `ctes` are the CTEs that SQL reads (one materialised CTE per word: planned
 * without EXISTS's first-row costing, an unknown word is a GIN index probe,
 * not a table scan). `searchedAlone`: the words are read only after they were
 * searched together, unfiltered, and matched nothing, so a single word is
 * known to match nothing and is not looked up again.
 */
function wordsFound(words: string[], indices: number[], searchedAlone: boolean): { found: Map<number, Prisma.Sql>; ctes: Prisma.Sql[] } {
  const isStopWord = (i: number) => Prisma.sql`numnode(to_tsquery('english', ${words[i]})) = 0`;
  if (searchedAlone && words.length === 1) return { found: new Map(indices.map((i) => [i, isStopWord(i)])), ctes: [] };
  const matches = (i: number) => Prisma.raw(`m${i}`);
  return {
    found: new Map(indices.map((i) => [i, Prisma.sql`(${isStopWord(i)} OR EXISTS (SELECT 1 FROM ${matches(i)}))`])),
    ctes: indices.map(
      (i) => Prisma.sql`${matches(i)} AS MATERIALIZED (
        SELECT 1 FROM "Product" p JOIN "Category" c ON c."id" = p."categoryId"
        WHERE p."searchVector" @@ to_tsquery('english', ${words[i]}) AND p."active" AND c."active")`,
    ),
  };
}

/** For each word: possibleFixes, unless the word matches some public product (or is a stop word); one query. */
async function corrections(words: string[], vocabulary: Vocabulary): Promise<string[][]> {
  const fixes = possibleFixes(words, vocabulary);
  const fixable = fixes.flatMap((f, i) => (f.length ? [i] : []));
  if (!fixable.length) return fixes;
  const { found, ctes } = wordsFound(words, fixable, false);
  const [row] = await prisma.$queryRaw<Array<Record<string, boolean>>>`
    WITH ${Prisma.join(ctes, ", ")} SELECT ${Prisma.join(fixable.map((i) => Prisma.sql`${found.get(i)!} AS ${Prisma.raw(`f${i}`)}`))}`;
  return fixes.map((f, i) => (row[`f${i}`] ? [] : f));
}

/**
 * The term, or when it matches nothing its correction (a word no public
 * product matches, corrected to the catalogue words it may be a slip of), in
 * one statement (searchPage); "Did you mean" names the corrected term when
 * only it finds something.
 */
async function runSearch(words: string[], opts: SearchOptions, version: string): Promise<SearchList> {
  const fixes = possibleFixes(words, await nameVocabulary(version));
  const fixable = fixes.flatMap((f, i) => (f.length ? [i] : []));
  // Read only after the term matched nothing: unfiltered, a one-word term is then known to match no public product.
  const searchedAlone = !opts.category && opts.featured === undefined && !opts.excludeSlug;
  const correction = fixable.length ? { words, fixes, ...wordsFound(words, fixable, searchedAlone) } : null;
  const { products, total, corrected } = await searchPage(buildTsQuery(words), phraseQuery(words), opts, correction);
  if (!corrected) return { products, total };
  return { products, total, didYouMean: words.map((w, i) => (corrected[i] ? w : fixes[i][0])).join(" ") };
}

/** Public products matching a shopper's term, best first (or in the explicit sort), with "Did you mean …?" when only a corrected term finds something. */
export async function searchCatalog(opts: SearchOptions): Promise<SearchList> {
  const words = searchWords(opts.search);
  if (!words.length || opts.limit <= 0) return { products: [], total: 0 };
  const key = JSON.stringify([words.join(" "), opts.category ?? null, opts.featured ?? null, opts.sort ?? DEFAULT_SORT, opts.limit, opts.offset, opts.excludeSlug ?? null]);
  return cached(store.results, key, (version) => runSearch(words, opts, version));
}

async function suggestRows(query: string, phrase: string | null): Promise<SearchSuggestion[]> {
  const rows = await prisma.$queryRaw<Array<{ slug: string; name: string; price: string; sold: boolean; url: string | null; alt: string | null }>>`
    WITH top AS (
      SELECT p."id", p."slug", p."name", p."price", p."sold",
             ROW_NUMBER() OVER (ORDER BY ${rankSql(query, phrase, query)} DESC, ${ORDER_SQL[DEFAULT_SORT]}) AS n
      FROM "Product" p JOIN "Category" c ON c."id" = p."categoryId"
      WHERE p."searchVector" @@ ${tsQuery(query)} AND p."active" AND c."active"
      ORDER BY n LIMIT ${SUGGEST_LIMIT})
    SELECT top."slug", top."name", top."price"::text AS price, top."sold", i."url", i."alt"
    FROM top LEFT JOIN LATERAL (
      SELECT pi."url", pi."alt" FROM "ProductImage" pi WHERE pi."productId" = top."id" ORDER BY pi."position", pi."id" LIMIT 1) i ON true
    ORDER BY top.n`;
  return rows.map((r) => ({ slug: r.slug, name: r.name, price: r.price, sold: r.sold, image: r.url ? { url: r.url, alt: r.alt || r.name } : null }));
}

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
    const rows = await suggestRows(buildTsQuery(words, { prefixLast: true }), phraseQuery(words, { prefixLast: true }));
    if (rows.length) return rows;
    // A suggestion's last word is a prefix: "wal" matches nothing alone, yet is no typo, so each word is looked up.
    const fixes = await corrections(words, await nameVocabulary(version));
    if (!fixes.some((f) => f.length)) return rows;
    return suggestRows(
      buildTsQuery(
        words.map((w, i) => [w, ...fixes[i]]),
        { prefixLast: true },
      ),
      phraseQuery(
        words.map((w, i) => fixes[i][0] ?? w),
        { prefixLast: true },
      ),
    );
  });
}
