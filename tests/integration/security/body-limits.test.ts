/** Bodies are bounded before they are read: 413 past the limit, 415 for a wrong type, 400 for NUL bytes or bad UTF-8; nothing stored. */
import { NextRequest } from "next/server";
import { POST as postContact } from "@/app/api/contact/route";
import { POST as webhook } from "@/app/api/webhooks/stripe/route";
import { JSON_BODY_LIMIT } from "@/lib/net/body";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.cleanup());

const valid = { name: "Dana Reyes", email: "dana@example.com", subject: "Commission a bowl", message: "Could you turn a cherry bowl about 12 inches wide?" };

/** A body of `total` bytes produced on demand; `pulled()` tells how much the server actually read. */
function endlessBody(total: number, chunk = 64 * 1024) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const size = Math.min(chunk, total - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
  return { stream, pulled: () => sent };
}

function streamed(url: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  return new NextRequest(new URL(url, "http://localhost:3000"), { method: "POST", body, headers, duplex: "half" } as unknown as ConstructorParameters<typeof NextRequest>[1]);
}

describe("JSON bodies", () => {
  it("refuses a declared Content-Length over 64 KB with 413 before reading", async () => {
    const body = endlessBody(300 * 1024 * 1024);
    const res = await postContact(streamed("/api/contact", body.stream, { "content-type": "application/json", "content-length": String(300 * 1024 * 1024), ...fromClient("192.0.2.10") }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("Request body is too large (limit 64 KB).");
    expect(body.pulled()).toBeLessThanOrEqual(2 * 64 * 1024); // the stream's own read-ahead at most
  });

  it("cuts off a streamed body without Content-Length as soon as it passes the limit", async () => {
    const body = endlessBody(300 * 1024 * 1024);
    const res = await postContact(streamed("/api/contact", body.stream, { "content-type": "application/json", ...fromClient("192.0.2.10") }), { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThan(JSON_BODY_LIMIT + 4 * 64 * 1024);
    expect(await db.prisma.contactMessage.count()).toBe(0);
  });

  it("refuses another content type with 415 (e.g. a cross-site text/plain form post)", async () => {
    const res = await call(postContact, "/api/contact", { rawBody: JSON.stringify(valid), headers: { "content-type": "text/plain", ...fromClient("192.0.2.10") } });
    expect(res.status).toBe(415);
    expect(res.json.message).toBe("Content-Type must be application/json.");
  });

  it("refuses NUL characters and malformed UTF-8 with 400", async () => {
    const nul = await call(postContact, "/api/contact", { body: { ...valid, name: "Dana\u0000Reyes" }, headers: fromClient("192.0.2.10") });
    expect(nul.status).toBe(400);
    expect(nul.json.message).toBe("Request body must not contain NUL characters.");
    const bytes = new Uint8Array([...new TextEncoder().encode('{"name":"'), 0xc3, 0x28, ...new TextEncoder().encode('"}')]);
    const req = new NextRequest(new URL("/api/contact", "http://localhost:3000"), { method: "POST", body: bytes, headers: { "content-type": "application/json", ...fromClient("192.0.2.10") } });
    const bad = await postContact(req, { params: Promise.resolve({}) });
    expect(bad.status).toBe(400);
    expect(await db.prisma.contactMessage.count()).toBe(0);
  });

  it("still takes a normal message", async () => {
    expect((await call(postContact, "/api/contact", { body: valid, headers: { "content-type": "application/json; charset=utf-8", ...fromClient("192.0.2.10") } })).status).toBe(201);
  });
});

describe("webhook bodies", () => {
  it("refuses more than 1 MB with 413 before the signature is even looked at", async () => {
    const body = endlessBody(5 * 1024 * 1024);
    const res = await webhook(streamed("/api/webhooks/stripe", body.stream, { "content-type": "application/json", "stripe-signature": "t=1,v1=x" }), { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThan(1024 * 1024 + 4 * 64 * 1024);
  });
});

describe("the one-click unsubscribe (RFC 8058), public and without a session", () => {
  const token = "u".repeat(43);
  const unsubscribe = async (t: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) => {
    const { POST } = await import("@/app/api/newsletter/unsubscribe/[token]/route");
    return POST(streamed(`/api/newsletter/unsubscribe/${t}`, body, headers), { params: Promise.resolve({ token: t }) });
  };
  beforeAll(async () => {
    await db.prisma.newsletterSubscriber.create({ data: { email: "reader@example.com", status: "confirmed", source: "footer", unsubscribeToken: token, consentAt: new Date() } });
  });

  it("checks the token before reading a byte: a 40 MB multipart body to a made-up token is a 404 that reads nothing", async () => {
    const body = endlessBody(40 * 1024 * 1024);
    const res = await unsubscribe("x".repeat(43), body.stream, { "content-type": "multipart/form-data; boundary=x", ...fromClient("192.0.2.11") });
    expect(res.status).toBe(404);
    expect(body.pulled()).toBeLessThanOrEqual(2 * 64 * 1024);
  });

  it("reads a multipart body to a real token only up to 4 KB (413 beyond), and the subscriber stays subscribed", async () => {
    const body = endlessBody(40 * 1024 * 1024);
    const res = await unsubscribe(token, body.stream, { "content-type": "multipart/form-data; boundary=x", ...fromClient("192.0.2.11") });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeLessThan(4096 + 4 * 64 * 1024);
    expect((await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { unsubscribeToken: token } })).status).toBe("confirmed");
  });

  it("still unsubscribes with the multipart one-click body a mail provider sends", async () => {
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const stream = new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(bytes), c.close()) });
    const res = await unsubscribe(token, stream, { "content-type": encoded.headers.get("content-type")!, ...fromClient("192.0.2.11") });
    expect(res.status).toBe(200);
    expect((await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { unsubscribeToken: token } })).status).toBe("unsubscribed");
  });
});

describe("the photo forms take what their photos need and no more", () => {
  const MB = 1024 * 1024;
  it("a review: 3 photos of 10 MB, their part headers and 16 KB of fields; a commission: 5 photos and 24 KB (413 on the declared length, before a byte is read)", async () => {
    const postReview = (await import("@/app/api/reviews/route")).POST as never as typeof postContact;
    const postCommission = (await import("@/app/api/commissions/route")).POST as never as typeof postContact;
    for (const [handler, url, limit] of [
      [postReview, "/api/reviews", 3 * (10 * MB + 1024) + 16 * 1024],
      [postCommission, "/api/commissions", 5 * (10 * MB + 1024) + 24 * 1024],
    ] as const) {
      const over = endlessBody(limit + 1);
      const res = await handler(streamed(url, over.stream, { "content-type": "multipart/form-data; boundary=----mm", "content-length": String(limit + 1), ...fromClient("192.0.2.40") }), {
        params: Promise.resolve({}),
      });
      expect([url, res.status]).toEqual([url, 413]);
      expect(over.pulled()).toBeLessThanOrEqual(2 * 64 * 1024);
    }
  });

  it("a multipart body that has begun no part after its fields' bytes is refused there, not read to its end", async () => {
    const postCommission = (await import("@/app/api/commissions/route")).POST as never as typeof postContact;
    const body = endlessBody(40 * MB);
    const res = await postCommission(streamed("/api/commissions", body.stream, { "content-type": "multipart/form-data; boundary=----mm", ...fromClient("192.0.2.41") }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("The upload could not be read.");
    expect(body.pulled()).toBeLessThan(24 * 1024 + 16 * 1024 + 4 * 64 * 1024);
  });
});

describe("40 MB bodies of every content type to every public write", () => {
  const FORTY_MB = 40 * 1024 * 1024;
  /** Each content type a client can send, and none at all. */
  const types: Array<string | null> = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=----mm", "text/plain", "application/octet-stream", null];
  type RouteHandler = (req: NextRequest, ctx: { params: Promise<Record<string, unknown>> }) => Promise<Response>;
  /** [method, path, handler, params, reads a body]: every write that takes a request without a session or API token. */
  const routes: Array<[string, string, RouteHandler, Record<string, unknown>, boolean]> = [];
  beforeAll(async () => {
    const load = async (path: string, method = "POST") => {
      const handler = (await import(`@/app/api/${path}/route`))[method] as RouteHandler | undefined;
      if (typeof handler !== "function") throw new Error(`${method} /api/${path}: no handler`);
      return handler;
    };
    const token = "x".repeat(43);
    routes.push(
      ["POST", "/api/cart", await load("cart"), {}, true],
      ["PUT", "/api/cart", await load("cart", "PUT"), {}, true],
      // Reads no body at all: answers as it would without one, having read nothing.
      ["DELETE", "/api/cart/s/1", await load("cart/[sessionId]/[productId]", "DELETE"), { sessionId: "s", productId: "1" }, false],
      ["POST", "/api/cart/check", await load("cart/check"), {}, true],
      ["POST", "/api/commissions", await load("commissions"), {}, true],
      ["POST", "/api/commissions/reply", await load("commissions/reply"), {}, true],
      ["POST", "/api/contact", postContact as never, {}, true],
      ["POST", "/api/create-payment-intent", await load("create-payment-intent"), {}, true],
      ["POST", "/api/discount-codes/check", await load("discount-codes/check"), {}, true],
      ["POST", "/api/newsletter/confirm", await load("newsletter/confirm"), {}, true],
      ["POST", "/api/shipping/rates", await load("shipping/rates"), {}, true],
      ["POST", "/api/shipping/estimate", await load("shipping/estimate"), {}, true],
      ["POST", `/api/newsletter/resubscribe/${token}`, await load("newsletter/resubscribe/[token]"), { token }, true],
      ["POST", "/api/newsletter/subscribe", await load("newsletter/subscribe"), {}, true],
      ["POST", `/api/newsletter/unsubscribe/${token}`, await load("newsletter/unsubscribe/[token]"), { token }, true],
      ["POST", "/api/order-status", await load("order-status"), {}, true],
      ["POST", "/api/orders", await load("orders"), {}, true],
      ["POST", "/api/payments/test/confirm", await load("payments/test/confirm"), {}, true],
      ["POST", `/api/quotes/${token}/payment`, await load("quotes/[token]/payment"), { token }, true],
      ["POST", "/api/reviews", await load("reviews"), {}, true],
      ["POST", "/api/webhooks/resend", await load("webhooks/resend"), {}, true],
      ["POST", "/api/webhooks/stripe", webhook as never, {}, true],
      ["POST", "/api/auth/callback/credentials", await load("auth/[...nextauth]"), { nextauth: ["callback", "credentials"] }, true],
      ["POST", "/api/admin/login", await load("admin/login"), {}, true],
      ["POST", "/api/admin/forgot-password", await load("admin/forgot-password"), {}, true],
      ["POST", "/api/admin/reset-password", await load("admin/reset-password"), {}, true],
    );
  });

  it("a JSON body nested deeper than 32 levels, or JSON next-auth cannot parse, is a 4xx on every public write, never a 500", async () => {
    const bodies: Array<[string, Uint8Array<ArrayBuffer>, string]> = [
      ["30,000 nested arrays", new TextEncoder().encode("[".repeat(30_000) + "]".repeat(30_000)), "application/json"],
      ["12,000 nested objects", new TextEncoder().encode('{"a":'.repeat(12_000) + "1" + "}".repeat(12_000)), "application/json"],
      ["UTF-16", new Uint8Array(Buffer.from('{"csrfToken":"x"}', "utf16le")), "application/json; charset=utf-16"],
      ["not JSON", new TextEncoder().encode("{"), "application/json"],
      ["JSON named in another type", new TextEncoder().encode("{"), "text/plain; profile=application/json"],
    ];
    let n = 0;
    for (const [method, url, handler, params, readsBody] of routes) {
      if (!readsBody) continue;
      for (const [name, bytes, type] of bodies) {
        const req = new NextRequest(new URL(url, "http://localhost:3000"), { method, body: bytes, headers: { "content-type": type, ...fromClient(`203.0.113.${(n++ % 200) + 1}`) } });
        const res = await handler(req, { params: Promise.resolve(params) });
        const label = `${method} ${url} ${name} → ${res.status}`;
        expect([label, res.status >= 400 && res.status < 500]).toEqual([label, true]);
      }
    }
    const deep = await postContact(
      new NextRequest(new URL("/api/contact", "http://localhost:3000"), {
        method: "POST",
        body: "[".repeat(40) + "]".repeat(40),
        headers: { "content-type": "application/json", ...fromClient("203.0.113.250") },
      }),
      { params: Promise.resolve({}) },
    );
    expect(await deep.json()).toMatchObject({ message: "Request body is nested too deeply." });
  }, 120_000);

  it("answers a 4xx in well under a second, having read at most 2 MB (declared or chunked), memory flat", async () => {
    let n = 0;
    const offerAll = async () => {
      for (const [method, url, handler, params, readsBody] of routes) {
        for (const type of types) {
          for (const declared of [true, false]) {
            const body = endlessBody(FORTY_MB);
            const started = Date.now();
            const headers: Record<string, string> = fromClient(`198.51.100.${(n++ % 200) + 1}`);
            if (type) headers["content-type"] = type;
            if (declared) headers["content-length"] = String(FORTY_MB);
            const req = new NextRequest(new URL(url, "http://localhost:3000"), { method, body: body.stream, headers, duplex: "half" } as unknown as ConstructorParameters<typeof NextRequest>[1]);
            const res = await handler(req, { params: Promise.resolve(params) });
            const label = `${method} ${url} ${type ?? "(no type)"} ${declared ? "declared" : "chunked"} → ${res.status}`;
            expect([label, readsBody ? res.status >= 400 && res.status < 500 : res.status < 500]).toEqual([label, true]);
            expect([label, body.pulled() < 2 * 1024 * 1024]).toEqual([label, true]);
            expect([label, Date.now() - started < 1000]).toEqual([label, true]);
            await body.stream.cancel().catch(() => undefined);
          }
        }
      }
    };
    await offerAll(); // the first pass also loads and compiles each route's code
    const rssBefore = process.memoryUsage().rss;
    await offerAll();
    // Memory flat: 24 routes × 12 bodies of 40 MB (11 GB offered) left the process within 64 MB of where it was.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  }, 300_000);
});
