import type { PrismaClient } from "@/lib/db/client";

/**
 * The search as PostgreSQL's full-text search answered it before the
 * in-memory index (lib/search/catalog-index.ts), kept as the oracle the
 * parity test compares the index with: every word's English stem in the
 * product's weighted vector (as migration 20261124000000_product_search kept
 * it, until 20261203000000_search_in_memory dropped it; built here), and
 * the relevance tier each match had (2 for every word exactly as typed in
 * the name, plus 5 for the words as a phrase in the name, else 4 for every
 * word's stem in the name; 0 for a match through other fields only).
 */

/** A tsquery for to_tsquery('english', …): every word (AND), a word's alternatives (OR), the last word a prefix, or the words as a phrase. */
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

/**
 * For each term (its words), each public product it matches with its relevance tier; all terms in one statement
 * (each product's vector built once), so checking a thousand terms costs one round trip.
 */
export async function pgSearchTiers(prisma: PrismaClient, terms: string[][], opts: { prefixLast?: boolean } = {}): Promise<Array<Map<string, number>>> {
  const queries = terms.map((words) => buildTsQuery(words, opts));
  // A one-word term has no phrase (null): it is the query itself.
  const phrases = terms.map((words) => (words.length > 1 ? buildTsQuery(words, { ...opts, phrase: true }) : null));
  const rows = await prisma.$queryRaw<Array<{ n: bigint; slug: string; tier: number }>>`
    WITH t AS (
      SELECT n, to_tsquery('english', q) AS query, to_tsquery('english', NULLIF(ph, '')) AS phrase, to_tsquery('simple', q) AS exact
      FROM unnest(${queries}::text[], ${phrases}::text[]) WITH ORDINALITY AS terms(q, ph, n) WHERE q <> ''),
    p AS MATERIALIZED (
      SELECT p."slug", to_tsvector('simple', p."name") AS "simple",
             setweight(to_tsvector('english', p."name"), 'A')
               || setweight(to_tsvector('english', c."name" || ' ' || coalesce(p."shortDescription", '')), 'B')
               || setweight(to_tsvector('english', p."description"), 'C') AS "vector"
      FROM "Product" p JOIN "Category" c ON c."id" = p."categoryId" WHERE p."active" AND c."active")
    SELECT t.n, p."slug",
      (CASE WHEN ts_filter(p."vector", '{a}') @@ t.query AND p."simple" @@ t.exact THEN 2 ELSE 0 END
       + CASE WHEN t.phrase IS NOT NULL AND ts_filter(p."vector", '{a}') @@ t.phrase THEN 5 WHEN ts_filter(p."vector", '{a}') @@ t.query THEN 4 ELSE 0 END)::int AS tier
    FROM t JOIN p ON p."vector" @@ t.query`;
  const out = terms.map(() => new Map<string, number>());
  for (const row of rows) out[Number(row.n) - 1].set(row.slug, row.tier);
  return out;
}
