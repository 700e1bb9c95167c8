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

/** The server layer's configuration, validated at its first read. */
export function sharedEnv() {
  return (shared ??= parseConfiguration(sharedShape));
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
