"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { adminAction } from "@/lib/actions";
import { orderRefundSchema, orderStatusChangeSchema } from "@/lib/orders/admin-schemas";
import { deleteOrder, getOrderTimeline, updateOrderStatus } from "@/lib/orders/admin-service";
import { refundOrder } from "@/lib/orders/refund-service";

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
