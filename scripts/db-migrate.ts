/**
 * npm run db:migrate — applies prisma/migrations to DATABASE_URL, or to the
 * embedded database under .data/ when DATABASE_URL is unset (stop the running
 * shop first: only one process may own the embedded database).
 */
import { startEmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrator";

const embedded = process.env.DATABASE_URL ? null : await startEmbeddedDatabase();
const url = process.env.DATABASE_URL ?? embedded!.url;
try {
  const { applied, alreadyApplied } = await migrate(url, { log: console.log });
  console.log(`migrations: ${applied.length} applied, ${alreadyApplied.length} already applied`);
} finally {
  await embedded?.stop();
}
