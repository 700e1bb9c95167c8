/**
 * The cache generation reader every instance checks its in-memory copies with
 * (lib/redis/cache-expiry.mjs createGenerationReader), on a fake Redis and a
 * fake clock: how many reads a crowd of requests costs, and that a request
 * arriving after a change's request answered (EXPIRY_SETTLE_MS after the
 * move) is never checked against a read from before the move.
 */
import { createGenerationReader, EXPIRY_SETTLE_MS, GENERATION_TRUST_MS } from "@/lib/redis/cache-expiry.mjs";

/** A Redis holding one generation; each GET is answered when the test says (answerAll), with the value at that moment. */
function fakeRedis() {
  const pending: Array<() => void> = [];
  const redis = {
    isReady: true,
    generation: "100" as string | null,
    gets: 0,
    fail: false,
    multi: () => ({}),
    set: async () => "OK",
    get(): Promise<string | null> {
      redis.gets++;
      // Redis reads the value when the command arrives: at the call (the reply comes later).
      const value = redis.generation;
      const fail = redis.fail;
      return new Promise((resolve, reject) => pending.push(() => (fail ? reject(new Error("connection lost")) : resolve(value))));
    },
    /** Delivers every reply sent so far. */
    async answerAll() {
      for (const reply of pending.splice(0)) reply();
      await new Promise((resolve) => setImmediate(resolve)); // and everything those replies set off
    },
  };
  return redis;
}

function setup() {
  const redis = fakeRedis();
  let clock = 1_000;
  const failures: number[] = [];
  const reader = createGenerationReader({ connection: () => redis, redisPrefix: "t:", timeoutMs: 10_000, onFailure: () => failures.push(clock), now: () => clock });
  return { redis, reader, failures, advance: (ms: number) => (clock += ms) };
}

describe("the cache generation reader", () => {
  it("answers every request of the next GENERATION_TRUST_MS from one read", async () => {
    const { redis, reader, advance } = setup();
    const first = reader.read();
    await redis.answerAll();
    expect(await first).toBe("100");
    const crowd = [];
    for (let i = 0; i < 20; i++) {
      crowd.push(reader.read());
      advance(GENERATION_TRUST_MS / 20);
    }
    expect(await Promise.all(crowd)).toEqual(Array(20).fill("100"));
    expect(redis.gets).toBe(1);
  });

  it("joins a read in flight sent within the window, and sends a new one for a request that came later", async () => {
    const { redis, reader, advance } = setup();
    const first = reader.read();
    advance(GENERATION_TRUST_MS - 1);
    const joined = reader.read();
    expect(redis.gets).toBe(1);
    advance(2); // the read in flight was sent more than GENERATION_TRUST_MS ago
    redis.generation = "101"; // a change moved it meanwhile
    const later = reader.read();
    await redis.answerAll(); // the first read's answer; the later request's read is sent now
    expect([await first, await joined]).toEqual(["100", "100"]);
    expect(redis.gets).toBe(2);
    await redis.answerAll();
    expect(await later).toBe("101");
  });

  it("a request that arrives once a change's request has answered is checked against a read sent after the change", async () => {
    const { redis, reader, advance } = setup();
    const before = reader.read();
    await redis.answerAll();
    expect(await before).toBe("100");
    // Another instance moves the generation right after that read, then waits EXPIRY_SETTLE_MS and answers.
    advance(1);
    redis.generation = "101";
    advance(EXPIRY_SETTLE_MS);
    const after = reader.read();
    await redis.answerAll();
    expect(await after).toBe("101");
    expect(EXPIRY_SETTLE_MS).toBeGreaterThan(GENERATION_TRUST_MS);
  });

  it("trusts no unknown generation, no failed read and no client that is not ready", async () => {
    const { redis, reader, failures, advance } = setup();
    redis.generation = null; // evicted or never set
    const unknown = reader.read();
    await redis.answerAll();
    expect(await unknown).toBeNull();
    const again = reader.read(); // not trusted: read again
    expect(redis.gets).toBe(2);
    redis.generation = "7";
    await redis.answerAll();
    expect(await again).toBeNull(); // that read was sent while it was unknown
    const known = reader.read();
    await redis.answerAll();
    expect(await known).toBe("7");

    advance(GENERATION_TRUST_MS + 1);
    redis.fail = true;
    const failed = reader.read();
    await redis.answerAll();
    expect(await failed).toBeNull();
    expect(failures).toHaveLength(1);
    redis.fail = false;
    const afterFailure = reader.read(); // within the window of the failed read, but nothing is trusted
    expect(redis.gets).toBe(5);
    await redis.answerAll();
    expect(await afterFailure).toBe("7");

    redis.isReady = false;
    expect(await reader.read()).toBeNull();
    redis.isReady = true;
    const reconnected = reader.read(); // the answer from before the connection went is trusted no more
    expect(redis.gets).toBe(6);
    await redis.answerAll();
    expect(await reconnected).toBe("7");
  });
});
