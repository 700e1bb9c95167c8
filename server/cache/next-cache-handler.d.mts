/** Next's cache handler (next.config.ts `cacheHandler`); a class Next constructs. */
declare const Handler: unknown;
export default Handler;

type Stored = { lastModified: number; lifespan?: { expireAt: number } | null; tags: readonly string[]; value: unknown };
/** The shared (Redis) handler the cache handler uses when REDIS_URL is set: one build's, on the shared cache under `prefix`. */
export declare function resilientRedisHandler(
  client: import("redis").RedisClientType,
  options: { prefix: string; buildId: string; journalDir: string },
): {
  get(key: string, meta: { implicitTags: string[] }): Promise<Stored | null>;
  set(key: string, value: Stored, ctx?: object): Promise<void>;
  revalidateTag(tag: string): Promise<void>;
};
