import { SignJWT } from "jose";
import { issueApiToken } from "@/lib/auth/session-service";
import { createAdminApiFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Every admin endpoint of spec §7 refuses a request without credentials, with
 * a bad token and with a deleted admin's token — 401 JSON — and changes nothing.
 */
type Handler = Parameters<typeof call>[0];
type Endpoint = { name: string; load: () => Promise<Handler>; url: string; method: string; params?: Record<string, string>; body?: unknown; form?: boolean };

let db: TestDatabase;
let ids: { product: number; category: number; order: number; customer: number; admin: number };
let deletedAdminToken: string;

beforeAll(async () => {
  db = await createTestDatabase();
  const fixture = await createAdminApiFixture(db.prisma);
  const gone = await db.prisma.adminUser.create({ data: { username: "gone", email: "gone@example.com", passwordHash: "x" } });
  deletedAdminToken = await issueApiToken(gone);
  await db.prisma.adminUser.delete({ where: { id: gone.id } });
  ids = fixture.ids;
});
afterAll(() => db?.cleanup());

const P = () => ({ product: String(ids.product), category: String(ids.category), order: String(ids.order), customer: String(ids.customer), admin: String(ids.admin) });

const endpoints = (): Endpoint[] => [
  { name: "GET /api/admin/verify-token", load: async () => (await import("@/app/api/admin/verify-token/route")).GET, url: "/api/admin/verify-token", method: "GET" },
  { name: "GET /api/admin/stats", load: async () => (await import("@/app/api/admin/stats/route")).GET, url: "/api/admin/stats", method: "GET" },
  { name: "GET /api/orders", load: async () => (await import("@/app/api/orders/route")).GET, url: "/api/orders?limit=5", method: "GET" },
  { name: "DELETE /api/orders/{id}", load: async () => (await import("@/app/api/orders/[id]/route")).DELETE, url: `/api/orders/${P().order}`, method: "DELETE", params: { id: P().order } },
  {
    name: "PATCH /api/orders/{id}/status",
    load: async () => (await import("@/app/api/orders/[id]/status/route")).PATCH,
    url: `/api/orders/${P().order}/status`,
    method: "PATCH",
    params: { id: P().order },
    body: { status: "cancelled" },
  },
  { name: "GET /api/admin/products", load: async () => (await import("@/app/api/admin/products/route")).GET, url: "/api/admin/products?limit=50", method: "GET" },
  {
    name: "POST /api/products",
    load: async () => (await import("@/app/api/products/route")).POST,
    url: "/api/products",
    method: "POST",
    body: { name: "Intruder", price: "1.00", categoryId: ids.category, description: "x", images: [{ url: "/x.webp", width: 1, height: 1 }] },
  },
  {
    name: "PUT /api/products/{id}",
    load: async () => (await import("@/app/api/products/[slug]/route")).PUT,
    url: `/api/products/${P().product}`,
    method: "PUT",
    params: { slug: P().product },
    body: { name: "Renamed", price: "1.00" },
  },
  {
    name: "DELETE /api/products/{id}",
    load: async () => (await import("@/app/api/products/[slug]/route")).DELETE,
    url: `/api/products/${P().product}`,
    method: "DELETE",
    params: { slug: P().product },
  },
  { name: "POST /api/upload", load: async () => (await import("@/app/api/upload/route")).POST, url: "/api/upload", method: "POST", form: true },
  { name: "POST /api/upload-image", load: async () => (await import("@/app/api/upload-image/route")).POST, url: "/api/upload-image", method: "POST", form: true },
  { name: "GET /api/admin/categories", load: async () => (await import("@/app/api/admin/categories/route")).GET, url: "/api/admin/categories", method: "GET" },
  { name: "POST /api/categories", load: async () => (await import("@/app/api/categories/route")).POST, url: "/api/categories", method: "POST", body: { name: "Intruders" } },
  {
    name: "PUT /api/categories/{id}",
    load: async () => (await import("@/app/api/categories/[id]/route")).PUT,
    url: `/api/categories/${P().category}`,
    method: "PUT",
    params: { id: P().category },
    body: { active: false },
  },
  {
    name: "DELETE /api/categories/{id}",
    load: async () => (await import("@/app/api/categories/[id]/route")).DELETE,
    url: `/api/categories/${P().category}`,
    method: "DELETE",
    params: { id: P().category },
  },
  { name: "GET /api/admin/customers", load: async () => (await import("@/app/api/admin/customers/route")).GET, url: "/api/admin/customers", method: "GET" },
  {
    name: "PUT /api/admin/customers/{id}",
    load: async () => (await import("@/app/api/admin/customers/[id]/route")).PUT,
    url: `/api/admin/customers/${P().customer}`,
    method: "PUT",
    params: { id: P().customer },
    body: { firstName: "Hacked", lastName: "X", newsletterSubscribed: true },
  },
  {
    name: "DELETE /api/admin/customers/{id}",
    load: async () => (await import("@/app/api/admin/customers/[id]/route")).DELETE,
    url: `/api/admin/customers/${P().customer}`,
    method: "DELETE",
    params: { id: P().customer },
  },
  { name: "GET /api/admin/users", load: async () => (await import("@/app/api/admin/users/route")).GET, url: "/api/admin/users", method: "GET" },
  {
    name: "POST /api/admin/users",
    load: async () => (await import("@/app/api/admin/users/route")).POST,
    url: "/api/admin/users",
    method: "POST",
    body: { username: "evil", email: "evil@example.com", password: "secret123" },
  },
  {
    name: "PUT /api/admin/users/{id}",
    load: async () => (await import("@/app/api/admin/users/[id]/route")).PUT,
    url: `/api/admin/users/${P().admin}`,
    method: "PUT",
    params: { id: P().admin },
    body: { username: "owned", email: "keeper@example.com" },
  },
  {
    name: "DELETE /api/admin/users/{id}",
    load: async () => (await import("@/app/api/admin/users/[id]/route")).DELETE,
    url: `/api/admin/users/${P().admin}`,
    method: "DELETE",
    params: { id: P().admin },
  },
];

async function snapshot() {
  const p = db.prisma;
  return JSON.stringify([
    await p.product.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, active: true } }),
    await p.category.findMany({ orderBy: { id: "asc" }, select: { id: true, name: true, active: true } }),
    await p.order.findMany({ orderBy: { id: "asc" }, select: { id: true, status: true } }),
    await p.customer.findMany({ orderBy: { id: "asc" } }),
    await p.adminUser.findMany({ orderBy: { id: "asc" }, select: { id: true, username: true, email: true } }),
  ]);
}

const badCredentials = (): Array<[string, Record<string, string>]> => [
  ["no credentials", {}],
  ["a malformed token", { authorization: "Bearer not-a-token" }],
  ["a token signed with another secret", { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl" }],
  ["a deleted admin's token", { authorization: `Bearer ${deletedAdminToken}` }],
  ["a session cookie that is not ours", { cookie: "next-auth.session-token=forged" }],
];

describe("every admin endpoint refuses requests without valid credentials", () => {
  it("answers 401 JSON and changes nothing", async () => {
    const before = await snapshot();
    const uploadsBefore = await db.prisma.productImage.count();
    let checked = 0;
    for (const endpoint of endpoints()) {
      const handler = await endpoint.load();
      for (const [label, headers] of badCredentials()) {
        let rawBody: string | undefined;
        if (endpoint.form) {
          const form = new FormData();
          form.append(endpoint.name.endsWith("upload") ? "images" : "image", new File([new Uint8Array([137, 80, 78, 71])], "x.png", { type: "image/png" }));
          const res = await handler(new (await import("next/server")).NextRequest(new URL(endpoint.url, "http://localhost:3000"), { method: "POST", body: form, headers }), {
            params: Promise.resolve({}),
          });
          expect({ endpoint: endpoint.name, label, status: res.status }).toEqual({ endpoint: endpoint.name, label, status: 401 });
          checked++;
          continue;
        }
        const res = await call(handler, endpoint.url, { method: endpoint.method, body: endpoint.body, rawBody, params: endpoint.params, headers });
        expect({ endpoint: endpoint.name, label, status: res.status }).toEqual({ endpoint: endpoint.name, label, status: 401 });
        expect(res.json.message).toBe("Authentication required");
        checked++;
      }
    }
    expect(checked).toBe(endpoints().length * badCredentials().length);
    expect(await snapshot()).toBe(before);
    expect(await db.prisma.productImage.count()).toBe(uploadsBefore);
  });

  it("lets a valid token through (the same table, as a control)", async () => {
    const admin = await db.prisma.adminUser.findUniqueOrThrow({ where: { id: ids.admin } });
    const token = await issueApiToken(admin);
    const verify = (await import("@/app/api/admin/verify-token/route")).GET;
    expect((await call(verify, "/api/admin/verify-token", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(admin.id))
      .setAudience("maple-micron-admin-api")
      .setIssuedAt(0)
      .setExpirationTime(1)
      .sign(new TextEncoder().encode("maple-and-micron-development-only-secret"));
    expect((await call(verify, "/api/admin/verify-token", { headers: { authorization: `Bearer ${expired}` } })).status).toBe(401);
  });
});
