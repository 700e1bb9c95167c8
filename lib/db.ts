import "server-only";
import { createPrismaClient, type PrismaClient } from "@/lib/db/client";
import { env } from "@/lib/env";
import { processState } from "@/lib/process-state.mjs";

/**
 * The one Prisma client. It always talks PostgreSQL through the `pg` driver:
 * your server when you set DATABASE_URL, or the embedded PGlite server that
 * `npm start` / `npm run dev` own and point DATABASE_URL at.
 * Only data-access files import `prisma` at run time: lib/<domain>/service.ts,
 * queries.ts, *-service.ts and *-queries.ts (docs/ARCHITECTURE.md, Data access;
 * lib/layering.test.ts). The `Prisma` namespace and types may be imported anywhere in lib/.
 */
function getClient(): PrismaClient {
  return processState<PrismaClient>("prisma", () => {
    if (!env.DATABASE_URL) {
      throw new Error("DATABASE_URL is not set. Start the shop with `npm start` or `npm run dev` (they run the embedded database), or point DATABASE_URL at PostgreSQL.");
    }
    return createPrismaClient(env.DATABASE_URL, env.DATABASE_POOL_MAX);
  });
}

/** Connected on first use, so importing this module (e.g. during `next build`) opens nothing. */
export const prisma: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, prop) {
    const client = getClient();
    const value = Reflect.get(client, prop, client);
    return typeof value === "function" ? value.bind(client) : value;
  },
});

export { Prisma } from "@/lib/generated/prisma/client";
