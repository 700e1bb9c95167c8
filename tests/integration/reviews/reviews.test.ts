/**
 * Verified-buyer reviews: a delivered order's buyer reviews a line
 * through its signed link, once; links that are expired, used, another order's
 * or for an undelivered order are refused with a clear message; the maker
 * approves, hides (for a content reason, audited) or replies; only approved
 * reviews count, and the product, its category, the shop and the JSON-LD show
 * the real average. Route modules are imported after the environment is set.
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { issueApiToken } from "@/lib/auth/session-service";
import { productJsonLd } from "@/lib/seo/json-ld";
import { siteOrganizationJsonLd } from "@/lib/seo/site-json-ld";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { checkOrganization, checkProduct } from "@/tests/helpers/rich-results";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";
import { revalidatedTags } from "@/tests/mocks/next-cache";

process.env.RATE_LIMIT_SCALE = "1";
process.env.RATE_LIMIT_REVIEW = "3/1h";

type Handler = Parameters<typeof call>[0];
let db: TestDatabase;
let postReview: Handler;
let getReviews: Handler;
let adminList: Handler;
let moderate: Handler;
let getProduct: Handler;
let links: typeof import("@/lib/reviews/links");
let queries: typeof import("@/lib/catalog/queries");
let reviewQueries: typeof import("@/lib/reviews/queries");
let auth: Record<string, string>;
let uploads: string;
const previousUploads = process.env.UPLOADS_DIR;
const lines: Record<string, { id: number; orderNumber: string }> = {};

const address = { line1: "1 Main", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };

async function createOrder(orderNumber: string, status: "delivered" | "shipped", products: string[], buyer = { firstName: "Dana", lastName: "reyes-Smith", email: "dana@example.com" }) {
  const rows = await db.prisma.product.findMany({ where: { slug: { in: products } } });
  const order = await db.prisma.order.create({
    data: {
      orderNumber,
      ...buyer,
      status,
      shippingAddress: address,
      billingAddress: address,
      subtotal: "100.00",
      shipping: "0.00",
      shippingService: "USPS_GROUND_ADVANTAGE",
      tax: "0.00",
      total: "100.00",
      items: { create: rows.map((p) => ({ productId: p.id, productName: p.name, price: p.price, quantity: 1, total: p.price })) },
    },
    include: { items: { include: { product: true } } },
  });
  for (const item of order.items) lines[`${orderNumber}:${item.product!.slug}`] = { id: item.id, orderNumber };
  return order;
}

const line = (orderNumber: string, slug: string) => lines[`${orderNumber}:${slug}`];
const tokenFor = (orderNumber: string, slug: string, now?: Date) => links.signReviewToken({ orderItemId: line(orderNumber, slug).id, orderNumber }, now);
const valid = { rating: 4, title: "Lovely grain", body: "The walnut glows in the evening light, and the finish is smooth." };
const submit = (body: unknown, ip: string) => call(postReview, "/api/reviews", { body, headers: fromClient(ip) });
const patch = (id: number | string, body: unknown, headers = auth) => call(moderate, `/api/admin/reviews/${id}`, { method: "PATCH", body, params: { id: String(id) }, headers });

beforeAll(async () => {
  uploads = await mkdtemp(path.join(os.tmpdir(), "mm-review-photos-"));
  process.env.UPLOADS_DIR = uploads;
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  postReview = (await import("@/app/api/reviews/route")).POST as Handler;
  getReviews = (await import("@/app/api/products/[slug]/reviews/route")).GET as Handler;
  adminList = (await import("@/app/api/admin/reviews/route")).GET as Handler;
  moderate = (await import("@/app/api/admin/reviews/[id]/route")).PATCH as Handler;
  getProduct = (await import("@/app/api/products/[slug]/route")).GET as Handler;
  links = await import("@/lib/reviews/links");
  queries = await import("@/lib/catalog/queries");
  reviewQueries = await import("@/lib/reviews/queries");
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };
  await createOrder("ORD-DELIVERED", "delivered", ["black-walnut-salad-bowl", "dowel-jig", "sold-cherry-bowl"]);
  await createOrder("ORD-SHIPPED", "shipped", ["maple-nesting-bowls"]);
  await createOrder("ORD-OTHER", "delivered", ["black-walnut-salad-bowl", "track-saw-square"], { firstName: "Lee", lastName: "Okafor", email: "lee@example.com" });
});
afterAll(async () => {
  process.env.UPLOADS_DIR = previousUploads;
  await rm(uploads, { recursive: true, force: true });
  await db?.cleanup();
});

/** The review form's multipart body: the fields, and files in `photos`. */
async function submitForm(fields: Record<string, string>, photos: File[], ip: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const photo of photos) form.append("photos", photo);
  const req = new NextRequest(new URL("/api/reviews", "http://localhost:3000"), { method: "POST", body: form, headers: fromClient(ip) });
  const res = await postReview(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}
const photo = async (name: string, width = 2400, height = 1600) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: { r: 150, g: 100, b: 50 } } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    name,
    { type: "image/jpeg" },
  );
/** Every stored file under the uploads folder, as "folder/name" (the review photos' folder included). */
const storedFiles = async () =>
  (await readdir(uploads, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && !e.name.startsWith("."))
    .map((e) => path.relative(uploads, path.join(e.parentPath, e.name)).split(path.sep).join("/"));

describe("without reviews", () => {
  it("a product carries no rating: zero counts, no aggregateRating or review in its JSON-LD, an empty review list", async () => {
    const product = (await call(getProduct, "/api/products/dowel-jig", { params: { slug: "dowel-jig" } })).json;
    expect(product).toMatchObject({ reviewCount: 0, reviewStarTotal: 0 });
    const jsonLd = productJsonLd(product);
    expect(jsonLd).not.toHaveProperty("aggregateRating");
    expect(jsonLd).not.toHaveProperty("review");
    expect(checkProduct(jsonLd)).toEqual([]);
    const list = await call(getReviews, "/api/products/dowel-jig/reviews", { params: { slug: "dowel-jig" } });
    expect(list.status).toBe(200);
    expect(list.json).toEqual({ reviews: [], total: 0, page: 1, pageSize: 20, pages: 1 });
    expect(siteOrganizationJsonLd("https://shop.example")).not.toHaveProperty("aggregateRating");
  });
});

describe("a buyer's review through the emailed link", () => {
  let reviewId: number;

  it("is stored pending under the buyer's first name and last initial, and the maker is emailed", async () => {
    const token = await tokenFor("ORD-DELIVERED", "black-walnut-salad-bowl");
    const res = await submit({ ...valid, orderNumber: "ORD-DELIVERED", token }, "203.0.113.10");
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "pending", message: "Thank you! Your review will appear once the maker has read it." });
    reviewId = res.json.id;
    const stored = await db.prisma.review.findUniqueOrThrow({ where: { id: reviewId } });
    expect(stored).toMatchObject({ orderItemId: line("ORD-DELIVERED", "black-walnut-salad-bowl").id, rating: 4, title: "Lovely grain", authorName: "Dana R.", status: "pending" });
    const email = await db.prisma.emailMessage.findFirstOrThrow({ where: { subject: "New review of Black Walnut Salad Bowl (4 of 5 stars)" } });
    expect(email.to).toBe("hello@maplemicron.com");
    expect(email.text).toContain("The walnut glows");
    // Pending: not counted, not listed.
    expect(await db.prisma.product.findUniqueOrThrow({ where: { slug: "black-walnut-salad-bowl" } })).toMatchObject({ reviewCount: 0, reviewStarTotal: 0 });
    expect((await call(getReviews, "/api/products/black-walnut-salad-bowl/reviews", { params: { slug: "black-walnut-salad-bowl" } })).json.reviews).toEqual([]);
  });

  it("a second use of the link is refused and stores nothing", async () => {
    const token = await tokenFor("ORD-DELIVERED", "black-walnut-salad-bowl");
    const res = await submit({ ...valid, title: "Again", orderNumber: "ORD-DELIVERED", token }, "203.0.113.11");
    expect(res.status).toBe(409);
    expect(res.json.message).toBe("This review link has already been used: you have reviewed this purchase. Thank you!");
    expect(await db.prisma.review.count({ where: { orderItemId: line("ORD-DELIVERED", "black-walnut-salad-bowl").id } })).toBe(1);
  });

  it("refuses a link for an undelivered order, another order's, an expired one and a forged one", async () => {
    const before = await db.prisma.review.count();
    const shipped = await submit({ ...valid, orderNumber: "ORD-SHIPPED", token: await tokenFor("ORD-SHIPPED", "maple-nesting-bowls") }, "203.0.113.12");
    expect(shipped.status).toBe(403);
    expect(shipped.json.message).toBe("You can review this purchase once your order has been delivered.");

    const foreign = await submit({ ...valid, orderNumber: "ORD-DELIVERED", token: await tokenFor("ORD-OTHER", "track-saw-square") }, "203.0.113.13");
    expect(foreign.status).toBe(403);
    expect(foreign.json.message).toBe("This review link is for another order.");

    const longAgo = new Date(Date.now() - (links.REVIEW_LINK_DAYS + 1) * 86_400_000);
    const expired = await submit({ ...valid, orderNumber: "ORD-DELIVERED", token: await tokenFor("ORD-DELIVERED", "dowel-jig", longAgo) }, "203.0.113.14");
    expect(expired.status).toBe(400);
    expect(expired.json.message).toBe("This review link has expired. Please contact us if you would still like to review your purchase.");

    const good = await tokenFor("ORD-DELIVERED", "dowel-jig");
    const forged = await submit({ ...valid, orderNumber: "ORD-DELIVERED", token: good.slice(0, -3) + (good.endsWith("AAA") ? "BBB" : "AAA") }, "203.0.113.15");
    expect(forged.status).toBe(400);
    expect(forged.json.message).toBe("This review link is not valid. Please use the link from your email.");
    expect(await db.prisma.review.count()).toBe(before);
  });

  it("refuses bad fields with the form's messages, and malformed bodies, storing nothing", async () => {
    const before = await db.prisma.review.count();
    const token = await tokenFor("ORD-DELIVERED", "dowel-jig");
    const bad = await submit({ orderNumber: "ORD-DELIVERED", token, rating: 6, title: "  ", body: "Too short" }, "203.0.113.16");
    expect(bad.status).toBe(400);
    expect(bad.json.fields).toEqual({ rating: "Choose from 1 to 5 stars", title: "Give your review a title", body: "Your review must be at least 10 characters" });
    const long = await submit({ ...valid, orderNumber: "ORD-DELIVERED", token, body: "x".repeat(2001) }, "203.0.113.17");
    expect(long.status).toBe(400);
    expect(long.json.fields.body).toBe("Your review can be at most 2,000 characters");
    const fractional = await submit({ ...valid, rating: 4.5, orderNumber: "ORD-DELIVERED", token }, "203.0.113.18");
    expect(fractional.status).toBe(400);
    const malformed = await call(postReview, "/api/reviews", { rawBody: "{nope", headers: fromClient("203.0.113.19") });
    expect(malformed.status).toBe(400);
    const noToken = await submit({ ...valid, orderNumber: "ORD-DELIVERED" }, "203.0.113.20");
    expect(noToken.status).toBe(400);
    expect(await db.prisma.review.count()).toBe(before);
  });

  it("is rate-limited per client (RATE_LIMIT_REVIEW)", async () => {
    const body = { ...valid, orderNumber: "ORD-DELIVERED", token: "x" };
    for (let i = 0; i < 3; i++) expect((await submit(body, "198.51.100.7")).status).toBe(400);
    const refused = await submit(body, "198.51.100.7");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBeTruthy();
  });

  it("text is kept as written (no markup interpreted) and links stay plain text in the API", async () => {
    const token = await tokenFor("ORD-DELIVERED", "dowel-jig");
    const res = await submit({ rating: 2, title: "<b>Hm</b>", body: "See <script>alert(1)</script> https://spam.example/buy now", orderNumber: "ORD-DELIVERED", token }, "203.0.113.21");
    expect(res.status).toBe(201);
    const email = await db.prisma.emailMessage.findFirstOrThrow({ where: { subject: "New review of Dowel Jig (2 of 5 stars)" } });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
    expect(email.html).not.toContain('href="https://spam.example');
  });

  it("the form's multipart body carries up to 3 photos, content-checked and resized as the admin's uploads", async () => {
    const fields = { ...valid, rating: "5", orderNumber: "ORD-OTHER", token: await tokenFor("ORD-OTHER", "track-saw-square") };
    const before = await db.prisma.review.count();

    const tooMany = await submitForm(fields, await Promise.all([1, 2, 3, 4].map((i) => photo(`p${i}.jpg`, 40, 40))), "203.0.113.30");
    expect(tooMany.status).toBe(413);
    expect(tooMany.json.message).toBe("You can add at most 3 photos.");
    const disguised = await submitForm(fields, [await photo("ok.jpg", 40, 40), new File([new TextEncoder().encode("<?php echo 1; ?>")], "shell.jpg", { type: "image/jpeg" })], "203.0.113.31");
    expect(disguised.status).toBe(400);
    expect(disguised.json.message).toBe("File shell.jpg is not an image.");
    const badFields = await submitForm({ ...fields, rating: "five" }, [await photo("ok.jpg", 40, 40)], "203.0.113.32");
    expect(badFields.status).toBe(400);
    expect(badFields.json.fields.rating).toBe("Choose from 1 to 5 stars");
    const badLink = await submitForm({ ...fields, token: "nope" }, [await photo("ok.jpg", 40, 40)], "203.0.113.33");
    expect(badLink.status).toBe(400);
    expect(await db.prisma.review.count()).toBe(before);
    expect(await storedFiles()).toEqual([]); // nothing stored for a refused review

    const res = await submitForm(fields, [await photo("square in use.jpg"), await photo("detail.jpg", 800, 600)], "203.0.113.34");
    expect(res.status).toBe(201);
    const review = await db.prisma.review.findUniqueOrThrow({ where: { id: res.json.id } });
    expect(review).toMatchObject({ rating: 5, authorName: "Lee O." });
    const photos = review.photos as Array<{ url: string; width: number; height: number; thumbUrl: string }>;
    // In the review photos' folder, each with its small copy (shown on the page, never through the optimizer).
    expect(photos).toEqual([
      { url: expect.stringMatching(/^\/uploads\/reviews\/[0-9a-f]{32}\.webp$/), width: 2000, height: 1333, thumbUrl: expect.stringMatching(/^\/uploads\/reviews\/[0-9a-f]{32}\.webp$/) },
      { url: expect.stringMatching(/^\/uploads\/reviews\/[0-9a-f]{32}\.webp$/), width: 800, height: 600, thumbUrl: expect.stringMatching(/^\/uploads\/reviews\/[0-9a-f]{32}\.webp$/) },
    ]);
    expect((await storedFiles()).sort()).toEqual(
      photos
        .flatMap((p) => [p.url, p.thumbUrl])
        .map((u) => u.replace("/uploads/", ""))
        .sort(),
    );
    expect(await sharp(path.join(uploads, photos[0].thumbUrl.replace("/uploads/", ""))).metadata()).toMatchObject({ width: 576, height: 384, format: "webp" });

    const json = await submit({ ...valid, orderNumber: "ORD-DELIVERED", token: "x" }, "203.0.113.35");
    expect(json.status).toBe(400); // the JSON body still works as before (and carries no photos)
  });

  describe("moderation", () => {
    beforeEach(() => {
      revalidatedTags.length = 0;
    });

    it("approving counts it: the product's average, its page's reviews, the category's and the shop's average, the JSON-LD", async () => {
      const res = await patch(reviewId, { action: "approve" });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: reviewId, status: "approved" });
      expect(revalidatedTags).toEqual(expect.arrayContaining(["products", "product:black-walnut-salad-bowl", "gallery"]));

      // A second buyer's 5 stars on the same bowl: 4 and 5 → 4.5.
      const other = await submit({ ...valid, rating: 5, title: "Perfect", orderNumber: "ORD-OTHER", token: await tokenFor("ORD-OTHER", "black-walnut-salad-bowl") }, "203.0.113.22");
      expect((await patch(other.json.id, { action: "approve" })).status).toBe(200);

      const product = await queries.getProductBySlug("black-walnut-salad-bowl");
      expect(product).toMatchObject({ reviewCount: 2, reviewStarTotal: 9 });
      const card = (await queries.listProducts({ category: "wood-bowls" })).products.find((p) => p.slug === "black-walnut-salad-bowl")!;
      expect(card).toMatchObject({ reviewCount: 2, reviewStarTotal: 9 });

      const list = await call(getReviews, "/api/products/black-walnut-salad-bowl/reviews", { params: { slug: "black-walnut-salad-bowl" } });
      expect(list.json.total).toBe(2);
      expect(list.json.reviews.map((r: { author: string }) => r.author)).toEqual(["Lee O.", "Dana R."]);
      expect(list.json.reviews[1]).toEqual({
        id: reviewId,
        rating: 4,
        title: "Lovely grain",
        body: valid.body,
        photos: [],
        author: "Dana R.",
        verifiedBuyer: true,
        createdAt: expect.any(String),
        reply: null,
        repliedAt: null,
      });
      expect(JSON.stringify(list.json)).not.toMatch(/dana@example|Reyes|ORD-/i);

      const totals = await reviewQueries.getRatingTotals();
      expect(totals.categories["wood-bowls"]).toEqual({ count: 2, starTotal: 9 });
      expect(totals.shop).toEqual({ count: 2, starTotal: 9 });

      const jsonLd = productJsonLd(product!, list.json.reviews);
      expect(jsonLd.aggregateRating).toEqual({ "@type": "AggregateRating", ratingValue: 4.5, bestRating: 5, worstRating: 1, ratingCount: 2, reviewCount: 2 });
      expect(jsonLd.review).toHaveLength(2);
      expect(checkProduct(jsonLd)).toEqual([]);
      const org = siteOrganizationJsonLd("https://shop.example", totals.shop);
      expect(org.aggregateRating).toMatchObject({ ratingValue: 4.5, ratingCount: 2 });
      expect(checkOrganization(org)).toEqual([]);
    });

    it("a reply shows under the review; hiding takes it out of the average, with its reason in the audit log", async () => {
      expect((await patch(reviewId, { action: "reply", reply: "Thank you, Dana!" })).status).toBe(200);
      let list = await call(getReviews, "/api/products/black-walnut-salad-bowl/reviews", { params: { slug: "black-walnut-salad-bowl" } });
      expect(list.json.reviews.find((r: { id: number }) => r.id === reviewId)).toMatchObject({ reply: "Thank you, Dana!", repliedAt: expect.any(String) });

      const hidden = await patch(reviewId, { action: "hide", reason: "personal_data" });
      expect(hidden.status).toBe(200);
      expect(hidden.json).toMatchObject({ status: "hidden", hiddenReason: "Contains personal data" });
      expect(await db.prisma.product.findUniqueOrThrow({ where: { slug: "black-walnut-salad-bowl" } })).toMatchObject({ reviewCount: 1, reviewStarTotal: 5 });
      list = await call(getReviews, "/api/products/black-walnut-salad-bowl/reviews", { params: { slug: "black-walnut-salad-bowl" } });
      expect(list.json.reviews.map((r: { id: number }) => r.id)).not.toContain(reviewId);

      const audit = await db.prisma.auditLog.findMany({ where: { entityType: "review", entityId: String(reviewId) }, orderBy: { id: "asc" } });
      expect(audit.map((a) => a.action)).toEqual(["approve", "reply", "hide"]);
      expect(audit[2]).toMatchObject({ adminName: "maker", before: { status: "approved", hiddenReason: null }, after: { status: "hidden", hiddenReason: "Contains personal data" } });
    });

    it("a sold one-of-a-kind piece keeps its reviews", async () => {
      const res = await submit({ ...valid, rating: 5, orderNumber: "ORD-DELIVERED", token: await tokenFor("ORD-DELIVERED", "sold-cherry-bowl") }, "203.0.113.23");
      expect((await patch(res.json.id, { action: "approve" })).status).toBe(200);
      expect(await queries.getProductBySlug("sold-cherry-bowl")).toMatchObject({ sold: true, reviewCount: 1, reviewStarTotal: 5 });
      const gallery = await queries.listGalleryItems();
      expect(gallery.find((g) => g.slug === "sold-cherry-bowl")).toMatchObject({ reviewCount: 1, reviewStarTotal: 5 });
    });

    it("the admin list is by status, newest first; bad input is a clear 4xx and changes nothing", async () => {
      const pending = await call(adminList, "/api/admin/reviews?status=pending", { headers: auth });
      expect(pending.status).toBe(200);
      expect(pending.json.reviews.map((r: { title: string; author: string }) => `${r.author}: ${r.title}`)).toEqual(["Lee O.: Lovely grain", "Dana R.: <b>Hm</b>"]);
      expect((await call(adminList, "/api/admin/reviews?status=five-stars", { headers: auth })).status).toBe(400);
      expect((await call(adminList, "/api/admin/reviews?rating=5", { headers: auth })).status).toBe(200);
      expect((await call(adminList, "/api/admin/reviews")).status).toBe(401);

      const id = pending.json.reviews[0].id;
      expect((await patch(id, { action: "approve" }, {})).status).toBe(401);
      const badAction = await patch(id, { action: "publish-if-5-stars" });
      expect(badAction.status).toBe(400);
      expect((await patch(id, { action: "hide" })).status).toBe(400);
      expect((await patch(id, { action: "hide", reason: "low_rating" })).status).toBe(400);
      expect((await patch("abc", { action: "approve" })).status).toBe(404);
      expect((await patch(999999, { action: "approve" })).status).toBe(404);
      expect((await call(moderate, `/api/admin/reviews/${id}`, { method: "PATCH", rawBody: "{", params: { id: String(id) }, headers: auth })).status).toBe(400);
      expect(await db.prisma.review.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", hiddenReason: null, reply: null });

      // The review with photos, approved: its photos are listed with it.
      expect((await patch(id, { action: "approve" })).status).toBe(200);
      const list = await call(getReviews, "/api/products/track-saw-square/reviews", { params: { slug: "track-saw-square" } });
      expect(list.json.reviews[0].photos).toEqual([expect.objectContaining({ width: 2000, height: 1333 }), expect.objectContaining({ width: 800, height: 600 })]);
    });

    it("the public list refuses bad pages and unknown products", async () => {
      const params = { slug: "black-walnut-salad-bowl" };
      for (const q of ["?page=0", "?page=abc", "?page=1&page=2", "?page=-1", "?page=1.5"]) {
        expect((await call(getReviews, `/api/products/black-walnut-salad-bowl/reviews${q}`, { params })).status).toBe(400);
      }
      expect((await call(getReviews, "/api/products/black-walnut-salad-bowl/reviews?page=9", { params })).json).toMatchObject({ reviews: [], page: 9 });
      expect((await call(getReviews, "/api/products/nope/reviews", { params: { slug: "nope" } })).status).toBe(404);
      expect((await call(getReviews, "/api/products/retired-jig/reviews", { params: { slug: "retired-jig" } })).status).toBe(404);
    });
  });
});
