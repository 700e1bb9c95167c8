import type { Listing } from "../../lib/catalog/listing-url.mjs";
export declare function searchKey(listing: Listing): string;
export declare function searchPageKey(path: string): string | undefined;
export declare function noteRead(key: string | undefined): void;
export declare function readBefore(key: string | undefined): boolean;
export declare function readCount(key: string | undefined): number;
export declare function countSearchPagesAtFrontServer(): void;
export declare function noteCacheRead(key: string | undefined): void;
