import "server-only";
import { ownerEmail, sendEmail } from "@/lib/email/send-email";
import { newOrderNoticeEmail, orderConfirmationEmail } from "@/lib/email/templates";

type Order = Parameters<typeof orderConfirmationEmail>[0];

/** Confirmation to the shopper and a new-order notice to the owner. */
export async function sendOrderEmails(order: Order) {
  await sendEmail({ to: order.email, ...orderConfirmationEmail(order) });
  await sendEmail({ to: ownerEmail(), replyTo: order.email, ...newOrderNoticeEmail(order) });
}
