import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";

/** A Prisma client over the `pg` driver (used by the app, scripts and tests alike). */
export function createPrismaClient(url: string, poolMax?: number): PrismaClient {
  const adapter = new PrismaPg({ connectionString: url, max: poolMax ?? 10 });
  return new PrismaClient({ adapter });
}

export type { PrismaClient };
