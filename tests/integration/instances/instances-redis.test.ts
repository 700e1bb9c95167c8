/**
 * Two production instances on one PostgreSQL database and one Redis database
 * (REDIS_URL: the shared Next.js cache, tag expiry and rate limits), proven
 * through their HTTP interfaces only. Redis is reached through a TCP proxy
 * the test stops and starts to make Redis "go down" without touching the
 * shared server. Needs TEST_DATABASE_URL and TEST_REDIS_URL (skipped with a
 * printed reason otherwise).
 */
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import pg from "pg";
import { createClient } from "redis";
import { createPostgresDatabase } from "../../helpers/test-db";
import { ensureProductionBuild, requirePostgres, sleep, startInstance, stopAllInstances, testPort, waitForOk, type Instance } from "../../helpers/instances";
import { adminLogin, adminToken, buy, listPublicProducts, pageText, updateProduct, type PublicProduct } from "../../helpers/shop-http";
import { startTcpProxy, type TcpProxy } from "../../helpers/tcp-proxy";

const pgServer = requirePostgres("two instances sharing Redis");
const redisUrl = process.env.TEST_REDIS_URL;
if (pgServer && !redisUrl) console.log("SKIPPED two instances sharing Redis: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/5).");
const maybe = pgServer && redisUrl ? describe : describe.skip;

const prefix = `mmtest:${randomBytes(4).toString("hex")}:`;
const admin = { email: "owner@example.com", password: "redis-test-password" };

function cardPrice(html: string, product: PublicProduct): string | null {
  const at = html.indexOf(`data-slug="${product.slug}"`);
  if (at < 0) return null;
  return /data-testid="product-price"[^>]*>([^<]+)</.exec(html.slice(at, at + 6000))?.[1] ?? null;
}
const money = (price: string) => `$${Number(price).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
const addToCartButtons = (html: string, product: PublicProduct) => html.split(`data-product-id="${product.id}" data-quantity=`).length - 1;

maybe("two instances on one PostgreSQL and one Redis", () => {
  let db: { url: string; drop: () => Promise<void> };
  let proxy: TcpProxy;
  let a: Instance;
  let b: Instance;
  let token: string;
  /** One query on the instances' database. */
  const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query<T>(text, params)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await ensureProductionBuild();
    db = await createPostgresDatabase(pgServer!, `mm_inst_redis_${randomBytes(4).toString("hex")}`);
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy(testPort(8), { host: target.hostname, port: Number(target.port || 6379) });
    const viaProxy = `redis://127.0.0.1:${proxy.port}${target.pathname}`;
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: viaProxy,
      REDIS_PREFIX: prefix,
      PAYMENT_PROVIDER: "test",
      AUTH_SECRET: "redis-test-secret-0123456789abcdef",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_SCALE: "1000",
    };
    a = startInstance(testPort(6), env);
    b = startInstance(testPort(7), env);
    await Promise.all([waitForOk(a, "/api/ready", 150_000), waitForOk(b, "/api/ready", 150_000)]);
    token = await adminToken(a.url, admin.email, admin.password);
  }, 15 * 60_000);

  afterAll(async () => {
    await stopAllInstances();
    await proxy?.close();
    await db?.drop();
    // This run's keys only (other sessions share the Redis database).
    if (redisUrl) {
      const client = createClient({ url: redisUrl });
      await client.connect();
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await client.unlink(keys);
      await client.quit();
    }
  }, 60_000);

  it("a price edited through A shows on B's product page and listing at the next request", async () => {
    const products = await listPublicProducts(b.url);
    const product = products.find((p) => p.featured && !p.uniqueItem && !p.sold)!;
    // B renders and caches (in Redis) the pages showing it, and the catalogue reads its API answer is built from.
    expect(cardPrice((await pageText(b.url, "/")).html, product)).toBe(money(product.price));
    expect((await pageText(b.url, `/product/${product.slug}`)).html).toContain(money(product.price));
    const apiList = () => fetch(`${b.url}/api/products?limit=100`).then(async (r) => ({ products: (await r.json()).products as PublicProduct[] }));
    await apiList();
    expect((await apiList()).products.find((p) => p.id === product.id)?.price).toBe(product.price);

    const newPrice = (Number(product.price) + 7.5).toFixed(2);
    await updateProduct(a.url, token, product.id, { price: newPrice });

    expect((await pageText(b.url, `/product/${product.slug}`)).html).toContain(money(newPrice));
    expect(cardPrice((await pageText(b.url, "/")).html, product)).toBe(money(newPrice));
    expect((await apiList()).products.find((p) => p.id === product.id)?.price).toBe(newPrice);
  }, 120_000);

  it("a repeated search is stored in Redis for both instances, with a short TTL, and shows an edit made through the other one", async () => {
    const products = await listPublicProducts(b.url);
    const product = products.find((p) => !p.uniqueItem && !p.sold && /^[\w ,()-]+$/.test(p.name))!;
    const url = `/shop?search=${encodeURIComponent(product.name)}`;
    const visit = async (base: string) => {
      const res = await fetch(base + url);
      return { cache: res.headers.get("x-nextjs-cache"), html: await res.text() };
    };
    const client = createClient({ url: redisUrl });
    await client.connect();
    const storedSearchPages = async () => {
      const keys: string[] = [];
      for await (const found of client.scanIterator({ MATCH: `${prefix}*/listing/_all/featured/1/*`, COUNT: 1000 })) keys.push(...found);
      return keys;
    };
    try {
      const storedBefore = (await storedSearchPages()).length;
      // A first search renders /shop on demand and stores nothing, in memory or in Redis (it was stored at
      // once while the front server and the cache handler both counted the read: server/cache/search-admission.mjs).
      expect((await visit(b.url)).cache).toBeNull();
      expect((await storedSearchPages()).length).toBe(storedBefore);
      // From the second on it is stored (server/cache/next-cache-handler.mjs; a render that began before
      // a tag of it expired, as around the previous test's price edit, is not).
      let stored = false;
      for (let i = 0; i < 30 && !stored; i++) {
        stored = (await visit(b.url)).cache === "HIT";
        if (!stored) await sleep(1000);
      }
      expect(stored).toBe(true);
      // The other instance renders its own first read on demand (cheaper than through the cached route) and from
      // its second reads the entry B stored (STALE at first: Next on A has not yet seen this page's revalidate
      // time and assumes 1 s, so it also renders it again in the background; the entry is still tag-checked).
      const firstOnA = await visit(a.url);
      expect({ cache: firstOnA.cache, price: cardPrice(firstOnA.html, product) }).toEqual({ cache: null, price: money(product.price) });
      const onA = await visit(a.url);
      expect({ shared: ["HIT", "STALE"].includes(onA.cache ?? ""), price: cardPrice(onA.html, product) }).toEqual({ shared: true, price: money(product.price) });

      const keys = await storedSearchPages();
      expect(keys.length).toBeGreaterThan(storedBefore);
      for (const key of keys) expect(await client.ttl(key)).toBeGreaterThan(0);
      for (const key of keys) expect(await client.ttl(key)).toBeLessThanOrEqual(600);
    } finally {
      await client.quit();
    }

    const newPrice = (Number(product.price) + 3.25).toFixed(2);
    await updateProduct(a.url, token, product.id, { price: newPrice });
    expect(cardPrice((await visit(b.url)).html, product)).toBe(money(newPrice));
    expect(cardPrice((await visit(a.url)).html, product)).toBe(money(newPrice));
  }, 120_000);

  it("a piece sold through a checkout on A shows SOLD on B", async () => {
    const products = await listPublicProducts(b.url);
    const piece = products.find((p) => p.uniqueItem && !p.sold)!;
    expect(addToCartButtons((await pageText(b.url, `/product/${piece.slug}`)).html, piece)).toBe(1);

    await buy(a.url, piece.id);

    const page = (await pageText(b.url, `/product/${piece.slug}`)).html;
    expect(addToCartButtons(page, piece)).toBe(0);
    expect(page).toContain('"availability":"https://schema.org/SoldOut"');
    expect((await (await fetch(`${b.url}/api/products/${piece.slug}`)).json()).sold).toBe(true);
  }, 120_000);

  it("30 shoppers at once over both instances for a batch of 5: exactly 5 orders, 25 refused (409) and not charged, Sold out on both", async () => {
    const categories = (await (await fetch(`${a.url}/api/categories`)).json()) as { id: number }[];
    const created = await fetch(`${a.url}/api/products`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: "Race batch board",
        slug: "race-batch-board",
        description: "Twelve were cut; five are left.",
        price: "45.00",
        categoryId: categories[0].id,
        images: [{ url: "/uploads/race-1.webp", width: 1200, height: 900, alt: null }],
        kind: "in_stock",
        stock: 5,
      }),
    });
    expect(created.status).toBe(201);
    const product = (await created.json()) as PublicProduct;
    // Both instances have the page cached as purchasable before the rush.
    for (const i of [a, b]) expect((await pageText(i.url, `/product/${product.slug}`)).html).toContain("Only 5 left");

    // 30 shoppers, half on each instance, each with an authorised card; then all place their order at once.
    const shoppers = await Promise.all(Array.from({ length: 30 }, (_, n) => authoriseOne(n % 2 ? b.url : a.url, product.id, `racer${n}`)));
    const placed = await Promise.all(
      shoppers.map(async (s) => {
        const res = await fetch(`${s.base}/api/orders`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ paymentIntentId: s.paymentIntentId, clientSecret: s.clientSecret }),
        });
        return { status: res.status, body: (await res.json()) as { message?: string } };
      }),
    );
    expect(placed.filter((r) => r.status === 201)).toHaveLength(5);
    const refused = placed.filter((r) => r.status === 409);
    expect(refused).toHaveLength(25);
    expect(new Set(refused.map((r) => r.body.message))).toEqual(new Set(["Sorry, “Race batch board” just sold out. Your card has not been charged."]));

    const rows = await sql<{ status: string; n: string }>(`SELECT status, count(*)::text AS n FROM "TestPaymentIntent" WHERE id = ANY($1) GROUP BY status ORDER BY status`, [
      shoppers.map((s) => s.paymentIntentId),
    ]);
    expect(Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]))).toEqual({ canceled: 25, succeeded: 5 });
    expect(await sql('SELECT stock FROM "Product" WHERE id = $1', [product.id])).toEqual([{ stock: 0 }]);
    expect(await sql('SELECT count(*)::int AS n FROM "OrderItem" WHERE "productId" = $1', [product.id])).toEqual([{ n: 5 }]);
    // Neither instance offers it any more.
    for (const i of [a, b]) {
      const html = (await pageText(i.url, `/product/${product.slug}`)).html;
      expect(html).toContain("Sold out");
      expect(addToCartButtons(html, product)).toBe(0);
    }
  }, 180_000);

  it("a category hidden on B disappears from A's navigation and /shop at the next request", async () => {
    const categories = (await (await fetch(`${a.url}/api/categories`)).json()) as { id: number; slug: string; name: string }[];
    const category = categories[categories.length - 1];
    // The header's category list travels in the page's RSC payload; /shop links each category.
    const inNavigation = (html: string) => html.includes(`\\"slug\\":\\"${category.slug}\\"`) || html.includes(`href="/shop/${category.slug}"`);
    const onShop = (html: string) => html.includes(`/shop/${category.slug}"`);
    // A renders and caches (in Redis) the pages naming it.
    expect(inNavigation((await pageText(a.url, "/")).html)).toBe(true);
    expect(onShop((await pageText(a.url, "/shop")).html)).toBe(true);

    const hide = await fetch(`${b.url}/api/categories/${category.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ active: false }),
    });
    expect(hide.status).toBe(200);
    try {
      expect(inNavigation((await pageText(a.url, "/")).html)).toBe(false);
      expect(onShop((await pageText(a.url, "/shop")).html)).toBe(false);
      expect((await pageText(a.url, `/shop/${category.slug}`)).status).toBe(404);
      const listed = (await (await fetch(`${a.url}/api/categories`)).json()) as { slug: string }[];
      expect(listed.map((c) => c.slug)).not.toContain(category.slug);
    } finally {
      await fetch(`${b.url}/api/categories/${category.id}`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ active: true }),
      });
    }
  }, 120_000);

  it("a sixth wrong password, spread across both instances, is throttled (counted in Redis)", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await adminLogin(i % 2 ? b.url : a.url, admin.email, `wrong-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const client = createClient({ url: redisUrl });
    await client.connect();
    try {
      const keys: string[] = [];
      for await (const page of client.scanIterator({ MATCH: `${prefix}rl:login-pair*`, COUNT: 1000 })) keys.push(...page);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      await client.quit();
    }
  }, 60_000);

  it("Redis down under load: no 5xx, pages come from the database, and the cache recovers with no stale page", async () => {
    const products = await listPublicProducts(a.url);
    const product = products.find((p) => p.featured && !p.uniqueItem && !p.sold)!;
    const paths = ["/", "/shop", "/api/products", `/product/${product.slug}`];
    for (const i of [a, b]) for (const p of paths) await pageText(i.url, p);

    const load = (i: Instance) => autocannon({ url: i.url, connections: 4, duration: 10, requests: paths.map((path) => ({ method: "GET" as const, path })) });
    const runs = Promise.all([load(a), load(b)]);
    await sleep(2000);
    await proxy.stop();
    // While Redis is down: not ready (for the load balancer), yet serving, and an edit still lands.
    await sleep(500);
    expect((await fetch(`${a.url}/api/ready`)).status).toBe(503);
    const newPrice = (Number(product.price) + 3.25).toFixed(2);
    await updateProduct(a.url, token, product.id, { price: newPrice });
    await expectFreshAfterEdit(b.url, `/product/${product.slug}`, money(newPrice));
    await sleep(3000);
    await proxy.start();
    const results = await runs;

    const failed = results.map((r) => r.errors + r.timeouts + r.non2xx);
    console.log(
      `Redis down ~4 s under load on both instances: ${results.map((r, i) => `${i ? "B" : "A"} ${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`).join("; ")}`,
    );
    expect(results.every((r) => r.requests.total > 0)).toBe(true);
    expect(failed).toEqual([0, 0]);

    // Back: both ready again, and neither serves what was cached before the edit made during the outage.
    await Promise.all([waitForOk(a, "/api/ready", 30_000), waitForOk(b, "/api/ready", 30_000)]);
    await sleep(500);
    for (const i of [a, b]) {
      expect((await pageText(i.url, `/product/${product.slug}`)).html).toContain(money(newPrice));
      expect(cardPrice((await pageText(i.url, "/")).html, product)).toBe(money(newPrice));
    }
    // And the shared cache works again: an edit through B shows on A.
    const later = (Number(newPrice) + 1).toFixed(2);
    await updateProduct(b.url, token, product.id, { price: later });
    expect((await pageText(a.url, `/product/${product.slug}`)).html).toContain(money(later));
  }, 180_000);
});

/** A shopper's payment intent for one unit, created and authorised with the test card through `base`. */
async function authoriseOne(base: string, productId: number, shopper: string) {
  const post = (pathname: string, body: unknown) => fetch(base + pathname, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const contact = { email: `${shopper}@example.com`, firstName: shopper, lastName: "Ash", phone: "555-0100" };
  const address = { line1: "12 Elm Street", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
  const intentRes = await post("/api/create-payment-intent", {
    sessionId: `race-${shopper}-${randomBytes(3).toString("hex")}`,
    items: [{ productId, quantity: 1 }],
    ...contact,
    shippingAddress: address,
  });
  expect(intentRes.status).toBe(200);
  const intent = (await intentRes.json()) as { paymentIntentId: string; clientSecret: string };
  const card = await post("/api/payments/test/confirm", { clientSecret: intent.clientSecret, card: { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" } });
  expect(card.status).toBe(200);
  return { base, ...intent };
}

/**
 * The page shows `expected` at once, with one allowance that belongs to Next.js, not to the shop's
 * caches: under load with Redis down every request renders, and Next hands a request that arrives
 * while a render of the same page is under way that render's answer (x-nextjs-cache: MISS). A render
 * that began before the edit committed may so answer once more with the old page; a later request
 * must show the edit. A stale answer from a cache hit fails at once.
 */
async function expectFreshAfterEdit(base: string, pathname: string, expected: string) {
  const deadline = Date.now() + 3_000;
  for (;;) {
    const res = await fetch(base + pathname);
    const html = await res.text();
    if (html.includes(expected)) return;
    const source = { nextCache: res.headers.get("x-nextjs-cache") };
    console.log(`stale answer after the edit on ${pathname}: ${JSON.stringify(source)}`);
    expect(source).toEqual({ nextCache: "MISS" });
    if (Date.now() > deadline) expect(html).toContain(expected);
    await sleep(100);
  }
}
