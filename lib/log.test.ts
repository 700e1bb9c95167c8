import { Writable } from "node:stream";
import pino from "pino";
import { normalizeRoute, REDACT_PATHS } from "@/lib/log";

describe("structured logs", () => {
  it("redact personal data that slips into a log call", () => {
    const lines: string[] = [];
    const out = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const log = pino({ redact: { paths: REDACT_PATHS, censor: "[redacted]" } }, out);
    log.info({ orderNumber: "ORD-1", email: "a@example.com", customer: { email: "b@example.com", phone: "(828) 555-0147", shippingAddress: { line1: "1 Elm" } }, authorization: "Bearer x" }, "order");
    const text = lines.join("");
    expect(text).toContain("ORD-1");
    for (const secret of ["a@example.com", "b@example.com", "555-0147", "1 Elm", "Bearer x"]) expect(text).not.toContain(secret);
  });

  it("routes carry no ids, tokens or query strings", () => {
    expect(normalizeRoute("/api/products/27")).toBe("/api/products/:id");
    expect(normalizeRoute("/api/cart/sess-abcdefghijklmnopqrstu/12")).toBe("/api/cart/:id/:id");
    expect(normalizeRoute("/api/orders/ORD-1795428663560-4")).toBe("/api/orders/:id");
    expect(normalizeRoute("/product/walnut-bowl")).toBe("/product/walnut-bowl");
    // Signed links: a quote's or balance's dotted token (payload.signature, which carries a name and an address), a JWT, hex.
    expect(normalizeRoute("/quote/eyJuYW1lIjoiRGFuYSBSaXZlcnMiLCJlbWFpbCI6ImRhbmFAZXhhbXBsZS5jb20ifQ.Zm9vYmFyYmF6")).toBe("/quote/:id");
    expect(normalizeRoute("/api/quotes/eyJvIjoxMn0.c2lnbmF0dXJl/payment")).toBe("/api/quotes/:id/payment");
    expect(normalizeRoute("/api/x/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-def_ghi")).toBe("/api/x/:id");
    expect(normalizeRoute("/commissions/thread/deadbeefdeadbeefdeadbeefdeadbeef")).toBe("/commissions/thread/:id");
    expect(normalizeRoute("/newsletter/confirm?token=eyJlIjoiYUBiLmMifQ.c2ln")).toBe("/newsletter/confirm");
    expect(normalizeRoute("/uploads/walnut-bowl.webp")).toBe("/uploads/walnut-bowl.webp");
    expect(normalizeRoute("/sitemap.xml")).toBe("/sitemap.xml");
  });
});
