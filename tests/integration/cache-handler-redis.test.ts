/**
 * The shared cache handler (lib/cache/next-cache-handler.mjs, REDIS_URL) on a
 * real Redis: an entry rendered before a tag expired is never served after
 * it, whichever order the two writes reach Redis in. Two instances record an
 * expiry (lib/cache/tag-expiry.ts, the app's connection) and store a render
 * (the cache handler's connection) on different connections, so a render
 * that read the database before an edit can be written a moment after the
 * edit's expiry time was taken and before that expiry reaches Redis.
 * Needs TEST_REDIS_URL (skipped with a printed reason otherwise).
 */
import { randomBytes } from "node:crypto";
import { createClient, type RedisClientType } from "redis";
import { resilientRedisHandler } from "@/lib/cache/next-cache-handler.mjs";

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log("SKIPPED shared cache handler on Redis: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/5).");
const maybe = redisUrl ? describe : describe.skip;

const prefix = `mmtest:${randomBytes(4).toString("hex")}:cache:build:`;
/** A tag of each test's own: one test's expiry must not keep another's entry out. */
const newTag = () => `catalog:product:t${randomBytes(3).toString("hex")}`;
const entry = (html: string, lastModified: number, tag: string) => ({
  lastModified,
  lifespan: { expireAt: Math.floor(lastModified / 1000) + 3600 },
  tags: ["_N_T_/layout", tag],
  value: { kind: "APP_PAGE", html, headers: { "x-next-cache-tags": `_N_T_/layout,${tag}` }, status: 200 },
});

maybe("the shared cache handler on Redis", () => {
  let client: RedisClientType;
  let handler: ReturnType<typeof resilientRedisHandler>;
  const recordExpiry = (tag: string, at: number) => client.hSet(`${prefix}__revalidated_tags__`, tag, String(at));

  beforeAll(async () => {
    client = createClient({ url: redisUrl });
    await client.connect();
    handler = resilientRedisHandler(client, prefix);
  });

  afterAll(async () => {
    // This file's keys only (other runs share the Redis database).
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await client.unlink(keys);
    await client.quit();
  });

  it("serves a stored page until one of its tags expires, then never again", async () => {
    const key = `/route-cache/APP_PAGE/b/$/shop/k${randomBytes(3).toString("hex")}`;
    const tag = newTag();
    await handler.set(key, entry("stored", Date.now(), tag));
    expect((await handler.get(key, { implicitTags: [] }))?.value).toMatchObject({ html: "stored" });
    await new Promise((r) => setTimeout(r, 5));
    await recordExpiry(tag, Date.now());
    expect(await handler.get(key, { implicitTags: [] })).toBeNull();
  });

  it("drops a render stored just after an edit's expiry time was taken, when the expiry reaches Redis after it", async () => {
    const key = `/route-cache/APP_PAGE/b/$/product/p${randomBytes(3).toString("hex")}`;
    // The edit's request takes its expiry time; the render that read the old row finishes 40 ms later
    // and is stored before the expiry is written.
    const tag = newTag();
    const expiredAt = Date.now();
    await handler.set(key, entry("old price", expiredAt + 40, tag));
    expect(await client.exists(`${prefix}${key}`)).toBe(1);
    await recordExpiry(tag, expiredAt);
    expect(await handler.get(key, { implicitTags: [] })).toBeNull();
  });

  it("stores nothing carrying a tag that expired moments ago, and stores it again once that expiry has settled", async () => {
    const key = `/route-cache/APP_PAGE/b/$/shop/s${randomBytes(3).toString("hex")}`;
    const tag = newTag();
    await recordExpiry(tag, Date.now() - 1_000);
    await handler.set(key, entry("rendered during the edit", Date.now(), tag));
    expect(await client.exists(`${prefix}${key}`)).toBe(0);

    await recordExpiry(tag, Date.now() - 11_000);
    await handler.set(key, entry("rendered after it", Date.now(), tag));
    expect((await handler.get(key, { implicitTags: [] }))?.value).toMatchObject({ html: "rendered after it" });
  });
});
