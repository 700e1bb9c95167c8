/**
 * A catalogue change's record of its expiry (lib/cache/tag-expiry.ts
 * recordTagExpiry) on a fake Redis: the change's request answers no sooner
 * than EXPIRY_SETTLE_MS after the generation moved — also when Redis's reply
 * was lost (it may have applied the move) — so no instance still trusts a
 * generation read from before it (lib/redis/cache-expiry.mjs); and when the
 * record could not be made or confirmed, the cache handler settles its own.
 */
import { setProcessState } from "@/lib/process-state.mjs";
import { EXPIRY_SETTLE_MS, handlerMustSettle } from "@/lib/redis/cache-expiry.mjs";

process.env.REDIS_URL = "redis://127.0.0.1:1/0"; // never dialled: the client is the fake below

/** A Redis client whose transactions resolve (or reject) when the test says, counting what was sent. */
function fakeRedis() {
  const client = {
    isReady: true,
    sent: [] as string[],
    finish: (_error?: Error) => {},
    multi() {
      const chain = {
        hSet: (key: string) => (client.sent.push(`HSET ${key}`), chain),
        set: (key: string) => (client.sent.push(`SET ${key}`), chain),
        incr: (key: string) => (client.sent.push(`INCR ${key}`), chain),
        exec: () => new Promise((resolve, reject) => (client.finish = (error?: Error) => (error ? reject(error) : resolve([])))),
      };
      return chain;
    },
  };
  setProcessState("redis", client);
  return client;
}

/** Runs recordTagExpiry, letting Redis answer (or fail) at once; how long after that answer it resolved (ms). */
async function answeredAfter(redis: ReturnType<typeof fakeRedis>, fail?: Error): Promise<number> {
  const { recordTagExpiry } = await import("@/lib/cache/tag-expiry");
  const done = recordTagExpiry(["catalog:products"]);
  await new Promise((resolve) => setImmediate(resolve));
  const answered = performance.now();
  redis.finish(fail);
  await done;
  return performance.now() - answered;
}

describe("recording a catalogue change's expiry", () => {
  afterEach(() => {
    setProcessState("redis", undefined);
    setProcessState("unrecordedExpiryAt", undefined);
  });

  it("moves the generation, then answers only once EXPIRY_SETTLE_MS have passed", async () => {
    const redis = fakeRedis();
    const waited = await answeredAfter(redis);
    expect(redis.sent.some((command) => command.startsWith("INCR ") && command.endsWith("__generation__"))).toBe(true);
    expect(waited).toBeGreaterThanOrEqual(EXPIRY_SETTLE_MS - 1);
    expect(handlerMustSettle()).toBe(false); // recorded: the cache handler's later record of the same change need not wait
  });

  it("waits as long when Redis's reply is lost (the move may have been applied), and has the cache handler settle its own record", async () => {
    const redis = fakeRedis();
    const waited = await answeredAfter(redis, new Error("Socket closed unexpectedly"));
    expect(waited).toBeGreaterThanOrEqual(EXPIRY_SETTLE_MS - 1);
    expect(handlerMustSettle()).toBe(true);
  });

  it("sends nothing while the connection is down, and has the cache handler settle the record it makes", async () => {
    const redis = fakeRedis();
    redis.isReady = false;
    const { recordTagExpiry } = await import("@/lib/cache/tag-expiry");
    await recordTagExpiry(["catalog:products"]);
    expect(redis.sent).toEqual([]);
    expect(handlerMustSettle()).toBe(true);
  });
});
