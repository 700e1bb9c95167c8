/**
 * A migrated embedded database directory, made once per set of migrations and
 * PGlite version and shared by every test that starts a shop on a fresh
 * directory: the directory starts as a copy of it, which saves PGlite's initdb
 * (about 5 s a start on these machines; the migrations themselves take 0.5 s).
 * The shop's first start still runs its migrations (none left to apply) and its
 * seed on the copy. Files that test a first start on an empty directory
 * (instances-startup, embedded, first-admin-password) do not use it.
 * Made in a folder of its own and renamed into place, so two Jest workers that
 * make it at once both succeed and one copy stays.
 */
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import path from "node:path";

const ROOT = process.cwd();
const DATA = path.join(ROOT, ".data");
const PREFIX = "test-embedded-template-";

function templateKey(): string {
  const sum = createHash("sha256");
  const migrations = path.join(ROOT, "prisma/migrations");
  for (const dir of readdirSync(migrations).sort()) {
    const file = path.join(migrations, dir, "migration.sql");
    if (existsSync(file)) sum.update(dir).update(readFileSync(file));
  }
  sum.update(JSON.parse(readFileSync(path.join(ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  return sum.digest("hex").slice(0, 16);
}

async function migratedTemplate(): Promise<string> {
  const template = path.join(DATA, PREFIX + templateKey());
  if (existsSync(path.join(template, "PG_VERSION"))) return template;
  mkdirSync(DATA, { recursive: true });
  const making = path.join(DATA, `${PREFIX}making-${randomBytes(4).toString("hex")}`);
  const { startEmbeddedDatabase } = await import("@/lib/db/embedded");
  const { migrate } = await import("@/lib/db/migrator");
  const db = await startEmbeddedDatabase({ dataDir: making });
  try {
    await migrate(db.url);
  } finally {
    await db.stop();
  }
  try {
    renameSync(making, template);
  } catch {
    rmSync(making, { recursive: true, force: true }); // another worker's copy is in place
  }
  // Templates of older migrations or another PGlite are of no more use.
  for (const name of readdirSync(DATA)) {
    const full = path.join(DATA, name);
    if (name.startsWith(PREFIX) && full !== template && !name.includes("making-")) rmSync(full, { recursive: true, force: true });
  }
  return template;
}

/** `dir` (absolute, or relative to the checkout), made a migrated, empty embedded database directory. */
export async function migratedEmbeddedDir(dir: string): Promise<string> {
  const template = await migratedTemplate();
  const target = path.resolve(ROOT, dir);
  rmSync(target, { recursive: true, force: true });
  cpSync(template, target, { recursive: true });
  return dir;
}
