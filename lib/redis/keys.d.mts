/** The shared cache's keys in Redis (see redis-keys.mjs). */
export declare function cacheNamespace(redisPrefix: string): string;
export declare function revalidatedTagsKey(redisPrefix: string): string;
export declare function buildKey(buildId: string, key: string): string;
