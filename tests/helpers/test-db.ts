import { createHash, randomBytes } from "node:crypto";
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { startEmbeddedDatabase } from "@/lib/db/embedded";
import { listMigrations, migrate } from "@/lib/db/migrator";
import { setProcessState } from "@/lib/process-state.mjs";

export type TestDatabase = { url: string; prisma: PrismaClient; kind: "postgres" | "embedded"; cleanup: () => Promise<void> };

/** The server tests use: real PostgreSQL when TEST_DATABASE_URL is set, else an in-memory embedded database. */
export function testDatabaseKind(): "postgres" | "embedded" {
  return process.env.TEST_DATABASE_URL ? "postgres" : "embedded";
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Creates a brand-new database on the given PostgreSQL server (dropping one of the same name first). */
export async function createPostgresDatabase(serverUrl: string, name: string, template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(template ? `CREATE DATABASE "${name}" TEMPLATE "${template}"` : `CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(serverUrl, name),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * A database on the PostgreSQL server holding every migration, named after their checksums, made once
 * (under an advisory lock, whichever test file comes first) and then only copied: `CREATE DATABASE …
 * TEMPLATE` copies files instead of running the migrations again for each of the ~50 files.
 * Connections to it are refused (PostgreSQL copies only a database nobody is connected to); a template
 * of other migrations is dropped when a new one is made, once it is an hour old (several checkouts of the
 * repository may share one server, each copying its own template).
 */
async function migratedTemplate(serverUrl: string): Promise<string> {
  const sum = createHash("sha256");
  for (const m of await listMigrations()) sum.update(`${m.name}:${m.checksum}\n`);
  const name = `mm_test_template_${sum.digest("hex").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query("SELECT pg_advisory_lock(hashtext('mm_test_template'))");
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1 AND datistemplate AND NOT datallowconn", [name]);
    if (found.rowCount === 0) {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.query(`CREATE DATABASE "${name}"`);
      await migrate(withDatabase(serverUrl, name));
      await admin.query(`ALTER DATABASE "${name}" WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      await admin.query(`COMMENT ON DATABASE "${name}" IS '${Date.now()}'`);
      const older = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'mm\\_test\\_template\\_%' AND datname <> $1 AND coalesce(shobj_description(oid, 'pg_database'), '0')::bigint < $2",
        [name, Date.now() - 3_600_000],
      );
      for (const { datname } of older.rows) {
        await admin.query(`ALTER DATABASE "${datname}" WITH IS_TEMPLATE false`);
        await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    }
  } finally {
    await admin.query("SELECT pg_advisory_unlock(hashtext('mm_test_template'))").catch(() => undefined);
    await admin.end();
  }
  return name;
}

/**
 * A fresh, migrated database for one test file. It also becomes the client
 * behind `@/lib/db`, so services and route handlers under test use it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  let url: string;
  let dispose: () => Promise<void>;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const db = await createPostgresDatabase(serverUrl, `mm_test_${process.pid}_${randomBytes(4).toString("hex")}`, await migratedTemplate(serverUrl));
    url = db.url;
    dispose = db.drop;
  } else {
    const db = await startEmbeddedDatabase({ dataDir: null });
    url = db.url;
    dispose = db.stop;
    await migrate(url);
  }
  const prisma = createPrismaClient(url, 5);
  setProcessState("prisma", prisma);
  return {
    url,
    prisma,
    kind: serverUrl ? "postgres" : "embedded",
    cleanup: async () => {
      await prisma.$disconnect();
      setProcessState("prisma", undefined);
      await dispose();
    },
  };
}
