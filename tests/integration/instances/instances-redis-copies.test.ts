/**
 * Two production instances on one PostgreSQL database and one Redis database
 * (REDIS_URL), each keeping in-memory copies of the pages it served from the
 * shared cache (server/cache/response-cache.mjs, checked against the shared
 * cache generation: lib/redis/cache-expiry.mjs). What a shopper on B sees
 * right after an edit made through A has answered: never B's copy from before
 * it — a price, a sold piece, a hidden category — over several rounds, each
 * starting with B answering from its copy (the x-mm-cache: stored header) —
 * the price while B answers another page from its copy meanwhile, one request
 * after another, so its copies are checked against a generation read a few ms
 * old (lib/redis/cache-expiry.mjs GENERATION_TRUST_MS) — and
 * also when B's connections to Redis (the one it reads the generation on
 * among them) are cut during the edit, through a TCP proxy in front of Redis
 * for B only. Needs TEST_DATABASE_URL and TEST_REDIS_URL (skipped with a printed reason otherwise).
 */
import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { createPostgresDatabase } from "../../helpers/test-db";
import { ensureProductionBuild, requirePostgres, sleep, startInstance, stopAllInstances, testPort, waitForOk, type Instance } from "../../helpers/instances";
import { adminToken, buy, listPublicProducts, updateProduct, type PublicProduct } from "../../helpers/shop-http";
import { startTcpProxy, type TcpProxy } from "../../helpers/tcp-proxy";

const pgServer = requirePostgres("in-memory copies on two instances sharing Redis");
const redisUrl = process.env.TEST_REDIS_URL;
if (pgServer && !redisUrl) console.log("SKIPPED in-memory copies on two instances sharing Redis: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/5).");
const maybe = pgServer && redisUrl ? describe : describe.skip;

const prefix = `mmtest:${randomBytes(4).toString("hex")}:`;
const admin = { email: "owner@example.com", password: "copies-test-password" };
const ROUNDS = 3;

const money = (price: string) => `$${Number(price).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;
function cardPrice(html: string, product: PublicProduct): string | null {
  const at = html.indexOf(`data-slug="${product.slug}"`);
  if (at < 0) return null;
  return /data-testid="product-price"[^>]*>([^<]+)</.exec(html.slice(at, at + 6000))?.[1] ?? null;
}

type Visit = { status: number; stored: boolean; body: string };
async function visit(base: string, pathname: string): Promise<Visit> {
  const res = await fetch(base + pathname);
  return { status: res.status, stored: res.headers.get("x-mm-cache") === "stored", body: await res.text() };
}

maybe("each instance's in-memory copies on a shared Redis", () => {
  let db: { url: string; drop: () => Promise<void> };
  let a: Instance;
  let b: Instance;
  let token: string;
  let redis: ReturnType<typeof createClient>;
  let proxy: TcpProxy;

  /** Visits `pathname` on B until B answers it from its in-memory copy; that answer. */
  async function copyOnB(pathname: string): Promise<Visit> {
    for (let i = 0; i < 40; i++) {
      const seen = await visit(b.url, pathname);
      if (seen.stored) return seen;
      await sleep(100);
    }
    throw new Error(`B never answered ${pathname} from its copy`);
  }

  /** Whether B's connection for the generation (named by server/cache/response-cache.mjs) is open. */
  async function generationConnectionOpen(): Promise<boolean> {
    return String(await redis.sendCommand(["CLIENT", "LIST"])).includes(` name=${prefix}response-cache:${b.port} `);
  }

  beforeAll(async () => {
    await ensureProductionBuild();
    db = await createPostgresDatabase(pgServer!, `mm_copies_${randomBytes(4).toString("hex")}`);
    redis = createClient({ url: redisUrl });
    await redis.connect();
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      PAYMENT_PROVIDER: "test",
      AUTH_SECRET: "copies-test-secret-0123456789abcdef",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_SCALE: "1000",
    };
    const target = new URL(redisUrl!);
    proxy = await startTcpProxy(testPort(62), { host: target.hostname, port: Number(target.port || 6379) });
    a = startInstance(testPort(60), env);
    b = startInstance(testPort(61), { ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}${target.pathname}` });
    await Promise.all([waitForOk(a, "/api/ready", 150_000), waitForOk(b, "/api/ready", 150_000)]);
    token = await adminToken(a.url, admin.email, admin.password);
  }, 15 * 60_000);

  afterAll(async () => {
    await stopAllInstances();
    await proxy?.close();
    await db?.drop();
    // This run's keys only (other sessions share the Redis database).
    if (redis?.isOpen) {
      for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await redis.unlink(keys);
      await redis.quit();
    }
  }, 60_000);

  /**
   * Keeps B answering `pathname` from its copy, one request after another, until the returned
   * function is called: B's last read of the generation is then never more than a few ms old,
   * so its copies are checked against that read (GENERATION_TRUST_MS) rather than a new one.
   */
  function keepBusy(pathname: string): () => Promise<number> {
    let running = true;
    let visits = 0;
    const loop = (async () => {
      while (running) {
        await visit(b.url, pathname);
        visits++;
      }
    })();
    return async () => {
      running = false;
      await loop;
      return visits;
    };
  }

  it("a price edited through A: B's product page, listings and API list show it right after A answers, round after round, while B is busy", async () => {
    const products = await listPublicProducts(b.url);
    const product = products.find((p) => p.featured && !p.uniqueItem && !p.sold)!;
    const other = products.find((p) => p.id !== product.id)!;
    await copyOnB(`/product/${other.slug}`);
    const stopBusy = keepBusy(`/product/${other.slug}`);
    try {
      await priceRounds(product);
    } finally {
      expect(await stopBusy()).toBeGreaterThan(10);
    }
  }, 240_000);

  async function priceRounds(product: PublicProduct) {
    const apiPath = "/api/products?limit=100";
    const apiPrice = (v: Visit) => (JSON.parse(v.body).products as PublicProduct[]).find((p) => p.id === product.id)?.price;
    let price = product.price;
    for (let round = 1; round <= ROUNDS; round++) {
      // B answers each from its copy, with the current price.
      const before = {
        product: (await copyOnB(`/product/${product.slug}`)).body.includes(money(price)),
        home: cardPrice((await copyOnB("/")).body, product),
        shop: cardPrice((await copyOnB("/shop")).body, product),
        api: apiPrice(await copyOnB(apiPath)),
      };
      expect(before).toEqual({ product: true, home: money(price), shop: money(price), api: price });

      price = (Number(price) + 1.25).toFixed(2);
      await updateProduct(a.url, token, product.id, { price });

      const after = {
        product: (await visit(b.url, `/product/${product.slug}`)).body.includes(money(price)),
        home: cardPrice((await visit(b.url, "/")).body, product),
        shop: cardPrice((await visit(b.url, "/shop")).body, product),
        api: apiPrice(await visit(b.url, apiPath)),
      };
      expect({ round, ...after }).toEqual({ round, product: true, home: money(price), shop: money(price), api: price });
    }
  }

  it("a piece sold through a checkout on A shows as sold on B right after the order is placed", async () => {
    const pieces = (await listPublicProducts(b.url)).filter((p) => p.uniqueItem && !p.sold).slice(0, ROUNDS);
    expect(pieces.length).toBe(ROUNDS);
    for (const piece of pieces) {
      const state = (html: string) => ({
        addToCart: html.split(`data-product-id="${piece.id}" data-quantity=`).length - 1,
        soldOut: html.includes('"availability":"https://schema.org/SoldOut"'),
      });
      expect(state((await copyOnB(`/product/${piece.slug}`)).body)).toEqual({ addToCart: 1, soldOut: false });

      await buy(a.url, piece.id);

      expect({ piece: piece.slug, ...state((await visit(b.url, `/product/${piece.slug}`)).body) }).toEqual({ piece: piece.slug, addToCart: 0, soldOut: true });
    }
  }, 240_000);

  it("a category hidden through A disappears from B's home page and /shop right after A answers", async () => {
    const categories = (await (await fetch(`${a.url}/api/categories`)).json()) as { id: number; slug: string }[];
    const setActive = async (id: number, active: boolean) => {
      const res = await fetch(`${a.url}/api/categories/${id}`, {
        method: "PUT",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ active }),
      });
      expect(res.status).toBe(200);
    };
    for (const category of categories.slice(-ROUNDS)) {
      // The header's category list travels in the page's RSC payload; /shop links each category.
      const named = (html: string) => html.includes(`\\"slug\\":\\"${category.slug}\\"`) || html.includes(`/shop/${category.slug}"`);
      expect({ home: named((await copyOnB("/")).body), shop: named((await copyOnB("/shop")).body) }).toEqual({ home: true, shop: true });
      await setActive(category.id, false);
      try {
        expect({ category: category.slug, home: named((await visit(b.url, "/")).body), shop: named((await visit(b.url, "/shop")).body) }).toEqual({
          category: category.slug,
          home: false,
          shop: false,
        });
      } finally {
        await setActive(category.id, true);
      }
    }
  }, 240_000);

  it("B's connections to Redis cut during the edit: still never its old copy, and copies again once they are back", async () => {
    const product = (await listPublicProducts(b.url)).find((p) => !p.featured && !p.uniqueItem && !p.sold)!;
    const pathname = `/product/${product.slug}`;
    let price = product.price;
    for (let round = 1; round <= ROUNDS; round++) {
      expect({ round, copy: (await copyOnB(pathname)).body.includes(money(price)), connected: await generationConnectionOpen() }).toEqual({ round, copy: true, connected: true });
      price = (Number(price) + 2.5).toFixed(2);
      const edit = updateProduct(a.url, token, product.id, { price });
      await proxy.stop();
      await edit;
      const seen = [await visit(b.url, pathname), await visit(b.url, pathname)];
      expect({ round, statuses: seen.map((v) => v.status), fresh: seen.map((v) => v.body.includes(money(price))) }).toEqual({ round, statuses: [200, 200], fresh: [true, true] });
      await proxy.start();
      await waitForOk(b, "/api/ready", 30_000);
    }
    // Reconnected: B answers from a copy again, the current one.
    expect((await copyOnB(pathname)).body).toContain(money(price));
  }, 240_000);
});
