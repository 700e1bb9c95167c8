/**
 * Next.js's cache handler for this shop (next.config.ts `cacheHandler`):
 * ISR pages, route responses and the data cache (unstable_cache).
 *
 * Without REDIS_URL it is Next's own file-system/in-memory cache with one
 * rule added: nothing written before this server process started is served.
 * Tag expiry (revalidateTag) lives in this process's memory only, so an entry
 * that outlived the process — the pages prerendered by `next build` from the
 * build's database, anything on disk — may be older than an expiry recorded
 * by a process that has since crashed (kill -9 right after a sale or an admin
 * edit). Such entries are treated as misses and rendered again from the
 * database, once, on first request after a start. Entries made by this
 * process are expired by their tags as usual.
 */
import FileSystemCacheModule from "next/dist/server/lib/incremental-cache/file-system-cache.js";

const FileSystemCache = FileSystemCacheModule.default ?? FileSystemCacheModule;

/** When this server process started: entries older than this may predate a lost tag expiry. */
const PROCESS_STARTED_AT = Date.now() - Math.round(process.uptime() * 1000);

export default class ShopCacheHandler extends FileSystemCache {
  async get(key, ctx) {
    const entry = await super.get(key, ctx);
    if (entry && typeof entry.lastModified === "number" && entry.lastModified < PROCESS_STARTED_AT) return null;
    return entry;
  }
}
