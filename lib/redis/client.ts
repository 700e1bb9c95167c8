import "server-only";
import { createClient, type RedisClientType } from "redis";
import { env } from "@/lib/env";
import { processState } from "@/lib/process-state.mjs";

/**
 * The one Redis connection of this server process, when REDIS_URL is set
 * (shared rate limits, readiness). Commands never queue while Redis is
 * unreachable (`disableOfflineQueue`): they fail at once, so callers fall back
 * instead of hanging; the client keeps reconnecting in the background.
 */

export function redisConfigured(): boolean {
  return !!env.REDIS_URL;
}

export function getRedis(): RedisClientType | null {
  if (!env.REDIS_URL) return null;
  return processState<RedisClientType>("redis", () => {
    const client: RedisClientType = createClient({
      url: env.REDIS_URL,
      disableOfflineQueue: true,
      socket: { connectTimeout: 2_000, reconnectStrategy: (retries) => Math.min(100 * 2 ** retries, 2_000) },
    });
    // Without a listener an unreachable Redis would crash the process; the state is reported by /api/ready.
    client.on("error", () => {});
    client.connect().catch(() => {});
    return client;
  });
}

/** True when Redis answers PING within the timeout. */
export async function pingRedis(timeoutMs = 1_000): Promise<boolean> {
  const client = getRedis();
  if (!client) return false;
  try {
    if (!client.isReady) await waitReady(client, timeoutMs);
    const reply = await withTimeout(client.ping(), timeoutMs);
    return reply === "PONG";
  } catch {
    return false;
  }
}

function waitReady(client: RedisClientType, timeoutMs: number): Promise<void> {
  return withTimeout(
    new Promise<void>((resolve) => {
      if (client.isReady) return resolve();
      client.once("ready", () => resolve());
    }),
    timeoutMs,
  );
}

export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
