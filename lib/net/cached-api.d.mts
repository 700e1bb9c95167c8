export declare const CACHED_API_PREFIX: string;
export declare const MAX_CACHED_QUERY_LENGTH: number;
export declare function isCachedApiPath(target: string): boolean;
export declare function cachedApiTarget(target: string): string | null;
export declare function cachedApiQuery(segment: string | undefined): URLSearchParams | null;
