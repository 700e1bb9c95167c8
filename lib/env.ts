import { z } from "zod";
import { checkCdnConfiguration, childProcessEnv as inheritedEnv, liveVariable, optional, parseConfiguration, sharedShape } from "@/lib/env-shared.mjs";

/**
 * All configuration, validated once. A missing optional service key switches
 * that concern to its embedded default; a malformed value stops start-up with
 * a message naming the variable. Every variable is documented in .env.example.
 */
const WINDOW_SECONDS = { s: 1, m: 60, h: 3600, d: 86400 } as const;

/** A rate-limit override: "<count>/<window>", e.g. "5/1h" or "30/15s". */
const rateLimitSpec = optional.pipe(
  z
    .string()
    .regex(/^\d{1,6}\/\d{1,5}[smhd]$/, 'must look like "5/1h" (count/window, window in s, m, h or d)')
    .transform((v) => {
      const [count, window] = v.split("/");
      return { points: Number(count), seconds: Number(window.slice(0, -1)) * WINDOW_SECONDS[window.slice(-1) as keyof typeof WINDOW_SECONDS] };
    })
    .optional(),
);

const schema = z.object({
  /** The variables the server layer reads too: REDIS_URL, REDIS_PREFIX, REDIS_CACHE_TIMEOUT_MS, PORT, HOSTNAME, SHUTDOWN_TIMEOUT_MS, LOG_LEVEL, NEXT_PHASE, VERCEL (lib/env-shared.mjs). */
  ...sharedShape,
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional(),
  ),
  DATABASE_POOL_MAX: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(100).optional()),
  SITE_URL: optional.pipe(z.url().optional()),
  /** next-auth's public URL (`npm start` sets it to SITE_URL, else http://localhost:$PORT); https makes admin cookies Secure. */
  NEXTAUTH_URL: optional.pipe(z.url().optional()),
  OWNER_EMAIL: optional.pipe(z.email().optional()),
  EMAIL_FROM: optional,
  RESEND_API_KEY: optional,
  /** Resend's API base URL (tests: a local fake Resend). */
  RESEND_API_URL: optional.pipe(z.url().optional()),
  /** Signing secret of the Resend webhook endpoint (whsec_…): bounces and complaints suppress addresses (POST /api/webhooks/resend). */
  RESEND_WEBHOOK_SECRET: optional,
  /** A mailbox that unsubscribes whoever writes to it: added to every newsletter's List-Unsubscribe header as a mailto: link. */
  NEWSLETTER_UNSUBSCRIBE_MAILTO: optional.pipe(z.email().optional()),
  /** Batch calls per second the newsletter worker makes, per instance (Resend's default limit is 2 per second per team). */
  NEWSLETTER_SEND_RATE: optional.pipe(z.coerce.number<string | undefined>().positive().max(1000).default(2)),
  /** How long a worker holds a claimed batch before another may take it over (a worker that died). */
  NEWSLETTER_LEASE_SECONDS: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(3600).default(300)),
  UPLOADTHING_TOKEN: optional,
  STRIPE_SECRET_KEY: optional,
  NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** "stripe" or "test"; unset: Stripe when its keys are set, else test payments only where allowed (lib/payments/config.ts). */
  PAYMENT_PROVIDER: optional.pipe(z.enum(["stripe", "test"], { message: 'must be "stripe" or "test"' }).optional()),
  VERCEL_ENV: optional,
  /** Sales tax: "estimate" (default: the cart's 8 % estimate, checkout charges 0), "flat" or "stripe" (lib/tax/config.ts checks what each needs). */
  TAX_MODE: optional.pipe(z.enum(["estimate", "flat", "stripe"], { message: 'must be "estimate", "flat" or "stripe"' }).optional()),
  /** TAX_MODE=flat: the shop's home state (2-letter US postal code); only orders shipped there pay TAX_RATE. */
  TAX_HOME_STATE: optional,
  /** TAX_MODE=flat: the rate in percent, above 0 and at most 20 (e.g. 6.5). */
  TAX_RATE: optional,
  /** EasyPost: live carrier rates for zones set to "live". A production (EZAK…) or test (EZTK…) key; a malformed one stops start-up. Unset: zones and tables only. */
  EASYPOST_API_KEY: optional.pipe(
    z
      .string()
      .regex(/^EZ[AT]K[A-Za-z0-9]{16,96}$/, "must be an EasyPost API key (EZAK… for production, EZTK… for test)")
      .optional(),
  ),
  /** EasyPost's API base URL (tests: a local fake EasyPost), ending in /v2/. */
  EASYPOST_API_URL: optional.pipe(z.url().optional()),
  /** The secret of the EasyPost webhook (its webhook_secret): tracking updates are refused unless signed with it. Required with EASYPOST_API_KEY (start-up names it). */
  EASYPOST_WEBHOOK_SECRET: optional,
  /** How long checkout waits for the carrier's rates before it charges the zone's table rate instead (ms). */
  EASYPOST_TIMEOUT_MS: optional.pipe(z.coerce.number<string | undefined>().int().min(100).max(30_000).default(3000)),
  /** Stripe API endpoint override (tests against a local fake Stripe, or a proxy). */
  STRIPE_API_HOST: optional,
  STRIPE_API_PORT: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: optional.pipe(z.enum(["http", "https"]).optional()),
  AUTH_SECRET: optional,
  /**
   * How many reverse proxies in front of the shop append to X-Forwarded-For
   * (nginx: 1). Unset: the client address is the TCP peer and
   * X-Forwarded-For is ignored. Vercel (VERCEL=1) always has one.
   */
  TRUST_PROXY: optional.pipe(z.coerce.number<string | undefined>().int().min(0).max(10).optional()),
  /** Multiplies every public rate limit (not sign-in throttling): 100 for suites that are not about limits. */
  RATE_LIMIT_SCALE: optional.pipe(z.coerce.number<string | undefined>().positive().max(100_000).default(1)),
  RATE_LIMIT_CONTACT: rateLimitSpec,
  RATE_LIMIT_NEWSLETTER: rateLimitSpec,
  RATE_LIMIT_FORGOT_PASSWORD: rateLimitSpec,
  RATE_LIMIT_PAYMENT_INTENT: rateLimitSpec,
  RATE_LIMIT_CARD_CONFIRM: rateLimitSpec,
  RATE_LIMIT_ORDER: rateLimitSpec,
  RATE_LIMIT_CART: rateLimitSpec,
  RATE_LIMIT_ORDER_LOOKUP: rateLimitSpec,
  RATE_LIMIT_REVIEW: rateLimitSpec,
  RATE_LIMIT_COMMISSION: rateLimitSpec,
  RATE_LIMIT_DISCOUNT_CODE: rateLimitSpec,
  RATE_LIMIT_SHIPPING_RATES: rateLimitSpec,
  /** Days after an order is delivered that its buyer is asked for a review (lib/reviews/request-service.ts). */
  REVIEW_REQUEST_DAYS: optional.pipe(z.coerce.number<string | undefined>().int("must be a whole number of days").min(1).max(365).default(7)),
  /** Guards GET /api/cron/cleanup (Vercel Cron sends it as a bearer token). */
  CRON_SECRET: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** Where `npm run backup` and scheduled backups write (default backups/ in the project folder). */
  BACKUP_DIR: optional,
  /** Scheduled backups by `npm start`/`npm run dev` every N hours (off when unset). */
  BACKUP_INTERVAL_HOURS: optional.pipe(
    z.coerce
      .number<string | undefined>()
      .positive()
      .max(24 * 365)
      .optional(),
  ),
  /** How many scheduled backups to keep (older ones are deleted). */
  BACKUP_KEEP: optional.pipe(z.coerce.number<string | undefined>().int().min(1).max(10_000).default(7)),
  /** next-auth's own name for AUTH_SECRET, honoured too. */
  NEXTAUTH_SECRET: optional,
  /** Set by `npm start`/`dev` to the embedded database's URL: payments may run in test mode on it (lib/payments/config.ts). */
  MM_EMBEDDED_DATABASE_URL: optional,
});

export type Env = z.infer<typeof schema>;

function load(): Env {
  return checkCdnConfiguration(parseConfiguration(schema.shape));
}

let loaded: Env | undefined;

/** Validates the whole configuration now (the launcher's first step): a malformed value stops start-up naming the variable. */
export function loadEnv(): Env {
  return (loaded ??= load());
}

/**
 * The configuration, validated at its first read (at start-up: the launcher
 * and instrumentation.ts read it before anything is served), not at import,
 * so a module may be imported before the environment is complete (tests set
 * service keys after importing their helpers).
 */
export const env: Env = new Proxy({} as Env, {
  get: (_target, prop) => Reflect.get((loaded ??= load()), prop),
  set: (_target, prop, value) => Reflect.set((loaded ??= load()), prop, value),
  has: (_target, prop) => Reflect.has((loaded ??= load()), prop),
  ownKeys: () => Reflect.ownKeys((loaded ??= load())),
  getOwnPropertyDescriptor: (_target, prop) => Reflect.getOwnPropertyDescriptor((loaded ??= load()), prop),
});

/**
 * Variables read on every call rather than once at start: tests and one-off
 * scripts point them elsewhere while the process runs (folders), or the
 * launcher sets them for the server it starts (the peer token, the first
 * admin). Blank is unset.
 *   LOG_LEVEL, NODE_ENV  the logger's level, read when it is created (also validated with the rest)
 *   UPLOADS_DIR          local-disk uploads (default .data/uploads)
 *   DEV_MAILBOX_DIR      the dev mailbox (default .data/mailbox)
 *   BACKUP_DIR           where backups are written (default backups/)
 *   EMBEDDED_DB_DIR      the embedded database's folder (default .data/pglite)
 *   EMBEDDED_DB_PASSWORD the embedded database's password (random per start when unset)
 *   MM_PEER_TOKEN        the front server's per-start token vouching for the client address
 *   ADMIN_EMAIL, ADMIN_PASSWORD  the first admin, created when there is none
 */
export type LiveVariable =
  "LOG_LEVEL" | "NODE_ENV" | "UPLOADS_DIR" | "DEV_MAILBOX_DIR" | "BACKUP_DIR" | "EMBEDDED_DB_DIR" | "EMBEDDED_DB_PASSWORD" | "MM_PEER_TOKEN" | "ADMIN_EMAIL" | "ADMIN_PASSWORD";

export function liveEnv(name: LiveVariable): string | undefined {
  return liveVariable(name);
}

/** The environment a child process (pg_dump, psql) inherits, with `extra` on top. */
export function childProcessEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return inheritedEnv(extra);
}

/** True while Next.js builds the app (no database, no Redis, no refusing to start). */
export const isBuildPhase = () => env.NEXT_PHASE === "phase-production-build";
