import { site } from "@/lib/site";

/** Escapes text for the HTML part of an email. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="font-family:Georgia,serif;background:#faf7f2;color:#2b2118;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#fff;border:1px solid #eadfce;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${bodyHtml}
<p style="color:#7a6a58;font-size:12px;margin-top:24px">${escapeHtml(site.name)} · ${escapeHtml(site.address.city)}, ${escapeHtml(site.address.state)}</p>
</div></body></html>`;
}

export function contactNotificationEmail(msg: { name: string; email: string; phone?: string | null; subject: string; message: string }) {
  const lines = [
    `From: ${msg.name} <${msg.email}>`,
    ...(msg.phone ? [`Phone: ${msg.phone}`] : []),
    `Subject: ${msg.subject}`,
    "",
    msg.message,
  ];
  const html = layout(
    `New message: ${msg.subject}`,
    `<p><strong>From:</strong> ${escapeHtml(msg.name)} &lt;${escapeHtml(msg.email)}&gt;</p>` +
      (msg.phone ? `<p><strong>Phone:</strong> ${escapeHtml(msg.phone)}</p>` : "") +
      `<p style="white-space:pre-wrap">${escapeHtml(msg.message)}</p>`,
  );
  return { subject: `[Contact] ${msg.subject}`, text: lines.join("\n"), html };
}

export function newsletterWelcomeEmail() {
  const text = `Thanks for subscribing to the ${site.name} newsletter. You'll hear about new one-of-a-kind pieces and new printed tools first.`;
  return { subject: `Welcome to the ${site.name} newsletter`, text, html: layout("You're subscribed", `<p>${escapeHtml(text)}</p>`) };
}

type OrderForEmail = {
  orderNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  shippingAddress: unknown;
  subtotal: { toFixed(n: number): string };
  shipping: { toFixed(n: number): string };
  tax: { toFixed(n: number): string };
  total: { toFixed(n: number): string };
  items: Array<{ productName: string; quantity: number; price: { toFixed(n: number): string }; total: { toFixed(n: number): string } }>;
};

function orderLines(order: OrderForEmail) {
  const a = order.shippingAddress as { line1: string; line2?: string | null; city: string; state: string; postalCode: string; country: string };
  const address = [a.line1, a.line2, `${a.city}, ${a.state} ${a.postalCode}`, a.country].filter(Boolean) as string[];
  const items = order.items.map((i) => `${i.quantity} × ${i.productName} @ $${i.price.toFixed(2)} = $${i.total.toFixed(2)}`);
  const totals = [
    `Subtotal: $${order.subtotal.toFixed(2)}`,
    `Shipping: ${Number(order.shipping.toFixed(2)) === 0 ? "Free" : `$${order.shipping.toFixed(2)}`}`,
    `Tax: $${order.tax.toFixed(2)}`,
    `Total: $${order.total.toFixed(2)}`,
  ];
  const html =
    `<table style="width:100%;border-collapse:collapse">${order.items
      .map((i) => `<tr><td style="padding:4px 0">${i.quantity} × ${escapeHtml(i.productName)}</td><td style="text-align:right">$${i.total.toFixed(2)}</td></tr>`)
      .join("")}</table>` +
    `<p>${totals.map(escapeHtml).join("<br>")}</p>` +
    `<p><strong>Ship to</strong><br>${escapeHtml(`${order.firstName} ${order.lastName}`)}<br>${address.map(escapeHtml).join("<br>")}</p>`;
  return { address, items, totals, html };
}

export function orderConfirmationEmail(order: OrderForEmail) {
  const { address, items, totals, html } = orderLines(order);
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
    "You'll get another email with USPS tracking when it ships.",
    `— ${site.maker}, ${site.name}`,
  ].join("\n");
  return {
    subject: `Your ${site.name} order ${order.orderNumber} is confirmed`,
    text,
    html: layout(`Order ${order.orderNumber} confirmed`, `<p>Hi ${escapeHtml(order.firstName)}, thank you for your order. It is confirmed and being prepared.</p>${html}`),
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
    html: layout(`New order ${order.orderNumber}`, `<p>From ${escapeHtml(`${order.firstName} ${order.lastName}`)} &lt;${escapeHtml(order.email)}&gt;</p>${html}`),
  };
}

export function passwordResetEmail(link: string) {
  const text = [
    `Someone asked to reset the password of your ${site.name} admin account.`,
    "",
    `Set a new password here (the link works once, for 1 hour):`,
    link,
    "",
    "If it wasn't you, ignore this email: your password stays as it is.",
  ].join("\n");
  return {
    subject: `Reset your ${site.name} admin password`,
    text,
    html: layout("Reset your password", `<p>Someone asked to reset the password of your admin account.</p><p><a href="${escapeHtml(link)}">Set a new password</a> (the link works once, for 1 hour).</p><p>If it wasn't you, ignore this email.</p>`),
  };
}
