import "server-only";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { log } from "@/lib/log";
import { processState } from "@/lib/process-state.mjs";
import { CATALOG_TAGS } from "@/lib/cache/tags.mjs";

/**
 * Purging the CDN in front of the shop by tag (the tags the app expires,
 * lib/cache/tags.mjs, which every cacheable answer carries: lib/cdn/policy.mjs),
 * through one small adapter chosen by CDN_PURGE:
 *   varnish     PURGE to each VARNISH_PURGE_URLS address with the tags in `xkey-purge` (deploy/varnish/default.vcl)
 *   fastly      Fastly's surrogate-key purge API (POST /service/{id}/purge, up to 256 keys a request)
 *   cloudflare  Cloudflare's purge by tag (POST /zones/{id}/purge_cache, up to 30 tags a request)
 *
 * A change answers once its purge is accepted, or, when the CDN does not
 * accept it (down, refusing, too slow), once the purge is recorded in the
 * CdnPurge table: retried from there with backoff until it is accepted, by
 * this process and, after a restart, by whichever instance starts
 * (resumeCdnPurges). A failed purge is logged as an error at every attempt:
 * never silently lost.
 *
 * Every purge is sent twice: at once, and ECHO_DELAY_MS later. Between the
 * change and the moment Next has applied its own tag expiry (after a route
 * handler answers; on another instance, when it reads the expiry from Redis),
 * a request the CDN forwards could still get the old page and be kept for the
 * long s-maxage; the echo drops that copy.
 */

export type PurgeTarget =
  { kind: "varnish"; urls: string[] } | { kind: "fastly"; serviceId: string; token: string; apiUrl: string } | { kind: "cloudflare"; zoneId: string; token: string; apiUrl: string };

/** One HTTP request of a purge: exactly what goes over the wire. */
export type PurgeRequest = { url: string; method: string; headers: Record<string, string>; body?: string };

const FASTLY_KEYS_PER_REQUEST = 256;
const CLOUDFLARE_TAGS_PER_REQUEST = 30;
/** Attempts while the change waits (with RETRY_PAUSE_MS between), before the purge is recorded for later. */
const ATTEMPTS_BEFORE_ANSWER = 2;
const RETRY_PAUSE_MS = 100;
export const ECHO_DELAY_MS = 2000;
/** Backoff of the recorded purges' retries: doubling from the first, up to the last. */
const BACKOFF_MS = { first: 250, max: 30_000 };

/** The configured target, or null (no CDN: nothing to purge). */
export function purgeTarget(): PurgeTarget | null {
  switch (env.CDN_PURGE) {
    case "varnish":
      return { kind: "varnish", urls: env.VARNISH_PURGE_URLS ?? [] };
    case "fastly":
      return { kind: "fastly", serviceId: env.FASTLY_SERVICE_ID!, token: env.FASTLY_API_TOKEN!, apiUrl: env.FASTLY_API_URL };
    case "cloudflare":
      return { kind: "cloudflare", zoneId: env.CLOUDFLARE_ZONE_ID!, token: env.CLOUDFLARE_API_TOKEN!, apiUrl: env.CLOUDFLARE_API_URL };
    default:
      return null;
  }
}

const chunks = <T>(items: T[], size: number): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
const trimSlash = (url: string) => url.replace(/\/+$/, "");

/** The requests that purge `tags` at `target`. */
export function purgeRequests(target: PurgeTarget, tags: string[]): PurgeRequest[] {
  const unique = [...new Set(tags)];
  if (!unique.length) return [];
  switch (target.kind) {
    case "varnish":
      return target.urls.map((url) => ({ url, method: "PURGE", headers: { "xkey-purge": unique.join(" ") } }));
    case "fastly":
      return chunks(unique, FASTLY_KEYS_PER_REQUEST).map((keys) => ({
        url: `${trimSlash(target.apiUrl)}/service/${encodeURIComponent(target.serviceId)}/purge`,
        method: "POST",
        headers: { "fastly-key": target.token, accept: "application/json", "content-type": "application/json" },
        body: JSON.stringify({ surrogate_keys: keys }),
      }));
    case "cloudflare":
      return chunks(unique, CLOUDFLARE_TAGS_PER_REQUEST).map((batch) => ({
        url: `${trimSlash(target.apiUrl)}/zones/${encodeURIComponent(target.zoneId)}/purge_cache`,
        method: "POST",
        headers: { authorization: `Bearer ${target.token}`, "content-type": "application/json" },
        body: JSON.stringify({ tags: batch }),
      }));
  }
}

/** Sends every request of a purge; throws unless each was accepted (2xx; Cloudflare: `success: true` too). */
export async function sendPurge(target: PurgeTarget, tags: string[], timeoutMs = env.CDN_PURGE_TIMEOUT_MS): Promise<void> {
  for (const request of purgeRequests(target, tags)) {
    const response = await fetch(request.url, { method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(timeoutMs), redirect: "manual" });
    const text = await response.text().catch(() => "");
    if (!response.ok) throw new Error(`${target.kind} purge refused: ${response.status} ${text.slice(0, 200)}`);
    if (target.kind === "cloudflare") {
      let success = false;
      try {
        success = (JSON.parse(text) as { success?: unknown }).success === true;
      } catch {}
      if (!success) throw new Error(`cloudflare purge not accepted: ${text.slice(0, 200)}`);
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type RetryState = { timer: ReturnType<typeof setTimeout> | null; running: Promise<number> | null };
const retries = processState<RetryState>("cdnPurgeRetries", () => ({ timer: null, running: null }));

/**
 * Purges `tags` at the configured CDN before the change answers (see above):
 * resolves once the CDN accepted it or the purge is recorded for retrying.
 */
export async function purgeCdnTags(tags: string[], target = purgeTarget(), { echo = true } = {}): Promise<void> {
  if (!target || !tags.length) return;
  await purgeOrRecord(target, tags);
  if (echo) setTimeout(() => void purgeOrRecord(target, tags).catch((error) => log.error({ err: error, tags }, "CDN purge (echo) could not be recorded")), ECHO_DELAY_MS).unref();
}

/**
 * Purges the shop's own files at `urls` (paths under /uploads; a file kept elsewhere, an UploadThing URL, is
 * not the CDN's) by the tag each is served under (lib/cdn/policy.mjs), like a catalogue change. No echo: the
 * upload route reads the review's state on every request, so no cache of Next's can hand the CDN an old answer.
 */
export async function purgeUploadUrls(urls: string[], target = purgeTarget()): Promise<void> {
  const tags = urls.filter((url) => url.startsWith("/uploads/")).map((url) => CATALOG_TAGS.upload(url));
  await purgeCdnTags(tags, target, { echo: false });
}

async function purgeOrRecord(target: PurgeTarget, tags: string[]): Promise<void> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= ATTEMPTS_BEFORE_ANSWER; attempt++) {
    try {
      await sendPurge(target, tags);
      return;
    } catch (error) {
      lastError = error;
      if (attempt < ATTEMPTS_BEFORE_ANSWER) await sleep(RETRY_PAUSE_MS);
    }
  }
  await prisma.cdnPurge.create({
    data: { tags: tags.join(" "), attempts: ATTEMPTS_BEFORE_ANSWER, lastError: String(lastError).slice(0, 500), nextAttemptAt: new Date(Date.now() + BACKOFF_MS.first) },
  });
  log.error({ err: lastError, tags, cdn: target.kind }, "CDN purge not accepted: recorded, retrying until it is");
  scheduleRetry(BACKOFF_MS.first, target);
}

function scheduleRetry(delayMs: number, target: PurgeTarget): void {
  if (retries.timer) clearTimeout(retries.timer);
  retries.timer = setTimeout(() => void retryRecordedPurges(target), delayMs);
  retries.timer.unref();
}

/**
 * Sends every recorded purge that is due; each accepted one is deleted, each
 * refused one waits twice as long as before (at most BACKOFF_MS.max). Runs
 * again while any is left. Resolves with how many are left.
 */
export async function retryRecordedPurges(target = purgeTarget()): Promise<number> {
  if (!target) return -1;
  // One run at a time in a process: a second waits for the first, then runs.
  while (retries.running) await retries.running.catch(() => {});
  const run = retryDuePurges(target);
  retries.running = run;
  try {
    return await run;
  } finally {
    retries.running = null;
  }
}

async function retryDuePurges(target: PurgeTarget): Promise<number> {
  if (retries.timer) clearTimeout(retries.timer);
  retries.timer = null;
  try {
    const due = await prisma.cdnPurge.findMany({ where: { nextAttemptAt: { lte: new Date() } }, orderBy: { id: "asc" }, take: 100 });
    for (const purge of due) {
      try {
        await sendPurge(target, purge.tags.split(" "));
        await prisma.cdnPurge.deleteMany({ where: { id: purge.id } });
        log.info({ tags: purge.tags.split(" "), attempts: purge.attempts + 1, cdn: target.kind }, "recorded CDN purge accepted");
      } catch (error) {
        const wait = Math.min(BACKOFF_MS.max, BACKOFF_MS.first * 2 ** Math.min(purge.attempts, 16));
        await prisma.cdnPurge.updateMany({ where: { id: purge.id }, data: { attempts: { increment: 1 }, lastError: String(error).slice(0, 500), nextAttemptAt: new Date(Date.now() + wait) } });
        log.error({ err: error, tags: purge.tags.split(" "), attempts: purge.attempts + 1, cdn: target.kind }, "recorded CDN purge still not accepted");
      }
    }
    const next = await prisma.cdnPurge.findFirst({ orderBy: { nextAttemptAt: "asc" }, select: { nextAttemptAt: true } });
    const left = await prisma.cdnPurge.count();
    if (next) scheduleRetry(Math.max(0, next.nextAttemptAt.getTime() - Date.now()), target);
    return left;
  } catch (error) {
    log.error({ err: error }, "recorded CDN purges could not be read; trying again");
    scheduleRetry(BACKOFF_MS.max, target);
    return -1;
  }
}

/** At start-up: purges recorded before a restart are retried (any instance may take them; a purge sent twice is harmless). */
export function resumeCdnPurges(): void {
  const target = purgeTarget();
  if (target) scheduleRetry(0, target);
}
