/**
 * npm run db:seed [-- --products N]
 * Migrates, then seeds the demo catalogue and the first admin when missing;
 * --products N adds N generated products (benchmarks). Uses DATABASE_URL, or
 * the embedded database (EMBEDDED_DB_DIR, default .data/pglite) — stop the
 * running shop first: only one process may own the embedded database.
 */
import path from "node:path";
import { startEmbeddedDatabase } from "@/lib/db/embedded";
import { prepareDatabase } from "@/lib/startup/prepare-database";

const flag = process.argv.indexOf("--products");
const extraProducts = flag >= 0 ? Number(process.argv[flag + 1]) : 0;
if (!Number.isInteger(extraProducts) || extraProducts < 0) {
  console.error("--products takes a whole number");
  process.exit(2);
}

const embedded = process.env.DATABASE_URL ? null : await startEmbeddedDatabase({ dataDir: process.env.EMBEDDED_DB_DIR ? path.resolve(process.env.EMBEDDED_DB_DIR) : undefined });
const url = process.env.DATABASE_URL ?? embedded!.url;
try {
  const started = Date.now();
  // The same locked start-up step as `npm start` (lib/startup/prepare-database.ts): safe beside a starting shop on PostgreSQL.
  const { seed: result } = await prepareDatabase(url, { log: console.log, extraProducts });
  console.log(
    `${result.seeded ? "Seeded the demo catalogue" : "Demo catalogue already present"}` +
      (extraProducts ? `; added ${extraProducts} generated products` : "") +
      ` (${((Date.now() - started) / 1000).toFixed(1)} s).`,
  );
} finally {
  await embedded?.stop();
}
