/**
 * CSV export of orders for a date range: streamed in batches (cursor
 * pagination, read only as the reader asks), escaped per RFC 4180 with
 * formula injection neutralised, admin only.
 */
import { GET as exportRoute } from "@/app/api/admin/orders/export/route";
import { issueApiToken } from "@/lib/auth/session-service";
import { EXPORT_BATCH, ordersCsvStream } from "@/lib/orders/export-queries";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let auth: Record<string, string>;
const N = 10_000;

beforeAll(async () => {
  db = await createTestDatabase();
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };
  // 10,000 orders on 2026-03-10 (shop time), one line each, in one statement
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO "Order" ("orderNumber", "firstName", "lastName", "email", "status", "shippingAddress", "billingAddress", "subtotal", "shipping", "shippingService", "tax", "total", "refundedAmount", "paymentProvider", "createdAt", "updatedAt")
    SELECT 'ORD-BULK-' || g, 'Bulk', 'Buyer ' || g, 'bulk' || g || '@example.com', 'confirmed', '{}', '{}', 24.00, 15.99, 'USPS_GROUND_ADVANTAGE', 0, 39.99, 0, 'stripe',
           TIMESTAMP '2026-03-10 15:00:00' + (g || ' milliseconds')::interval, now()
    FROM generate_series(1, ${N}) AS g`);
  await db.prisma.$executeRawUnsafe(`
    INSERT INTO "OrderItem" ("orderId", "productName", "price", "quantity", "total")
    SELECT o."id", 'Dowel Jig', 24.00, 1, 24.00 FROM "Order" o WHERE o."orderNumber" LIKE 'ORD-BULK-%'`);
  const address = { line1: "1 Main", city: "X", state: "NC", postalCode: "28801", country: "US" };
  const tricky = await db.prisma.order.create({
    data: {
      orderNumber: "ORD-TRICKY",
      firstName: '=HYPERLINK("http://evil.example","click")',
      lastName: 'O"Neil, Jr.',
      email: "@attacker@example.com",
      status: "delivered",
      shippingAddress: address,
      billingAddress: address,
      subtotal: "10.00",
      shipping: "0.00",
      shippingService: "USPS_GROUND_ADVANTAGE",
      tax: "0.00",
      total: "10.00",
      refundedAmount: "2.50",
      paymentProvider: "test",
      createdAt: new Date("2026-03-11T16:00:00Z"),
      items: { create: [{ productName: "Bowl, walnut\n(large)", price: "10.00", quantity: 1, total: "10.00" }] },
    },
  });
  await db.prisma.order.create({
    data: {
      ...{
        orderNumber: "ORD-OUTSIDE",
        firstName: "Out",
        lastName: "Side",
        email: "o@example.com",
        status: "confirmed",
        shippingAddress: address,
        billingAddress: address,
        subtotal: "1.00",
        shipping: "0.00",
        shippingService: "X",
        tax: "0.00",
        total: "1.00",
      },
      createdAt: new Date("2026-03-12T05:00:00Z"),
    },
  }); // Mar 12 01:00 in Asheville
  expect(tricky.id).toBeGreaterThan(0);
});
afterAll(() => db?.cleanup());

describe("orders CSV export", () => {
  it(`streams ${N.toLocaleString()} orders in batches of ${EXPORT_BATCH}, reading the database only as the reader asks`, async () => {
    const batches: number[] = [];
    const stream = ordersCsvStream({ from: "2026-03-10", to: "2026-03-10" }, { onBatch: (n) => batches.push(n) });
    const reader = stream.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    const header = await reader.read();
    expect(decoder.decode(header.value)).toBe(
      "\uFEFFnumber,date,customer,email,items,subtotal,shipping,tax,total,refunded,status,provider,discount,gift_card,card_paid,balance_due,refunded_to_card,refunded_to_gift_card,net\r\n",
    );
    expect(batches).toEqual([]); // nothing read before it is asked for
    const first = await reader.read();
    expect(batches).toEqual([EXPORT_BATCH]);
    let text = decoder.decode(first.value);
    const heapBefore = process.memoryUsage().heapUsed;
    let peak = 0;
    let lines = text.split("\r\n").length - 1;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text = decoder.decode(value); // only the current chunk is kept
      lines += text.split("\r\n").length - 1;
      peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
      expect(batches.length * EXPORT_BATCH).toBeGreaterThanOrEqual(lines); // never more than one batch ahead of the reader
    }
    expect(lines).toBe(N);
    expect(batches.slice(0, -1).every((n) => n === EXPORT_BATCH)).toBe(true);
    expect(batches).toHaveLength(N / EXPORT_BATCH + 1); // the last, empty read ends the stream
    console.info(`orders CSV export: ${N} orders, ${batches.length} batches, peak heap growth while streaming ${(peak / 1_048_576).toFixed(1)} MB`);
  });

  it("answers the admin route with a CSV attachment, escaped and safe from formula injection", async () => {
    const res = await call(exportRoute as never, "/api/admin/orders/export?from=2026-03-11&to=2026-03-11", { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="orders-2026-03-11-to-2026-03-11.csv"');
    const body = String(res.json).replace(/^\uFEFF/, "");
    expect(body).toBe(
      "number,date,customer,email,items,subtotal,shipping,tax,total,refunded,status,provider,discount,gift_card,card_paid,balance_due,refunded_to_card,refunded_to_gift_card,net\r\n" +
        `ORD-TRICKY,2026-03-11 12:00,"'=HYPERLINK(""http://evil.example"",""click"") O""Neil, Jr.",'@attacker@example.com,"1 x Bowl, walnut\n(large)",10.00,0.00,0.00,10.00,2.50,delivered,test,0.00,0.00,10.00,0.00,2.50,0.00,7.50\r\n`,
    );
  });

  it("refuses bad ranges and non-admins", async () => {
    expect((await call(exportRoute as never, "/api/admin/orders/export?from=2026-03-12&to=2026-03-11", { headers: auth })).status).toBe(400);
    expect((await call(exportRoute as never, "/api/admin/orders/export?from=yesterday&to=2026-03-11", { headers: auth })).status).toBe(400);
    expect((await call(exportRoute as never, "/api/admin/orders/export?from=2026-02-30&to=2026-03-11", { headers: auth })).status).toBe(400);
    expect((await call(exportRoute as never, "/api/admin/orders/export?from=2026-03-11&to=2026-03-11")).status).toBe(401);
  });
});
