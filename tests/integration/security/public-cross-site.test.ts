import { readdirSync, readFileSync, statSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 54, finding 1: another site's page must not be able to make its visitors'
 * browsers post the shop's public forms (a `no-cors` multipart POST needs no
 * preflight). Every public write answers 403 to a foreign `Origin` and to
 * `Sec-Fetch-Site: cross-site`, before anything is read, stored or emailed; this
 * site's pages and clients without either header (curl, API clients) still work;
 * webhooks and the RFC 8058 one-click unsubscribe (mail providers' servers) are
 * exempt. The first test reads app/api so that a new public write cannot be left out.
 */
type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Endpoint = { route: string; method: string; params?: Record<string, string>; body?: unknown; form?: Record<string, string> };

const SITE = "http://localhost:3000";
const CROSS_SITE = "Cross-site request refused: this form must be sent from this site.";
let db: TestDatabase;
let mailbox: string;
let productId: number;
const previous = { mailbox: process.env.DEV_MAILBOX_DIR };

beforeAll(async () => {
  mailbox = await mkdtemp(path.join(os.tmpdir(), "mm-cross-site-"));
  process.env.DEV_MAILBOX_DIR = mailbox;
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  productId = (await db.prisma.product.findFirstOrThrow({ where: { slug: "dowel-jig" } })).id;
});
afterAll(async () => {
  process.env.DEV_MAILBOX_DIR = previous.mailbox;
  await rm(mailbox, { recursive: true, force: true });
  await db?.cleanup();
});

const commission = { name: "Robin Ash", email: "victim@example.com", description: "Buy cheap watches at evil.example, best prices anywhere!", budget: "unsure" };
const contact = { name: "Robin Ash", email: "victim@example.com", subject: "Hello there", message: "Buy cheap watches at evil.example" };
const cartLine = { sessionId: "s".repeat(24), productId: 1, quantity: 1 };

/** Every public write, each with a body it would accept (or at least read) from this site. */
const endpoints = (): Endpoint[] => [
  { route: "admin/forgot-password", method: "POST", body: { email: "boss@example.com" } },
  { route: "admin/login", method: "POST", body: { username: "boss", password: "secret123" } },
  { route: "admin/reset-password", method: "POST", body: { token: "x", password: "secret1234" } },
  { route: "auth/[...nextauth]", method: "POST", params: { nextauth: "callback/credentials" } as never, form: { username: "boss", password: "secret123" } },
  { route: "cart", method: "POST", body: { ...cartLine, productId } },
  { route: "cart", method: "PUT", body: { ...cartLine, productId } },
  { route: "cart/[sessionId]/[productId]", method: "DELETE", params: { sessionId: cartLine.sessionId, productId: String(productId) } },
  { route: "cart/check", method: "POST", body: { items: [{ productId, quantity: 1 }] } },
  { route: "commissions", method: "POST", body: commission },
  { route: "commissions", method: "POST", form: commission },
  { route: "commissions/reply", method: "POST", body: { reference: "COM-00000000", token: "x", body: "Hello again" } },
  { route: "contact", method: "POST", body: contact },
  { route: "create-payment-intent", method: "POST", body: { items: [{ productId, quantity: 1 }] } },
  { route: "discount-codes/check", method: "POST", body: { code: "WELCOME", items: [{ productId, quantity: 1 }], email: "victim@example.com" } },
  { route: "newsletter/confirm", method: "POST", body: { token: "x" } },
  { route: "shipping/rates", method: "POST", body: { items: [{ productId, quantity: 1 }], shippingAddress: { line1: "1 Main St", city: "Asheville", state: "NC", postalCode: "28801" } } },
  { route: "shipping/estimate", method: "POST", body: { items: [{ productId, quantity: 1 }] } },
  { route: "newsletter/resubscribe/[token]", method: "POST", params: { token: "t".repeat(43) } },
  { route: "newsletter/subscribe", method: "POST", body: { email: "victim@example.com" } },
  { route: "order-status", method: "POST", body: { orderNumber: "ORD-1", email: "victim@example.com" } },
  { route: "orders", method: "POST", body: {} },
  { route: "payments/test/confirm", method: "POST", body: {} },
  { route: "quotes/[token]/payment", method: "POST", params: { token: "x.y" }, body: {} },
  { route: "reviews", method: "POST", form: { token: "x", rating: "5", body: "Lovely piece of work" } },
];
/** Not browser forms: a signature or an unguessable token is the authority, and the sender is a server. */
const EXEMPT = ["POST newsletter/unsubscribe/[token]", "POST webhooks/easypost", "POST webhooks/resend", "POST webhooks/stripe"];

const load = async (route: string, method: string) => ((await import(`@/app/api/${route}/route`)) as Record<string, Handler>)[method];

async function send(endpoint: Endpoint, headers: Record<string, string>) {
  const all: Record<string, string> = { ...headers };
  let body: BodyInit | undefined;
  if (endpoint.form) {
    const form = new FormData();
    for (const [k, v] of Object.entries(endpoint.form)) form.set(k, v);
    body = form;
  } else if (endpoint.body !== undefined) {
    body = JSON.stringify(endpoint.body);
    all["content-type"] = "application/json";
  }
  const url = `/api/${endpoint.route.replace(/\[\.{3}(\w+)\]|\[(\w+)\]/g, (_, rest, name) => endpoint.params?.[rest ?? name] ?? "x")}`;
  const req = new NextRequest(new URL(url, SITE), { method: endpoint.method, body, headers: all });
  const params = endpoint.route.startsWith("auth/") ? { nextauth: ["callback", "credentials"] } : (endpoint.params ?? {});
  const res = await (await load(endpoint.route, endpoint.method))(req, { params: Promise.resolve(params as Record<string, string>) });
  const text = await res.text();
  let message: unknown;
  try {
    message = (JSON.parse(text) as { message?: string }).message;
  } catch {
    message = text;
  }
  return { status: res.status, message };
}

async function snapshot() {
  const p = db.prisma;
  return JSON.stringify({
    commissions: await p.commission.count(),
    contact: await p.contactMessage.count(),
    subscribers: await p.newsletterSubscriber.findMany({ orderBy: { id: "asc" } }),
    emails: await p.emailMessage.count(),
    mailbox: readdirSync(mailbox).length,
    carts: await p.cartItem.findMany({ orderBy: { id: "asc" } }),
    orders: await p.order.count(),
    reviews: await p.review.count(),
    rateLimits: await p.rateLimit.count(),
  });
}

/** Every exported write handler under app/api that is not an admin route (those are tests/integration/security/admin-same-origin.test.ts's). */
function publicWrites(): string[] {
  const root = path.join(process.cwd(), "app/api");
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === "route.ts") {
        const source = readFileSync(full, "utf8");
        const route = path.relative(root, dir).split(path.sep).join("/");
        // Each exported statement runs to the next export.
        for (const statement of source.split(/\n(?=export )/)) {
          const [, method, rest] = /^export const (POST|PUT|PATCH|DELETE)\b([\s\S]*)/.exec(statement) ?? [];
          if (method && !/^\s*=\s*withAdminRoute\b/.test(rest)) found.push(`${method} ${route}${rest.includes('crossSite: "allow"') ? " (allowed)" : ""}`);
        }
        for (const [, names] of source.matchAll(/export \{([^}]*)\}/g)) {
          for (const [, method] of names.matchAll(/as (POST|PUT|PATCH|DELETE)\b/g)) found.push(`${method} ${route}`);
        }
      }
    }
  };
  walk(root);
  return [...new Set(found)].sort();
}

describe("public writes refuse other sites' pages", () => {
  it("covers every public write route under app/api", () => {
    const covered = [...new Set(endpoints().map((e) => `${e.method} ${e.route}`)), ...EXEMPT.map((e) => `${e} (allowed)`)].sort();
    expect(publicWrites()).toEqual(covered);
  });

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["a look-alike Origin", { origin: "http://localhost:3000.evil.example" }],
    ["Origin: null (a sandboxed frame)", { origin: "null" }],
    ["Sec-Fetch-Site: cross-site without Origin", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: cross-site with this site's Origin", { origin: SITE, "sec-fetch-site": "cross-site" }],
  ])("%s: 403 on every public write, and no row, email or rate-limit count", async (_label, headers) => {
    const before = await snapshot();
    for (const endpoint of endpoints()) {
      const res = await send(endpoint, headers);
      expect({ endpoint: `${endpoint.method} ${endpoint.route}`, ...res }).toEqual({ endpoint: `${endpoint.method} ${endpoint.route}`, status: 403, message: CROSS_SITE });
    }
    expect(await snapshot()).toBe(before);
  });

  it("this site's forms and clients without Origin still work", async () => {
    const [json, form] = endpoints().filter((e) => e.route === "commissions");
    const contactForm = endpoints().find((e) => e.route === "contact")!;
    const subscribe = endpoints().find((e) => e.route === "newsletter/subscribe")!;
    expect((await send(json, { origin: SITE, "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await send(form, { "sec-fetch-site": "same-origin" })).status).toBe(201);
    expect((await send(form, { origin: "http://shop.test:8080", host: "shop.test:8080" })).status).toBe(201);
    expect((await send(json, {})).status).toBe(201); // curl, an API client
    expect((await send(json, { "sec-fetch-site": "none" })).status).toBe(201); // typed or bookmarked
    expect((await send(contactForm, { origin: SITE })).status).toBe(201);
    expect((await send(subscribe, { origin: SITE })).status).toBe(200);
    expect(await db.prisma.commission.count()).toBe(5);
  });

  it("webhooks and the one-click unsubscribe are not refused for their Origin", async () => {
    const unsubscribe = await load("newsletter/unsubscribe/[token]", "POST");
    const req = new NextRequest(new URL(`/api/newsletter/unsubscribe/${"u".repeat(43)}`, SITE), {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example", "sec-fetch-site": "cross-site" },
    });
    expect((await unsubscribe(req, { params: Promise.resolve({ token: "u".repeat(43) }) })).status).toBe(404); // an unknown token, not refused for its Origin
    const stripe = await load("webhooks/stripe", "POST");
    const hook = new NextRequest(new URL("/api/webhooks/stripe", SITE), { method: "POST", body: "{}", headers: { origin: "https://evil.example", "stripe-signature": "t=1,v1=x" } });
    expect((await stripe(hook, { params: Promise.resolve({}) })).status).not.toBe(403); // its signature decides
  });
});
