import pg from "pg";
import { createPrismaClient } from "@/lib/db/client";
import { migrate, type MigrationResult } from "@/lib/db/migrator";
import { seedDatabase, type SeedResult } from "@/lib/startup/seed";

/**
 * Start-up work on the database — migrations, the demo catalogue when the
 * database is empty, the first admin when there is none — as one step under a
 * PostgreSQL advisory lock. Several instances starting together on one
 * database each call this: whichever takes the lock first does the work, the
 * others wait for it and then find nothing left to do (every part is
 * idempotent), so nothing is seeded twice and nobody trips over a unique key.
 * The lock is session-level on a connection of its own, released (or dropped
 * with the connection, if this process dies) when the step ends.
 */
export const STARTUP_LOCK_KEY = 72707370;

export type PrepareOptions = { log?: (message: string) => void; extraProducts?: number; lockTimeoutMs?: number };
export type PrepareResult = { migrations: MigrationResult; seed: SeedResult; waitedMs: number };

/**
 * Callers in one process take turns too: the embedded database is a single
 * session (lib/db/embedded.ts), where an advisory lock is re-entrant — its one
 * owner process (lib/backup/owner.ts) is all the exclusion there is.
 */
let turn: Promise<unknown> = Promise.resolve();

export function prepareDatabase(databaseUrl: string, opts: PrepareOptions = {}): Promise<PrepareResult> {
  const run = turn.then(() => prepareLocked(databaseUrl, opts));
  turn = run.catch(() => {});
  return run;
}

async function prepareLocked(databaseUrl: string, opts: PrepareOptions): Promise<PrepareResult> {
  const log = opts.log ?? (() => {});
  const lockClient = new pg.Client({ connectionString: databaseUrl });
  await lockClient.connect();
  try {
    const started = Date.now();
    const { rows } = await lockClient.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [STARTUP_LOCK_KEY]);
    if (!rows[0].locked) {
      log("Another instance is preparing the database; waiting for it…");
      // Bounded wait: a stuck peer must not hang this instance forever (0 = no limit).
      const timeout = opts.lockTimeoutMs ?? 10 * 60_000;
      if (timeout > 0) await lockClient.query(`SET lock_timeout = ${Math.floor(timeout)}`);
      try {
        await lockClient.query("SELECT pg_advisory_lock($1)", [STARTUP_LOCK_KEY]);
      } catch (error) {
        throw new Error(`Timed out waiting for another instance to prepare the database: ${(error as Error).message}`);
      }
      await lockClient.query("SET lock_timeout = 0");
    }
    const waitedMs = Date.now() - started;
    try {
      const migrations = await migrate(databaseUrl, { log });
      const prisma = createPrismaClient(databaseUrl, 2);
      try {
        const seed = await seedDatabase(prisma, { log, extraProducts: opts.extraProducts });
        // Planner statistics after a migration, or when there are none at all: the embedded database has no
        // autovacuum and would otherwise never have any (seeding analyses what it adds, lib/startup/seed.ts).
        if (migrations.applied.length > 0 || !(await hasStatistics(prisma))) await prisma.$executeRawUnsafe("ANALYZE");
        return { migrations, seed, waitedMs };
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await lockClient.query("SELECT pg_advisory_unlock($1)", [STARTUP_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await lockClient.end().catch(() => {});
  }
}

/** Whether the planner has statistics on the products table (none until the first ANALYZE). */
async function hasStatistics(prisma: ReturnType<typeof createPrismaClient>): Promise<boolean> {
  const [row] = await prisma.$queryRaw<Array<{ analysed: boolean }>>`
    SELECT EXISTS (SELECT 1 FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'Product') AS analysed`;
  return row.analysed;
}
