import "server-only";
import { ownerEmail, sendEmail } from "@/lib/email/service";
import { giftCardEmail, newOrderNoticeEmail, orderConfirmationEmail } from "@/lib/email/templates";
import { prisma } from "@/lib/db";
import { log } from "@/lib/log";
import { namedItems } from "@/lib/orders/dto";
import { orderStatusUrl } from "@/lib/orders/links";
import { orderShipsEstimate } from "@/lib/orders/promise";
import { orderWithItems } from "@/lib/orders/order-row";
import { orderStatement, paymentNotice, statementText } from "@/lib/orders/statement";
import { appendOrderEvent } from "@/lib/orders/timeline";

type Email = Parameters<typeof orderConfirmationEmail>[0];
type Item = Email["items"][number] & { shipsMinDays?: number | null; shipsMaxDays?: number | null; variantLabel?: string | null };
type Order = Omit<Email, "items" | "money" | "paymentNotice"> & { id: number; items: Item[] };

/**
 * Confirmation to the shopper (with the order-status link) and a new-order notice to the owner; both on the timeline.
 * A card payment not taken (its capture failed, or its outcome is being checked): the shopper's email says that instead.
 */
export async function sendOrderEmails(placed: Order) {
  // Read now: the order was created before the gift-card redemptions it records (lib/checkout/service.ts).
  const records = await prisma.order.findUniqueOrThrow({ where: { id: placed.id }, include: orderWithItems });
  const statement = orderStatement(records);
  const order = { ...placed, items: namedItems(placed.items), shipsEstimate: orderShipsEstimate(placed.items), money: statementText(statement), paymentNotice: paymentNotice(statement) };
  await sendEmail({ to: order.email, ...orderConfirmationEmail(order, orderStatusUrl(order.orderNumber)) });
  await appendOrderEvent(prisma, order.id, "email_sent", { template: "confirmation", to: order.email }, { actor: "system" });
  await sendEmail({ to: ownerEmail(), replyTo: order.email, ...newOrderNoticeEmail(order) });
  await appendOrderEvent(prisma, order.id, "email_sent", { template: "new_order_notice", to: "owner" }, { actor: "system" });
}

/**
 * A capture settled after the order's own request (the webhook, the hourly upkeep): the shopper who was told
 * "we're checking your payment" hears the outcome — confirmed, or not taken — by the same email, from the statement.
 */
export async function sendPaymentOutcomeEmail(orderId: number) {
  const records = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: orderWithItems });
  const statement = orderStatement(records);
  const order = { ...records, items: namedItems(records.items), shipsEstimate: orderShipsEstimate(records.items), money: statementText(statement), paymentNotice: paymentNotice(statement) };
  await sendEmail({ to: order.email, ...orderConfirmationEmail(order, orderStatusUrl(order.orderNumber)) });
  await appendOrderEvent(prisma, order.id, "email_sent", { template: statement.payment === "taken" ? "payment_confirmed" : "payment_not_taken", to: order.email }, { actor: "system" });
}

export type ClaimedEmail = { template: string; message: { subject: string; text: string; html: string } };

/** Sends an email whose send was claimed in the timeline; a failure is recorded there (and logged), never thrown. */
export async function sendClaimedOrderEmail(order: { id: number; orderNumber: string; email: string }, email: ClaimedEmail) {
  try {
    await sendEmail({ to: order.email, ...email.message });
  } catch (error) {
    log.error({ orderNumber: order.orderNumber, template: email.template, err: error }, "order email failed");
    await appendOrderEvent(prisma, order.id, "email_failed", { template: email.template, to: order.email }).catch(() => undefined);
  }
}

export type IssuedGiftCard = { code: string; amount: string; recipientEmail: string };

/** Each gift card this order bought, emailed to its recipient with its code (kept out of the outbox: redacted). */
export async function sendGiftCardEmails(order: { id: number; firstName: string; lastName: string }, cards: IssuedGiftCard[]) {
  for (const card of cards) {
    await sendEmail({ to: card.recipientEmail, ...giftCardEmail({ code: card.code, amount: card.amount, from: `${order.firstName} ${order.lastName}` }), secrets: [card.code] });
    await appendOrderEvent(prisma, order.id, "email_sent", { template: "gift_card", to: card.recipientEmail }, { actor: "system" });
  }
}
