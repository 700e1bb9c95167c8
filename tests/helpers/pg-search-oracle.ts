import { Prisma } from "@/lib/db";
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

/** Each public product the words match, with its relevance tier. */
export async function pgSearchTiers(prisma: PrismaClient, words: string[], opts: { prefixLast?: boolean } = {}): Promise<Map<string, number>> {
  const query = buildTsQuery(words, opts);
  if (!query) return new Map();
  const phrase = words.length > 1 ? buildTsQuery(words, { ...opts, phrase: true }) : null;
  const inName = Prisma.sql`ts_filter(p."vector", '{a}')`;
  const phraseTier = phrase ? Prisma.sql`WHEN ${inName} @@ to_tsquery('english', ${phrase}) THEN 5` : Prisma.empty;
  const rows = await prisma.$queryRaw<Array<{ slug: string; tier: number }>>`
    SELECT p."slug",
      (CASE WHEN ${inName} @@ to_tsquery('english', ${query}) AND to_tsvector('simple', p."name") @@ to_tsquery('simple', ${query}) THEN 2 ELSE 0 END
       + CASE ${phraseTier} WHEN ${inName} @@ to_tsquery('english', ${query}) THEN 4 ELSE 0 END)::int AS tier
    FROM (
      SELECT p.*, setweight(to_tsvector('english', p."name"), 'A')
               || setweight(to_tsvector('english', c."name" || ' ' || coalesce(p."shortDescription", '')), 'B')
               || setweight(to_tsvector('english', p."description"), 'C') AS "vector"
      FROM "Product" p JOIN "Category" c ON c."id" = p."categoryId" WHERE p."active" AND c."active") p
    WHERE p."vector" @@ to_tsquery('english', ${query})`;
  return new Map(rows.map((r) => [r.slug, r.tier]));
}
