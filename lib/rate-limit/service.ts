import "server-only";
import { RateLimiterMemory, RateLimiterPrisma, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getRedis } from "@/lib/redis/client";
import { rateLimitPrefix } from "@/lib/redis/keys.mjs";

/**
 * Fixed-window counters from rate-limiter-flexible, stored in the database
 * (the RateLimit table) so every server instance sees the same counts; each
 * `consume` is one atomic upsert-and-increment. If the store fails, a
 * per-process memory limiter (the library's insurance limiter) keeps the
 * limit rather than letting requests through unlimited.
 * With REDIS_URL set the counters live in Redis (shared by every instance,
 * no database write per request) and the database limiter above is Redis's
 * insurance: while Redis is unreachable the limits still hold across
 * instances, through the database.
 */
export type Limiter = RateLimiterAbstract;

const limiters = new Map<string, Limiter>();

/** One limiter per name and shape, created on first use. */
export function getLimiter(name: string, points: number, seconds: number): Limiter {
  const id = `${name}:${points}:${seconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    const database = new RateLimiterPrisma({
      storeClient: prisma,
      tableName: "rateLimit",
      keyPrefix: name,
      points,
      duration: seconds,
      clearExpiredByTimeout: false, // lib/maintenance/prune-service.ts removes expired rows
      insuranceLimiter: new RateLimiterMemory({ keyPrefix: `${name}-insurance`, points, duration: seconds }),
    });
    const redis = getRedis();
    limiter = redis
      ? new RateLimiterRedis({
          storeClient: redis,
          useRedisPackage: true,
          // Not connected: straight to the insurance (the database), never waiting on a dead socket.
          rejectIfRedisNotReady: true,
          keyPrefix: rateLimitPrefix(env.REDIS_PREFIX, name),
          points,
          duration: seconds,
          insuranceLimiter: database,
        })
      : database;
    limiters.set(id, limiter);
  }
  return limiter;
}

export const isRateLimited = (value: unknown): value is RateLimiterRes => value instanceof RateLimiterRes;

export const retryAfterSeconds = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** "1 minute", "12 minutes", "2 hours": how long a refused client waits. */
export function waitText(seconds: number): string {
  if (seconds < 90) return seconds <= 60 ? "a minute" : "2 minutes";
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 90) return `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** Takes one point for `key`, or throws a 429 AppError carrying Retry-After. */
export async function consumeOrThrow(limiter: Limiter, key: string, message: (wait: string) => string): Promise<RateLimiterRes> {
  try {
    return await limiter.consume(key);
  } catch (error) {
    if (!isRateLimited(error)) throw error;
    const seconds = retryAfterSeconds(error);
    throw new AppError("rate_limited", message(waitText(seconds)), undefined, undefined, { retryAfterSeconds: seconds });
  }
}
