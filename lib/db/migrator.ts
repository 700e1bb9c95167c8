import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/**
 * Applies prisma/migrations/* /migration.sql in order, recording each one in
 * Prisma's own `_prisma_migrations` table (same checksum: sha256 of the file),
 * so `prisma migrate deploy` on a connected machine sees them as applied.
 * The Prisma schema engine cannot be downloaded here, hence this migrator.
 */
export const MIGRATIONS_DIR = path.resolve(process.cwd(), "prisma/migrations");

export type MigrationResult = { applied: string[]; alreadyApplied: string[] };

const CREATE_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export async function listMigrations(dir = MIGRATIONS_DIR) {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

export async function migrate(databaseUrl: string, opts: { dir?: string; log?: (m: string) => void } = {}): Promise<MigrationResult> {
  const log = opts.log ?? (() => {});
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const result: MigrationResult = { applied: [], alreadyApplied: [] };
  try {
    // One migrator at a time (several app instances may start together).
    await client.query("SELECT pg_advisory_lock(72707369)");
    await client.query(CREATE_TABLE);
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished_at: Date | null }>(
      `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
    );
    const done = new Map(rows.map((r) => [r.migration_name, r]));
    for (const m of await listMigrations(opts.dir)) {
      const prior = done.get(m.name);
      if (prior?.finished_at) {
        if (prior.checksum !== m.checksum) {
          throw new Error(`Migration ${m.name} was changed after it was applied (checksum mismatch). Add a new migration instead.`);
        }
        result.alreadyApplied.push(m.name);
        continue;
      }
      if (prior && !prior.finished_at) {
        throw new Error(`Migration ${m.name} failed earlier and was not rolled back; fix the database by hand first.`);
      }
      const id = randomUUID();
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [id, m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`);
      }
      log(`applied migration ${m.name}`);
      result.applied.push(m.name);
    }
    return result;
  } finally {
    await client.query("SELECT pg_advisory_unlock(72707369)").catch(() => {});
    await client.end();
  }
}
