import { readdirSync } from "node:fs";
import path from "node:path";
import { issueApiToken } from "@/lib/auth/session-service";
import { createAdminApiFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Table-driven fuzzing of every route module under app/api: each exported
 * method gets hostile values — numbers out of range, NUL bytes, malformed
 * percent-encoding, over-long strings, wrong types — in every query
 * parameter, path segment and body field, as an admin (bearer token) and
 * anonymously. Every answer must be < 500 with a JSON `message` when it is an
 * error. Prints how many cases ran per route and class.
 */
type Handler = Parameters<typeof call>[0];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Case = { where: "query" | "path" | "body"; klass: string; field: string; value: unknown; url: string; params: Record<string, string>; rawBody?: string; contentType?: string };

const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const API_DIR = path.join(process.cwd(), "app/api");
/** next-auth's own handler (GET/POST /api/auth/*) is the library's, not a route of ours. */
const NOT_OURS = new Set(["auth/[...nextauth]"]);
/**
 * Routes whose success can end the caller's session (Logout, Sign out everywhere, ending a session, a new password for
 * an admin — the fixture's own id among them): a fresh token after each admin case, so the next case and the routes
 * after them are fuzzed signed in.
 */
const ENDS_SESSIONS = /^admin\/(logout|sessions\/|users\/)/;

/** The hostile text values, by class (query parameters and path segments arrive as text). */
const TEXT_CLASSES: Record<string, string[]> = {
  "number out of range": ["99999999999999999999999", "9007199254740993", "2147483648", "-1", "-0", "1.5", "1e309", "-1e309", "Infinity", "NaN", "0x10"],
  "NUL byte": ["\u0000", "a\u0000b", "%00", "1\u0000"],
  "malformed percent-encoding": ["%E0%A4%A", "%ff", "%", "%%", "%C0%AF", "%uD800"],
  "over-long string": ["x".repeat(5_000), "9".repeat(5_000), "-".repeat(100_000)],
  "wrong type": ["", " ", "[]", "{}", "null", "true", "undefined", "a,b"],
};

/**
 * The hostile JSON values, by class, for body fields (raw JSON text, so 1e309 survives).
 * NUL bytes inside JSON strings are refused once, by readJson (lib/http.ts), and tested there.
 */
const JSON_CLASSES: Record<string, string[]> = {
  "number out of range": ["99999999999999999999999", "9007199254740993", "2147483648", "-2147483649", "-1", "1.5", "1e309", "-1e309", "0.0000001"],
  "over-long string": [JSON.stringify("x".repeat(20_000)), JSON.stringify("9".repeat(400))],
  "wrong type": ["null", "true", "[]", "{}", "[1,2]", '"text"', "0", '{"$gt":""}'],
  "malformed percent-encoding": [JSON.stringify("%E0%A4%A"), JSON.stringify("%ff")],
  "NUL byte": [JSON.stringify("a\u0000b")],
};

/** Query parameters each listing endpoint reads, with a valid value each. */
const QUERIES: Record<string, Record<string, string>> = {
  "GET products": { category: "jigs", search: "bowl", featured: "true", sort: "newest", limit: "5", offset: "0", exclude: "dowel-jig" },
  "GET admin/products": { search: "bowl", limit: "10" },
  "GET orders": { status: "all", limit: "5" },
  "GET products/[slug]/reviews": { page: "1" },
  "GET admin/reviews": { status: "pending" },
  "DELETE cart/[sessionId]/[productId]": { variantId: "1" },
};

let db: TestDatabase;
let adminToken: string;
let newAdminToken: () => Promise<string>;
let ids: Record<string, string>;

/** A valid body per route, so a hostile value in one field is the only thing wrong. */
function validBody(key: string): Record<string, unknown> | undefined {
  const address = { line1: "1 Main St", city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
  const bodies: Record<string, Record<string, unknown>> = {
    "POST admin/forgot-password": { email: "nobody@example.com" },
    "POST admin/login": { email: "nobody@example.com", password: "wrong-password" },
    "POST admin/reset-password": { token: "x".repeat(40), password: "new-password-123" },
    "POST admin/users": { username: "fuzzer", email: "fuzzer@example.com", password: "secret12345" },
    "PUT admin/users/[id]": { username: "keeper", email: "keeper@example.com", password: "" },
    "PUT admin/customers/[id]": { firstName: "A", lastName: "B", newsletterSubscribed: false },
    "POST cart": { sessionId: "fuzz_session", productId: Number(ids.product), variantId: null, quantity: 1 },
    "PUT cart": { sessionId: "fuzz_session", productId: Number(ids.product), variantId: null, quantity: 1 },
    "POST cart/check": { items: [{ productId: Number(ids.product), variantId: null, quantity: 1 }] },
    "POST categories": { name: "Fuzz Category", sortOrder: 3, active: true },
    "PUT categories/[id]": { name: "Jigs & Fixtures", sortOrder: 0, active: true },
    "POST contact": { name: "A", email: "a@example.com", subject: "Hi", message: "Hello there, a question." },
    "POST create-payment-intent": { sessionId: "fuzz_session", items: [{ productId: Number(ids.product), quantity: 1 }], email: "a@example.com", shippingAddress: address, amount: 100 },
    "POST newsletter/subscribe": { email: "fuzz@example.com" },
    "POST orders": { paymentIntentId: "pi_fuzz_123", email: "a@example.com", firstName: "A", lastName: "B", phone: null, newsletter: false },
    "PATCH orders/[id]/status": { status: "processing" },
    "POST payments/test/confirm": { clientSecret: "pi_fuzz_secret_123456", card: { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" } },
    "POST products": { name: "Fuzz Product", price: "12.50", categoryId: Number(ids.category), description: "x", images: [{ url: "/x.webp", width: 10, height: 10 }], options: [], variants: [] },
    "PUT products/[slug]": { name: "Dowel Jig", price: "24.00", categoryId: Number(ids.category), images: ["/x.webp"], featured: false },
    "POST webhooks/stripe": { id: "evt_1", type: "payment_intent.succeeded" },
    "POST reviews": { orderNumber: "ORD-FUZZ-1", token: "x".repeat(40), rating: 4, title: "Fine", body: "A fine piece, well made." },
    "PATCH admin/reviews/[id]": { action: "hide", reason: "spam" },
  };
  return bodies[key];
}

/** A valid value for a path segment, by its name and route. */
function validParam(route: string, name: string): string {
  if (name === "sessionId") return "fuzz_session";
  if (name === "productId") return ids.product;
  if (name === "slug") return route.startsWith("products") ? "dowel-jig" : "x";
  if (route.startsWith("orders")) return ids.order;
  if (route.startsWith("categories")) return ids.category;
  if (route.startsWith("admin/customers")) return ids.customer;
  if (route.startsWith("admin/users")) return ids.admin;
  return "1";
}

function routeFiles(dir = API_DIR): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [path.relative(API_DIR, dir)] : [];
  });
}

const paramNames = (route: string) => [...route.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]);

function urlFor(route: string, params: Record<string, string>, query?: URLSearchParams): string {
  const pathname = `/api/${route.replace(/\[([^\]]+)\]/g, (_, name: string) => encodeURIComponent(params[name]))}`;
  const search = query?.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Every hostile case for one route and method. */
function casesFor(route: string, method: Method): Case[] {
  const key = `${method} ${route}`;
  const baseParams = Object.fromEntries(paramNames(route).map((n) => [n, validParam(route, n)]));
  const baseQuery = QUERIES[key] ?? {};
  const cases: Case[] = [];
  for (const [klass, values] of Object.entries(TEXT_CLASSES)) {
    for (const value of values) {
      for (const name of paramNames(route)) {
        const params = { ...baseParams, [name]: value };
        cases.push({ where: "path", klass, field: name, value, url: urlFor(route, params), params });
      }
      // Known parameters, plus one the route does not read; each also given twice.
      for (const name of [...Object.keys(baseQuery), "unexpected"]) {
        const query = new URLSearchParams({ ...baseQuery, [name]: value });
        cases.push({ where: "query", klass, field: name, value, url: urlFor(route, baseParams, query), params: baseParams });
        const doubled = new URLSearchParams(query);
        doubled.append(name, value);
        cases.push({ where: "query", klass: "wrong type", field: `${name} (twice)`, value, url: urlFor(route, baseParams, doubled), params: baseParams });
      }
    }
  }
  const body = method === "GET" || method === "DELETE" ? undefined : validBody(key);
  if (body) {
    for (const [klass, values] of Object.entries(JSON_CLASSES)) {
      for (const value of values) {
        for (const field of Object.keys(body)) {
          const marker = "\u0001FUZZ\u0001";
          const rawBody = JSON.stringify({ ...body, [field]: marker }).replace(JSON.stringify(marker), value);
          cases.push({ where: "body", klass, field, value, url: urlFor(route, baseParams), params: baseParams, rawBody });
        }
        cases.push({ where: "body", klass: "wrong type", field: "(whole body)", value, url: urlFor(route, baseParams), params: baseParams, rawBody: value });
      }
    }
    // A valid body under another media type (a cross-site form post, a script that forgot the header).
    for (const contentType of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json-patch+json", ""]) {
      cases.push({
        where: "body",
        klass: "wrong content type",
        field: "(content-type)",
        value: contentType,
        url: urlFor(route, baseParams),
        params: baseParams,
        rawBody: JSON.stringify(body),
        contentType,
      });
    }
  }
  return cases;
}

beforeAll(async () => {
  db = await createTestDatabase();
  const { ids: created, admin } = await createAdminApiFixture(db.prisma, "ORD-FUZZ-1");
  await db.prisma.adminUser.create({ data: { username: "second", email: "second@example.com", passwordHash: "x" } });
  adminToken = await issueApiToken(admin);
  // From the admin's current row: Sign out everywhere bumps its session version.
  newAdminToken = async () => issueApiToken(await db.prisma.adminUser.findUniqueOrThrow({ where: { id: admin.id } }));
  ids = Object.fromEntries(Object.entries(created).map(([k, v]) => [k, String(v)])) as typeof ids;
});
afterAll(() => db?.cleanup());

describe("every API route answers hostile input with a 4xx and a message, never a 5xx", () => {
  it("holds for every route, method, input position and class, as an admin and anonymously", async () => {
    const counts = new Map<string, number>();
    const failures: string[] = [];
    // Per route: how many cases answered 401 as the admin and anonymously (a route that refuses every admin case was not fuzzed signed in).
    const refused = new Map<string, { admin: number; anonymous: number; cases: number }>();
    const routes = routeFiles()
      .filter((r) => !NOT_OURS.has(r))
      .sort();
    expect(routes.length).toBeGreaterThanOrEqual(30);
    const errorSpy = jest.spyOn(console, "error").mockImplementation(() => {});
    try {
      for (const route of routes) {
        const mod = (await import(`@/app/api/${route}/route`)) as Partial<Record<Method, Handler>>;
        for (const method of METHODS) {
          const handler = mod[method];
          if (!handler) continue;
          for (const c of casesFor(route, method)) {
            for (const who of ["admin", "anonymous"] as const) {
              const headers: Record<string, string> = who === "admin" ? { authorization: `Bearer ${adminToken}` } : {};
              if (c.rawBody !== undefined) headers["content-type"] = c.contentType ?? "application/json";
              const res = await call(handler, c.url, { method, params: c.params, rawBody: c.rawBody, headers });
              const refusals = refused.get(`${method} ${route}`) ?? { admin: 0, anonymous: 0, cases: 0 };
              if (res.status === 401) refusals[who]++;
              if (who === "admin") refusals.cases++;
              refused.set(`${method} ${route}`, refusals);
              if (who === "admin" && ENDS_SESSIONS.test(route)) adminToken = await newAdminToken();
              const label = `${method} /api/${route} ${c.where}:${c.field} [${c.klass}] ${JSON.stringify(c.value).slice(0, 40)} as ${who}`;
              if (res.status >= 500) failures.push(`${label} → ${res.status}`);
              else if (res.status >= 400 && !(typeof res.json?.message === "string" && res.json.message.length > 0)) failures.push(`${label} → ${res.status} without a message`);
              const countKey = `${method} /api/${route} · ${c.klass}`;
              counts.set(countKey, (counts.get(countKey) ?? 0) + 1);
            }
          }
        }
      }
    } finally {
      errorSpy.mockRestore();
    }
    for (const [route, r] of refused) if (r.anonymous === r.cases && r.admin === r.cases) failures.push(`${route}: every admin case answered 401 (the admin's token was dead)`);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const byClass = new Map<string, number>();
    for (const [key, n] of counts) byClass.set(key.split(" · ")[1], (byClass.get(key.split(" · ")[1]) ?? 0) + n);
    console.log(
      `Fuzzed ${total} cases over ${routes.length} route modules, ${failures.length} server errors.\n` +
        [...byClass].map(([k, n]) => `  ${k}: ${n}`).join("\n") +
        "\n" +
        [...counts].map(([k, n]) => `  ${k}: ${n}`).join("\n"),
    );
    expect(failures).toEqual([]);
  }, 300_000); // 11,000+ requests: ~20 s alone, much longer on a busy 2-core machine
});
