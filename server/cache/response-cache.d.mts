import type { IncomingMessage, ServerResponse } from "node:http";
export declare function expireStoredResponses(): void;
export declare function storedResponseCount(): number;
export declare function responseKey(req: IncomingMessage): string | null;
export declare function sendStoredResponse(key: string, req: IncomingMessage, res: ServerResponse): boolean;
export declare function recordResponse(key: string, req: IncomingMessage, res: ServerResponse): void;
