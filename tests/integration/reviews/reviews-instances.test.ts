/**
 * Issue 27 on two production instances sharing PostgreSQL and Redis, through
 * their HTTP interfaces only: a buyer's review approved through A shows on B's
 * product page, its card in the category listing, the category's average and
 * the home page's at the next request — pages B had rendered and stored
 * before. Needs TEST_DATABASE_URL and TEST_REDIS_URL (skipped with a printed
 * reason otherwise); only this run's Redis keys are removed afterwards.
 */
import { randomBytes } from "node:crypto";
import { createClient } from "redis";
import { createPostgresDatabase } from "../../helpers/test-db";
import { ensureProductionBuild, requirePostgres, startInstance, stopAllInstances, testPort, waitForOk, type Instance } from "../../helpers/instances";
import { adminToken, buy, pageText } from "../../helpers/shop-http";

const pgServer = requirePostgres("reviews on two instances");
const redisUrl = process.env.TEST_REDIS_URL;
if (pgServer && !redisUrl) console.log("SKIPPED reviews on two instances: set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379/5).");
const maybe = pgServer && redisUrl ? describe : describe.skip;

const prefix = `mmtest:${randomBytes(4).toString("hex")}:`;
const admin = { email: "owner@example.com", password: "reviews-test-password" };
const RATED = 'aria-label="Rated 5 out of 5 from 1 review"';

type Product = { id: number; slug: string; name: string; uniqueItem: boolean; sold: boolean; category: { slug: string } };

async function send(url: string, method: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, { method, headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

/** The part of a listing page that is one product's card. */
function card(html: string, slug: string): string {
  const at = html.indexOf(`data-slug="${slug}"`);
  return at < 0 ? "" : html.slice(at, html.indexOf("</article>", at));
}

maybe("reviews on two instances on one PostgreSQL and one Redis", () => {
  let db: { url: string; drop: () => Promise<void> };
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    await ensureProductionBuild();
    db = await createPostgresDatabase(pgServer!, `mm_reviews_${randomBytes(4).toString("hex")}`);
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      PAYMENT_PROVIDER: "test",
      AUTH_SECRET: "reviews-test-secret-0123456789abcdef",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_SCALE: "1000",
    };
    a = startInstance(testPort(50), env);
    b = startInstance(testPort(51), env);
    await Promise.all([waitForOk(a, "/api/ready", 150_000), waitForOk(b, "/api/ready", 150_000)]);
  }, 15 * 60_000);

  afterAll(async () => {
    await stopAllInstances();
    await db?.drop();
    if (redisUrl) {
      const client = createClient({ url: redisUrl });
      await client.connect();
      for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length) await client.unlink(keys);
      await client.quit();
    }
  }, 60_000);

  it("an approval through A shows on both instances' product page, card, category and home page at the next request", async () => {
    const token = await adminToken(a.url, admin.email, admin.password);
    const auth = { authorization: `Bearer ${token}` };
    const products: Product[] = (await (await fetch(`${b.url}/api/products?limit=100`)).json()).products;
    const product = products.find((p) => !p.uniqueItem && !p.sold)!;
    const pages = [`/product/${product.slug}`, `/shop/${product.category.slug}`, "/"];

    // A delivered order of that product, bought through A.
    const orderNumber = await buy(a.url, product.id);
    const orders = (await (await fetch(`${a.url}/api/orders?status=all`, { headers: auth })).json()) as Array<{ id: number; orderNumber: string }>;
    const order = orders.find((o) => o.orderNumber === orderNumber)!;
    expect((await send(`${a.url}/api/orders/${order.id}/status`, "PATCH", { status: "delivered" }, auth)).status).toBe(200);

    // B renders and stores the pages (twice each: the second answer may come from its stored copies): no rating.
    for (const path of pages) for (let i = 0; i < 2; i++) expect((await pageText(b.url, path)).html).not.toContain('data-testid="star-rating"');

    // The buyer's link, as the order-status page offers it; the review; the maker's approval, all through A.
    const status = await send(`${a.url}/api/order-status`, "POST", { orderNumber, email: "shopper@example.com" });
    expect(status.status).toBe(200);
    const link = new URL(status.json.reviews[0].path, a.url);
    const review = await send(`${a.url}/api/reviews`, "POST", {
      orderNumber,
      token: link.searchParams.get("token"),
      rating: 5,
      title: "Just right",
      body: "Exactly as described, and it arrived well packed.",
    });
    expect(review.status).toBe(201);
    for (const path of pages) expect((await pageText(b.url, path)).html).not.toContain(RATED); // pending: nothing yet
    expect((await send(`${a.url}/api/admin/reviews/${review.json.id}`, "PATCH", { action: "approve" }, auth)).status).toBe(200);

    for (const instance of [b, a]) {
      const page = (await pageText(instance.url, `/product/${product.slug}`)).html;
      expect(page).toContain(RATED);
      expect(page).toContain("Just right");
      expect(page).toContain("Verified buyer");
      expect(page).toMatch(/"aggregateRating":\{"@type":"AggregateRating","ratingValue":5/);
      const listing = (await pageText(instance.url, `/shop/${product.category.slug}`)).html;
      expect(card(listing, product.slug)).toContain(RATED);
      expect(listing).toMatch(/data-testid="listing-rating"[\s\S]{0,200}Rated 5 out of 5 from 1 review/);
      const home = (await pageText(instance.url, "/")).html;
      expect(home).toMatch(/data-testid="shop-rating"[\s\S]{0,400}Rated 5 out of 5 from 1 review/);
      const api = await (await fetch(`${instance.url}/api/products/${product.slug}/reviews`)).json();
      expect(api).toMatchObject({ total: 1, reviews: [{ title: "Just right", author: "Robin A.", verifiedBuyer: true }] });
    }

    // Hidden through B: gone from A's pages at the next request.
    expect((await send(`${b.url}/api/admin/reviews/${review.json.id}`, "PATCH", { action: "hide", reason: "off_topic" }, auth)).status).toBe(200);
    for (const path of pages) expect((await pageText(a.url, path)).html).not.toContain(RATED);
    expect((await pageText(a.url, `/product/${product.slug}`)).html).not.toContain("aggregateRating");
  }, 180_000);
});
