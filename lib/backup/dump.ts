import { execFile } from "node:child_process";
import { promisify } from "node:util";
import pg from "pg";
import { DUMP_ARGS, dumpOverWire } from "@/lib/backup/wire-dump";
import { childProcessEnv } from "@/lib/env";

const run = promisify(execFile);

export type DatabaseKind = "embedded" | "postgresql";

export class BackupToolError extends Error {}

export async function serverVersion(url: string): Promise<{ text: string; major: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string; num: string }>("SELECT current_setting('server_version') AS server_version, current_setting('server_version_num') AS num");
    return { text: rows[0].server_version, major: Math.floor(Number(rows[0].num) / 10000) };
  } finally {
    await client.end();
  }
}

/** The installed pg_dump's major version, or a clear error naming the package to install. */
async function pgDumpMajor(serverMajor: number): Promise<number> {
  try {
    const { stdout } = await run("pg_dump", ["--version"]);
    const match = /(\d+)(?:\.\d+)?/.exec(stdout);
    if (match) return Number(match[1]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  throw new BackupToolError(`pg_dump is not installed. Install the PostgreSQL ${serverMajor} client tools (Debian/Ubuntu: apt-get install postgresql-client-${serverMajor}).`);
}

/** pg_dump against a PostgreSQL server: one snapshot, plain SQL without owners or privileges. */
async function dumpPostgres(url: string): Promise<string> {
  const server = await serverVersion(url);
  const major = await pgDumpMajor(server.major);
  if (major < server.major) {
    throw new BackupToolError(
      `pg_dump ${major} cannot dump a PostgreSQL ${server.major} server. Install the PostgreSQL ${server.major} client tools (Debian/Ubuntu: apt-get install postgresql-client-${server.major}).`,
    );
  }
  // The password goes through the environment, not the command line (visible to every user in `ps`).
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = "";
  const { stdout } = await run("pg_dump", [...DUMP_ARGS, `--dbname=${target.toString()}`], {
    maxBuffer: 1024 * 1024 * 1024,
    env: childProcessEnv({ PGCONNECT_TIMEOUT: "10", ...(password ? { PGPASSWORD: password } : {}) }),
  });
  return stdout;
}

/** A consistent plain-SQL dump of the shop's database. */
export async function dumpDatabase(url: string, kind: DatabaseKind): Promise<string> {
  return kind === "embedded" ? dumpOverWire(url) : dumpPostgres(url);
}
