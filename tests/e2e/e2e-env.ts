import pg from "pg";
/** Where the e2e server's database lives, so specs can check stored rows. */
export const E2E_DB_PORT = Number(process.env.E2E_DB_PORT ?? 54329);
export const E2E_DB_NAME = process.env.E2E_DB_NAME ?? "mm_e2e";
/** Where the e2e server "delivers" emails (the dev mailbox: full messages, reset links included). */
export const E2E_MAILBOX_DIR = ".data/e2e-mailbox";
/** Everything the e2e server and its build print (its request log included): kept out of the test report, pointed at by failures. */
export const E2E_SERVER_LOG = ".data/e2e-server.log";
/** The webhook secret the e2e server's fake EasyPost signs with (tests/e2e/start-server.ts). */
export const E2E_EASYPOST_WEBHOOK_SECRET = "e2e-easypost-webhook-secret-0123";

export function e2eDatabaseUrl(): string {
  const server = process.env.TEST_DATABASE_URL;
  if (server) {
    const u = new URL(server);
    u.pathname = `/${E2E_DB_NAME}`;
    return u.toString();
  }
  // The embedded server wants its password: playwright.config.ts picks one per run and hands it to both sides.
  return `postgresql://postgres:${encodeURIComponent(process.env.EMBEDDED_DB_PASSWORD ?? "")}@127.0.0.1:${E2E_DB_PORT}/postgres?sslmode=disable`;
}

/** Runs one query against the e2e server's database (E2E_DATABASE_URL overrides, e.g. for a dev server). */
export async function queryE2eDb<T extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL ?? e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/** The e2e database for a spec's own client (E2E_DATABASE_URL overrides); a URL without a user gets postgres:postgres (the embedded server refuses a nameless startup). */
function e2eClientUrl(): string {
  const url = new URL(process.env.E2E_DATABASE_URL ?? e2eDatabaseUrl());
  if (!url.username) {
    url.username = "postgres";
    url.password = "postgres";
  }
  return url.toString();
}

/** Runs `fn` with a client connected to the e2e database, closed afterwards. */
export async function withE2eDb<T>(fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: e2eClientUrl() });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}
