export declare function searchTermKey(term: string): string;
export declare function noteRead(key: string | undefined): void;
export declare function readBefore(key: string | undefined): boolean;
