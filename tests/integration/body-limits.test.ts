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

describe("40 MB bodies of every content type to the public writes", () => {
  const FORTY_MB = 40 * 1024 * 1024;
  const types = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data; boundary=----mm", "text/plain", "application/octet-stream"];
  const routes: Array<[string, (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, Record<string, string>]> = [];
  beforeAll(async () => {
    const unsubscribe = (await import("@/app/api/newsletter/unsubscribe/[token]/route")).POST as never;
    const subscribe = (await import("@/app/api/newsletter/subscribe/route")).POST as never;
    const confirm = (await import("@/app/api/newsletter/confirm/route")).POST as never;
    const discount = (await import("@/app/api/discount-codes/check/route")).POST as never;
    const orderStatus = (await import("@/app/api/order-status/route")).POST as never;
    routes.push(
      ["/api/newsletter/unsubscribe/" + "x".repeat(43), unsubscribe, { token: "x".repeat(43) }],
      ["/api/contact", postContact as never, {}],
      ["/api/newsletter/subscribe", subscribe, {}],
      ["/api/newsletter/confirm", confirm, {}],
      ["/api/discount-codes/check", discount, {}],
      ["/api/order-status", orderStatus, {}],
    );
  });

  it("answers a 4xx in well under a second without reading the body (declared or chunked)", async () => {
    let n = 0;
    for (const [url, handler, params] of routes) {
      for (const type of types) {
        for (const declared of [true, false]) {
          const body = endlessBody(FORTY_MB);
          const started = Date.now();
          const headers: Record<string, string> = { "content-type": type, ...fromClient(`198.51.100.${(n++ % 200) + 1}`) };
          if (declared) headers["content-length"] = String(FORTY_MB);
          const res = await handler(streamed(url, body.stream, headers), { params: Promise.resolve(params) });
          const label = `${url} ${type} ${declared ? "declared" : "chunked"}`;
          expect([label, res.status >= 400 && res.status < 500]).toEqual([label, true]);
          expect([label, body.pulled() < 2 * 1024 * 1024]).toEqual([label, true]);
          expect([label, Date.now() - started < 1000]).toEqual([label, true]);
          await body.stream.cancel().catch(() => undefined);
        }
      }
    }
  }, 120_000);
});
