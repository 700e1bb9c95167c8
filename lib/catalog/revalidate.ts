import "server-only";
import { revalidateTag } from "next/cache";
import { recordTagExpiry } from "@/lib/cache/tag-expiry";
import { CATALOG_TAGS } from "@/lib/catalog/queries";
import { expireSearchCache } from "@/lib/catalog/search-queries";
import { purgeCdnTags, purgeUploadUrls } from "@/lib/cdn/purge-service";

/**
 * Expires cached catalogue reads and the pages built from them at once, so
 * the next request shows the change (used by every service that changes the
 * catalogue). Outside a Next.js request (scripts) there is no cache to expire.
 * With a shared cache (Redis) the expiry is recorded there before this
 * returns, so other instances see it at their next request too. Then the
 * CDN in front, if one is configured, is purged by the same tags before this
 * returns (lib/cdn/purge-service.ts: accepted, or recorded and retried until it is).
 */
export async function expireCatalog(opts: { slugs?: string[]; gallery?: boolean; categories?: boolean } = {}): Promise<void> {
  const tags: string[] = [CATALOG_TAGS.products, ...(opts.slugs ?? []).map(CATALOG_TAGS.product)];
  if (opts.gallery) tags.push(CATALOG_TAGS.gallery);
  if (opts.categories) tags.push(CATALOG_TAGS.categories);
  expireSearchCache();
  for (const tag of tags) {
    try {
      revalidateTag(tag, { expire: 0 });
    } catch (error) {
      if (!/static generation store|outside a request|workStore/i.test(String(error))) throw error;
    }
  }
  await recordTagExpiry(tags);
  await purgeCdnTags(tags);
}

/**
 * The shop's own files at `urls` (a hidden review's photos, now 404) leave the CDN in front, if one
 * is configured, before the change answers: purged by each file's tag (lib/cdn/purge-service.ts
 * purgeUploadUrls). The shop itself keeps no copy of them (the route reads the review's state).
 */
export async function expirePublicUrls(urls: string[]): Promise<void> {
  if (!urls.length) return;
  await purgeUploadUrls(urls);
}
