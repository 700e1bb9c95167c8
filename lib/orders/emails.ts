import "server-only";
import { ownerEmail, sendEmail } from "@/lib/email/send-email";
import { newOrderNoticeEmail, orderConfirmationEmail } from "@/lib/email/templates";
import { prisma } from "@/lib/db";
import { orderStatusUrl } from "@/lib/orders/links";
import { appendOrderEvent } from "@/lib/orders/timeline";

type Order = Parameters<typeof orderConfirmationEmail>[0] & { id: number };

/** Confirmation to the shopper (with the order-status link) and a new-order notice to the owner; both on the timeline. */
export async function sendOrderEmails(order: Order) {
  await sendEmail({ to: order.email, ...orderConfirmationEmail(order, orderStatusUrl(order.orderNumber)) });
  await appendOrderEvent(prisma, order.id, "email_sent", { template: "confirmation", to: order.email }, { actor: "system" });
  await sendEmail({ to: ownerEmail(), replyTo: order.email, ...newOrderNoticeEmail(order) });
  await appendOrderEvent(prisma, order.id, "email_sent", { template: "new_order_notice", to: "owner" }, { actor: "system" });
}
