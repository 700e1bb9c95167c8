/**
 * Runs the shop: `npm start` (production server), `npm run dev`, and the
 * database side of `npm run build`.
 *
 * With DATABASE_URL set it uses that PostgreSQL. Without it, this process
 * starts the embedded database (PGlite under .data/pglite, served on
 * 127.0.0.1) and is its only owner; Next.js connects to it like any
 * PostgreSQL server. Either way the database is migrated, and seeded with the
 * demo catalogue when it is empty, before Next.js starts.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { scheduleBackups } from "@/lib/backup/schedule";
import { applyCompileHints } from "@/lib/build/compile-hints";
import { backupRoot } from "@/lib/backup/manifest";
import { claimEmbeddedOwnership } from "@/lib/backup/owner";
import { embeddedDataDir } from "@/lib/backup/target";
import { DEFAULT_MAX_CONNECTIONS, startEmbeddedDatabase } from "@/lib/db/embedded";
import { prepareDatabase } from "@/lib/startup/prepare-database";
import { env, loadEnv } from "@/lib/env";
import { EMBEDDED_DATABASE_URL_ENV, refuseToStartOnPaymentConfigError } from "@/lib/payments/config";
import { refuseToStartOnTaxConfigError } from "@/lib/tax/config";
import { refuseToStartOnCarrierConfigError } from "@/lib/shipping/carrier-config";

const mode = process.argv[2];
if (mode !== "dev" && mode !== "start" && mode !== "build") {
  console.error("usage: tsx scripts/serve.ts dev|start|build");
  process.exit(2);
}
// Every variable validated before anything starts (lib/env.ts reads lazily otherwise).
loadEnv();
if (mode === "start" && !existsSync(path.resolve(".next/BUILD_ID"))) {
  console.error("No production build found. Run `npm run build` first (or `npm run dev` for development).");
  process.exit(1);
}

// Fail closed before anything starts: no test payments on a real database, no half-configured Stripe.
refuseToStartOnPaymentConfigError(process.env);
// The same for sales tax: a flat rate without its state or rate, or Stripe Tax without Stripe's key.
refuseToStartOnTaxConfigError(process.env);
// The carrier: with its key, tracking webhooks must be verifiable (EASYPOST_WEBHOOK_SECRET).
refuseToStartOnCarrierConfigError(process.env);

// On Vercel (`npm run build` there) the build writes nothing outside .next and never opens the
// embedded database: it needs a PostgreSQL DATABASE_URL, which it migrates and seeds when empty.
const onVercel = Boolean(process.env.VERCEL);
if (onVercel && !process.env.DATABASE_URL) {
  console.error(
    "Refusing to build: DATABASE_URL is not set. On Vercel the shop needs a PostgreSQL database (Neon, Supabase, …): set DATABASE_URL in the project's environment variables (for Preview and Production).",
  );
  process.exit(1);
}

// .data holds the database, uploads, the auth secret and the dev mailbox: the shop's account alone may read it.
if (!onVercel) {
  mkdirSync(path.resolve(".data"), { recursive: true, mode: 0o700 });
  chmodSync(path.resolve(".data"), 0o700);
}

// Backups: this process claims the embedded directory (refusing a second owner) and publishes its
// server's URL there, so `npm run backup`/`restore` reach the database through it (lib/backup/owner.ts).
const ownership = process.env.DATABASE_URL ? null : claimEmbeddedOwnership(embeddedDataDir());
const embedded = process.env.DATABASE_URL
  ? null
  : await startEmbeddedDatabase({
      dataDir: embeddedDataDir(),
      port: process.env.EMBEDDED_DB_PORT ? Number(process.env.EMBEDDED_DB_PORT) : 0,
      // Room for every pool when DATABASE_POOL_MAX asks for large ones: the server's (and the build workers'),
      // plus this launcher's and a backup's own connections.
      maxConnections: Math.max(DEFAULT_MAX_CONNECTIONS, 2 * (env.DATABASE_POOL_MAX ?? 0) + 20),
    });
const databaseUrl = process.env.DATABASE_URL || embedded!.url;
if (embedded) ownership!.publish(embedded.url);
if (embedded) console.log(`Embedded database ready (${process.env.EMBEDDED_DB_DIR ?? ".data/pglite"}), serving on ${databaseUrl.replace(/\/\/.*@/, "//")}`);

// Migrations, the demo seed and the first admin: one step under an advisory lock, so of several
// instances starting together on one database exactly one does it and the others wait, then serve.
const prepared = await prepareDatabase(databaseUrl, { log: (m) => console.log(m) });
if (prepared.seed.seeded) console.log("Seeded the demo catalogue.");
// Next's data cache (.next/cache/fetch-cache) outlives builds and databases: a new
// build, or a server on a freshly seeded database, must not serve another database's reads.
if (mode === "build" || prepared.seed.seeded) rmSync(path.resolve(".next/cache/fetch-cache"), { recursive: true, force: true });

if (mode !== "build" && env.BACKUP_INTERVAL_HOURS) {
  scheduleBackups({ url: databaseUrl, kind: embedded ? "embedded" : "postgresql" }, { intervalHours: env.BACKUP_INTERVAL_HOURS, keep: env.BACKUP_KEEP, log: (m) => console.log(m) });
  console.log(`Scheduled backups every ${env.BACKUP_INTERVAL_HOURS} h into ${backupRoot()}, keeping the newest ${env.BACKUP_KEEP}.`);
}

const port = process.env.PORT ?? "3000";

/** Admin sessions need a signing secret: AUTH_SECRET, or one generated once and kept in .data/auth-secret. */
function ensureAuthSecret(): string {
  if (process.env.AUTH_SECRET) return process.env.AUTH_SECRET;
  // Vercel: the build signs nothing, and its servers take AUTH_SECRET from the project's variables.
  if (onVercel) return randomBytes(32).toString("base64url");
  const file = path.resolve(".data/auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
// `start` runs Next.js through server/front-server.mjs (same request handler as `next start`), which
// vouches for each request's TCP peer address with this per-start token (lib/net/client-address.ts).
// A larger young generation for the server: each uncached page render allocates a lot of short-lived
// objects, and with Node's default (16 MB semi-spaces) the collector runs far more often
// (docs/decisions/0007-larger-young-generation.md).
const command =
  mode === "start"
    ? ["--max-semi-space-size=32", path.resolve("server/front-server.mjs")]
    : [path.resolve("node_modules/next/dist/bin/next"), ...(mode === "build" ? ["build"] : [mode, "--port", port])];
const child = spawn(process.execPath, command, {
  stdio: "inherit",
  env: {
    ...process.env,
    ...(mode === "start" ? { NODE_ENV: "production", PORT: port, MM_PEER_TOKEN: randomBytes(24).toString("base64url") } : {}),
    // A build for `npm start`'s front server, which maps listing URLs itself (next.config.ts); Vercel has none.
    ...(mode === "build" && !onVercel ? { MM_FRONT_SERVER: "1" } : {}),
    DATABASE_URL: databaseUrl,
    // Lets lib/payments/config.ts tell the launcher's embedded database from a user's DATABASE_URL.
    [EMBEDDED_DATABASE_URL_ENV]: embedded ? databaseUrl : "",
    NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED ?? "1",
    AUTH_SECRET: ensureAuthSecret(),
    NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? process.env.SITE_URL ?? `http://localhost:${port}`,
    // The embedded server lets connections take turns on one PGlite session; a small pool is plenty.
    ...(embedded && !process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: "4" } : {}),
  },
});

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  await embedded?.stop().catch((e) => console.error("embedded database: error while stopping", e));
  ownership?.release();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    child.kill(signal);
  });
}
child.on("exit", (code, signal) => {
  if (mode === "build" && code === 0) {
    // After next build: the compile hint on the storefront's chunks (lib/build/compile-hints.ts).
    // A speed-up, not a part of the build that works: if Next's manifests ever change shape, the build
    // stands and says so (tests/e2e/budget.spec.ts then fails on the served chunks).
    try {
      console.log(`compile hints: ${applyCompileHints(".next").length} storefront chunks marked for eager compilation`);
    } catch (error) {
      console.warn(`compile hints: not applied (${error instanceof Error ? error.message : String(error)}); the build is complete without them`);
    }
  }
  void shutdown(code ?? (signal ? 0 : 1));
});
// Never leave Next.js running without its database.
process.on("exit", () => {
  if (child.exitCode === null) child.kill("SIGTERM");
  ownership?.release();
});
