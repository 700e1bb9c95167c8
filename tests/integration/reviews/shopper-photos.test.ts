/**
 * Shoppers' photos (items 6 and 8): a review's photos are public only while the review
 * is published (hidden or pending: 404 from /uploads and never handed to the image optimizer;
 * published again: back); a failure after the photos are written leaves neither a row nor a file;
 * files nobody owns are swept after a day; and one client address can send only so many photos a
 * day (429, nothing stored). Route modules are imported after the environment is set.
 */
import { mkdir, mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { hasLocalMatch } from "next/dist/shared/lib/match-local-pattern";
import sharp from "sharp";
import { issueApiToken } from "@/lib/auth/session-service";
import { IMAGE_LOCAL_PATTERNS } from "@/lib/images/loader";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

process.env.RATE_LIMIT_SCALE = "1";

// The real CDN purge (no CDN configured here: it sends nothing), watched: a hide must hand it the review's photo URLs.
jest.mock("@/lib/cdn/purge-service", () => {
  const actual = jest.requireActual("@/lib/cdn/purge-service");
  return { ...actual, purgeUploadUrls: jest.fn(actual.purgeUploadUrls) };
});

type Handler = Parameters<typeof call>[0];
let db: TestDatabase;
let postReview: Handler;
let postCommission: Handler;
let moderate: Handler;
let getUpload: Handler;
let links: typeof import("@/lib/reviews/links");
let auth: Record<string, string>;
let uploads: string;
const previousUploads = process.env.UPLOADS_DIR;
const address = { line1: "1 Main", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };

beforeAll(async () => {
  uploads = await mkdtemp(path.join(os.tmpdir(), "mm-shopper-photos-"));
  process.env.UPLOADS_DIR = uploads;
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  postReview = (await import("@/app/api/reviews/route")).POST as Handler;
  postCommission = (await import("@/app/api/commissions/route")).POST as Handler;
  moderate = (await import("@/app/api/admin/reviews/[id]/route")).PATCH as Handler;
  getUpload = (await import("@/app/uploads/[...path]/route")).GET as unknown as Handler;
  links = await import("@/lib/reviews/links");
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };
});
afterAll(async () => {
  process.env.UPLOADS_DIR = previousUploads;
  await rm(uploads, { recursive: true, force: true });
  await db?.cleanup();
});

let orders = 0;
/** A delivered order of one product; its line's signed review link. */
async function reviewLink(slug = "track-saw-square") {
  const product = await db.prisma.product.findUniqueOrThrow({ where: { slug } });
  const orderNumber = `ORD-PHOTO-${++orders}`;
  const order = await db.prisma.order.create({
    data: {
      orderNumber,
      firstName: "Dana",
      lastName: "Reyes",
      email: "dana@example.com",
      status: "delivered",
      shippingAddress: address,
      billingAddress: address,
      subtotal: "100.00",
      shipping: "0.00",
      shippingService: "USPS_GROUND_ADVANTAGE",
      tax: "0.00",
      total: "100.00",
      items: { create: [{ productId: product.id, productName: product.name, price: product.price, quantity: 1, total: product.price }] },
    },
    include: { items: true },
  });
  return { orderNumber, token: await links.signReviewToken({ orderItemId: order.items[0].id, orderNumber }) };
}

async function postForm(handler: Handler, url: string, fields: Record<string, string>, photos: File[], ip: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const photo of photos) form.append("photos", photo);
  const res = await handler(new NextRequest(new URL(url, "http://localhost:3000"), { method: "POST", body: form, headers: fromClient(ip) }), { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json(), headers: res.headers };
}
const photo = async (name: string, width = 900, height = 600) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    name,
    { type: "image/jpeg" },
  );
const review = { rating: "5", title: "Square and true", body: "Checked it against my machinist square: dead on." };
const commission = { name: "Robin Ash", email: "robin@example.com", description: "A salad bowl in black walnut, about 12 inches across.", budget: "150_300" };
const storedFiles = async () =>
  (await readdir(uploads, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => path.relative(uploads, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
const fetchUpload = (url: string, headers: Record<string, string> = {}) => call(getUpload, url, { params: { path: url.replace("/uploads/", "").split("/") } as never, headers });
const patch = (id: number, body: unknown) => call(moderate, `/api/admin/reviews/${id}`, { method: "PATCH", body, params: { id: String(id) }, headers: auth });

describe("a review's photos are public only while the review is published (item 6)", () => {
  it("pending: 404; approved: 200 with a short cache; hidden: 404 (photo and small copy), audited; approved again: 200", async () => {
    const link = await reviewLink();
    const res = await postForm(postReview, "/api/reviews", { ...review, ...link }, [await photo("kitchen.jpg")], "198.51.100.1");
    expect(res.status).toBe(201);
    const row = await db.prisma.review.findUniqueOrThrow({ where: { id: res.json.id } });
    const [stored] = row.photos as Array<{ url: string; thumbUrl: string }>;
    const urls = [stored.url, stored.thumbUrl];

    for (const url of urls) expect((await fetchUpload(url)).status).toBe(404); // waiting for the maker
    for (const url of urls) expect(await fetchUpload(url, auth)).toMatchObject({ status: 200 }); // the maker sees it to moderate
    expect((await fetchUpload(stored.url, auth)).headers.get("cache-control")).toBe("private, no-store");

    expect((await patch(row.id, { action: "approve" })).status).toBe(200);
    for (const url of urls) {
      const shown = await fetchUpload(url);
      expect(shown.status).toBe(200);
      expect(shown.headers.get("content-type")).toBe("image/webp");
      expect(shown.headers.get("cache-control")).toBe("public, max-age=300"); // not a year, immutable: a hide takes effect
    }

    // The hide purges the photo URLs at the CDN in front (lib/cdn/purge-service.ts purgeUploadUrls, tested against a Varnish).
    const expired = (await import("@/lib/cdn/purge-service")).purgeUploadUrls as jest.Mock;
    expired.mockClear();
    expect((await patch(row.id, { action: "hide", reason: "personal_data" })).status).toBe(200);
    expect(expired.mock.calls).toEqual([[urls]]);
    for (const url of urls) {
      const hidden = await fetchUpload(url);
      expect(hidden.status).toBe(404);
      expect(hidden.headers.get("cache-control")).toBe("no-store");
    }
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "review", entityId: String(row.id), action: "hide" } });
    expect(audit.after).toMatchObject({ status: "hidden" });

    expect((await patch(row.id, { action: "approve" })).status).toBe(200);
    for (const url of urls) expect((await fetchUpload(url)).status).toBe(200);
  });

  it("a photo sent before the review folder existed (beside the maker's uploads) follows its review too; the maker's own uploads cache forever", async () => {
    const write = async (name: string) =>
      sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
        .webp()
        .toFile(path.join(uploads, name));
    await write("1111111111111111aaaaaaaaaaaaaaaa.webp");
    await write("2222222222222222bbbbbbbbbbbbbbbb.webp");
    const link = await reviewLink("black-walnut-salad-bowl");
    const item = await db.prisma.orderItem.findFirstOrThrow({ where: { order: { orderNumber: link.orderNumber } } });
    const legacy = await db.prisma.review.create({
      data: {
        orderItemId: item.id,
        productId: item.productId,
        rating: 4,
        title: "Old photo",
        body: "Sent before photos had a folder.",
        authorName: "Dana R.",
        status: "hidden",
        photos: [{ url: "/uploads/1111111111111111aaaaaaaaaaaaaaaa.webp", width: 10, height: 10 }],
      },
    });
    expect((await fetchUpload("/uploads/1111111111111111aaaaaaaaaaaaaaaa.webp")).status).toBe(404);
    await db.prisma.review.update({ where: { id: legacy.id }, data: { status: "approved" } });
    expect((await fetchUpload("/uploads/1111111111111111aaaaaaaaaaaaaaaa.webp")).headers.get("cache-control")).toBe("public, max-age=300");
    const makers = await fetchUpload("/uploads/2222222222222222bbbbbbbbbbbbbbbb.webp");
    expect([makers.status, makers.headers.get("cache-control")]).toEqual([200, "public, max-age=31536000, immutable"]);
  });

  it("the image optimizer never takes a review photo (its copies would outlive a hide); the maker's uploads and commission photos it still takes", async () => {
    const patterns = IMAGE_LOCAL_PATTERNS; // next.config.ts images.localPatterns
    for (const url of ["/uploads/reviews/0123456789abcdef0123456789abcdef.webp", "/uploads/reviews/a/b.webp", "/uploads/reviews/x.webp?v=1"])
      expect([url, hasLocalMatch(patterns, url)]).toEqual([url, false]);
    for (const url of ["/uploads/0123456789abcdef0123456789abcdef.webp", "/uploads/commissions/0123456789abcdef0123456789abcdef.webp", "/demo/products/walnut-bowl-1.webp", "/icons/icon-192.png"])
      expect([url, hasLocalMatch(patterns, url)]).toEqual([url, true]);
  });

  it("a file in the review folder that no review holds is not served", async () => {
    const res = await postForm(postCommission, "/api/commissions", commission, [await photo("slab.jpg")], "198.51.100.2");
    expect(res.status).toBe(201);
    const [stored] = (await db.prisma.commission.findUniqueOrThrow({ where: { reference: res.json.reference } })).photos as Array<{ url: string }>;
    expect((await fetchUpload(stored.url)).status).toBe(200); // a commission photo (the maker's board shows it)
    const stray = path.join(uploads, "reviews", "fedcba9876543210fedcba9876543210.webp");
    await mkdir(path.dirname(stray), { recursive: true });
    await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
      .webp()
      .toFile(stray);
    try {
      expect((await fetchUpload("/uploads/reviews/fedcba9876543210fedcba9876543210.webp")).status).toBe(404);
    } finally {
      await rm(stray);
    }
  });
});

describe("no file without its row (item 8)", () => {
  const failInserts = async (table: "Review" | "Commission") => {
    await db.prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION mm_test_fail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disk on fire'; END $$ LANGUAGE plpgsql`);
    await db.prisma.$executeRawUnsafe(`CREATE TRIGGER mm_test_fail BEFORE INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION mm_test_fail()`);
    return () => db.prisma.$executeRawUnsafe(`DROP TRIGGER mm_test_fail ON "${table}"`);
  };

  it("a review whose row cannot be written leaves no photo file (and no row)", async () => {
    const link = await reviewLink("dowel-jig");
    const before = { files: await storedFiles(), rows: await db.prisma.review.count() };
    const restore = await failInserts("Review");
    try {
      const res = await postForm(postReview, "/api/reviews", { ...review, ...link }, [await photo("a.jpg"), await photo("b.jpg")], "198.51.100.3");
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await db.prisma.review.count()).toBe(before.rows);
    expect(await storedFiles()).toEqual(before.files);
  });

  it("a commission whose row cannot be written leaves no photo file (and no row)", async () => {
    const before = { files: await storedFiles(), rows: await db.prisma.commission.count() };
    const restore = await failInserts("Commission");
    try {
      const res = await postForm(postCommission, "/api/commissions", commission, [await photo("a.jpg"), await photo("b.jpg"), await photo("c.jpg")], "198.51.100.4");
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await db.prisma.commission.count()).toBe(before.rows);
    expect(await storedFiles()).toEqual(before.files);
  });

  it("the hourly upkeep deletes a day-old photo file no row owns, and keeps owned, younger and the maker's files", async () => {
    const { runMaintenance } = await import("@/lib/maintenance/prune-service");
    const owned = await storedFiles();
    const write = async (name: string) => {
      const file = path.join(uploads, name);
      await mkdir(path.dirname(file), { recursive: true });
      await sharp({ create: { width: 10, height: 10, channels: 3, background: "#000" } })
        .webp()
        .toFile(file);
      return file;
    };
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    for (const name of [
      "reviews/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp",
      "commissions/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp",
      "reviews/cccccccccccccccccccccccccccccccc.webp.123.tmp",
      "dddddddddddddddddddddddddddddddd.webp",
    ]) {
      await utimes(await write(name), old, old);
    }
    await write("reviews/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.webp"); // written a moment ago: its row may be on its way
    for (const file of owned) await utimes(path.join(uploads, file), old, old);

    expect((await runMaintenance()).orphanPhotos).toBe(3);
    expect((await storedFiles()).sort()).toEqual([...owned, "dddddddddddddddddddddddddddddddd.webp", "reviews/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.webp"].sort());
  });
});

describe("photos one client address may send in a day (item 8)", () => {
  it("commissions: 15 photos a day; the next is a 429 that stores nothing, and another address is not affected", async () => {
    const ip = "198.51.100.20";
    const five = async () => Promise.all([1, 2, 3, 4, 5].map((i) => photo(`p${i}.jpg`, 40, 40)));
    for (let i = 0; i < 3; i++) expect((await postForm(postCommission, "/api/commissions", commission, await five(), ip)).status).toBe(201);
    const before = { files: await storedFiles(), rows: await db.prisma.commission.count() };
    const refused = await postForm(postCommission, "/api/commissions", commission, [await photo("one-more.jpg", 40, 40)], ip);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^That is more photos than we can take from one address in a day\. Please try again in \d+ hours, or send it without photos\.$/);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3600);
    expect(await storedFiles()).toEqual(before.files);
    expect(await db.prisma.commission.count()).toBe(before.rows);
    // Without photos the request still goes through; from another address, with photos too.
    expect((await postForm(postCommission, "/api/commissions", commission, [], ip)).status).toBe(201);
    expect((await postForm(postCommission, "/api/commissions", commission, [await photo("p.jpg", 40, 40)], "198.51.100.21")).status).toBe(201);
  });

  it("reviews: 12 photos a day; a refused review (a used link) does not count its photos", async () => {
    const ip = "198.51.100.30";
    const three = async () => Promise.all([1, 2, 3].map((i) => photo(`p${i}.jpg`, 40, 40)));
    const used = await reviewLink("maple-nesting-bowls");
    expect((await postForm(postReview, "/api/reviews", { ...review, ...used }, await three(), ip)).status).toBe(201);
    for (let i = 0; i < 4; i++) expect((await postForm(postReview, "/api/reviews", { ...review, ...used }, await three(), ip)).status).toBe(409); // counted, then given back
    for (let i = 0; i < 3; i++) expect((await postForm(postReview, "/api/reviews", { ...review, ...(await reviewLink("maple-nesting-bowls")) }, await three(), ip)).status).toBe(201);
    const before = { files: await storedFiles(), rows: await db.prisma.review.count() };
    const refused = await postForm(postReview, "/api/reviews", { ...review, ...(await reviewLink("maple-nesting-bowls")) }, [await photo("p.jpg", 40, 40)], ip);
    expect(refused.status).toBe(429);
    expect(refused.json.fields.photos).toBe(refused.json.message);
    expect(await storedFiles()).toEqual(before.files);
    expect(await db.prisma.review.count()).toBe(before.rows);
  });

  it("bytes count too: 60 MB of review photos a day", async () => {
    const { takePhotoAllowance } = await import("@/lib/rate-limit/public-limits");
    const req = { headers: new Headers(fromClient("198.51.100.40")) };
    const MB = 1024 * 1024;
    await takePhotoAllowance("review", req, [{ size: 25 * MB }, { size: 25 * MB }]);
    await expect(takePhotoAllowance("review", req, [{ size: 11 * MB }])).rejects.toMatchObject({ code: "rate_limited" });
    await takePhotoAllowance("review", req, [{ size: 10 * MB }]); // what was refused did not count
  });
});
