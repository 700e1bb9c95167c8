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
    // Signed link tokens (JWTs: header.claims.signature) in any position (issue 54).
    expect(normalizeRoute("/quote/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl")).toBe("/quote/:id");
    expect(normalizeRoute("/api/quotes/eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl/payment")).toBe("/api/quotes/:id/payment");
    expect(normalizeRoute("/quote/a.b.c")).toBe("/quote/:id");
  });
});
