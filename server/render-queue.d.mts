/** What the queue reads of a request and its response (node:http IncomingMessage, ServerResponse). */
type Closable = { once(event: "close", listener: () => void): unknown; off(event: "close", listener: () => void): unknown };
type QueuedRequest = { destroyed: boolean; socket?: (Closable & { destroyed: boolean }) | null };
type QueuedResponse = Closable & { destroyed: boolean; writableEnded: boolean; closed: boolean };
export declare const RENDERS_AT_ONCE: number;
export declare const MAX_WAITING: number;
export declare const MAX_TURN_MS: number;
export declare function createRenderQueue(opts?: { concurrency?: number; maxWaiting?: number; maxTurnMs?: number }): {
  enqueue(req: QueuedRequest, res: QueuedResponse, render: () => Promise<unknown> | void): boolean;
  wouldWait(): boolean;
  readonly active: number;
  readonly waiting: number;
};
