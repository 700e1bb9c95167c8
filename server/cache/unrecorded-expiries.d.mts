/** Tag expiries not yet recorded in the shared cache, kept on disk (see unrecorded-expiries.mjs). */
export type UnrecordedExpiries = {
  settled(): boolean;
  owed(): [string, number][];
  clearOwed(): boolean;
  add(tags: string[], at: number): void;
  recorded(entries: [string, number][]): void;
  cleared(): void;
};
export declare function unrecordedExpiriesDir(redisUrl: string, namespace: string): string;
export declare function openUnrecordedExpiries(dir: string, onWriteError?: (error: unknown) => void): UnrecordedExpiries;
