/** What the queue reads of a response (a node:http ServerResponse). */
type QueuedResponse = { destroyed: boolean; writableEnded: boolean; closed: boolean; once(event: "close", listener: () => void): unknown };
export declare const RENDERS_AT_ONCE: number;
export declare const MAX_WAITING: number;
export declare function createRenderQueue(opts?: { concurrency?: number; maxWaiting?: number }): {
  enqueue(res: QueuedResponse, render: () => void): boolean;
  readonly active: number;
  readonly waiting: number;
};
