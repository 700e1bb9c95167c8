/**
 * The shared cache handler (server/cache/next-cache-handler.mjs, REDIS_URL) on a
 * real Redis: an entry whose render began before one of its tags expired is
 * never served after that expiry, whichever order the two writes reach Redis
 * in (an instance records an edit's expiry on the app's connection,
 * lib/cache/tag-expiry.ts, and stores renders on the cache handler's), and a
 * render that began after it is stored at once. And when an instance loses
 * Redis (through a TCP proxy the test stops and starts): its clear afterwards
 * keeps the expiry record, and an expiry it could not record is recorded when
 * it is back, even by the process that replaced it. Each instance keeps the
 * entries it read in memory (the memory tier) and answers them again without
 * Redis only while the shared cache generation has not moved: never after
 * another instance's expiry, nor while its connection hangs.
 * Needs TEST_REDIS_URL (skipped with a printed reason otherwise).
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createClient, type RedisClientType } from "redis";
import { resilientRedisHandler } from "@/server/cache/next-cache-handler.mjs";
import { EXPIRY_SETTLE_MS, recordCacheExpiry } from "@/lib/redis/cache-expiry.mjs";
import { testPort } from "../../helpers/instances";
import { startTcpProxy, type TcpProxy } from "../../helpers/tcp-proxy";

const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) console.log("SKIPPED shared cache handler on Redis: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/5).");
const maybe = redisUrl ? describe : describe.skip;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** This file's REDIS_PREFIX; its entries (build "build") are under `prefix`. */
const base = `mmtest:${randomBytes(4).toString("hex")}:`;
const prefix = `${base}cache:build:`;
const journalRoot = mkdtempSync(path.join(tmpdir(), "mm-unrecorded-expiries-"));
/** An instance's handler on `client`: build "build" of the shop, its unrecorded expiries kept in `dir`. */
const instance = (client: RedisClientType, dir = mkdtempSync(path.join(journalRoot, "i-"))) => resilientRedisHandler(client, { prefix: base, buildId: "build", journalDir: dir });
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
  /**
   * An expiry recorded as every instance records one (lib/cache/tag-expiry.ts, the handler): its time and
   * a move of the generation, in one transaction; resolved once the change's request would answer
   * (EXPIRY_SETTLE_MS later: no instance then trusts a generation read from before the move).
   */
  const recordExpiry = async (tag: string, at: number) => {
    await recordCacheExpiry(client, base, [tag], at);
    await sleep(EXPIRY_SETTLE_MS);
  };

  beforeAll(async () => {
    client = createClient({ url: redisUrl });
    await client.connect();
    handler = instance(client);
  });

  afterAll(async () => {
    // This file's keys only (other runs share the Redis database).
    for await (const keys of client.scanIterator({ MATCH: `${base}*`, COUNT: 1000 })) if (keys.length) await client.unlink(keys);
    await client.quit();
    rmSync(journalRoot, { recursive: true, force: true });
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
  describe("the memory tier: each instance's copies of the entries it read", () => {
    let other: RedisClientType;
    beforeAll(async () => {
      other = createClient({ url: redisUrl });
      await other.connect();
    });
    afterAll(async () => {
      await other.quit();
    });

    it("answers an entry again from memory while the generation holds; not once another instance records any expiry", async () => {
      const b = instance(other);
      const key = `/route-cache/APP_PAGE/b/$/product/m${randomBytes(3).toString("hex")}`;
      await handler.set(key, entry("kept", Date.now(), newTag()));
      expect((await b.get(key, { implicitTags: [] }))?.value).toMatchObject({ html: "kept" });
      await client.del(`${prefix}${key}`); // now only B's memory holds it
      expect((await b.get(key, { implicitTags: [] }))?.value).toMatchObject({ html: "kept" });
      await handler.revalidateTag(newTag()); // an expiry of anything, through A…
      await sleep(EXPIRY_SETTLE_MS); // …whose request answers once it has settled (lib/cache/tag-expiry.ts)
      expect(await b.get(key, { implicitTags: [] })).toBeNull();
    });

    it("an edit's expiry recorded before B's next read: B reads Redis again and gets nothing older than the edit", async () => {
      const b = instance(other);
      const key = `/route-cache/APP_PAGE/b/$/product/e${randomBytes(3).toString("hex")}`;
      const tag = newTag();
      await handler.set(key, entry("old price", Date.now() - 10, tag));
      expect((await b.get(key, { implicitTags: [] }))?.value).toMatchObject({ html: "old price" });
      await recordExpiry(tag, Date.now()); // the app's record of the price edit, on A's connection
      await sleep(1_100); // past the clock skew allowed for
      expect(await b.get(key, { implicitTags: [] })).toBeNull(); // B renders the page again, after the edit…
      await b.set(key, entry("new price", Date.now(), tag)); // …and stores it
      expect((await b.get(key, { implicitTags: [] }))?.value).toMatchObject({ html: "new price" });
      expect((await handler.get(key, { implicitTags: [] }))?.value).toMatchObject({ html: "new price" });
    });

    it("a hung connection (nothing answers, nothing closes): B answers nothing from memory, and keeps nothing from before it", async () => {
      const target = new URL(redisUrl!);
      const proxy = await startTcpProxy(testPort(44), { host: target.hostname, port: Number(target.port || 6379) });
      const viaProxy: RedisClientType = createClient({ url: `redis://127.0.0.1:${proxy.port}${target.pathname}`, disableOfflineQueue: true });
      viaProxy.on("error", () => {});
      await viaProxy.connect();
      try {
        const b = instance(viaProxy);
        const key = `/route-cache/APP_PAGE/b/$/product/h${randomBytes(3).toString("hex")}`;
        const tag = newTag();
        await handler.set(key, entry("old price", Date.now() - 10, tag));
        expect((await b.get(key, { implicitTags: [] }))?.value).toMatchObject({ html: "old price" });
        proxy.hang();
        await recordExpiry(tag, Date.now()); // the edit, recorded while B's connection hangs
        const started = Date.now();
        expect(await b.get(key, { implicitTags: [] })).toBeNull(); // a miss after REDIS_CACHE_TIMEOUT_MS, never the copy
        expect(Date.now() - started).toBeLessThan(5_000);
        proxy.resume();
        expect(await b.get(key, { implicitTags: [] })).toBeNull();
      } finally {
        viaProxy.destroy();
        await proxy.close();
      }
    });
  });

  describe("an instance that loses Redis", () => {
    let proxy: TcpProxy;
    const clients: RedisClientType[] = [];
    /** A connection through the proxy, as the cache handler makes it (commands fail at once while Redis is away). */
    async function connectViaProxy() {
      const target = new URL(redisUrl!);
      const c: RedisClientType = createClient({
        url: `redis://127.0.0.1:${proxy.port}${target.pathname}`,
        disableOfflineQueue: true,
        socket: { reconnectStrategy: () => 50 },
      });
      c.on("error", () => {});
      await c.connect();
      clients.push(c);
      return c;
    }
    async function until(condition: () => boolean) {
      for (let i = 0; i < 100 && !condition(); i++) await sleep(50);
      expect(condition()).toBe(true);
    }
    /** Redis goes away for the connections through the proxy, and (unless `stayAway`) comes back. */
    async function outage(c: RedisClientType, { stayAway = false } = {}) {
      await proxy.stop();
      await until(() => !c.isReady);
      if (stayAway) return;
      await proxy.start();
      await until(() => c.isReady);
    }

    beforeAll(async () => {
      const target = new URL(redisUrl!);
      proxy = await startTcpProxy(testPort(43), { host: target.hostname, port: Number(target.port || 6379) });
    });
    afterAll(async () => {
      for (const c of clients) if (c.isOpen) c.destroy();
      await proxy.close();
    });

    it("keeps the expiry record through its clear: a render that began before an edit on another instance is not stored after it", async () => {
      const viaProxy = await connectViaProxy();
      const b = instance(viaProxy);
      const key = `/route-cache/APP_PAGE/b/$/product/o${randomBytes(3).toString("hex")}`;
      const tag = newTag();
      expect(await b.get(key, { implicitTags: [] })).toBeNull(); // B begins rendering: it reads the old price
      await sleep(5);
      await handler.revalidateTag(tag); // the price is edited through A
      await outage(viaProxy); // B loses Redis and is back: it clears the shared cache's entries
      expect(await b.get(`${key}-other`, { implicitTags: [] })).toBeNull(); // B's first read after it waits for the clear
      await b.set(key, entry("old price", Date.now(), tag)); // B's render finishes
      expect(await handler.get(key, { implicitTags: [] })).toBeNull();
      expect(await b.get(key, { implicitTags: [] })).toBeNull();
      viaProxy.destroy(); // gone before the next test's outage: its clear would hide what that test shows
    });

    it("records an expiry it could not record once Redis is back, even when the process that took it was replaced meanwhile", async () => {
      const key = `/route-cache/APP_PAGE/b/$/product/r${randomBytes(3).toString("hex")}`;
      const tag = newTag();
      // Another instance, on Redis all along, stores the product page.
      expect(await handler.get(key, { implicitTags: [] })).toBeNull();
      await handler.set(key, entry("old price", Date.now(), tag));
      expect((await handler.get(key, { implicitTags: [] }))?.value).toMatchObject({ html: "old price" });

      const dir = mkdtempSync(path.join(journalRoot, "restarted-"));
      const first = await connectViaProxy();
      const a = instance(first, dir);
      await outage(first, { stayAway: true });
      await sleep(5);
      await expect(a.revalidateTag(tag)).rejects.toThrow(); // the price is edited through A: its expiry cannot reach Redis
      first.destroy(); // A's process ends before Redis is back

      await proxy.start();
      const restarted = instance(await connectViaProxy(), dir);
      expect(await restarted.get(`${key}-other`, { implicitTags: [] })).toBeNull(); // its first read: after the expiry is recorded
      expect(await handler.get(key, { implicitTags: [] })).toBeNull();
      expect(await restarted.get(key, { implicitTags: [] })).toBeNull();
    });
  });
});
