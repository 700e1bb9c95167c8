import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { GET as getDraft, POST as postBuy } from "@/app/api/admin/orders/[id]/labels/route";
import { POST as postRates } from "@/app/api/admin/orders/[id]/labels/rates/route";
import { POST as postVoid } from "@/app/api/admin/orders/[id]/labels/[labelId]/void/route";
import { PUT as putInsurance } from "@/app/api/admin/shipping/insurance/route";
import { POST as postWebhook } from "@/app/api/webhooks/easypost/route";
import { env } from "@/lib/env";
import { carrierConfigProblem } from "@/lib/shipping/carrier-config";
import { FAKE_EASYPOST_KEY, fakeInsuranceFee, fakeRefundEvent, fakeTrackerEvent, signEasyPostWebhook, startFakeEasyPost, type FakeEasyPost } from "@/tests/helpers/fake-easypost";
import { createCatalogWithMaker } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Labels from the order screen and tracking that updates itself, through the admin API and the webhook route,
 * the real `@easypost/api` SDK and a local fake of EasyPost's HTTP API (tests/helpers/fake-easypost.ts):
 * POST /v2/shipments (rates), /v2/shipments/{id}/buy, /v2/shipments/{id}/refund, the label's PDF, and
 * tracker.updated webhooks signed as EasyPost signs them. EasyPost itself cannot be reached from here.
 */
const SECRET = "whsec-labels-test-0123456789";
let db: TestDatabase;
let fake: FakeEasyPost;
let auth: Record<string, string>;
let makerId: number;
let uploads: string;
const ids: Record<string, number> = {};
let orderSeq = 0;

const address = { line1: "2424 Kalakaua Ave", city: "Honolulu", state: "HI", postalCode: "96815", country: "US" };

beforeAll(async () => {
  fake = await startFakeEasyPost();
  uploads = mkdtempSync(path.join(tmpdir(), "labels-uploads-"));
  process.env.UPLOADS_DIR = uploads;
  Object.assign(env, { EASYPOST_API_KEY: FAKE_EASYPOST_KEY, EASYPOST_API_URL: fake.baseUrl, EASYPOST_TIMEOUT_MS: 800, EASYPOST_WEBHOOK_SECRET: SECRET });
  db = await createTestDatabase();
  const maker = await createCatalogWithMaker(db.prisma);
  auth = maker.auth;
  makerId = maker.maker.id;
  Object.assign(ids, maker.ids);
  await db.prisma.product.update({ where: { slug: "dowel-jig" }, data: { weightGrams: 400 } });
  await db.prisma.product.update({ where: { slug: "black-walnut-salad-bowl" }, data: { weightGrams: 1_200 } });
  await db.prisma.shippingBox.create({ data: { name: "Small cube", innerLengthMm: 200, innerWidthMm: 200, innerHeightMm: 200 } });
});
afterAll(async () => {
  await fake?.close();
  await db?.cleanup();
  rmSync(uploads, { recursive: true, force: true });
});
beforeEach(() => {
  fake.labelFailWith = null;
  fake.labelDelayMs = 0;
  fake.refundStatus = "submitted";
});

/** A paid order waiting to ship: a bowl and two jigs to Honolulu, $`shipping` paid for postage. */
async function paidOrder(shipping = "15.99") {
  const lines = [
    { slug: "black-walnut-salad-bowl", price: "145.00", quantity: 1 },
    { slug: "dowel-jig", price: "28.50", quantity: 2 },
  ];
  const order = await db.prisma.order.create({
    data: {
      orderNumber: `MM-LBL${String(++orderSeq).padStart(4, "0")}`,
      firstName: "Kai",
      lastName: "Akana",
      email: `kai${orderSeq}@example.com`,
      status: "processing",
      shippingAddress: address,
      billingAddress: address,
      subtotal: "202.00",
      shipping,
      shippingService: "STANDARD",
      tax: "0.00",
      total: (202 + Number(shipping)).toFixed(2),
      items: { create: lines.map((l) => ({ productId: ids[l.slug], productName: l.slug, price: l.price, quantity: l.quantity, total: (Number(l.price) * l.quantity).toFixed(2) })) },
    },
  });
  return order;
}

const draft = (orderId: number) => call(getDraft, `/api/admin/orders/${orderId}/labels`, { params: { id: String(orderId) }, headers: auth });
const rates = (orderId: number, parcel: Record<string, unknown>) => call(postRates, `/api/admin/orders/${orderId}/labels/rates`, { body: parcel, params: { id: String(orderId) }, headers: auth });
const buy = (orderId: number, token: string) => call(postBuy, `/api/admin/orders/${orderId}/labels`, { body: { token }, params: { id: String(orderId) }, headers: auth });
const voidIt = (orderId: number, labelId: number) =>
  call(postVoid, `/api/admin/orders/${orderId}/labels/${labelId}/void`, { method: "POST", params: { id: String(orderId), labelId: String(labelId) }, headers: auth });
const timeline = async (orderId: number) =>
  (await db.prisma.orderEvent.findMany({ where: { orderId }, orderBy: { id: "asc" } })).map((e) => ({ type: e.type, actor: e.actor, detail: e.detail as Record<string, unknown> }));
const webhook = (body: string, headers: Record<string, string>) => call(postWebhook, "/api/webhooks/easypost", { rawBody: body, headers });
const signed = (event: Record<string, unknown>) => {
  const body = JSON.stringify(event);
  return { body, headers: { "x-hmac-signature": signEasyPostWebhook(body, SECRET) } };
};

/** Rates for the order in the maker's box, then the cheapest bought. */
async function buyCheapest(orderId: number) {
  const d = await draft(orderId);
  const quote = await rates(orderId, { boxId: d.json.boxes[0].id, weightGrams: d.json.parcel.weightGrams });
  expect(quote.status).toBe(200);
  const bought = await buy(orderId, quote.json.rates[0].token);
  expect(bought.status).toBe(200);
  return { quote: quote.json, bought: bought.json };
}

describe(`labels and tracking against a fake EasyPost on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("pre-fills the parcel from the lines' weights and the maker's box; rates come from the carrier for that parcel", async () => {
    const order = await paidOrder();
    const d = await draft(order.id);
    expect(d.status).toBe(200);
    expect(d.json).toMatchObject({ carrierConfigured: true, refusal: null, parcel: { weightGrams: 1_200 + 2 * 400 }, unweighed: [], shippingPaid: "15.99", goodsValue: "202.00", labels: [] });
    expect(d.json.boxes.map((b: { name: string }) => b.name)).toEqual(["Small cube"]);
    const before = fake.requests.length;
    const quote = await rates(order.id, { boxId: d.json.boxes[0].id, weightGrams: 2_000 });
    expect(quote.status).toBe(200);
    expect(fake.requests.slice(before)[0].body.shipment).toMatchObject({ to_address: { zip: "96815" }, parcel: { weight: 70.5, length: 7.9 }, options: { label_format: "PDF", label_size: "4x6" } });
    expect(quote.json.rates.map((r: { carrier: string }) => r.carrier)).toEqual(["USPS", "FedEx", "UPS"]);
    expect(quote.json.parcel).toBe("Small cube, 2,000 g");
  });

  it("buys the label at the rate shown: tracking and carrier saved, order shipped, the shipped email with the tracking link, each step on the timeline", async () => {
    const order = await paidOrder("40.00");
    const { quote, bought } = await buyCheapest(order.id);
    const shown = quote.rates[0];
    expect(bought).toMatchObject({ shipped: true, message: null, label: { status: "purchased", carrier: "USPS", rate: shown.amount, cost: shown.amount, insuredValue: null, costWarning: null } });
    const buyCall = fake.labelCalls.filter((c) => c.path.endsWith("/buy")).at(-1);
    expect(buyCall?.body).toEqual({ rate: { id: expect.stringMatching(/^rate_fake/) } });
    const stored = await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored).toMatchObject({ status: "shipped", carrier: "USPS", trackingNumber: bought.label.trackingNumber });
    const label = await db.prisma.shippingLabel.findFirstOrThrow({ where: { orderId: order.id } });
    expect(label).toMatchObject({ boxName: "Small cube", weightGrams: 2_000, lengthMm: 200, trackerId: expect.stringMatching(/^trk_fake/) });
    expect(label.labelFile).toMatch(/^[a-f0-9]{32}\.pdf$/);
    const emails = await db.prisma.emailMessage.findMany({ where: { to: order.email } });
    expect(emails).toHaveLength(1);
    expect(emails[0].subject).toMatch(/shipped/i);
    expect(emails[0].text).toContain(`https://tools.usps.com/go/TrackConfirmAction?tLabels=${bought.label.trackingNumber}`);
    const events = await timeline(order.id);
    expect(events.map((e) => e.type)).toEqual(["label_bought", "status_changed", "email_sent"]);
    expect(events[0]).toMatchObject({ actor: "admin", detail: { cost: shown.amount, trackingNumber: bought.label.trackingNumber, costWarning: false } });
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "order", entityId: String(order.id), action: "label_buy" } });
    expect(audit).toMatchObject({ adminUserId: makerId, adminName: "maker" });
    // One label per order: a second buy with the same (or another) quote is refused, nothing bought.
    const calls = fake.labelCalls.length;
    const again = await buy(order.id, quote.rates[1].token);
    expect([again.status, again.json.error]).toEqual([409, "This order already has a label. Void it first to buy another."]);
    expect(fake.labelCalls.length).toBe(calls);
  });

  it("warns when the label cost more than the shopper paid for shipping", async () => {
    const order = await paidOrder("5.00");
    const { quote, bought } = await buyCheapest(order.id);
    expect(quote.rates[0].costWarning).toBe(`This label costs $${quote.rates[0].amount}, more than the $5.00 the shopper paid for shipping.`);
    expect(bought.label.costWarning).toBe(quote.rates[0].costWarning);
    expect((await timeline(order.id))[0].detail).toMatchObject({ costWarning: true, paid: "5.00" });
  });

  it("insures a label automatically above the maker's value, and its fee is part of the cost", async () => {
    expect((await call(putInsurance, "/api/admin/shipping/insurance", { method: "PUT", body: { insureAbove: "-1" }, headers: auth })).status).toBe(400);
    expect((await call(putInsurance, "/api/admin/shipping/insurance", { method: "PUT", body: { insureAbove: "150.00" }, headers: auth })).json).toEqual({ insureAbove: "150.00" });
    try {
      const order = await paidOrder();
      expect((await draft(order.id)).json).toMatchObject({ insureAbove: "150.00", insuredValue: "202.00" });
      const { quote, bought } = await buyCheapest(order.id);
      expect(quote.insuredValue).toBe("202.00");
      const buyCall = fake.labelCalls.filter((c) => c.path.endsWith("/buy")).at(-1);
      expect(buyCall?.body).toEqual({ rate: { id: expect.any(String) }, insurance: 202 });
      const fee = fakeInsuranceFee(202);
      expect(bought.label).toMatchObject({ insuredValue: "202.00", insuranceFee: fee, cost: (Number(quote.rates[0].amount) + Number(fee)).toFixed(2) });
      // Below the threshold: no insurance.
      await call(putInsurance, "/api/admin/shipping/insurance", { method: "PUT", body: { insureAbove: "500" }, headers: auth });
      const small = await paidOrder();
      const second = await buyCheapest(small.id);
      expect(second.bought.label).toMatchObject({ insuredValue: null, insuranceFee: "0.00" });
    } finally {
      await call(putInsurance, "/api/admin/shipping/insurance", { method: "PUT", body: { insureAbove: null }, headers: auth });
    }
  });

  it("voids a label: refunded by the carrier, recorded on the timeline and in the audit log; a second void is refused", async () => {
    const order = await paidOrder();
    const { bought } = await buyCheapest(order.id);
    const res = await voidIt(order.id, bought.label.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: "voided", refundStatus: "submitted" });
    const { shipmentId } = await db.prisma.shippingLabel.findUniqueOrThrow({ where: { id: bought.label.id } });
    expect(fake.labelCalls.at(-1)).toMatchObject({ method: "POST", path: `/v2/shipments/${shipmentId}/refund` });
    expect((await timeline(order.id)).slice(-2)).toMatchObject([
      { type: "label_voided", actor: "admin", detail: { trackingNumber: bought.label.trackingNumber, cost: bought.label.cost, refundStatus: "submitted" } },
      // The parcel never left: the order is back to processing, with no dead tracking link on the shopper's page.
      { type: "status_changed", actor: "admin", detail: { from: "shipped", to: "processing", reason: "label voided" } },
    ]);
    expect(await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "processing", carrier: null, trackingNumber: null });
    expect(await db.prisma.auditLog.count({ where: { entityId: String(order.id), action: "label_void", adminUserId: makerId } })).toBe(1);
    expect(await db.prisma.auditLog.count({ where: { entityId: String(order.id), action: "status", adminUserId: makerId } })).toBe(2);
    expect((await voidIt(order.id, bought.label.id)).status).toBe(409);
    // Voided, a new label can be bought: the order ships again and the shopper gets the new, working tracking link.
    const d = await draft(order.id);
    expect(d.json.refusal).toBeNull();
    const second = await buyCheapest(order.id);
    expect(second.bought.label.trackingNumber).not.toBe(bought.label.trackingNumber);
    expect(await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "shipped", trackingNumber: second.bought.label.trackingNumber });
    const shippedEmails = (await db.prisma.emailMessage.findMany({ where: { to: order.email }, orderBy: { id: "asc" } })).filter((m) => /shipped/i.test(m.subject));
    expect(shippedEmails).toHaveLength(2);
    expect(shippedEmails[1].text).toContain(second.bought.label.trackingNumber);
    expect(shippedEmails[1].text).not.toContain(bought.label.trackingNumber);
  });

  it("a refund the carrier rejects leaves the label in use", async () => {
    const order = await paidOrder();
    const { bought } = await buyCheapest(order.id);
    fake.refundStatus = "rejected";
    const res = await voidIt(order.id, bought.label.id);
    expect([res.status, res.json.error]).toEqual([409, "The carrier refused to refund this label (it may have been scanned already). It is not voided."]);
    expect((await db.prisma.shippingLabel.findUniqueOrThrow({ where: { id: bought.label.id } })).status).toBe("purchased");
  });

  it("a carrier error or timeout says so plainly, and nothing is half-written", async () => {
    const order = await paidOrder();
    const d = await draft(order.id);
    const quote = await rates(order.id, { boxId: d.json.boxes[0].id, weightGrams: 2_000 });
    const counts = async () => [await db.prisma.shippingLabel.count(), await db.prisma.orderEvent.count({ where: { orderId: order.id } }), await db.prisma.emailMessage.count()];
    const before = await counts();
    fake.labelFailWith = 422;
    const refused = await buy(order.id, quote.json.rates[0].token);
    expect([refused.status, refused.json.error]).toEqual([503, "The carrier refused: The carrier could not create the label. No label was bought; nothing changed."]);
    fake.labelFailWith = null;
    fake.labelDelayMs = 2_000;
    const slow = await buy(order.id, quote.json.rates[0].token);
    expect([slow.status, slow.json.error]).toEqual([503, "The carrier did not answer in time. No label was bought; nothing changed."]);
    expect(await counts()).toEqual(before);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("processing");
  });

  it("refuses bad input with a clear 4xx: absurd weights, a box that is not the maker's, a tampered or foreign rate token", async () => {
    const order = await paidOrder();
    const other = await paidOrder();
    for (const parcel of [{ weightGrams: -5 }, { weightGrams: 0 }, { weightGrams: 2_000_000 }, { weightGrams: "12abc" }, { weightGrams: 100, lengthMm: 10 }]) {
      const res = await rates(order.id, parcel);
      expect(res.status).toBe(400);
    }
    expect((await rates(order.id, { weightGrams: 100, boxId: 999_999 })).json.error).toBe("Choose one of your boxes");
    const quote = await rates(other.id, { weightGrams: 500 });
    const foreign = await buy(order.id, quote.json.rates[0].token);
    expect([foreign.status, foreign.json.error]).toEqual([400, "These rates have expired or are not this order's: get the rates again."]);
    const token: string = quote.json.rates[0].token;
    expect((await buy(other.id, `${token.slice(0, -4)}AAAA`)).status).toBe(400);
    expect(await db.prisma.shippingLabel.count({ where: { orderId: { in: [order.id, other.id] } } })).toBe(0);
  });

  it("tracking webhook: delivered moves the order to delivered, then the review request goes out; each step on the timeline", async () => {
    const order = await paidOrder();
    const { bought } = await buyCheapest(order.id);
    const shipmentId = (await db.prisma.shippingLabel.findUniqueOrThrow({ where: { id: bought.label.id } })).shipmentId;
    const transit = signed(fakeTrackerEvent(fake, shipmentId, "in_transit", { message: "Departed Honolulu facility" }));
    expect((await webhook(transit.body, transit.headers)).json).toEqual({ received: true, handled: true, status: "in_transit" });
    const delivered = signed(fakeTrackerEvent(fake, shipmentId, "delivered", { message: "Delivered, front door" }));
    expect((await webhook(delivered.body, delivered.headers)).status).toBe(200);
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("delivered");
    const { sendDueReviewRequests } = await import("@/lib/reviews/request-service");
    await sendDueReviewRequests(new Date(Date.now() + 8 * 86_400_000));
    const subjects = (await db.prisma.emailMessage.findMany({ where: { to: order.email }, orderBy: { id: "asc" } })).map((e) => e.subject);
    expect(subjects).toHaveLength(3);
    expect(subjects[2]).toMatch(/Review your purchase/);
    const events = await timeline(order.id);
    expect(events.map((e) => `${e.type}:${e.actor}${e.type === "email_sent" ? `:${String(e.detail.template)}` : ""}`)).toEqual([
      "label_bought:admin",
      "status_changed:admin",
      "email_sent:admin:shipped",
      "tracking_updated:webhook",
      "tracking_updated:webhook",
      "status_changed:system",
      "email_sent:system:delivered",
      "email_sent:system:review_request",
    ]);
    expect(events[4].detail).toMatchObject({ source: "carrier", status: "delivered", message: "Delivered, front door" });
  });

  it("a delivery problem lands on the timeline and the dashboard's needs-doing list", async () => {
    const order = await paidOrder();
    const { bought } = await buyCheapest(order.id);
    const shipmentId = (await db.prisma.shippingLabel.findUniqueOrThrow({ where: { id: bought.label.id } })).shipmentId;
    const returned = signed(fakeTrackerEvent(fake, shipmentId, "return_to_sender", { message: "Addressee unknown" }));
    expect((await webhook(returned.body, returned.headers)).status).toBe(200);
    expect((await timeline(order.id)).at(-1)).toMatchObject({ type: "tracking_exception", actor: "webhook", detail: { status: "return_to_sender", message: "Addressee unknown" } });
    const { listTrackingProblems } = await import("@/lib/orders/tracking-service");
    expect(await listTrackingProblems()).toContainEqual(expect.objectContaining({ orderId: order.id, orderNumber: order.orderNumber, status: "return_to_sender", message: "Addressee unknown" }));
    expect((await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status).toBe("shipped");
  });

  it("refuses forged, altered, unsigned, malformed, stale and replayed webhooks, and they change nothing", async () => {
    const order = await paidOrder();
    const { bought } = await buyCheapest(order.id);
    const shipmentId = (await db.prisma.shippingLabel.findUniqueOrThrow({ where: { id: bought.label.id } })).shipmentId;
    const snapshot = async () => [
      (await db.prisma.order.findUniqueOrThrow({ where: { id: order.id } })).status,
      await db.prisma.orderEvent.count({ where: { orderId: order.id } }),
      (await db.prisma.shippingLabel.findUniqueOrThrow({ where: { id: bought.label.id } })).trackingStatus,
      await db.prisma.webhookEvent.count({ where: { provider: "easypost" } }),
    ];
    const before = await snapshot();
    const event = fakeTrackerEvent(fake, shipmentId, "delivered");
    const body = JSON.stringify(event);
    const forged = await webhook(body, { "x-hmac-signature": signEasyPostWebhook(body, "not-the-shops-secret-at-all") });
    expect([forged.status, forged.json.error]).toEqual([400, "Invalid webhook signature"]);
    const good = signEasyPostWebhook(body, SECRET);
    expect((await webhook(body.replace('"delivered"', '"delivered" '), { "x-hmac-signature": good })).status).toBe(400);
    expect((await webhook(body, {})).status).toBe(400);
    const garbage = "not json at all";
    expect((await webhook(garbage, { "x-hmac-signature": signEasyPostWebhook(garbage, SECRET) })).status).toBe(400);
    const notAnEvent = signed({ id: "evt_x", object: "Shipment", created_at: new Date().toISOString() });
    expect((await webhook(notAnEvent.body, notAnEvent.headers)).json.error).toBe("Malformed webhook event");
    const stale = signed(fakeTrackerEvent(fake, shipmentId, "delivered", { at: new Date(Date.now() - 2 * 3_600_000) }));
    expect((await webhook(stale.body, stale.headers)).json).toMatchObject({ error: "Webhook event outside the accepted time window" });
    expect(await snapshot()).toEqual(before);
    // Accepted once; the same signed delivery again is a replay: 409, nothing more happens.
    const transit = signed(fakeTrackerEvent(fake, shipmentId, "in_transit"));
    expect((await webhook(transit.body, transit.headers)).status).toBe(200);
    const afterFirst = await snapshot();
    const replay = await webhook(transit.body, transit.headers);
    expect([replay.status, replay.json.error]).toEqual([409, "Webhook event already received"]);
    expect(await snapshot()).toEqual(afterFirst);
  });

  it("the carrier's word on a voided label's refund, days later: confirmed or refused on the timeline once; a replay or a malformed refund changes nothing", async () => {
    const order = await paidOrder();
    const { bought } = await buyCheapest(order.id);
    expect((await voidIt(order.id, bought.label.id)).status).toBe(200);
    const { shipmentId } = await db.prisma.shippingLabel.findUniqueOrThrow({ where: { id: bought.label.id } });
    const refundStatus = async () => (await db.prisma.shippingLabel.findUniqueOrThrow({ where: { id: bought.label.id } })).refundStatus;
    expect(await refundStatus()).toBe("submitted");

    // Malformed: a Refund without its shipment, or with a status EasyPost never sends.
    const broken = fakeRefundEvent(shipmentId, "refunded");
    for (const result of [
      { ...(broken.result as object), shipment_id: undefined },
      { ...(broken.result as object), status: "done" },
    ]) {
      const bad = signed({ ...broken, id: `evt_bad${Math.random().toString(36).slice(2, 8)}`, result });
      expect((await webhook(bad.body, bad.headers)).status).toBe(400);
    }
    expect(await refundStatus()).toBe("submitted");

    const confirmed = signed(fakeRefundEvent(shipmentId, "refunded"));
    const res = await webhook(confirmed.body, confirmed.headers);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ received: true, handled: true, status: "refunded" });
    expect(await refundStatus()).toBe("refunded");
    expect((await timeline(order.id)).filter((e) => e.type === "label_refund")).toEqual([
      {
        type: "label_refund",
        actor: "webhook",
        detail: expect.objectContaining({ source: "carrier", refundStatus: "refunded", trackingNumber: bought.label.trackingNumber, cost: bought.label.cost }),
      },
    ]);
    // The same delivery again is refused; a second event saying the same adds no line.
    expect((await webhook(confirmed.body, confirmed.headers)).status).toBe(409);
    const again = signed(fakeRefundEvent(shipmentId, "refunded"));
    expect((await webhook(again.body, again.headers)).status).toBe(200);
    expect((await timeline(order.id)).filter((e) => e.type === "label_refund")).toHaveLength(1);

    // A refund for a shipment this shop never voided: acknowledged, nothing changed.
    const foreign = signed({ ...fakeRefundEvent("shp_someoneelse", "refunded") });
    expect((await webhook(foreign.body, foreign.headers)).json).toMatchObject({ received: true, handled: false });

    // Another label, refused by the carrier: the maker is told on the timeline.
    const other = await paidOrder();
    const second = await buyCheapest(other.id);
    expect((await voidIt(other.id, second.bought.label.id)).status).toBe(200);
    const otherShipment = (await db.prisma.shippingLabel.findUniqueOrThrow({ where: { id: second.bought.label.id } })).shipmentId;
    const refused = signed(fakeRefundEvent(otherShipment, "rejected"));
    expect((await webhook(refused.body, refused.headers)).status).toBe(200);
    expect((await db.prisma.shippingLabel.findUniqueOrThrow({ where: { id: second.bought.label.id } })).refundStatus).toBe("rejected");
    expect((await timeline(other.id)).at(-1)).toMatchObject({ type: "label_refund", actor: "webhook", detail: { refundStatus: "rejected" } });
  });

  it("pre-fills the box a line's variant ships in, when the heaviest line's variant has one of its own", async () => {
    const tube = await db.prisma.shippingBox.create({ data: { name: "Long tube", innerLengthMm: 900, innerWidthMm: 100, innerHeightMm: 100 } });
    const jig = ids["dowel-jig"];
    const long = await db.prisma.productVariant.create({ data: { productId: jig, sku: "DJ-LONG", optionValues: ["Long"], price: "28.50", weightGrams: 3_000, boxId: tube.id } });
    try {
      const order = await paidOrder();
      await db.prisma.orderItem.updateMany({ where: { orderId: order.id, productId: jig }, data: { variantId: long.id } });
      const d = await draft(order.id);
      // The long jigs (2 × 3 kg) outweigh the bowl: their tube, not the maker's first box.
      expect(d.json.parcel).toEqual({ boxId: tube.id, weightGrams: 1_200 + 2 * 3_000 });
    } finally {
      await db.prisma.orderItem.updateMany({ where: { variantId: long.id }, data: { variantId: null } });
      await db.prisma.productVariant.delete({ where: { id: long.id } });
      await db.prisma.shippingBox.delete({ where: { id: tube.id } });
    }
  });

  it("EASYPOST_API_KEY without EASYPOST_WEBHOOK_SECRET is refused at start-up, naming the variable", () => {
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(STRIPE_|NEXT_PUBLIC_STRIPE|PAYMENT_PROVIDER|DATABASE_URL|MM_EMBEDDED|TAX_|EASYPOST_|RESEND_)/.test(k)));
    const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/serve.ts", "dev"], {
      env: { ...clean, DATABASE_URL: "postgresql://postgres@127.0.0.1:9/none", PAYMENT_PROVIDER: "test", EASYPOST_API_KEY: FAKE_EASYPOST_KEY } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr + result.stdout).toContain("EASYPOST_API_KEY is set but EASYPOST_WEBHOOK_SECRET is not");
    expect(carrierConfigProblem({ EASYPOST_API_KEY: FAKE_EASYPOST_KEY })).toContain("EASYPOST_WEBHOOK_SECRET");
    expect(carrierConfigProblem({ EASYPOST_API_KEY: FAKE_EASYPOST_KEY, EASYPOST_WEBHOOK_SECRET: SECRET })).toBeNull();
    expect(carrierConfigProblem({})).toBeNull();
  });
});
