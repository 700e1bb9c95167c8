import "server-only";
import { entityIdOrNotFound } from "@/lib/admin/ids";
import { recordAudit } from "@/lib/audit/service";
import { prisma, Prisma } from "@/lib/db";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { goodsLines } from "@/lib/gift-cards/rules";
import { log } from "@/lib/log";
import { decimalToCents, fromCents, type Cents } from "@/lib/money";
import { lockOrder, ORDER_NOT_FOUND_MESSAGE, ORDER_TX_OPTIONS } from "@/lib/orders/order-row";
import { changeOrderStatus } from "@/lib/orders/service";
import { CARRIERS, type Carrier as ShippingCarrier } from "@/lib/orders/shipping";
import { appendOrderEvent } from "@/lib/orders/timeline";
import { readLinkToken, signLinkToken } from "@/lib/security/signed-links";
import { CarrierError, carrierWithin, getLabelCarrier, labelTimeoutMs, type LabelCarrier } from "@/lib/shipping/carrier";
import { PICKUP_SERVICE } from "@/lib/shipping/rules";
import { insuredValueFor, type LabelParcel } from "@/lib/shipping/schemas";
import { getInsureAbove, listBoxes } from "@/lib/shipping/service";
import { site } from "@/lib/site";
import { isPdf, readLabelFile, saveLabelFile } from "@/lib/storage/label-files";

/**
 * Postage labels bought from the order screen: the parcel (one of the maker's boxes, its weight
 * pre-filled from the lines' packed weights), the carrier's rates for it, one rate bought — insured for
 * the goods' value when they are worth more than the maker's threshold — its 4×6 PDF kept, the order
 * marked shipped with the carrier and tracking number (which sends the existing "shipped" email once),
 * and a label voided (refunded by the carrier). Each step is on the order's timeline and, done by an
 * admin, in the audit log. A carrier that fails or is slow changes nothing here.
 */

export const NO_CARRIER_MESSAGE = "Labels need a carrier: set EASYPOST_API_KEY to buy labels from the order screen.";
export const LABEL_EXISTS_MESSAGE = "This order already has a label. Void it first to buy another.";
export const QUOTE_EXPIRED_MESSAGE = "These rates have expired or are not this order's: get the rates again.";
const QUOTE_AUDIENCE = "shipping-label-quote";
/** How long the rates shown can be bought at: carriers re-price, so a quote is short-lived. */
const QUOTE_MINUTES = 30;
/** Largest label file kept (a 4×6 PDF is a few KB; this is a guard, not a limit anyone meets). */
const MAX_LABEL_BYTES = 5 * 1024 * 1024;

export type LabelDTO = {
  id: number;
  status: "purchased" | "voided";
  carrier: string;
  service: string;
  trackingNumber: string;
  trackerUrl: string | null;
  rate: string;
  insuranceFee: string;
  cost: string;
  insuredValue: string | null;
  parcel: string;
  trackingStatus: string | null;
  refundStatus: string | null;
  createdAt: string;
  voidedAt: string | null;
  /** "This label cost $X, more than the $Y the shopper paid for shipping", or null. */
  costWarning: string | null;
  pdfUrl: string;
};

type LabelRow = Prisma.ShippingLabelGetPayload<object>;

const costWarning = (cost: Cents, paid: Cents): string | null => (cost > paid ? `This label costs $${fromCents(cost)}, more than the $${fromCents(paid)} the shopper paid for shipping.` : null);

const parcelText = (l: { boxName: string | null; weightGrams: number; lengthMm: number | null; widthMm: number | null; heightMm: number | null }) =>
  [l.boxName ?? (l.lengthMm ? `${l.lengthMm} × ${l.widthMm} × ${l.heightMm} mm` : "no size given"), `${l.weightGrams.toLocaleString("en-US")} g`].join(", ");

function toLabelDTO(row: LabelRow, shippingPaid: Cents): LabelDTO {
  return {
    id: row.id,
    status: row.status,
    carrier: row.carrier,
    service: row.service,
    trackingNumber: row.trackingNumber,
    trackerUrl: row.trackerUrl,
    rate: row.rate.toFixed(2),
    insuranceFee: row.insuranceFee.toFixed(2),
    cost: row.cost.toFixed(2),
    insuredValue: row.insuredValue?.toFixed(2) ?? null,
    parcel: parcelText(row),
    trackingStatus: row.trackingStatus,
    refundStatus: row.refundStatus,
    createdAt: row.createdAt.toISOString(),
    voidedAt: row.voidedAt?.toISOString() ?? null,
    costWarning: costWarning(decimalToCents(row.cost), shippingPaid),
    pdfUrl: `/admin/orders/${row.orderId}/label/${row.id}`,
  };
}

/** The carrier's name as the order keeps it (USPS, UPS, FedEx or other): the tracking link and the shipped email read it. */
export function orderCarrierOf(carrier: string): ShippingCarrier {
  const c = carrier.toLowerCase();
  return CARRIERS.find((known) => known !== "other" && c.startsWith(known.toLowerCase())) ?? "other";
}

const orderForLabel = {
  id: true,
  orderNumber: true,
  status: true,
  capture: true,
  archivedAt: true,
  firstName: true,
  lastName: true,
  phone: true,
  shipping: true,
  shippingService: true,
  shippingAddress: true,
  items: {
    orderBy: { id: "asc" },
    select: {
      id: true,
      quantity: true,
      total: true,
      productName: true,
      variant: { select: { weightGrams: true, boxId: true } },
      product: { select: { weightGrams: true, boxId: true, lengthMm: true, widthMm: true, heightMm: true } },
    },
  },
  giftCardsBought: { select: { orderItemId: true } },
  shippingLabels: { orderBy: { id: "asc" } },
} satisfies Prisma.OrderSelect;
type OrderForLabel = Prisma.OrderGetPayload<{ select: typeof orderForLabel }>;

async function loadOrder(id: number | string): Promise<OrderForLabel> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: orderForLabel });
  if (!order || order.archivedAt) throw new AppError("not_found", ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/** Why a label cannot be bought for this order now, or null. */
function labelRefusal(order: OrderForLabel): string | null {
  if (order.status === "cancelled") return "This order is cancelled: it is not shipped.";
  if (order.status === "delivered") return "This order is delivered already.";
  if (order.capture !== "captured") return "This order's payment is not taken: it cannot be shipped yet.";
  if (order.shippingService === PICKUP_SERVICE) return "This order is collected at the workshop: it needs no label.";
  if (!goodsLines(order.items, order.giftCardsBought).length) return "This order holds only gift cards: nothing is posted.";
  if (order.shippingLabels.some((l) => l.status === "purchased")) return LABEL_EXISTS_MESSAGE;
  return null;
}

type Address = { line1?: string; line2?: string | null; city?: string; state?: string; postalCode?: string; country?: string };

/** What the label panel shows before any rate is asked for: boxes, the parcel pre-filled, the insurance and the labels so far. */
export type LabelDraft = {
  carrierConfigured: boolean;
  refusal: string | null;
  boxes: Array<{ id: number; name: string; innerLengthMm: number; innerWidthMm: number; innerHeightMm: number }>;
  parcel: { boxId: number | null; weightGrams: number | null };
  /** Lines whose weight is unknown (the pre-filled weight leaves them out). */
  unweighed: string[];
  goodsValue: string;
  insureAbove: string | null;
  insuredValue: string | null;
  shippingPaid: string;
  labels: LabelDTO[];
};

export async function getLabelDraft(id: number | string): Promise<LabelDraft> {
  const order = await loadOrder(id);
  const [boxes, insureAbove] = await Promise.all([listBoxes(), getInsureAbove()]);
  const goods = goodsLines(order.items, order.giftCardsBought);
  const goodsValue = goods.reduce((sum, l) => sum + decimalToCents(l.total), 0);
  const weightOf = (l: (typeof goods)[number]) => l.variant?.weightGrams ?? l.product?.weightGrams ?? null;
  const weighed = goods.filter((l) => weightOf(l) != null);
  const weightGrams = weighed.length ? weighed.reduce((sum, l) => sum + (weightOf(l) as number) * l.quantity, 0) : null;
  // The box of the heaviest line that names one (its variant's own, else its product's), else the maker's first box.
  const boxOf = (l: (typeof goods)[number]) => l.variant?.boxId ?? l.product?.boxId ?? null;
  const boxed = [...goods].filter((l) => boxOf(l) !== null).sort((a, b) => (weightOf(b) ?? 0) - (weightOf(a) ?? 0))[0];
  const boxId = (boxed && boxOf(boxed)) ?? boxes[0]?.id ?? null;
  const paid = decimalToCents(order.shipping);
  return {
    carrierConfigured: getLabelCarrier() !== null,
    refusal: labelRefusal(order),
    boxes: boxes.map(({ id, name, innerLengthMm, innerWidthMm, innerHeightMm }) => ({ id, name, innerLengthMm, innerWidthMm, innerHeightMm })),
    parcel: { boxId, weightGrams: weightGrams === null ? null : Math.min(weightGrams, 1_000_000) },
    unweighed: goods.filter((l) => weightOf(l) == null).map((l) => l.productName),
    goodsValue: fromCents(goodsValue),
    insureAbove: insureAbove === null ? null : fromCents(insureAbove),
    insuredValue: (() => {
      const insured = insuredValueFor(goodsValue, insureAbove);
      return insured === null ? null : fromCents(insured);
    })(),
    shippingPaid: fromCents(paid),
    labels: order.shippingLabels.map((l) => toLabelDTO(l, paid)),
  };
}

function requireCarrier(): LabelCarrier {
  const carrier = getLabelCarrier();
  if (!carrier) throw new AppError("conflict", NO_CARRIER_MESSAGE);
  return carrier;
}

function carrierRefused(error: unknown, outcome: string): never {
  if (error instanceof CarrierError) throw new AppError("unavailable", `${error.message} ${outcome}`);
  throw error;
}

/** What a quote token carries: everything the buy needs, signed, so the browser's copy of a rate is never trusted. */
type QuoteClaims = {
  shipmentId: string;
  rateId: string;
  carrier: string;
  service: string;
  amount: Cents;
  insuredValue: Cents | null;
  boxName: string | null;
  weightGrams: number;
  lengthMm: number | null;
  widthMm: number | null;
  heightMm: number | null;
};

export type LabelRateDTO = { token: string; carrier: string; service: string; amount: string; deliveryDays: number | null; costWarning: string | null };
export type LabelQuoteDTO = { rates: LabelRateDTO[]; insuredValue: string | null; parcel: string };

/** The carrier's rates for this order's parcel, cheapest first, each with a signed token the buy takes. */
export async function quoteLabel(id: number | string, parcel: LabelParcel, now: Date = new Date()): Promise<LabelQuoteDTO> {
  const order = await loadOrder(id);
  const refusal = labelRefusal(order);
  if (refusal) throw new AppError("conflict", refusal);
  const carrier = requireCarrier();
  let size: { boxName: string | null; lengthMm: number | null; widthMm: number | null; heightMm: number | null } = {
    boxName: null,
    lengthMm: parcel.lengthMm ?? null,
    widthMm: parcel.widthMm ?? null,
    heightMm: parcel.heightMm ?? null,
  };
  if (parcel.boxId != null) {
    const box = await prisma.shippingBox.findUnique({ where: { id: parcel.boxId } });
    if (!box) throw new AppError("bad_request", "Choose one of your boxes", { boxId: "Choose one of your boxes" });
    size = { boxName: box.name, lengthMm: box.innerLengthMm, widthMm: box.innerWidthMm, heightMm: box.innerHeightMm };
  }
  const to = order.shippingAddress as Address;
  if (!to?.line1 || !to.city || !to.postalCode) throw new AppError("conflict", "This order has no full shipping address to post to.");
  const goodsValue = goodsLines(order.items, order.giftCardsBought).reduce((sum, l) => sum + decimalToCents(l.total), 0);
  const insuredValue = insuredValueFor(goodsValue, await getInsureAbove());
  const quote = await carrierWithin(
    carrier.quote({
      from: { ...site.address, name: site.name },
      to: {
        line1: to.line1,
        line2: to.line2,
        city: to.city,
        state: to.state ?? "",
        postalCode: to.postalCode,
        country: (to.country ?? "US").toUpperCase(),
        name: `${order.firstName} ${order.lastName}`,
      },
      parcel: { weightGrams: parcel.weightGrams, lengthMm: size.lengthMm, widthMm: size.widthMm, heightMm: size.heightMm },
      reference: order.orderNumber,
    }),
    labelTimeoutMs(),
  ).catch((error: unknown) => carrierRefused(error, "No rates were asked for; nothing changed."));
  if (!quote.rates.length) throw new AppError("conflict", "The carrier has no rate for this parcel and address: check the weight, the box and the address.");
  const expires = new Date(now.getTime() + QUOTE_MINUTES * 60_000);
  const paid = decimalToCents(order.shipping);
  const rates = await Promise.all(
    quote.rates.map(async (r) => {
      const claims: QuoteClaims = { shipmentId: quote.shipmentId, rateId: r.id, carrier: r.carrier, service: r.service, amount: r.amount, insuredValue, weightGrams: parcel.weightGrams, ...size };
      return {
        token: await signLinkToken(QUOTE_AUDIENCE, String(order.id), expires, { quote: JSON.stringify(claims) }, now),
        carrier: r.carrier,
        service: r.service,
        amount: fromCents(r.amount),
        deliveryDays: r.deliveryDays,
        costWarning: costWarning(r.amount, paid),
      };
    }),
  );
  return { rates, insuredValue: insuredValue === null ? null : fromCents(insuredValue), parcel: parcelText({ ...size, weightGrams: parcel.weightGrams }) };
}

async function readQuote(orderId: number, token: string, now: Date): Promise<QuoteClaims> {
  const read = await readLinkToken(QUOTE_AUDIENCE, token, now);
  if (!read.ok || read.subject !== String(orderId) || typeof read.claims.quote !== "string") throw new AppError("bad_request", QUOTE_EXPIRED_MESSAGE);
  try {
    return JSON.parse(read.claims.quote) as QuoteClaims;
  } catch {
    throw new AppError("bad_request", QUOTE_EXPIRED_MESSAGE);
  }
}

/** The label's PDF from the carrier's copy, or null when it cannot be fetched now (the admin's route tries again). */
async function fetchLabelPdf(url: string): Promise<Uint8Array | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(Math.max(env.EASYPOST_TIMEOUT_MS, 5_000)) });
    const data = new Uint8Array(await res.arrayBuffer());
    if (!res.ok || data.byteLength > MAX_LABEL_BYTES || !isPdf(data)) throw new Error(`label download answered ${res.status} with ${data.byteLength} bytes`);
    return data;
  } catch (error) {
    log.warn({ err: error }, "label PDF could not be fetched from the carrier: kept its address, fetched again when opened");
    return null;
  }
}

export type BuyLabelResult = { label: LabelDTO; shipped: boolean; message: string | null };

/**
 * Buys the rate a quote token names: the carrier first (nothing is written if it fails or is slow), then in one
 * transaction the label, its timeline line and audit row; then the order is marked shipped with the carrier and
 * tracking number, which emails the shopper the tracking link once.
 */
export async function buyLabel(id: number | string, token: string, now: Date = new Date()): Promise<BuyLabelResult> {
  const order = await loadOrder(id);
  const quote = await readQuote(order.id, token, now);
  const refusal = labelRefusal(order);
  if (refusal) throw new AppError("conflict", refusal);
  const carrier = requireCarrier();
  const buying = carrier.buy({ shipmentId: quote.shipmentId, rateId: quote.rateId, insuredValue: quote.insuredValue });
  const bought = await carrierWithin(buying, labelTimeoutMs()).catch((error: unknown) => {
    // Given up on, the buy may still go through at the carrier: it is then refunded at once, never left bought and unrecorded.
    if (error instanceof CarrierError && error.code === "TIMEOUT") {
      buying
        .then((late) => carrier.refund(late.shipmentId))
        .then(() => log.warn({ orderId: order.id, shipmentId: quote.shipmentId }, "a label bought after the shop gave up waiting was refunded"))
        .catch(() => undefined);
    }
    return carrierRefused(error, "No label was bought; nothing changed.");
  });
  const pdf = await fetchLabelPdf(bought.labelUrl);
  const labelFile = pdf ? await saveLabelFile(pdf) : null;
  const paid = decimalToCents(order.shipping);
  const cost = bought.rate + bought.insuranceFee;
  let row: LabelRow;
  try {
    row = await prisma.$transaction(async (tx) => {
      await lockOrder(tx, order.id);
      const created = await tx.shippingLabel.create({
        data: {
          orderId: order.id,
          shipmentId: bought.shipmentId,
          rateId: bought.rateId,
          carrier: bought.carrier,
          service: bought.service,
          trackingNumber: bought.trackingNumber,
          trackerId: bought.trackerId,
          trackerUrl: bought.trackerUrl,
          rate: fromCents(bought.rate),
          insuranceFee: fromCents(bought.insuranceFee),
          cost: fromCents(cost),
          insuredValue: quote.insuredValue === null ? null : fromCents(quote.insuredValue),
          boxName: quote.boxName,
          weightGrams: quote.weightGrams,
          lengthMm: quote.lengthMm,
          widthMm: quote.widthMm,
          heightMm: quote.heightMm,
          labelUrl: bought.labelUrl,
          labelFile,
        },
      });
      const detail = {
        labelId: created.id,
        carrier: created.carrier,
        service: created.service,
        trackingNumber: created.trackingNumber,
        rate: fromCents(bought.rate),
        insuranceFee: fromCents(bought.insuranceFee),
        cost: fromCents(cost),
        insuredValue: created.insuredValue?.toFixed(2) ?? null,
        paid: fromCents(paid),
        costWarning: cost > paid,
      };
      await appendOrderEvent(tx, order.id, "label_bought", detail);
      await recordAudit({ entityType: "order", entityId: order.id, action: "label_buy", before: null, after: detail }, tx);
      return created;
    }, ORDER_TX_OPTIONS);
  } catch (error) {
    // Bought at the carrier but not recordable (another label was bought meanwhile): given back at once.
    await carrier.refund(bought.shipmentId).catch((refundError: unknown) => log.error({ err: refundError, shipmentId: bought.shipmentId }, "label bought twice: its refund failed"));
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new AppError("conflict", LABEL_EXISTS_MESSAGE);
    throw error;
  }
  if (bought.rate !== quote.amount) log.warn({ orderId: order.id, quoted: quote.amount, charged: bought.rate }, "the carrier charged another rate than it quoted");
  try {
    await changeOrderStatus(order.id, { status: "shipped", carrier: orderCarrierOf(bought.carrier), trackingNumber: bought.trackingNumber });
    return { label: toLabelDTO(row, paid), shipped: true, message: null };
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { label: toLabelDTO(row, paid), shipped: false, message: `The label is bought, but the order could not be marked shipped: ${error.message}` };
  }
}

/**
 * The parcel of a voided label never left: an order shipped under that label's tracking number goes back to
 * processing, its carrier and tracking number cleared (on the timeline and in the audit log), so the shopper's
 * order page shows no dead tracking link and the next label ships it again — emailing the new tracking link.
 */
async function unshipForVoidedLabel(tx: Prisma.TransactionClient, orderId: number, trackingNumber: string): Promise<void> {
  const current = await tx.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true, carrier: true, trackingNumber: true } });
  if (current.status !== "shipped" || current.trackingNumber !== trackingNumber) return;
  await tx.order.update({ where: { id: orderId }, data: { status: "processing", carrier: null, trackingNumber: null } });
  await appendOrderEvent(tx, orderId, "status_changed", { from: "shipped", to: "processing", reason: "label voided" });
  await recordAudit(
    {
      entityType: "order",
      entityId: orderId,
      action: "status",
      before: { status: "shipped", carrier: current.carrier, trackingNumber: current.trackingNumber },
      after: { status: "processing", carrier: null, trackingNumber: null },
    },
    tx,
  );
}

/**
 * Voids a label: the carrier refunds it (EasyPost's refund request), then the label is marked voided, on the
 * timeline and in the audit log, and an order it shipped goes back to processing (unshipForVoidedLabel).
 */
export async function voidLabel(id: number | string, labelId: number): Promise<LabelDTO> {
  const order = await loadOrder(id);
  const label = order.shippingLabels.find((l) => l.id === labelId);
  if (!label) throw new AppError("not_found", "Label not found");
  if (label.status === "voided") throw new AppError("conflict", "This label is voided already.");
  const carrier = requireCarrier();
  const refund = await carrierWithin(carrier.refund(label.shipmentId), labelTimeoutMs()).catch((error: unknown) => carrierRefused(error, "The label is not voided."));
  if (refund.status === "rejected" || refund.status === "not_applicable") {
    throw new AppError("conflict", "The carrier refused to refund this label (it may have been scanned already). It is not voided.");
  }
  const paid = decimalToCents(order.shipping);
  const row = await prisma.$transaction(async (tx) => {
    await lockOrder(tx, order.id);
    const { count } = await tx.shippingLabel.updateMany({ where: { id: label.id, status: "purchased" }, data: { status: "voided", refundStatus: refund.status, voidedAt: new Date() } });
    if (!count) throw new AppError("conflict", "This label is voided already.");
    const detail = { labelId: label.id, carrier: label.carrier, trackingNumber: label.trackingNumber, cost: label.cost.toFixed(2), refundStatus: refund.status };
    await appendOrderEvent(tx, order.id, "label_voided", detail);
    await unshipForVoidedLabel(tx, order.id, label.trackingNumber);
    await recordAudit(
      {
        entityType: "order",
        entityId: order.id,
        action: "label_void",
        before: { labelId: label.id, status: "purchased" },
        after: { labelId: label.id, status: "voided", refundStatus: refund.status },
      },
      tx,
    );
    return tx.shippingLabel.findUniqueOrThrow({ where: { id: label.id } });
  }, ORDER_TX_OPTIONS);
  return toLabelDTO(row, paid);
}

/** A label's PDF for the admin: the shop's copy, fetched from the carrier (and kept) when the buy could not. */
export async function getLabelPdf(id: number | string, labelId: number | string): Promise<Uint8Array> {
  const orderId = entityIdOrNotFound(id, ORDER_NOT_FOUND_MESSAGE);
  const labelNumber = entityIdOrNotFound(labelId, "Label not found");
  const label = await prisma.shippingLabel.findFirst({ where: { id: labelNumber, orderId } });
  if (!label) throw new AppError("not_found", "Label not found");
  const kept = label.labelFile ? await readLabelFile(label.labelFile) : null;
  if (kept) return kept;
  const pdf = await fetchLabelPdf(label.labelUrl);
  if (!pdf) throw new AppError("unavailable", "The label's file could not be fetched from the carrier just now. Try again in a moment.");
  const labelFile = await saveLabelFile(pdf);
  await prisma.shippingLabel.update({ where: { id: label.id }, data: { labelFile } });
  return pdf;
}
