/**
 * The configuration the server layer reads. server/ (the front server, the
 * cache handlers) is plain JavaScript that Node loads outside the app's
 * bundles, so it cannot import lib/env.ts; the variables both sides read are
 * defined here once, and lib/env.ts builds its schema from the same
 * definitions: a variable is validated by one rule wherever it is read, and a
 * malformed value stops start-up with a message naming it.
 *
 * Together with lib/env.ts, the only place that reads process.env in app/,
 * components/, lib/ and server/ (lib/layering.test.ts).
 */
import { z } from "zod";

/** A variable that may be unset; blank is unset. */
export const optional = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const redisUrl = z.string().refine((v) => {
  try {
    const u = new URL(v);
    return (u.protocol === "redis:" || u.protocol === "rediss:") && !!u.hostname && /^(\/\d{0,2})?$/.test(u.pathname);
  } catch {
    return false;
  }
}, "must be a redis:// or rediss:// URL with a host and an optional database index, e.g. redis://127.0.0.1:6379/0");

/** The variables the server layer reads (documented in .env.example and the README). */
export const sharedShape = {
  /** Shared cache, tag expiry and rate limits for several instances (redis:// or rediss://, optional /<db index>). */
  REDIS_URL: optional.pipe(redisUrl.optional()),
  /** Prefix of every key the shop writes to Redis (several shops, or test runs, on one Redis database). */
  REDIS_PREFIX: optional.pipe(
    z
      .string()
      .regex(/^[\w:.-]{1,64}$/, "letters, digits and _ : . - only (at most 64)")
      .default("mm:"),
  ),
  /** How long a Redis cache read or write may take before it counts as a miss (ms). */
  REDIS_CACHE_TIMEOUT_MS: optional.pipe(z.coerce.number().int().min(10).max(60_000).default(1000)),
  /** The web server's port (links in emails fall back to http://localhost:$PORT without SITE_URL). */
  PORT: optional.pipe(z.coerce.number().int().min(1).max(65535).default(3000)),
  /** The address the front server listens on (all interfaces when unset). */
  HOSTNAME: optional,
  /**
   * How many never-seen search pages `npm start`'s front server renders at once
   * (server/render-queue.mjs); a search page that would wait for a turn, or
   * that arrives while another search is being answered, is answered with the
   * cached results shell instead, whose results the browser fetches from GET
   * /api/products (0: every such search page; lib/catalog/listing-url.mjs searchShellTarget).
   */
  SEARCH_RENDERS_AT_ONCE: optional.pipe(z.coerce.number().int().min(0).max(32).default(1)),
  /** How long SIGTERM waits for requests in flight before cutting them (ms). */
  SHUTDOWN_TIMEOUT_MS: optional.pipe(z.coerce.number().int().min(0).max(600_000).default(20_000)),
  /** trace, debug, info (default; silent under Jest), warn, error, fatal, silent (lib/log-shared.mjs). */
  LOG_LEVEL: optional.pipe(z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).optional()),
  /**
   * The CDN or caching proxy in front of the shop that every catalogue change purges by tag
   * (lib/cdn/purge-service.ts): varnish, fastly or cloudflare; unset, none (pages then allow shared
   * caches a short s-maxage only: lib/cdn/policy.mjs). Each needs its variables below.
   */
  CDN_PURGE: optional.pipe(z.enum(["varnish", "fastly", "cloudflare"]).optional()),
  /** Varnish: the address(es) PURGE requests go to, comma-separated (e.g. http://127.0.0.1:6081/; deploy/varnish/default.vcl). */
  VARNISH_PURGE_URLS: optional.pipe(
    z
      .string()
      .refine((v) => v.split(",").every((u) => /^https?:\/\/[^\s,]+$/.test(u.trim())), "must be http(s):// URLs, comma-separated")
      .transform((v) => v.split(",").map((u) => u.trim()))
      .optional(),
  ),
  /** Fastly: the service whose cache is purged, and an API token with purge rights. */
  FASTLY_SERVICE_ID: optional,
  FASTLY_API_TOKEN: optional,
  /** Fastly's API base URL (default https://api.fastly.com; tests: a local fake). */
  FASTLY_API_URL: optional.pipe(z.url().default("https://api.fastly.com")),
  /** Cloudflare: the zone whose cache is purged, and an API token with Cache Purge permission. */
  CLOUDFLARE_ZONE_ID: optional,
  CLOUDFLARE_API_TOKEN: optional,
  /** Cloudflare's API base URL (default https://api.cloudflare.com/client/v4; tests: a local fake). */
  CLOUDFLARE_API_URL: optional.pipe(z.url().default("https://api.cloudflare.com/client/v4")),
  /** How long one purge request may take before it counts as failed and is retried (ms). */
  CDN_PURGE_TIMEOUT_MS: optional.pipe(z.coerce.number().int().min(50).max(60_000).default(3000)),
  /** Set by Next.js while it builds ("phase-production-build"): nothing may connect or refuse then. */
  NEXT_PHASE: optional,
  /** Set by Vercel (1): no front server, a writable folder only under the system's temporary one. */
  VERCEL: optional,
};

/** `source` validated against `shape`; an Error naming every malformed variable otherwise. */
export function parseConfiguration(shape, source = process.env) {
  const parsed = z.object(shape).safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration (see .env.example):\n${lines.join("\n")}`);
  }
  return parsed.data;
}

let shared;

/** The variables each CDN purge adapter needs (lib/cdn/purge-service.ts). */
const CDN_PURGE_NEEDS = {
  varnish: ["VARNISH_PURGE_URLS"],
  fastly: ["FASTLY_SERVICE_ID", "FASTLY_API_TOKEN"],
  cloudflare: ["CLOUDFLARE_ZONE_ID", "CLOUDFLARE_API_TOKEN"],
};

/**
 * Throws, naming the variables, when CDN_PURGE names an adapter whose
 * variables are missing: a CDN that is never purged would keep old prices
 * for its long s-maxage, so a partial configuration stops start-up.
 */
export function checkCdnConfiguration(parsed) {
  if (!parsed.CDN_PURGE) return parsed;
  const missing = CDN_PURGE_NEEDS[parsed.CDN_PURGE].filter((name) => parsed[name] === undefined);
  if (missing.length) throw new Error(`Invalid configuration (see .env.example):\n${missing.map((name) => `  ${name}: required when CDN_PURGE=${parsed.CDN_PURGE}`).join("\n")}`);
  return parsed;
}

/** The server layer's configuration, validated at its first read. */
export function sharedEnv() {
  return (shared ??= checkCdnConfiguration(parseConfiguration(sharedShape)));
}

/**
 * A variable read on every call rather than once at start (lib/env.ts's
 * liveEnv lists them and why). Blank is unset; a password is taken as typed,
 * anything else without surrounding blanks.
 */
export function liveVariable(name) {
  const value = process.env[name];
  if (!value?.trim()) return undefined;
  return name === "ADMIN_PASSWORD" ? value : value.trim();
}

/** The environment a child process (pg_dump, psql, the front server) inherits, with `extra` on top. */
export function childProcessEnv(extra = {}) {
  return { ...process.env, ...extra };
}
