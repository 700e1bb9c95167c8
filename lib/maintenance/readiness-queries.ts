import "server-only";
import { prisma } from "@/lib/db";
import { pingRedis, redisConfigured, withTimeout } from "@/lib/redis/client";

export type Readiness = { ready: boolean; database: "ok" | "unreachable"; redis?: "ok" | "unreachable" };

/** Whether this instance can serve: the database answers, and Redis too when it is configured. */
export async function checkReadiness(timeoutMs = 2_000): Promise<Readiness> {
  const [database, redis] = await Promise.all([
    withTimeout(prisma.$queryRaw`SELECT 1`, timeoutMs).then(
      () => "ok" as const,
      () => "unreachable" as const,
    ),
    redisConfigured() ? pingRedis(timeoutMs).then((ok) => (ok ? ("ok" as const) : ("unreachable" as const))) : Promise.resolve(undefined),
  ]);
  return { ready: database === "ok" && redis !== "unreachable", database, ...(redis ? { redis } : {}) };
}
