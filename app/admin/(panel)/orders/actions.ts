"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { adminAction } from "@/lib/actions";
import { orderStatusChangeSchema } from "@/lib/orders/admin-schemas";
import { deleteOrder, updateOrderStatus } from "@/lib/orders/admin-service";

function revalidateOrderScreens() {
  revalidatePath("/admin/orders");
  revalidatePath("/admin/dashboard");
}

const changeStatus = adminAction(orderStatusChangeSchema, async ({ id, status }) => {
  const order = await updateOrderStatus(id, status);
  revalidateOrderScreens();
  return { id: order.id, status: order.status };
});

const removeOrder = adminAction(z.object({ id: entityIdSchema }), async ({ id }) => {
  const result = await deleteOrder(id);
  revalidateOrderScreens();
  return result;
});

/** Inline status change from the orders table. */
export async function updateOrderStatusAction(input: { id: number; status: string }) {
  return changeStatus(input);
}

export async function deleteOrderAction(input: { id: number }) {
  return removeOrder(input);
}
