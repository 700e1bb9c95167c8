import { GET as getStats } from "@/app/api/admin/stats/route";
import { POST as postCart } from "@/app/api/cart/route";
import { POST as postContact } from "@/app/api/contact/route";
import { GET as getProduct } from "@/app/api/products/[slug]/route";
import { ERROR_CODES } from "@/lib/errors";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Every API error body names what went wrong in a machine-readable `code` beside its texts
 * (lib/errors.ts ERROR_CODES, written once by lib/http.ts errorResponse): a client branches on it.
 */
let db: TestDatabase;
let ids: Record<string, number>;

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  const products = await db.prisma.product.findMany({ select: { id: true, slug: true } });
  ids = Object.fromEntries(products.map((p) => [p.slug, p.id]));
});
afterAll(() => db?.cleanup());

const contact = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "A question about a bowl." };

describe("API error bodies carry a code beside their message", () => {
  it("answers 400, 401, 403, 404, 409, 413, 415 and 429 with the code of their kind and the texts as before", async () => {
    const answers = {
      400: await call(postContact, "/api/contact", { body: { ...contact, email: "not an email" }, headers: fromClient("203.0.113.10") }),
      401: await call(getStats, "/api/admin/stats"),
      403: await call(postContact, "/api/contact", { body: contact, headers: { origin: "https://evil.example", ...fromClient("203.0.113.11") } }),
      404: await call(getProduct, "/api/products/no-such-piece", { params: { slug: "no-such-piece" } }),
      413: await call(postContact, "/api/contact", { rawBody: JSON.stringify({ ...contact, message: "x".repeat(200_000) }), headers: fromClient("203.0.113.12") }),
      415: await call(postContact, "/api/contact", { rawBody: "hello", headers: { "content-type": "text/plain", ...fromClient("203.0.113.13") } }),
    };
    const expected = { 400: "bad_request", 401: "unauthorized", 403: "forbidden", 404: "not_found", 413: "payload_too_large", 415: "unsupported_media_type" } as const;
    for (const [status, answer] of Object.entries(answers)) {
      expect({ status: answer.status, code: answer.json.code }).toEqual({ status: Number(status), code: expected[status as unknown as keyof typeof expected] });
      // The texts are still there, unchanged in kind: `message` and `error` the same sentence.
      expect(typeof answer.json.message).toBe("string");
      expect(answer.json.error).toBe(answer.json.message);
    }
    expect(answers[400].json.fields).toHaveProperty("email");
    expect(answers[401].json.message).toBe("Authentication required");
  });

  it("keeps a finer reason a 409 already named in `code` (the cart's one-of-a-kind piece)", async () => {
    const sessionId = `codes-${Date.now()}`;
    const add = () => call(postCart, "/api/cart", { body: { sessionId, productId: ids["spalted-burl-bowl"], quantity: 1 } });
    expect((await add()).status).toBe(200);
    const second = await add();
    expect(second.status).toBe(409);
    expect(second.json).toMatchObject({ code: "duplicate_unique", message: "This one-of-a-kind item is already in your cart." });
  });

  it("answers 429 with rate_limited once a client's public writes are used up", async () => {
    const headers = fromClient("203.0.113.20");
    let last = await call(postContact, "/api/contact", { body: { ...contact, email: "bad" }, headers });
    // The test setup scales every limit up (RATE_LIMIT_SCALE), so this takes a few hundred requests.
    for (let i = 0; i < 2000 && last.status !== 429; i++) last = await call(postContact, "/api/contact", { body: { ...contact, email: "bad" }, headers });
    expect(last.status).toBe(429);
    expect(last.json.code).toBe("rate_limited");
    expect(last.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("documents every code it answers with", () => {
    for (const code of ["bad_request", "unauthorized", "forbidden", "not_found", "conflict", "payload_too_large", "unsupported_media_type", "rate_limited", "internal_error"]) {
      expect(ERROR_CODES).toHaveProperty(code);
    }
  });
});
