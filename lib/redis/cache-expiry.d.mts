/** Tag expiry and the cache generation in Redis (see cache-expiry.mjs). */
type Client = { multi(): unknown; get(key: string): Promise<string | null>; set(...args: unknown[]): Promise<unknown> };
export declare function recordCacheExpiry(client: Client, redisPrefix: string, tags: string[], at: number): Promise<unknown>;
export declare function readCacheGeneration(client: Client, redisPrefix: string): Promise<string | null>;
export declare function withRedisTimeout<T>(promise: Promise<T>, ms: number): Promise<T>;
