import { emailLayout, escapeHtml } from "@/lib/email/templates";
import { formatMoney } from "@/lib/money";
import { quoteAmounts } from "@/lib/commissions/rules";
import { BUDGET_RANGES, type BudgetRange } from "@/lib/commissions/schemas";

/** The emails of a commission's way: each has a plain-text part and the same words in HTML. */
type Request = {
  reference: string;
  name: string;
  email: string;
  description: string;
  material: string | null;
  size: string | null;
  budget: string;
  wantedBy: Date | null;
  productName?: string | null;
};

const day = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p style="white-space:pre-wrap">${escapeHtml(p)}</p>`)
    .join("");
const link = (href: string, label: string) => `<p><a href="${escapeHtml(href)}" style="color:#8a4b1f">${escapeHtml(label)}</a></p>`;

function requestLines(r: Request): string[] {
  return [
    ...(r.productName ? [`Like: ${r.productName}`] : []),
    ...(r.material ? [`Wood or material: ${r.material}`] : []),
    ...(r.size ? [`Size: ${r.size}`] : []),
    `Budget: ${BUDGET_RANGES[r.budget as BudgetRange] ?? r.budget}`,
    ...(r.wantedBy ? [`Wanted by: ${day(r.wantedBy)}`] : []),
  ];
}

/**
 * The acknowledgement goes to an address anyone can type, before it is confirmed: it says only
 * what the shop wrote (the reference, the shop's product name, the budget range and date chosen
 * from the form's lists), never the requester's free text (name, description, material, size),
 * so the form cannot carry a stranger's words to a third party under the shop's name.
 */
export function commissionReceivedEmail(r: Request, threadLink: string) {
  const intro = `Thank you. I have your commission request ${r.reference} and will reply within two working days, usually with a few questions or a quote.`;
  const lines = [...(r.productName ? [`Like: ${r.productName}`] : []), `Budget: ${BUDGET_RANGES[r.budget as BudgetRange] ?? r.budget}`, ...(r.wantedBy ? [`Wanted by: ${day(r.wantedBy)}`] : [])];
  const outro = "If you did not send this request, you can ignore this email.";
  const text = [intro, "", ...lines, "", `Your request and our messages: ${threadLink}`, "", outro].join("\n");
  const html = emailLayout(
    `Commission request ${r.reference}`,
    `<p>${escapeHtml(intro)}</p><p>${lines.map(escapeHtml).join("<br>")}</p>${link(threadLink, "See your request and our messages")}<p>${escapeHtml(outro)}</p>`,
  );
  return { subject: `We received your commission request ${r.reference}`, text, html };
}

export function commissionNoticeEmail(r: Request, adminLink: string, photoCount: number) {
  const lines = [`From: ${r.name} <${r.email}>`, ...requestLines(r), `Reference photos: ${photoCount}`, "", r.description, "", adminLink];
  const html = emailLayout(
    `New commission request ${r.reference}`,
    `<p><strong>From:</strong> ${escapeHtml(r.name)} &lt;${escapeHtml(r.email)}&gt;</p><p>${[...requestLines(r), `Reference photos: ${photoCount}`].map(escapeHtml).join("<br>")}</p>${paragraphs(r.description)}${link(adminLink, "Open it in the admin")}`,
  );
  return { subject: `[Commission] ${r.reference} from ${r.name}`, text: lines.join("\n"), html };
}

export function makerMessageEmail(c: { reference: string; name: string }, body: string, threadLink: string) {
  const text = [`Hello ${c.name},`, "", body, "", `Reply here: ${threadLink}`].join("\n");
  const html = emailLayout(`About your commission ${c.reference}`, `<p>Hello ${escapeHtml(c.name)},</p>${paragraphs(body)}${link(threadLink, "Reply")}`);
  return { subject: `About your commission ${c.reference}`, text, html };
}

export function shopperReplyNoticeEmail(c: { reference: string; name: string; email: string }, body: string, adminLink: string) {
  const text = [`${c.name} <${c.email}> wrote:`, "", body, "", adminLink].join("\n");
  const html = emailLayout(`${c.name} replied on ${c.reference}`, `<p>${escapeHtml(c.name)} &lt;${escapeHtml(c.email)}&gt; wrote:</p>${paragraphs(body)}${link(adminLink, "Open it in the admin")}`);
  return { subject: `[Commission] ${c.reference}: ${c.name} replied`, text, html };
}

type QuoteForEmail = { priceCents: number; shippingCents: number; depositPercent: number | null; leadTimeMinDays: number; leadTimeMaxDays: number; notes: string | null; expiresAt: Date };

export function quoteEmail(c: { reference: string; name: string }, q: QuoteForEmail, quoteLink: string) {
  const amounts = quoteAmounts(q);
  const lines = [
    `Price: ${formatMoney(q.priceCents)}`,
    `Shipping: ${q.shippingCents === 0 ? "Free" : formatMoney(q.shippingCents)}`,
    `Total: ${formatMoney(amounts.total)}`,
    ...(amounts.deposit !== null ? [`Deposit now: ${formatMoney(amounts.deposit)} (${q.depositPercent} % of the price); the balance of ${formatMoney(amounts.balance!)} when the piece is ready`] : []),
    `Made and shipped in ${q.leadTimeMinDays}–${q.leadTimeMaxDays} working days`,
    `This quote is valid until ${day(q.expiresAt)}.`,
    "Custom work is made for you and cannot be returned.",
  ];
  // The link's page takes the payment, or the deposit (lib/checkout/quote-payment.ts).
  const action = amounts.deposit === null ? "See and pay the quote" : "See the quote and pay the deposit";
  const text = [`Hello ${c.name},`, "", `Here is my quote for your commission ${c.reference}.`, "", ...lines, ...(q.notes ? ["", q.notes] : []), "", `${action}: ${quoteLink}`].join("\n");
  const html = emailLayout(
    `Your quote for ${c.reference}`,
    `<p>Hello ${escapeHtml(c.name)},</p><p>Here is my quote for your commission ${escapeHtml(c.reference)}.</p><p>${lines.map(escapeHtml).join("<br>")}</p>${q.notes ? paragraphs(q.notes) : ""}${link(quoteLink, action)}`,
  );
  return { subject: `Your quote for commission ${c.reference}`, text, html };
}

export function commissionDeclinedEmail(c: { reference: string; name: string }, reason: string) {
  const text = [`Hello ${c.name},`, "", `I am sorry: I cannot take on your commission ${c.reference}.`, "", reason].join("\n");
  const html = emailLayout(
    `About your commission ${c.reference}`,
    `<p>Hello ${escapeHtml(c.name)},</p><p>I am sorry: I cannot take on your commission ${escapeHtml(c.reference)}.</p>${paragraphs(reason)}`,
  );
  return { subject: `About your commission ${c.reference}`, text, html };
}

/** The balance link: the piece is ready, the rest of its order is due. */
export function balanceQuoteEmail(c: { reference: string; name: string }, b: { orderNumber: string; balanceCents: number; expiresAt: Date }, quoteLink: string) {
  const lines = [`Balance of order ${b.orderNumber}: ${formatMoney(b.balanceCents)}`, `This link is valid until ${day(b.expiresAt)}.`];
  const intro = `Your commission ${c.reference} is ready. Here is the link to pay the balance; the piece ships once it is paid.`;
  const text = [`Hello ${c.name},`, "", intro, "", ...lines, "", `Pay the balance: ${quoteLink}`].join("\n");
  const html = emailLayout(
    `The balance for ${c.reference}`,
    `<p>Hello ${escapeHtml(c.name)},</p><p>${escapeHtml(intro)}</p><p>${lines.map(escapeHtml).join("<br>")}</p>${link(quoteLink, "Pay the balance")}`,
  );
  return { subject: `The balance for your commission ${c.reference}`, text, html };
}

/** The balance was taken: a receipt for the shopper, and a notice for the maker. */
export function balancePaidEmail(c: { reference: string; name: string }, b: { orderNumber: string; amountCents: number }, statusLink: string) {
  const intro = `Thank you, ${c.name}: the balance of ${formatMoney(b.amountCents)} for your commission ${c.reference} (order ${b.orderNumber}) is paid. Nothing more is due.`;
  const text = [intro, "", `Follow your order: ${statusLink}`].join("\n");
  const html = emailLayout(`Balance received for ${b.orderNumber}`, `<p>${escapeHtml(intro)}</p>${link(statusLink, "Follow your order")}`);
  return { subject: `Balance received for order ${b.orderNumber}`, text, html };
}

export function balancePaidNoticeEmail(c: { reference: string; name: string }, b: { orderNumber: string; amountCents: number }, adminLink: string) {
  const text = [`${c.name} paid the balance of ${formatMoney(b.amountCents)} for ${c.reference} (order ${b.orderNumber}).`, "", adminLink].join("\n");
  const html = emailLayout(`Balance paid: ${b.orderNumber}`, `<p>${escapeHtml(text.split("\n")[0])}</p>${link(adminLink, "Open it in the admin")}`);
  return { subject: `[Commission] ${c.reference}: balance paid (${b.orderNumber})`, text, html };
}
