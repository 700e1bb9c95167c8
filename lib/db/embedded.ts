import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

/**
 * The embedded database: PGlite served over the PostgreSQL wire protocol on
 * 127.0.0.1, so the app, scripts and tests all use the same `pg` driver and
 * Prisma adapter as with a real server. The process that calls this is the
 * one and only owner of the data directory (two PGlite instances on one
 * directory silently lose data); everything else connects over the socket.
 */
export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

export const DEFAULT_DATA_DIR = path.resolve(process.cwd(), ".data/pglite");

export async function startEmbeddedDatabase(opts: { dataDir?: string | null; port?: number } = {}): Promise<EmbeddedDatabase> {
  const dataDir = opts.dataDir === undefined ? DEFAULT_DATA_DIR : opts.dataDir;
  if (dataDir) mkdirSync(path.dirname(dataDir), { recursive: true });
  const db = await PGlite.create({ dataDir: dataDir ?? undefined, extensions: { pg_trgm } });
  const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: opts.port ?? 0, maxConnections: 16 });
  await server.start();
  const port = Number(server.getServerConn().split(":").pop());
  let stopped = false;
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await db.close();
    },
  };
}
