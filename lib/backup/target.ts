import { existsSync } from "node:fs";
import path from "node:path";
import type { DatabaseKind } from "@/lib/backup/dump";
import { claimEmbeddedOwnership, EmbeddedDatabaseInUseError, readEmbeddedOwner } from "@/lib/backup/owner";
import { DEFAULT_DATA_DIR, startEmbeddedDatabase } from "@/lib/db/embedded";
import { env, liveEnv } from "@/lib/env";

export type OpenDatabase = { url: string; kind: DatabaseKind; description: string; viaRunningShop: boolean; close: () => Promise<void> };

export function embeddedDataDir(): string {
  const dir = liveEnv("EMBEDDED_DB_DIR");
  return dir ? path.resolve(dir) : DEFAULT_DATA_DIR;
}

/**
 * The shop's database for `npm run backup` / `npm run restore`: DATABASE_URL's
 * PostgreSQL; else the embedded database through the running shop that owns
 * it; else (shop stopped) the embedded directory opened here, claimed first
 * so a shop started meanwhile refuses to open it too.
 */
export async function openShopDatabase(opts: { mustExist: boolean }): Promise<OpenDatabase> {
  if (env.DATABASE_URL) {
    const u = new URL(env.DATABASE_URL);
    return { url: env.DATABASE_URL, kind: "postgresql", description: `PostgreSQL ${u.host}${u.pathname}`, viaRunningShop: false, close: async () => {} };
  }
  const dataDir = embeddedDataDir();
  const owner = readEmbeddedOwner(dataDir);
  if (owner) {
    if (!owner.url) throw new EmbeddedDatabaseInUseError(`The shop (process ${owner.pid}) is still starting its embedded database; try again in a moment.`);
    return { url: owner.url, kind: "embedded", description: `the embedded database ${dataDir}, through the running shop (process ${owner.pid})`, viaRunningShop: true, close: async () => {} };
  }
  if (opts.mustExist && !existsSync(dataDir)) throw new Error(`There is no embedded database at ${dataDir} (set DATABASE_URL for PostgreSQL, or EMBEDDED_DB_DIR).`);
  const claim = claimEmbeddedOwnership(dataDir);
  try {
    const db = await startEmbeddedDatabase({ dataDir, port: 0 });
    claim.publish(db.url);
    return {
      url: db.url,
      kind: "embedded",
      description: `the embedded database ${dataDir} (shop not running)`,
      viaRunningShop: false,
      close: async () => {
        await db.stop();
        claim.release();
      },
    };
  } catch (error) {
    claim.release();
    throw error;
  }
}
