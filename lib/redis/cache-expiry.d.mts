/** Tag expiry and the cache generation in Redis (see cache-expiry.mjs). */
type Client = { isReady?: boolean; multi(): unknown; get(key: string): Promise<string | null>; set(...args: unknown[]): Promise<unknown> };
export declare function recordCacheExpiry(client: Client, redisPrefix: string, tags: string[], at: number): Promise<unknown>;
export declare function readCacheGeneration(client: Client, redisPrefix: string): Promise<string | null>;
export declare function withRedisTimeout<T>(promise: Promise<T>, ms: number): Promise<T>;
export declare const GENERATION_TRUST_MS: number;
export declare const EXPIRY_SETTLE_MS: number;
export declare function settleExpiry(): Promise<void>;
export declare function noteUnrecordedExpiry(): void;
export declare function handlerMustSettle(): boolean;
export declare function createGenerationReader(options: { connection: () => Client | null | undefined; redisPrefix: string; timeoutMs: number; onFailure?: () => void; now?: () => number }): {
  read(): Promise<string | null>;
  recentValue(): string | undefined;
};
