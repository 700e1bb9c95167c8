import { NEWSLETTER_FREQUENCY, site } from "@/lib/site";

/** Escapes text for the HTML part of an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** The shop's email frame: a title and the body's HTML (escaped by the caller) in the workshop's colours. */
export function emailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:Georgia,serif;background:#faf7f2;color:#2b2118;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #eadfce;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#7a6a58;font-size:12px;margin-top:24px">${escapeHtml(site.name)} · ${escapeHtml(site.address.city)}, ${escapeHtml(site.address.state)}</p>
</div></body></html>`;
}

export function contactNotificationEmail(msg: { name: string; email: string; phone?: string | null; subject: string; message: string }) {
  const lines = [`From: ${msg.name} <${msg.email}>`, ...(msg.phone ? [`Phone: ${msg.phone}`] : []), `Subject: ${msg.subject}`, "", msg.message];
  const html = emailLayout(
    `New message: ${msg.subject}`,
    `<p><strong>From:</strong> ${escapeHtml(msg.name)} &lt;${escapeHtml(msg.email)}&gt;</p>` +
      (msg.phone ? `<p><strong>Phone:</strong> ${escapeHtml(msg.phone)}</p>` : "") +
      `<p style="white-space:pre-wrap">${escapeHtml(msg.message)}</p>`,
  );
  return { subject: `[Contact] ${msg.subject}`, text: lines.join("\n"), html };
}

/**
 * An email whose point is one link that works for a while (a confirmation, a
 * password reset): why it came, the link, and what to do if it was not asked for.
 * The HTML may say the why and the ignore line more briefly than the text; its
 * parts are the template's own words, already HTML (only the link is escaped here).
 */
function singleLinkEmail(link: string, m: { subject: string; title: string; why: string; whyHtml: string; action: string; linkText: string; lasts: string; ignore: string; ignoreHtml?: string }) {
  const text = [m.why, "", `${m.action} (${m.lasts}):`, link, "", m.ignore].join("\n");
  return {
    subject: m.subject,
    text,
    html: emailLayout(m.title, `<p>${m.whyHtml}</p><p><a href="${escapeHtml(link)}">${m.linkText}</a> (${m.lasts}).</p><p>${m.ignoreHtml ?? m.ignore}</p>`),
  };
}

/** Double opt-in: the link confirms (signed, valid 7 days); nothing is sent to the address until it does. */
export function newsletterConfirmEmail(link: string) {
  return singleLinkEmail(link, {
    subject: `Confirm your ${site.name} newsletter subscription`,
    title: "Confirm your subscription",
    why: `Please confirm that you want the ${site.name} newsletter: new one-of-a-kind pieces and new printed tools, ${NEWSLETTER_FREQUENCY}.`,
    whyHtml: `Please confirm that you want the ${escapeHtml(site.name)} newsletter: new one-of-a-kind pieces and new printed tools, ${NEWSLETTER_FREQUENCY}.`,
    action: "Confirm your subscription",
    linkText: "Confirm your subscription",
    lasts: "the link works for 7 days",
    ignore: "If you didn't ask for this, ignore this email: you won't hear from us again.",
  });
}

export function newsletterWelcomeEmail() {
  const text = `Thanks for subscribing to the ${site.name} newsletter. You'll hear about new one-of-a-kind pieces and new printed tools first.`;
  return { subject: `Welcome to the ${site.name} newsletter`, text, html: emailLayout("You're subscribed", `<p>${escapeHtml(text)}</p>`) };
}

type OrderForEmail = {
  orderNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  shippingAddress: unknown;
  /** The order's money, line by line as lib/orders/statement.ts statementText gives it ("Paid by card: $478.00"): totals, how it was paid, what is due. */
  money: string[];
  total: { toFixed(n: number): string };
  items: Array<{
    productName: string;
    quantity: number;
    price: { toFixed(n: number): string };
    total: { toFixed(n: number): string };
    /** The promise at checkout; absent or null on older lines. */
    ships?: string | null;
  }>;
  /** "Your order ships in 15–20 working days" (lib/orders/promise.ts), when known. */
  shipsEstimate?: string | null;
  /** The card payment was not taken (lib/orders/statement.ts paymentNotice): the email says so instead of "confirmed". */
  paymentNotice?: { state: "checking" | "not_taken"; title: string; text: string } | null;
};

function orderLines(order: OrderForEmail) {
  const a = order.shippingAddress as { line1: string; line2?: string | null; city: string; state: string; postalCode: string; country: string };
  const address = [a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`, a.country].filter(Boolean) as string[];
  const items = order.items.map((i) => `${i.quantity} × ${i.productName} @ $${i.price.toFixed(2)} = $${i.total.toFixed(2)}${i.ships ? ` (${i.ships})` : ""}`);
  const estimate = order.shipsEstimate ?? null;
  const totals = order.money;
  const html =
    `<table style="width:100%;border-collapse:collapse">${order.items
      .map(
        (i) =>
          `<tr><td style="padding:4px 0">${i.quantity} × ${escapeHtml(i.productName)}${i.ships ? `<br><span style="color:#7a6a58;font-size:13px">${escapeHtml(i.ships)}</span>` : ""}</td><td style="text-align:right">$${i.total.toFixed(2)}</td></tr>`,
      )
      .join("")}</table>` +
    (estimate ? `<p><strong>${escapeHtml(estimate)}.</strong></p>` : "") +
    `<p>${totals.map(escapeHtml).join("<br>")}</p>` +
    `<p><strong>Ship to</strong><br>${escapeHtml(`${order.firstName} ${order.lastName}`)}<br>${address.map(escapeHtml).join("<br>")}</p>`;
  return { address, items: estimate ? [...items, "", `${estimate}.`] : items, totals, html };
}

export function orderConfirmationEmail(order: OrderForEmail, statusUrl?: string) {
  const { address, items, totals, html } = orderLines(order);
  const notice = order.paymentNotice ?? null;
  if (notice) return paymentNoticeEmail(order, notice, { address, items, totals, html }, statusUrl);
  const text = [
    `Hi ${order.firstName},`,
    "",
    `Thank you for your order ${order.orderNumber}. It is confirmed and I'm getting it ready in the workshop.`,
    "",
    ...items,
    "",
    ...totals,
    "",
    "Shipping to:",
    `${order.firstName} ${order.lastName}`,
    ...address,
    "",
    "You'll get another email with tracking when it ships.",
    ...(statusUrl ? [`Track your order any time: ${statusUrl}`] : []),
    `— ${site.maker}, ${site.name}`,
  ].join("\n");
  return {
    subject: `Your ${site.name} order ${order.orderNumber} is confirmed`,
    text,
    html: emailLayout(
      `Order ${order.orderNumber} confirmed`,
      `<p>Hi ${escapeHtml(order.firstName)}, thank you for your order. It is confirmed and being prepared.</p>${html}` +
        (statusUrl ? `<p><a href="${escapeHtml(statusUrl)}">Track your order</a></p>` : ""),
    ),
  };
}

/** The order's email when its card payment was not taken: what happened, plainly; never "confirmed" or "charged". */
function paymentNoticeEmail(order: OrderForEmail, notice: NonNullable<OrderForEmail["paymentNotice"]>, lines: ReturnType<typeof orderLines>, statusUrl?: string) {
  const text = [
    `Hi ${order.firstName},`,
    "",
    `Thank you for your order ${order.orderNumber}. ${notice.text}`,
    "",
    ...lines.items,
    "",
    ...lines.totals,
    "",
    "Shipping to:",
    `${order.firstName} ${order.lastName}`,
    ...lines.address,
    "",
    ...(statusUrl ? [`See your order any time: ${statusUrl}`] : []),
    `— ${site.maker}, ${site.name}`,
  ].join("\n");
  return {
    subject: notice.state === "checking" ? `Your ${site.name} order ${order.orderNumber}: we're checking your payment` : `Your ${site.name} order ${order.orderNumber}: your payment was not taken`,
    text,
    html: emailLayout(
      notice.title,
      `<p>Hi ${escapeHtml(order.firstName)}, thank you for your order ${escapeHtml(order.orderNumber)}.</p><p><strong>${escapeHtml(notice.text)}</strong></p>${lines.html}` +
        (statusUrl ? `<p><a href="${escapeHtml(statusUrl)}">See your order</a></p>` : ""),
    ),
  };
}

export function newOrderNoticeEmail(order: OrderForEmail) {
  const { address, items, totals, html } = orderLines(order);
  const text = [
    `New order ${order.orderNumber} from ${order.firstName} ${order.lastName} <${order.email}>${order.phone ? `, ${order.phone}` : ""}`,
    "",
    ...items,
    "",
    ...totals,
    "",
    "Ship to:",
    ...address,
  ].join("\n");
  return {
    subject: `New order ${order.orderNumber} — $${order.total.toFixed(2)}`,
    text,
    html: emailLayout(`New order ${order.orderNumber}`, `<p>From ${escapeHtml(`${order.firstName} ${order.lastName}`)} &lt;${escapeHtml(order.email)}&gt;</p>${html}`),
  };
}

export function passwordResetEmail(link: string) {
  return singleLinkEmail(link, {
    subject: `Reset your ${site.name} admin password`,
    title: "Reset your password",
    why: `Someone asked to reset the password of your ${site.name} admin account.`,
    whyHtml: "Someone asked to reset the password of your admin account.",
    action: "Set a new password here",
    linkText: "Set a new password",
    lasts: "the link works once, for 1 hour",
    ignore: "If it wasn't you, ignore this email: your password stays as it is.",
    ignoreHtml: "If it wasn't you, ignore this email.",
  });
}

// ─── after the sale ───────────────────────────────────────────────────────────

type OrderItemsForEmail = {
  orderNumber: string;
  firstName: string;
  items: Array<{ productName: string; quantity: number }>;
  /** lib/orders/statement.ts statementText: what the order cost, how it was paid and refunded. */ money?: string[];
};

/** The order's money under the items of an after-sale email (lines from lib/orders/statement.ts). */
function moneyBlock(order: OrderItemsForEmail) {
  const rows = order.money ?? [];
  return { text: rows.length ? ["", ...rows] : [], html: rows.length ? `<p>${rows.map(escapeHtml).join("<br>")}</p>` : "" };
}

function itemList(order: OrderItemsForEmail) {
  return {
    text: order.items.map((i) => `${i.quantity} × ${i.productName}`),
    html: `<ul>${order.items.map((i) => `<li>${i.quantity} × ${escapeHtml(i.productName)}</li>`).join("")}</ul>`,
  };
}

/** "Your order has shipped": the items, the carrier and the tracking link (or number, for other carriers). */
export function orderShippedEmail(order: OrderItemsForEmail, shipment: { carrier: string | null; trackingNumber: string | null; trackingUrl: string | null; statusUrl: string }) {
  const items = itemList(order);
  const tracking = shipment.trackingNumber
    ? [`Carrier: ${shipment.carrier ?? "—"}`, `Tracking number: ${shipment.trackingNumber}`, ...(shipment.trackingUrl ? [`Track it: ${shipment.trackingUrl}`] : [])]
    : [];
  const text = [
    `Hi ${order.firstName},`,
    "",
    `Your order ${order.orderNumber} has shipped.`,
    "",
    ...items.text,
    ...moneyBlock(order).text,
    "",
    ...tracking,
    ...(tracking.length ? [""] : []),
    `Order status: ${shipment.statusUrl}`,
    `— ${site.maker}, ${site.name}`,
  ].join("\n");
  const trackingHtml = shipment.trackingNumber
    ? `<p><strong>Carrier:</strong> ${escapeHtml(shipment.carrier ?? "—")}<br><strong>Tracking number:</strong> ${escapeHtml(shipment.trackingNumber)}</p>` +
      (shipment.trackingUrl ? `<p><a href="${escapeHtml(shipment.trackingUrl)}">Track your package</a></p>` : "")
    : "";
  return {
    subject: `Your order has shipped — ${order.orderNumber}`,
    text,
    html: emailLayout(
      "Your order has shipped",
      `<p>Hi ${escapeHtml(order.firstName)}, your order ${escapeHtml(order.orderNumber)} is on its way.</p>${items.html}${moneyBlock(order).html}${trackingHtml}<p><a href="${escapeHtml(shipment.statusUrl)}">Order status</a></p>`,
    ),
  };
}

/** "Delivered": a short thank-you. */
export function orderDeliveredEmail(order: OrderItemsForEmail) {
  const text = [
    `Hi ${order.firstName},`,
    "",
    `Your order ${order.orderNumber} has been delivered. Thank you for supporting a one-person workshop — I hope it serves you well for years.`,
    "",
    `— ${site.maker}, ${site.name}`,
  ].join("\n");
  return {
    subject: `Delivered — thank you for your order ${order.orderNumber}`,
    text,
    html: emailLayout("Thank you", `<p>Hi ${escapeHtml(order.firstName)}, your order ${escapeHtml(order.orderNumber)} has been delivered. Thank you for supporting a one-person workshop.</p>`),
  };
}

/** A refund (partial or full), or a cancellation with the amount refunded (if any). */
export function orderRefundEmail(order: OrderItemsForEmail, refund: { amount: string | null; cancelled: boolean; reason: string | null; lines: string[] }) {
  const title = refund.cancelled ? "Your order has been cancelled" : "Your refund is on its way";
  const money = refund.amount ? `A refund of $${refund.amount} has been issued to the card you paid with; it usually appears within 5–10 business days.` : "No payment has been refunded.";
  const text = [
    `Hi ${order.firstName},`,
    "",
    refund.cancelled ? `Your order ${order.orderNumber} has been cancelled.` : `Part or all of your order ${order.orderNumber} has been refunded.`,
    ...(refund.lines.length ? ["", "Refunded items:", ...refund.lines] : []),
    "",
    money,
    ...moneyBlock(order).text,
    ...(refund.reason ? ["", `Reason: ${refund.reason}`] : []),
    "",
    `— ${site.maker}, ${site.name}`,
  ].join("\n");
  return {
    subject: refund.cancelled ? `Order ${order.orderNumber} cancelled${refund.amount ? ` — $${refund.amount} refunded` : ""}` : `Refund of $${refund.amount} for order ${order.orderNumber}`,
    text,
    html: emailLayout(
      title,
      `<p>Hi ${escapeHtml(order.firstName)},</p><p>${escapeHtml(refund.cancelled ? `Your order ${order.orderNumber} has been cancelled.` : `Part or all of your order ${order.orderNumber} has been refunded.`)}</p>` +
        (refund.lines.length ? `<ul>${refund.lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>` : "") +
        `<p>${escapeHtml(money)}</p>` +
        moneyBlock(order).html +
        (refund.reason ? `<p>Reason: ${escapeHtml(refund.reason)}</p>` : ""),
    ),
  };
}

/** To the maker: a buyer's review waits on the admin's Reviews screen. Escaped; links in it are plain text. */
export function reviewNotificationEmail(r: { productName: string; orderNumber: string; rating: number; title: string; body: string; authorName: string; adminUrl: string }) {
  const stars = `${r.rating} of 5 stars`;
  const text = [`${r.authorName} (order ${r.orderNumber}) reviewed ${r.productName}: ${stars}.`, "", r.title, "", r.body, "", `Approve, hide or reply: ${r.adminUrl}`].join("\n");
  return {
    subject: `New review of ${r.productName} (${stars})`,
    text,
    html: emailLayout(
      `New review of ${r.productName}`,
      `<p>${escapeHtml(r.authorName)} (order ${escapeHtml(r.orderNumber)}) gave ${escapeHtml(stars)}.</p>` +
        `<p><strong>${escapeHtml(r.title)}</strong></p><p style="white-space:pre-wrap">${escapeHtml(r.body)}</p>` +
        `<p><a href="${escapeHtml(r.adminUrl)}">Approve, hide or reply</a></p>`,
    ),
  };
}

/** N days after delivery, to every buyer: one review link per line (each works once). */
export function reviewRequestEmail(order: { firstName: string; orderNumber: string }, links: Array<{ productName: string; url: string }>) {
  const text = [
    `Hi ${order.firstName},`,
    "",
    `How are you finding your order ${order.orderNumber}? A few honest words, good or bad, help the next buyer and help me make the next piece better.`,
    "",
    ...links.map((l) => `Review ${l.productName}: ${l.url}`),
    "",
    "Each link works once. Your review is shown with your first name and last initial.",
    "",
    `— ${site.maker}, ${site.name}`,
  ].join("\n");
  return {
    subject: `How is your order ${order.orderNumber}? Review your purchase`,
    text,
    html: emailLayout(
      "Review your purchase",
      `<p>Hi ${escapeHtml(order.firstName)}, how are you finding your order ${escapeHtml(order.orderNumber)}? A few honest words, good or bad, help the next buyer.</p>` +
        `<ul>${links.map((l) => `<li><a href="${escapeHtml(l.url)}">Review ${escapeHtml(l.productName)}</a></li>`).join("")}</ul>` +
        `<p style="color:#7a6a58;font-size:13px">Each link works once. Your review is shown with your first name and last initial.</p>`,
    ),
  };
}

/** A gift card bought in the shop: its code and amount, to its recipient. */
export function giftCardEmail(card: { code: string; amount: string; from: string }) {
  const text = [
    `${card.from} sent you a ${site.name} gift card for $${card.amount}.`,
    "",
    `Your code: ${card.code}`,
    "",
    "Enter it at checkout, in the Gift card field. It pays for part or all of an order, and what is left stays on the card.",
    "",
    `— ${site.maker}, ${site.name}`,
  ].join("\n");
  return {
    subject: `A ${site.name} gift card for you`,
    text,
    html: emailLayout(
      "A gift card for you",
      `<p>${escapeHtml(card.from)} sent you a ${escapeHtml(site.name)} gift card for $${escapeHtml(card.amount)}.</p>` +
        `<p style="font-size:20px;font-family:monospace"><strong>${escapeHtml(card.code)}</strong></p>` +
        "<p>Enter it at checkout, in the Gift card field. It pays for part or all of an order, and what is left stays on the card.</p>",
    ),
  };
}
