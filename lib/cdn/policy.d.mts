export declare const SAFE_SHARED_MAX_AGE: number;
export declare const PURGED_SHARED_MAX_AGE: number;
export declare const MAX_TAG_HEADER_LENGTH: number;
export declare const PRIVATE_CACHE_CONTROL: string;
export declare function cdnTags(path: string): string[];
export declare function tagHeader(tags: string[], separator: string): string;
export declare function sharedCacheControl(purging: boolean): string;
export declare function cdnAnswerPolicy(input: {
  method: string | undefined;
  path: string;
  status?: number;
  cacheControl: unknown;
  purging: boolean;
}): { cacheControl: string; tags: string[] | null } | null;
export declare function etagMatches(ifNoneMatch: unknown, etag: unknown): boolean;
