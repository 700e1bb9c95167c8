import "server-only";
import { readFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { getRedis, withTimeout } from "@/lib/redis/client";

/**
 * With REDIS_URL: records tag expiry times in the shared cache
 * (lib/cache/next-cache-handler.mjs) before the request that changed the data
 * answers. Next.js records a revalidateTag only after the response is sent;
 * meanwhile another instance would still serve the old page. Every instance
 * drops an entry whose tags expired after it was stored, at its next read.
 * Unreachable Redis: nothing to do here — the cache handler clears the shared
 * cache when it is back.
 */
let buildId: string | undefined;

function currentBuildId(): string {
  buildId ??= (() => {
    try {
      return readFileSync(path.join(process.cwd(), ".next/BUILD_ID"), "utf8").trim();
    } catch {
      return "dev";
    }
  })();
  return buildId;
}

/**
 * Drops the responses `npm start`'s front server keeps (lib/cache/response-cache.mjs)
 * before the request that changed the catalogue answers. Its state lives on
 * globalThis, outside this bundle; absent under `next dev` and on Vercel.
 */
export function expireStoredResponses(): void {
  (globalThis as { __mmResponseCache?: { expire(): void } }).__mmResponseCache?.expire();
}

export async function recordTagExpiry(tags: string[]): Promise<void> {
  const redis = getRedis();
  if (!redis || !tags.length || !redis.isReady) return;
  const now = String(Date.now());
  const key = `${env.REDIS_PREFIX}cache:${currentBuildId()}:__revalidated_tags__`;
  await withTimeout(redis.hSet(key, Object.fromEntries(tags.map((t) => [t, now]))), 1000).catch(() => {});
}
