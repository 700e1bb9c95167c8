import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { encode } from "next-auth/jwt";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { authSecret } from "@/lib/auth/secret";
import { issueApiToken, startAdminSession } from "@/lib/auth/session-service";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Finding 9: admin writes authenticated by the session cookie must come from
 * this site (Origin, or Sec-Fetch-Site when Origin is absent) with the route's
 * body type (JSON; multipart for uploads), else 403 and nothing changes.
 * Bearer-token clients are not checked. Every admin write endpoint is tried.
 */
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Endpoint = { name: string; load: () => Promise<Handler>; url: string; method: string; params?: Record<string, string>; body?: () => unknown; form?: string; ok: number };

const SITE = "http://localhost:3000";
let db: TestDatabase;
let uploadsDir: string;
let cookie: string;
let bearer: string;
let ids: { product: number; category: number; productCategory: number; order: number; customer: number; admin: number };
let png: Buffer;
const previousUploadsDir = process.env.UPLOADS_DIR;

beforeAll(async () => {
  uploadsDir = await mkdtemp(path.join(os.tmpdir(), "mm-same-origin-"));
  process.env.UPLOADS_DIR = uploadsDir;
  db = await createTestDatabase();
  const { categories } = await createCatalogFixture(db.prisma);
  const product = await db.prisma.product.findFirstOrThrow({ where: { slug: "dowel-jig" } });
  const category = await db.prisma.category.create({ data: { name: "Empty shelf", slug: "empty-shelf" } });
  const customer = await db.prisma.customer.create({ data: { email: "c@example.com" } });
  const address = { line1: "1 Main", city: "X", state: "NC", postalCode: "28801", country: "US" };
  const order = await db.prisma.order.create({
    data: {
      orderNumber: "ORD-1",
      customerId: customer.id,
      firstName: "A",
      lastName: "B",
      email: "c@example.com",
      status: "confirmed",
      shippingAddress: address,
      billingAddress: address,
      subtotal: "10.00",
      shipping: "15.99",
      shippingService: "USPS_GROUND_ADVANTAGE",
      tax: "0.00",
      total: "25.99",
    },
  });
  const boss = await db.prisma.adminUser.create({ data: { username: "boss", email: "boss@example.com", passwordHash: "x" } });
  const keeper = await db.prisma.adminUser.create({ data: { username: "keeper", email: "keeper@example.com", passwordHash: "x" } });
  ids = { product: product.id, category: category.id, productCategory: categories.jigs.id, order: order.id, customer: customer.id, admin: keeper.id };
  const sessionId = await startAdminSession(boss.id, "browser", { userAgent: null, ipAddress: null }, 3600);
  const session = await encode({ token: { sub: String(boss.id), email: boss.email, name: boss.username, adminId: boss.id, sessionVersion: boss.sessionVersion, sessionId }, secret: authSecret() });
  cookie = `next-auth.session-token=${session}`;
  bearer = `Bearer ${await issueApiToken(boss)}`;
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  process.env.UPLOADS_DIR = previousUploadsDir;
  await rm(uploadsDir, { recursive: true, force: true });
  await db?.cleanup();
});

/** Every admin write, in an order in which each one succeeds once when allowed. */
const endpoints = (): Endpoint[] => {
  const s = (n: number) => String(n);
  return [
    {
      name: "POST /api/products",
      load: async () => (await import("@/app/api/products/route")).POST,
      url: "/api/products",
      method: "POST",
      body: () => ({ name: `New ${Math.random()}`, price: "1.00", categoryId: ids.productCategory, description: "x", images: [{ url: "/x.webp", width: 1, height: 1 }] }),
      ok: 201,
    },
    {
      name: "PUT /api/products/{id}",
      load: async () => (await import("@/app/api/products/[slug]/route")).PUT,
      url: `/api/products/${ids.product}`,
      method: "PUT",
      params: { slug: s(ids.product) },
      body: () => ({ name: "Renamed", price: "1.00" }),
      ok: 200,
    },
    {
      name: "DELETE /api/products/{id}",
      load: async () => (await import("@/app/api/products/[slug]/route")).DELETE,
      url: `/api/products/${ids.product}`,
      method: "DELETE",
      params: { slug: s(ids.product) },
      ok: 200,
    },
    { name: "POST /api/upload", load: async () => (await import("@/app/api/upload/route")).POST, url: "/api/upload", method: "POST", form: "images", ok: 200 },
    { name: "POST /api/upload-image", load: async () => (await import("@/app/api/upload-image/route")).POST, url: "/api/upload-image", method: "POST", form: "image", ok: 200 },
    {
      name: "POST /api/categories",
      load: async () => (await import("@/app/api/categories/route")).POST,
      url: "/api/categories",
      method: "POST",
      body: () => ({ name: `Shelf ${Math.random().toString(36).slice(2, 8)}` }),
      ok: 201,
    },
    {
      name: "PUT /api/categories/{id}",
      load: async () => (await import("@/app/api/categories/[id]/route")).PUT,
      url: `/api/categories/${ids.category}`,
      method: "PUT",
      params: { id: s(ids.category) },
      body: () => ({ active: false }),
      ok: 200,
    },
    {
      name: "PATCH /api/orders/{id}/status",
      load: async () => (await import("@/app/api/orders/[id]/status/route")).PATCH,
      url: `/api/orders/${ids.order}/status`,
      method: "PATCH",
      params: { id: s(ids.order) },
      body: () => ({ status: "cancelled" }),
      ok: 200,
    },
    {
      name: "DELETE /api/orders/{id}",
      load: async () => (await import("@/app/api/orders/[id]/route")).DELETE,
      url: `/api/orders/${ids.order}`,
      method: "DELETE",
      params: { id: s(ids.order) },
      ok: 200,
    },
    {
      name: "PUT /api/admin/customers/{id}",
      load: async () => (await import("@/app/api/admin/customers/[id]/route")).PUT,
      url: `/api/admin/customers/${ids.customer}`,
      method: "PUT",
      params: { id: s(ids.customer) },
      body: () => ({ firstName: "Changed", lastName: "X", newsletterSubscribed: true }),
      ok: 200,
    },
    {
      name: "DELETE /api/admin/customers/{id}",
      load: async () => (await import("@/app/api/admin/customers/[id]/route")).DELETE,
      url: `/api/admin/customers/${ids.customer}`,
      method: "DELETE",
      params: { id: s(ids.customer) },
      ok: 200,
    },
    {
      name: "POST /api/admin/users",
      load: async () => (await import("@/app/api/admin/users/route")).POST,
      url: "/api/admin/users",
      method: "POST",
      body: () => ({ username: `u${Math.random().toString(36).slice(2, 8)}`, email: `u${Math.random().toString(36).slice(2, 8)}@example.com`, password: "secret123" }),
      ok: 201,
    },
    {
      name: "PUT /api/admin/users/{id}",
      load: async () => (await import("@/app/api/admin/users/[id]/route")).PUT,
      url: `/api/admin/users/${ids.admin}`,
      method: "PUT",
      params: { id: s(ids.admin) },
      body: () => ({ username: "renamed", email: "keeper@example.com" }),
      ok: 200,
    },
    {
      name: "DELETE /api/categories/{id}",
      load: async () => (await import("@/app/api/categories/[id]/route")).DELETE,
      url: `/api/categories/${ids.category}`,
      method: "DELETE",
      params: { id: s(ids.category) },
      ok: 200,
    },
    {
      name: "DELETE /api/admin/users/{id}",
      load: async () => (await import("@/app/api/admin/users/[id]/route")).DELETE,
      url: `/api/admin/users/${ids.admin}`,
      method: "DELETE",
      params: { id: s(ids.admin) },
      ok: 200,
    },
  ];
};

/** Sends an endpoint's request: JSON (or a multipart image) unless `contentType` says otherwise. */
async function send(endpoint: Endpoint, headers: Record<string, string>, contentType?: string) {
  let body: BodyInit | undefined;
  const allHeaders: Record<string, string> = { ...headers };
  if (endpoint.form) {
    const form = new FormData();
    form.append(endpoint.form, new File([png as Uint8Array<ArrayBuffer>], "x.png", { type: "image/png" }));
    body = form;
  } else if (endpoint.body) {
    body = JSON.stringify(endpoint.body());
    allHeaders["content-type"] = "application/json";
  }
  if (contentType) {
    body = endpoint.form ? "images=x" : JSON.stringify(endpoint.body?.() ?? {});
    allHeaders["content-type"] = contentType;
  }
  const req = new NextRequest(new URL(endpoint.url, SITE), { method: endpoint.method, body, headers: allHeaders });
  const res = await (await endpoint.load())(req, { params: Promise.resolve(endpoint.params ?? {}) });
  const text = await res.text();
  return { status: res.status, message: text ? (JSON.parse(text) as { message?: string }).message : undefined };
}

async function snapshot() {
  const p = db.prisma;
  return JSON.stringify([
    await p.product.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, active: true } }),
    await p.category.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, active: true } }),
    await p.order.findMany({ orderBy: { id: "asc" }, select: { id: true, status: true } }),
    await p.customer.findMany({ orderBy: { id: "asc" } }),
    await p.adminUser.findMany({ orderBy: { id: "asc" }, select: { id: true, username: true, email: true } }),
    await p.productImage.count(),
  ]);
}

const CROSS_ORIGIN = "Cross-origin request refused: admin changes must come from this site.";

describe("cookie-authenticated admin writes must be same-origin", () => {
  it("refuses foreign, null and missing origins and wrong content types with 403, changing nothing", async () => {
    const before = await snapshot();
    const cases: Array<[string, Record<string, string>, string | undefined, string]> = [
      ["a foreign Origin", { cookie, origin: "https://evil.example" }, undefined, CROSS_ORIGIN],
      ["a look-alike Origin", { cookie, origin: "http://localhost:3000.evil.example" }, undefined, CROSS_ORIGIN],
      ["Origin: null (sandboxed frame)", { cookie, origin: "null" }, undefined, CROSS_ORIGIN],
      ["no Origin, Sec-Fetch-Site: cross-site", { cookie, "sec-fetch-site": "cross-site" }, undefined, CROSS_ORIGIN],
      ["no Origin and no Sec-Fetch-Site", { cookie }, undefined, CROSS_ORIGIN],
      ["an Origin that matches neither the URL nor the Host", { cookie, origin: "http://127.0.0.1:3204", host: "localhost:3000" }, undefined, CROSS_ORIGIN],
      ["a foreign Origin sending text/plain", { cookie, origin: "https://evil.example" }, "text/plain", CROSS_ORIGIN],
      ["same origin but text/plain", { cookie, origin: SITE }, "text/plain", "text/plain"],
      ["same origin but a url-encoded form", { cookie, origin: SITE }, "application/x-www-form-urlencoded", "form"],
    ];
    let checked = 0;
    for (const endpoint of endpoints()) {
      for (const [label, headers, contentType, expected] of cases) {
        // A DELETE carries no body, so there is no content type to check.
        if (contentType && endpoint.method === "DELETE") continue;
        const res = await send(endpoint, headers, contentType);
        expect({ endpoint: endpoint.name, label, status: res.status }).toEqual({ endpoint: endpoint.name, label, status: 403 });
        if (expected === CROSS_ORIGIN) expect(res.message).toBe(CROSS_ORIGIN);
        else expect(res.message).toMatch(endpoint.form ? /multipart\/form-data/ : /application\/json/);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(90);
    expect(await snapshot()).toBe(before);
  });

  it("accepts same-origin JSON (and multipart for uploads) from the admin UI", async () => {
    for (const endpoint of endpoints()) {
      const res = await send(endpoint, { cookie, origin: SITE });
      expect({ endpoint: endpoint.name, status: res.status }).toEqual({ endpoint: endpoint.name, status: endpoint.ok });
    }
  });

  it("accepts an Origin matching the Host header (next start builds req.url from its own hostname)", async () => {
    const [create] = endpoints();
    expect((await send(create, { cookie, origin: "http://127.0.0.1:3204", host: "127.0.0.1:3204" })).status).toBe(201);
  });

  it("accepts Sec-Fetch-Site: same-origin when Origin is absent", async () => {
    const [create] = endpoints();
    expect((await send(create, { cookie, "sec-fetch-site": "same-origin" })).status).toBe(201);
  });

  it("does not check bearer-token clients, whatever their Origin", async () => {
    for (const endpoint of endpoints().filter((e) => e.method === "POST")) {
      const res = await send(endpoint, { authorization: bearer, origin: "https://evil.example" });
      expect({ endpoint: endpoint.name, status: res.status }).toEqual({ endpoint: endpoint.name, status: endpoint.ok });
    }
  });

  it("leaves reads (GET) unchecked", async () => {
    const list = (await import("@/app/api/admin/categories/route")).GET as Handler;
    const res = await list(new NextRequest(new URL("/api/admin/categories", SITE), { headers: { cookie, origin: "https://evil.example" } }), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
  });
});
