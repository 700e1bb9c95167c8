/** Every Redis key format (see keys.mjs). */
export declare function rateLimitPrefix(redisPrefix: string, limitName: string): string;
export declare function cacheNamespace(redisPrefix: string): string;
export declare function revalidatedTagsKey(redisPrefix: string): string;
export declare function buildKey(buildId: string, key: string): string;
export declare function cacheGenerationKey(redisPrefix: string): string;
