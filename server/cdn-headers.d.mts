import type { IncomingMessage, ServerResponse } from "node:http";
export declare function applyCdnHeaders(req: IncomingMessage, res: ServerResponse, path: string, purging: boolean): void;
