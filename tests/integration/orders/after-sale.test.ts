/**
 * After the sale, through the route handlers on a real database with
 * the test payment provider: the order timeline, the admin audit log, shipping
 * with tracking (one email per transition, even when retried), refunds (lines,
 * amounts, whole; idempotent), cancellations that refund and put a piece back
 * on sale, and revenue net of refunds.
 */
import { GET as getStats } from "@/app/api/admin/stats/route";
import { PUT as putCustomer } from "@/app/api/admin/customers/[id]/route";
import { POST as postUser, GET as getUsers } from "@/app/api/admin/users/route";
import { PUT as putUser } from "@/app/api/admin/users/[id]/route";
import { POST as postCategory } from "@/app/api/categories/route";
import { DELETE as deleteOrderRoute } from "@/app/api/orders/[id]/route";
import { POST as refundRoute } from "@/app/api/orders/[id]/refund/route";
import { PATCH as patchStatus } from "@/app/api/orders/[id]/status/route";
import { GET as timelineRoute } from "@/app/api/orders/[id]/timeline/route";
import { GET as listProductsRoute } from "@/app/api/products/route";
import { PUT as putProduct, DELETE as deleteProductRoute } from "@/app/api/products/[slug]/route";
import { revenueByDay } from "@/lib/admin/stats-queries";
import { listAuditLog } from "@/lib/audit/queries";
import { issueApiToken } from "@/lib/auth/session-service";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let auth: Record<string, string>;
let adminId: number;
const address = { line1: "12 Elm Street", line2: null, city: "Portland", state: "OR", postalCode: "97201", country: "US" };
let seq = 0;

beforeAll(async () => {
  delete process.env.RESEND_API_KEY;
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  adminId = admin.id;
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };
});
afterAll(() => db?.cleanup());

/** A paid order (test provider, captured) for the given products. */
async function paidOrder(slugs: string[], opts: { provider?: string } = {}) {
  seq++;
  const products = await Promise.all(slugs.map((slug) => db.prisma.product.findUniqueOrThrow({ where: { slug } })));
  const subtotal = products.reduce((sum, p) => sum + Math.round(Number(p.price) * 100), 0);
  const shipping = subtotal >= 10000 ? 0 : 1599;
  const total = subtotal + shipping;
  const intentId = `pi_test_aftersale_${seq}_${Date.now()}`;
  await db.prisma.testPaymentIntent.create({ data: { id: intentId, clientSecret: `${intentId}_secret`, amount: total, currency: "usd", status: "succeeded", captureMethod: "manual", metadata: {} } });
  const order = await db.prisma.order.create({
    data: {
      orderNumber: `ORD-AS-${seq}`,
      firstName: "Ada",
      lastName: "Turner",
      email: `shopper${seq}@example.com`,
      status: "confirmed",
      shippingAddress: address,
      billingAddress: address,
      subtotal: (subtotal / 100).toFixed(2),
      shipping: (shipping / 100).toFixed(2),
      shippingService: "USPS_GROUND_ADVANTAGE",
      tax: "0.00",
      total: (total / 100).toFixed(2),
      stripePaymentIntentId: intentId,
      paymentProvider: opts.provider ?? "test",
      items: { create: products.map((p) => ({ productId: p.id, productName: p.name, price: p.price, quantity: 1, total: p.price })) },
    },
    include: { items: { orderBy: { id: "asc" } } },
  });
  // As checkout does: the order holds the one-of-a-kind pieces it sold.
  for (const p of products) if (p.uniqueItem) await db.prisma.product.update({ where: { id: p.id }, data: { sold: true, soldOrderId: order.id } });
  return order;
}

const patch = (id: number, body: unknown) => call(patchStatus as never, `/api/orders/${id}/status`, { method: "PATCH", body, params: { id: String(id) }, headers: auth });
const refund = (id: number, body: unknown) => call(refundRoute as never, `/api/orders/${id}/refund`, { method: "POST", body, params: { id: String(id) }, headers: auth });
const emailsTo = (to: string) => db.prisma.emailMessage.findMany({ where: { to }, orderBy: { id: "asc" } });

describe("shipping", () => {
  it("marks an order shipped with carrier and tracking and emails the shopper exactly once, even when the PATCH is sent twice", async () => {
    const order = await paidOrder(["dowel-jig"]);
    const body = { status: "shipped", carrier: "UPS", trackingNumber: "1z 999 aa1 01 2345 6784" };
    const first = await patch(order.id, body);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ status: "shipped", carrier: "UPS", trackingNumber: "1Z999AA10123456784", trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA10123456784" });
    const again = await patch(order.id, body);
    expect(again.status).toBe(200);
    const [a, b] = await Promise.all([patch(order.id, body), patch(order.id, body)]);
    expect([a.status, b.status]).toEqual([200, 200]);

    const mail = (await emailsTo(order.email)).filter((m) => m.subject.startsWith("Your order has shipped"));
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain("Dowel Jig");
    expect(mail[0].text).toContain("Carrier: UPS");
    expect(mail[0].text).toContain("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(mail[0].html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');

    const events = await db.prisma.orderEvent.findMany({ where: { orderId: order.id } });
    expect(events.filter((e) => e.type === "status_changed")).toHaveLength(1);
    expect(events.filter((e) => e.type === "email_sent")).toHaveLength(1);
  });

  it("refuses a tracking number that does not fit the carrier's format, and tracking on other statuses", async () => {
    const order = await paidOrder(["dowel-jig"]);
    const bad = await patch(order.id, { status: "shipped", carrier: "FedEx", trackingNumber: "12345" });
    expect(bad.status).toBe(400);
    expect(bad.json.fields.trackingNumber).toMatch(/FedEx numbers/);
    expect((await patch(order.id, { status: "shipped", carrier: "UPS" })).status).toBe(400);
    expect((await patch(order.id, { status: "processing", carrier: "USPS", trackingNumber: "9400100000000000000000" })).status).toBe(400);
    expect((await patch(order.id, { status: "shipped", carrier: "DHL", trackingNumber: "123456789" })).status).toBe(400);
    expect(await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "confirmed", carrier: null });
  });

  it("keeps the plain {status} working for every transition, with no money moving; delivered sends one thank-you", async () => {
    const order = await paidOrder(["dowel-jig"]);
    for (const status of ["pending", "processing", "shipped", "delivered", "cancelled", "confirmed", "delivered", "pending"]) {
      const res = await patch(order.id, { status });
      expect({ status, code: res.status, now: res.json.status }).toEqual({ status, code: 200, now: status });
    }
    const subjects = (await emailsTo(order.email)).map((m) => m.subject);
    expect(subjects.filter((s) => s.startsWith("Your order has shipped"))).toHaveLength(1);
    expect(subjects.filter((s) => s.startsWith("Delivered"))).toHaveLength(1);
    expect(subjects.filter((s) => s.includes("cancelled"))).toHaveLength(1);
    expect(await db.prisma.testRefund.count({ where: { paymentIntentId: order.stripePaymentIntentId! } })).toBe(0);
    expect(await db.prisma.refund.count({ where: { orderId: order.id } })).toBe(0);
  });
});

describe("timeline", () => {
  it("records status changes and emails with who did them, oldest first", async () => {
    const order = await paidOrder(["track-saw-square"]);
    await patch(order.id, { status: "processing" });
    await patch(order.id, { status: "shipped", carrier: "USPS", trackingNumber: "9400 1000 0000 0000 0000 00" });
    const res = await call(timelineRoute as never, `/api/orders/${order.id}/timeline`, { params: { id: String(order.id) }, headers: auth });
    expect(res.status).toBe(200);
    expect(res.json.map((e: { type: string }) => e.type)).toEqual(["status_changed", "status_changed", "email_sent"]);
    expect(res.json[1]).toMatchObject({ actor: "admin", adminName: "maker", detail: { from: "processing", to: "shipped", carrier: "USPS", trackingNumber: "9400100000000000000000" } });
    expect((await call(timelineRoute as never, "/api/orders/999999/timeline", { params: { id: "999999" }, headers: auth })).status).toBe(200);
    expect((await call(timelineRoute as never, "/api/orders/x/timeline", { params: { id: "x" }, headers: auth })).status).toBe(404);
  });
});

describe("refunds through the test provider", () => {
  it("refunds one line, is idempotent on retry, then refunds the rest; the shopper gets an email with each amount", async () => {
    const order = await paidOrder(["dowel-jig", "track-saw-square"]);
    const [jig] = order.items;
    const body = { lineIds: [jig.id], reason: "Arrived cracked" };
    const first = await refund(order.id, body);
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ replayed: false, refund: { amount: "24.00", lineIds: [jig.id], status: "succeeded" }, order: { refundedAmount: "24.00" } });
    const retry = await refund(order.id, body);
    expect(retry.json).toMatchObject({ replayed: true, refund: { id: first.json.refund.id, amount: "24.00" } });
    expect(await db.prisma.testRefund.count({ where: { paymentIntentId: order.stripePaymentIntentId! } })).toBe(1);
    expect((await refund(order.id, { lineIds: [jig.id], reason: "again" })).status).toBe(409);

    const rest = await refund(order.id, { reason: "Customer changed their mind" });
    expect(rest.json.refund.amount).toBe("75.98"); // 59.99 + 15.99 shipping
    expect(rest.json.order.refundedAmount).toBe(order.total.toFixed(2));
    expect((await refund(order.id, { amount: 1, reason: "more" })).status).toBe(409);
    const refunds = await db.prisma.testRefund.findMany({ where: { paymentIntentId: order.stripePaymentIntentId! } });
    expect(refunds.map((r) => r.amount).sort((a, b) => a - b)).toEqual([2400, 7598]);

    const mail = (await emailsTo(order.email)).filter((m) => m.subject.startsWith("Refund of"));
    expect(mail.map((m) => m.subject)).toEqual([`Refund of $24.00 for order ${order.orderNumber}`, `Refund of $75.98 for order ${order.orderNumber}`]);
    expect(mail[0].text).toContain("1 × Dowel Jig");
    const events = await db.prisma.orderEvent.findMany({ where: { orderId: order.id, type: "refunded" } });
    expect(events).toHaveLength(2);
  });

  it("refunds a chosen amount; refuses more than is left, bad input, and orders without a payment", async () => {
    const order = await paidOrder(["dowel-jig"]);
    expect((await refund(order.id, { amount: 10.5, reason: "Partial" })).json.refund.amount).toBe("10.50");
    const tooMuch = await refund(order.id, { amount: 100, reason: "Too much" });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.json.message).toMatch(/At most \$29\.49/);
    expect((await refund(order.id, { amount: 0.001, reason: "x" })).status).toBe(400);
    expect((await refund(order.id, { amount: 5 })).status).toBe(400);
    expect((await refund(order.id, { amount: 5, lineIds: [order.items[0].id], reason: "x" })).status).toBe(400);
    expect((await refund(order.id, { lineIds: [999999], reason: "x" })).status).toBe(400);
    expect((await refund(999999, { reason: "x" })).status).toBe(404);
    const unpaid = await db.prisma.order.create({
      data: {
        orderNumber: `ORD-NOPAY-${seq++}`,
        firstName: "A",
        lastName: "B",
        email: "n@example.com",
        shippingAddress: address,
        billingAddress: address,
        subtotal: "1.00",
        shipping: "0.00",
        shippingService: "X",
        tax: "0.00",
        total: "1.00",
      },
    });
    expect((await refund(unpaid.id, { reason: "x" })).status).toBe(409);
  });

  it("two different refunds of the same line at once: one refunds, the other is refused", async () => {
    const order = await paidOrder(["dowel-jig", "track-saw-square"]);
    const line = order.items[0].id;
    const results = await Promise.all([refund(order.id, { lineIds: [line], reason: "first click" }), refund(order.id, { lineIds: [line], reason: "second tab" })]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await db.prisma.testRefund.count({ where: { paymentIntentId: order.stripePaymentIntentId! } })).toBe(1);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedAmount.toFixed(2)).toBe("24.00");
  });

  it("two identical refunds at once or a moment apart, 20 rounds: each provider refund has exactly one succeeded row and one timeline event; no 5xx", async () => {
    for (let round = 0; round < 20; round++) {
      const order = await paidOrder(["dowel-jig"]);
      const body = round % 2 ? { amount: 5, reason: `Round ${round}` } : { reason: `Round ${round}` };
      // The second is sent 0–57 ms after the first, so over the rounds it lands in every step of the first's path.
      const answers = await Promise.all([refund(order.id, body), new Promise((r) => setTimeout(r, round * 3)).then(() => refund(order.id, body))]);
      for (const a of answers) expect({ round, status: a.status, ok: [200, 409].includes(a.status) }).toEqual({ round, status: a.status, ok: true });
      expect({ round, ok: answers.filter((a) => a.status === 200 && !a.json.replayed).length }).toEqual({ round, ok: 1 });
      const atProvider = await db.prisma.testRefund.findMany({ where: { paymentIntentId: order.stripePaymentIntentId! } });
      const rows = await db.prisma.refund.findMany({ where: { orderId: order.id } });
      const events = await db.prisma.orderEvent.findMany({ where: { orderId: order.id, type: "refunded" } });
      expect({ round, atProvider: atProvider.length, rows: rows.map((r) => [r.status, r.providerRefundId]), events: events.map((e) => (e.detail as { refundId: string }).refundId) }).toEqual({
        round,
        atProvider: 1,
        rows: [["succeeded", atProvider[0].id]],
        events: [atProvider[0].id],
      });
      const after = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
      expect({ round, refunded: after.refundedAmount.toFixed(2) }).toEqual({ round, refunded: (atProvider[0].amount / 100).toFixed(2) });
    }
  });

  it("two genuine refunds of the same amount and reason, each with its own key (the admin form's), are two refunds; a key sent again replays", async () => {
    const order = await paidOrder(["track-saw-square"]);
    const first = await refund(order.id, { amount: 5, reason: "Goodwill", idempotencyKey: "form-1" });
    const second = await refund(order.id, { amount: 5, reason: "Goodwill", idempotencyKey: "form-2" });
    expect([first.status, second.status, first.json.replayed, second.json.replayed]).toEqual([200, 200, false, false]);
    expect(first.json.message).toBe("Refunded $5.00.");
    expect(second.json.order.refundedAmount).toBe("10.00");
    const again = await refund(order.id, { amount: 5, reason: "Goodwill", idempotencyKey: "form-2" });
    expect(again.json).toMatchObject({ replayed: true, refund: { id: second.json.refund.id }, order: { refundedAmount: "10.00" } });
    expect(again.json.message).toMatch(/^Already refunded: this same request refunded \$5\.00 at .* UTC\. No money moved this time\.$/);
    const reused = await refund(order.id, { amount: 7, reason: "Goodwill", idempotencyKey: "form-2" });
    expect(reused.status).toBe(409);
    expect(reused.json.message).toBe("This idempotency key was already used for a different refund of this order.");
    expect(await db.prisma.testRefund.count({ where: { paymentIntentId: order.stripePaymentIntentId! } })).toBe(2);
    // An API client that sends no key: the same content is the same refund, and the answer says so.
    const plain = await refund(order.id, { amount: 3, reason: "No key" });
    const plainAgain = await refund(order.id, { amount: 3, reason: "No key" });
    expect([plain.json.replayed, plainAgain.json.replayed]).toEqual([false, true]);
    expect(await db.prisma.testRefund.count({ where: { paymentIntentId: order.stripePaymentIntentId! } })).toBe(3);
  });

  it("cancels with a refund and puts the one-of-a-kind piece back on sale: it is in the shop at the next request", async () => {
    const order = await paidOrder(["spalted-burl-bowl"]);
    // Sold pieces stay listed, marked sold; back on sale means listed as available.
    const listed = async () => {
      const res = await call(listProductsRoute as never, "/api/products?limit=100");
      return (res.json.products as Array<{ slug: string; sold: boolean }>).some((p) => p.slug === "spalted-burl-bowl" && !p.sold);
    };
    expect(await listed()).toBe(false);
    const res = await patch(order.id, { status: "cancelled", refund: true, reason: "Out of stock wood", putBackOnSale: true });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "cancelled", refundedAmount: order.total.toFixed(2) });
    expect(await db.prisma.product.findUniqueOrThrow({ where: { slug: "spalted-burl-bowl" } })).toMatchObject({ sold: false });
    expect(await listed()).toBe(true);
    const mail = (await emailsTo(order.email)).map((m) => m.subject);
    expect(mail).toEqual([`Order ${order.orderNumber} cancelled — $320.00 refunded`]);
    // retried: nothing more happens
    await patch(order.id, { status: "cancelled", refund: true, reason: "Out of stock wood", putBackOnSale: true });
    expect(await db.prisma.testRefund.count({ where: { paymentIntentId: order.stripePaymentIntentId! } })).toBe(1);
    expect(await emailsTo(order.email)).toHaveLength(1);
  });

  it("an order cancelled earlier without a refund can be refunded later: the shopper gets the refund email", async () => {
    const order = await paidOrder(["dowel-jig"]);
    await patch(order.id, { status: "cancelled" });
    const res = await patch(order.id, { status: "cancelled", refund: true, reason: "Refund after all" });
    expect(res.json.refundedAmount).toBe("39.99");
    expect((await emailsTo(order.email)).map((m) => m.subject)).toEqual([`Order ${order.orderNumber} cancelled`, `Refund of $39.99 for order ${order.orderNumber}`]);
  });

  it("cancels without putting the piece back: it stays withdrawn", async () => {
    const order = await paidOrder(["sold-ash-bowl"]);
    await patch(order.id, { status: "cancelled", refund: true, reason: "Damaged in the workshop" });
    expect(await db.prisma.product.findUniqueOrThrow({ where: { slug: "sold-ash-bowl" } })).toMatchObject({ sold: true });
  });
});

describe("revenue net of refunds", () => {
  it("subtracts refunds on the tiles and in the chart alike", async () => {
    await db.prisma.order.deleteMany({});
    const a = await paidOrder(["dowel-jig", "track-saw-square"], { provider: "stripe" }); // 99.98 with shipping
    await db.prisma.order.update({ where: { id: a.id }, data: { refundedAmount: "24.00" } });
    await paidOrder(["maple-nesting-bowls"], { provider: "stripe" }); // 89.50 + 15.99
    const stats = await call(getStats as never, "/api/admin/stats", { headers: auth });
    expect(stats.json.totalRevenue).toBe("181.47"); // 99.98 - 24.00 + 105.49
    const days = await revenueByDay(1);
    expect(days.at(-1)!.revenue).toBe("181.47");
  });
});

describe("audit log", () => {
  it("records every admin write with who, what, and before/after of the changed fields only", async () => {
    const before = (await listAuditLog()).entries.length ? (await listAuditLog()).entries[0].id : 0;
    const product = await db.prisma.product.findUniqueOrThrow({ where: { slug: "dowel-jig" } });
    expect((await call(putProduct as never, `/api/products/${product.id}`, { method: "PUT", body: { name: "Dowel Jig Mk II" }, params: { slug: String(product.id) }, headers: auth })).status).toBe(
      200,
    );
    const cat = await call(postCategory as never, "/api/categories", { body: { name: "Audit Shelf", slug: "audit-shelf" }, headers: auth });
    expect(cat.status).toBe(201);
    const customer = await db.prisma.customer.create({ data: { email: "audit@example.com", firstName: "Old" } });
    expect((await call(putCustomer as never, `/api/admin/customers/${customer.id}`, { method: "PUT", body: { firstName: "New" }, params: { id: String(customer.id) }, headers: auth })).status).toBe(
      200,
    );
    const user = await call(postUser as never, "/api/admin/users", {
      body: { username: "helper", email: "helper@example.com", password: "s3cret-pass", confirmPassword: "s3cret-pass" },
      headers: auth,
    });
    expect(user.status).toBe(201);
    expect(
      (
        await call(putUser as never, `/api/admin/users/${user.json.id}`, {
          method: "PUT",
          body: { username: "helper", email: "helper@example.com", password: "another-pass", confirmPassword: "another-pass" },
          params: { id: String(user.json.id) },
          headers: auth,
        })
      ).status,
    ).toBe(200);
    const order = await paidOrder(["track-saw-square"]);
    await patch(order.id, { status: "processing" });
    expect((await call(deleteOrderRoute as never, `/api/orders/${order.id}`, { method: "DELETE", params: { id: String(order.id) }, headers: auth })).status).toBe(200);
    const extra = await db.prisma.product.create({ data: { name: "Temp", slug: "temp-audit", price: "1.00", description: "t", categoryId: product.categoryId } });
    expect((await call(deleteProductRoute as never, `/api/products/${extra.id}`, { method: "DELETE", params: { slug: String(extra.id) }, headers: auth })).status).toBe(200);
    await call(getUsers as never, "/api/admin/users", { headers: auth }); // reads are not logged

    const rows = (await listAuditLog()).entries.filter((e) => e.id > before).reverse();
    expect(rows.map((r) => `${r.entityType}:${r.action}`)).toEqual([
      "product:update",
      "category:create",
      "customer:update",
      "user:create",
      "user:update",
      "order:status",
      "order:archive", // a paid order moved money: archived, not deleted
      "product:delete",
    ]);
    expect(rows.every((r) => r.adminName === "maker" && r.adminUserId === adminId)).toBe(true);
    expect(rows[0]).toMatchObject({ entityId: String(product.id), before: { name: "Dowel Jig" }, after: { name: "Dowel Jig Mk II" } });
    expect(Object.keys(rows[0].after!).sort()).toEqual(["name", "slug"]); // the slug follows the name
    expect(rows[1].after).toMatchObject({ name: "Audit Shelf", slug: "audit-shelf" });
    expect(rows[2]).toMatchObject({ before: { firstName: "Old" }, after: { firstName: "New" } });
    expect(rows[4]).toMatchObject({ before: { password: "[hidden]" }, after: { password: "[changed]" } });
    expect(JSON.stringify(rows)).not.toMatch(/another-pass|s3cret-pass|passwordHash/);
    expect(rows[5]).toMatchObject({ before: { status: "confirmed" }, after: { status: "processing" } });
    expect(rows[6].before).toMatchObject({ orderNumber: order.orderNumber });
    expect(rows[7].before).toMatchObject({ slug: "temp-audit" });

    const onlyUsers = await listAuditLog({ type: "user" });
    expect(onlyUsers.entries.every((e) => e.entityType === "user")).toBe(true);
    expect((await listAuditLog({ admin: adminId + 1000 })).entries).toHaveLength(0);
  });

  it("logs nothing for writes outside an admin request (checkout, webhooks)", async () => {
    const count = await db.prisma.auditLog.count();
    const { changeOrderStatus } = await import("@/lib/orders/service");
    const order = await paidOrder(["track-saw-square"]);
    await changeOrderStatus(order.id, { status: "processing" });
    expect(await db.prisma.auditLog.count()).toBe(count);
    const [event] = await db.prisma.orderEvent.findMany({ where: { orderId: order.id } });
    expect(event).toMatchObject({ actor: "system", adminUserId: null });
  });
});
