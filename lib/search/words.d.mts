export declare const MAX_SEARCH_LENGTH: number;
export declare const MAX_SEARCH_WORDS: number;
export declare const MAX_WORD_LENGTH: number;
export declare function normalizeSearch(term: string | null | undefined): string;
export declare function searchWords(term: string | null | undefined): string[];
export declare function normalizeSearchTerm(term: string | null | undefined): string;
