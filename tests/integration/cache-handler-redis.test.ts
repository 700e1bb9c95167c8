/**
 * The shared cache handler (lib/cache/next-cache-handler.mjs, REDIS_URL) on a
 * real Redis: an entry whose render began before one of its tags expired is
 * never served after that expiry, whichever order the two writes reach Redis
 * in (an instance records an edit's expiry on the app's connection,
 * lib/cache/tag-expiry.ts, and stores renders on the cache handler's), and a
 * render that began after it is stored at once.
 * Needs TEST_REDIS_URL (skipped with a printed reason otherwise).
 */
import { randomBytes } from "node:crypto";
import { createClient, type RedisClientType } from "redis";
import { resilientRedisHandler } from "@/lib/cache/next-cache-handler.mjs";
import { revalidatedTagsKey } from "@/lib/cache/redis-keys.mjs";

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log("SKIPPED shared cache handler on Redis: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/5).");
const maybe = redisUrl ? describe : describe.skip;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** This file's REDIS_PREFIX; its entries (build "build") are under `prefix`. */
const base = `mmtest:${randomBytes(4).toString("hex")}:`;
const prefix = `${base}cache:build:`;
/** An instance's handler on `client`: build "build" of the shop. */
const instance = (client: RedisClientType) => resilientRedisHandler(client, { prefix: base, buildId: "build" });
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
  const recordExpiry = (tag: string, at: number) => client.hSet(revalidatedTagsKey(base), tag, String(at));

  beforeAll(async () => {
    client = createClient({ url: redisUrl });
    await client.connect();
    handler = instance(client);
  });

  afterAll(async () => {
    // This file's keys only (other runs share the Redis database).
    for await (const keys of client.scanIterator({ MATCH: `${base}*`, COUNT: 1000 })) if (keys.length) await client.unlink(keys);
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

  it("drops a render that began before an edit's expiry and was stored before that expiry reached Redis", async () => {
    const key = `/route-cache/APP_PAGE/b/$/product/p${randomBytes(3).toString("hex")}`;
    const tag = newTag();
    expect(await handler.get(key, { implicitTags: [] })).toBeNull(); // the render begins: it reads the old row
    await sleep(20);
    const expiredAt = Date.now(); // the edit's request takes its expiry time…
    await sleep(20);
    await handler.set(key, entry("old price", Date.now(), tag)); // …the render is stored…
    expect(await client.exists(`${prefix}${key}`)).toBe(1);
    await recordExpiry(tag, expiredAt); // …and the expiry reaches Redis last
    expect(await handler.get(key, { implicitTags: [] })).toBeNull();
  });

  it("stores no render that began before one of its tags expired, nor one begun within a second after it (clock skew); one begun later at once", async () => {
    const tag = newTag();
    const before = `/route-cache/APP_PAGE/b/$/shop/b${randomBytes(3).toString("hex")}`;
    const skewed = `/route-cache/APP_PAGE/b/$/shop/s${randomBytes(3).toString("hex")}`;
    const after = `/route-cache/APP_PAGE/b/$/shop/a${randomBytes(3).toString("hex")}`;
    expect(await handler.get(before, { implicitTags: [] })).toBeNull();
    await sleep(5);
    await recordExpiry(tag, Date.now());
    await sleep(5);
    // Begun after the expiry by this clock; the editing instance's clock may be behind by up to a second.
    expect(await handler.get(skewed, { implicitTags: [] })).toBeNull();
    await sleep(1_100);
    expect(await handler.get(after, { implicitTags: [] })).toBeNull();
    await handler.set(before, entry("began before the edit", Date.now(), tag));
    await handler.set(skewed, entry("began just after it", Date.now(), tag));
    await handler.set(after, entry("began after it", Date.now(), tag));
    expect(await client.exists(`${prefix}${before}`)).toBe(0);
    expect(await client.exists(`${prefix}${skewed}`)).toBe(0);
    expect((await handler.get(after, { implicitTags: [] }))?.value).toMatchObject({ html: "began after it" });
  });

  it("counts a store without a lookup that found nothing (a stale entry's refresh) as a render begun 30 s earlier", async () => {
    const key = `/route-cache/APP_PAGE/b/$/shop/n${randomBytes(3).toString("hex")}`;
    const recent = newTag();
    await recordExpiry(recent, Date.now() - 20_000);
    await handler.set(key, entry("refresh", Date.now(), recent));
    expect(await client.exists(`${prefix}${key}`)).toBe(0);

    const settled = newTag();
    await recordExpiry(settled, Date.now() - 32_000);
    await handler.set(key, entry("refresh", Date.now(), settled));
    expect((await handler.get(key, { implicitTags: [] }))?.value).toMatchObject({ html: "refresh" });
  });

  it("expires a route answer by the tags in its headers on every instance (the wrapper hands routes over without tags)", async () => {
    const key = `/route-cache/APP_ROUTE/b/$/sitemap.xml/q${randomBytes(3).toString("hex")}`;
    const tag = newTag();
    const answer = { kind: "APP_ROUTE", body: Buffer.from("{}"), headers: { "x-next-cache-tags": `_N_T_/layout,${tag}` }, status: 200 };
    expect(await handler.get(key, { implicitTags: [] })).toBeNull();
    await handler.set(key, { lastModified: Date.now(), lifespan: { expireAt: Math.floor(Date.now() / 1000) + 3600 }, tags: [], value: answer });
    expect((await handler.get(key, { implicitTags: [] }))?.value).toMatchObject({ kind: "APP_ROUTE", status: 200 });
    await sleep(5);
    await recordExpiry(tag, Date.now());
    expect(await handler.get(key, { implicitTags: [] })).toBeNull();
  });
});
