import { randomBytes } from "node:crypto";
import pg from "pg";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { startEmbeddedDatabase } from "@/lib/db/embedded";
import { migrate } from "@/lib/db/migrator";
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
export async function createPostgresDatabase(serverUrl: string, name: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
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
 * A fresh, migrated database for one test file. It also becomes the client
 * behind `@/lib/db`, so services and route handlers under test use it.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  let url: string;
  let dispose: () => Promise<void>;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const db = await createPostgresDatabase(serverUrl, `mm_test_${process.pid}_${randomBytes(4).toString("hex")}`);
    url = db.url;
    dispose = db.drop;
  } else {
    const db = await startEmbeddedDatabase({ dataDir: null });
    url = db.url;
    dispose = db.stop;
  }
  await migrate(url);
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
