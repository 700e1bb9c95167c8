import type { Logger } from "pino";

export declare const REDACT_PATHS: string[];
export declare function createLogger(options?: { nonBlocking?: boolean; redact?: boolean }): Logger;
export declare function normalizeRoute(pathname: string): string;
export declare function refuseToStart(log: Logger, message: string): never;
