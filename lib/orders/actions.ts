"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { adminAction } from "@/lib/actions";
import { orderRefundSchema, orderStatusChangeSchema } from "@/lib/orders/admin-schemas";
import { deleteOrder, getOrderTimeline, updateOrderStatus } from "@/lib/orders/admin-service";
import { refundOrder } from "@/lib/orders/refund-service";
import { buyLabel, getLabelDraft, quoteLabel, voidLabel } from "@/lib/orders/label-service";
import { labelBuySchema, labelParcelSchema } from "@/lib/shipping/schemas";

function revalidateOrderScreens() {
  revalidatePath("/admin/orders");
  revalidatePath("/admin/dashboard");
}

const changeStatus = adminAction(orderStatusChangeSchema, async ({ id, ...change }) => {
  const order = await updateOrderStatus(id, change);
  revalidateOrderScreens();
  return { id: order.id, status: order.status };
});

const refund = adminAction(z.object({ id: entityIdSchema, input: orderRefundSchema }), async ({ id, input }) => {
  const result = await refundOrder(id, input);
  revalidateOrderScreens();
  return { amount: result.amount, refundedAmount: result.order.refundedAmount, replayed: result.replayed, message: result.message };
});

const timeline = adminAction(z.object({ id: entityIdSchema }), async ({ id }) => getOrderTimeline(id));

const removeOrder = adminAction(z.object({ id: entityIdSchema }), async ({ id }) => {
  const result = await deleteOrder(id);
  revalidateOrderScreens();
  return result;
});

/** Inline status change from the orders table (shipping adds carrier + tracking number; cancelling may refund). */
export async function updateOrderStatusAction(input: { id: number; status: string; carrier?: string; trackingNumber?: string; refund?: boolean; putBackOnSale?: boolean; reason?: string }) {
  return changeStatus(input);
}

/** The view dialog's refund form. */
export async function refundOrderAction(input: { id: number; input: { amount?: number; lineIds?: number[]; reason: string; internalNote?: string; idempotencyKey: string } }) {
  return refund(input);
}

/** The view dialog's timeline. */
export async function orderTimelineAction(input: { id: number }) {
  return timeline(input);
}

export async function deleteOrderAction(input: { id: number }) {
  return removeOrder(input);
}

// ─── labels (lib/orders/label-service.ts) ────────────────────────────────────

const labelDraft = adminAction(z.object({ id: entityIdSchema }), async ({ id }) => getLabelDraft(id));
const labelRates = adminAction(z.object({ id: entityIdSchema, parcel: labelParcelSchema }), async ({ id, parcel }) => quoteLabel(id, parcel));
const labelBuy = adminAction(z.object({ id: entityIdSchema }).and(labelBuySchema), async ({ id, token }) => {
  const result = await buyLabel(id, token);
  revalidateOrderScreens();
  return result;
});
const labelVoid = adminAction(z.object({ id: entityIdSchema, labelId: entityIdSchema }), async ({ id, labelId }) => {
  const label = await voidLabel(id, labelId);
  revalidateOrderScreens();
  return label;
});

/** The order dialog's label panel: boxes, the parcel pre-filled, insurance, labels so far. */
export async function labelDraftAction(input: { id: number }) {
  return labelDraft(input);
}
/** The carrier's rates for the parcel chosen. */
export async function labelRatesAction(input: {
  id: number;
  parcel: { boxId?: number | null; weightGrams: number | string | null; lengthMm?: number | null; widthMm?: number | null; heightMm?: number | null };
}) {
  return labelRates(input);
}
/** Buys the rate shown (its signed token), marks the order shipped and emails the tracking link. */
export async function buyLabelAction(input: { id: number; token: string }) {
  return labelBuy(input);
}
export async function voidLabelAction(input: { id: number; labelId: number }) {
  return labelVoid(input);
}
