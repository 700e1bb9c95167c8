/**
 * Two production instances of two builds (a rolling deploy) on one PostgreSQL
 * database and one Redis database, proven through their HTTP interfaces only:
 * an edit through an instance of either build shows on the other at its next
 * request, and an edit taken by an instance that could not reach Redis, which
 * then restarted, shows on both once it is back. A is this checkout's build
 * and reaches Redis through a TCP proxy the test stops and starts; B is a
 * second build (tests/helpers/instances.ts secondBuild: the same compiled code
 * under another build id) on Redis directly, so it never loses it. Needs
 * TEST_DATABASE_URL and TEST_REDIS_URL (skipped with a printed reason otherwise).
 */
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { createClient } from "redis";
import { createPostgresDatabase } from "../../helpers/test-db";
import { ensureProductionBuild, requirePostgres, secondBuild, sleep, startInstance, stopAllInstances, testPort, waitForOk, type Instance } from "../../helpers/instances";
import { adminToken, listPublicProducts, updateProduct, type PublicProduct } from "../../helpers/shop-http";
import { startTcpProxy, type TcpProxy } from "../../helpers/tcp-proxy";

const pgServer = requirePostgres("two builds sharing Redis");
const redisUrl = process.env.TEST_REDIS_URL;
if (pgServer && !redisUrl) console.log("SKIPPED two builds sharing Redis: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/5).");
const maybe = pgServer && redisUrl ? describe : describe.skip;

const prefix = `mmtest:${randomBytes(4).toString("hex")}:`;
const admin = { email: "owner@example.com", password: "builds-test-password" };
const money = (price: string) => `$${Number(price).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

/** The product page as a shopper gets it, and whether it came from the cache. */
async function productPage(instance: Instance, product: PublicProduct) {
  const res = await fetch(`${instance.url}/product/${product.slug}`);
  return { cache: res.headers.get("x-nextjs-cache"), html: await res.text() };
}

/**
 * Reads the product page until it is served from the cache (a render begun within a second of the
 * last edit's expiry is not stored: server/cache/next-cache-handler.mjs, clock skew), at most 40 reads.
 */
async function cachedProductPage(instance: Instance, product: PublicProduct) {
  let page = await productPage(instance, product);
  for (let i = 0; i < 40 && page.cache !== "HIT"; i++) {
    await sleep(100);
    page = await productPage(instance, product);
  }
  expect(page.cache).toBe("HIT");
  return page;
}

maybe("two builds of the shop on one PostgreSQL and one Redis", () => {
  let db: { url: string; drop: () => Promise<void> };
  let build2: ReturnType<typeof secondBuild>;
  let proxy: TcpProxy;
  let envA: Record<string, string>;
  let a: Instance;
  let b: Instance;
  let token: string;
  let products: PublicProduct[];

  beforeAll(async () => {
    await ensureProductionBuild();
    build2 = secondBuild();
    db = await createPostgresDatabase(pgServer!, `mm_builds_redis_${randomBytes(4).toString("hex")}`);
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy(testPort(42), { host: target.hostname, port: Number(target.port || 6379) });
    const env = {
      DATABASE_URL: db.url,
      REDIS_PREFIX: prefix,
      PAYMENT_PROVIDER: "test",
      AUTH_SECRET: "builds-test-secret-0123456789abcdef",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_SCALE: "1000",
    };
    envA = { ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}${target.pathname}` };
    a = startInstance(testPort(40), envA);
    b = startInstance(testPort(41), { ...env, REDIS_URL: redisUrl! }, build2.root);
    await Promise.all([waitForOk(a, "/api/ready", 150_000), waitForOk(b, "/api/ready", 150_000)]);
    token = await adminToken(a.url, admin.email, admin.password);
    products = (await listPublicProducts(a.url)).filter((p) => !p.uniqueItem && !p.sold);
  }, 15 * 60_000);

  afterAll(async () => {
    await stopAllInstances();
    await proxy?.close();
    await db?.drop();
    build2?.remove();
    // This run's keys only (other sessions share the Redis database).
    if (redisUrl) {
      const client = createClient({ url: redisUrl });
      await client.connect();
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await client.unlink(keys);
      await client.quit();
    }
  }, 60_000);

  it("a price edited through an instance of one build shows on the other build's at its next request, both ways", async () => {
    const product = products[0];
    // Each caches the product page (in Redis, under its own build): served from the cache from the second read.
    for (const i of [a, b]) expect((await cachedProductPage(i, product)).html).toContain(money(product.price));

    const newPrice = (Number(product.price) + 7.5).toFixed(2);
    await updateProduct(a.url, token, product.id, { price: newPrice });
    expect((await productPage(b, product)).html).toContain(money(newPrice));
    expect((await productPage(a, product)).html).toContain(money(newPrice));

    // And the reverse: the older build sees an edit made through the newer one.
    expect((await cachedProductPage(a, product)).html).toContain(money(newPrice));
    const later = (Number(newPrice) + 1).toFixed(2);
    await updateProduct(b.url, token, product.id, { price: later });
    expect((await productPage(a, product)).html).toContain(money(later));
    expect((await productPage(b, product)).html).toContain(money(later));
  }, 120_000);

  it("an edit taken by an instance that could not reach Redis, which then restarted, shows on every instance once it is back", async () => {
    const product = products[1];
    for (const i of [a, b]) expect((await cachedProductPage(i, product)).html).toContain(money(product.price));

    // A loses Redis (B does not), and takes an edit: its expiry cannot reach Redis.
    await proxy.stop();
    for (let i = 0; i < 50 && (await fetch(`${a.url}/api/ready`)).status !== 503; i++) await sleep(100);
    expect((await fetch(`${a.url}/api/ready`)).status).toBe(503);
    const newPrice = (Number(product.price) + 3.25).toFixed(2);
    await updateProduct(a.url, token, product.id, { price: newPrice });
    // Next.js hands the expiry to the cache handler just after the response: give it that moment
    // (it shows as a file under A's data folder) before A dies.
    const kept = path.resolve(".data/unrecorded-expiries");
    const keptFiles = () => (existsSync(kept) ? readdirSync(kept, { recursive: true }).filter((f) => String(f).endsWith(".json")) : []);
    for (let i = 0; i < 50 && !keptFiles().length; i++) await sleep(100);

    // A crashes and comes back; Redis is reachable again.
    a.signal("SIGKILL");
    await a.exited;
    await proxy.start();
    a = startInstance(testPort(40), envA);
    await waitForOk(a, "/api/ready", 150_000);

    expect((await productPage(a, product)).html).toContain(money(newPrice));
    expect((await productPage(b, product)).html).toContain(money(newPrice));
  }, 240_000);
});
