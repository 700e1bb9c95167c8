import type { IncomingMessage, ServerResponse } from "node:http";

export declare const DISCARD_BYTES: number;
export declare const LINGER_IDLE_MS: number;
export declare const LINGER_MS: number;
export declare const LINGER_BYTES: number;
export declare function settleUnreadBody(req: IncomingMessage, res: ServerResponse, opts?: { lingerMs?: number; lingerIdleMs?: number; lingerBytes?: number }): void;
