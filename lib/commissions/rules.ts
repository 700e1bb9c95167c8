/**
 * A commission's way: new → quoted → accepted → in progress →
 * shipped → closed, or declined from any open step; refunded when the order that paid it is refunded in full. The one table of which
 * move the maker may make from where; the service refuses every other.
 * Paying a quote moves a commission to accepted (lib/commissions/service.ts).
 */
export const COMMISSION_STATUSES = ["new", "quoted", "accepted", "in_progress", "shipped", "closed", "declined", "refunded"] as const;
export type CommissionStatus = (typeof COMMISSION_STATUSES)[number];

export const COMMISSION_STATUS_LABELS: Record<CommissionStatus, string> = {
  new: "New",
  quoted: "Quoted",
  accepted: "Accepted",
  in_progress: "In progress",
  shipped: "Shipped",
  closed: "Closed",
  declined: "Declined",
  refunded: "Refunded",
};

const MOVES: Record<CommissionStatus, readonly CommissionStatus[]> = {
  new: ["declined"],
  quoted: ["accepted", "declined"],
  accepted: ["in_progress", "declined"],
  in_progress: ["shipped"],
  shipped: ["closed"],
  closed: [],
  declined: [],
  // Its order's payment came back in full (lib/commissions/service.ts markCommissionOfOrderRefunded): never a maker's move.
  refunded: [],
};

/** The statuses the maker can move a commission to from `from` (a quote moves new → quoted itself). */
export function nextStatuses(from: CommissionStatus): readonly CommissionStatus[] {
  return MOVES[from];
}

export function canMove(from: CommissionStatus, to: CommissionStatus): boolean {
  return MOVES[from].includes(to);
}

/** Still open for a quote and messages: not finished and not declined. */
export function isOpenCommission(status: CommissionStatus): boolean {
  return status !== "closed" && status !== "declined" && status !== "refunded";
}

/**
 * What a quote charges, in cents: the whole (price + shipping) at once, or with
 * a deposit, `depositPercent` of the price now and the rest of the price with
 * the shipping when the piece is ready (the balance link).
 */
export function quoteAmounts(q: { priceCents: number; shippingCents: number; depositPercent: number | null }) {
  const total = q.priceCents + q.shippingCents;
  const deposit = q.depositPercent ? Math.round((q.priceCents * q.depositPercent) / 100) : null;
  return { total, deposit, balance: deposit === null ? null : total - deposit, dueNow: deposit ?? total };
}

/**
 * Paying a quote: a quote link is good to 23:59:59 UTC of its day; a payment the
 * shopper authorised before then is still taken for an hour after it (a webhook that arrives
 * late, a card confirmed on the last minute). Later, the claim refuses it and the card is released.
 */
export const QUOTE_PAYMENT_GRACE_MS = 60 * 60_000;

/** How long a quote or balance link is offered for unless the maker picks another day. */
export const DEFAULT_QUOTE_VALIDITY_DAYS = 14;

/** The day a new quote's link is valid to by default (YYYY-MM-DD), for the maker's date field. */
export function defaultQuoteExpiry(now: Date = new Date()): string {
  return new Date(now.getTime() + DEFAULT_QUOTE_VALIDITY_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** The order line a paid quote becomes: the commission's reference and the start of what it is. */
export function commissionLineName(reference: string, description: string): string {
  const words = description.replace(/\s+/g, " ").trim();
  const excerpt = words.length > 80 ? `${words.slice(0, 79).replace(/\s+\S*$/, "")}…` : words;
  return `Commission ${reference} — ${excerpt}`;
}

export const PUBLISH_REFUSALS = {
  consent: "The shopper did not agree to show this piece: it cannot go in the gallery.",
  unfinished: "Only a shipped or closed commission can go in the gallery.",
  unquoted: "This commission has no quote: there is no price to show it at.",
  published: (name: string) => `This commission is already in the gallery as “${name}”.`,
} as const;

/** Why a commission cannot be published to the gallery, or null when it can: consent, finished, priced, not yet there. */
export function canPublish(c: { status: string; galleryConsent: boolean; published: string | null; quoted: boolean }): string | null {
  if (c.published) return PUBLISH_REFUSALS.published(c.published);
  if (!c.galleryConsent) return PUBLISH_REFUSALS.consent;
  if (c.status !== "shipped" && c.status !== "closed") return PUBLISH_REFUSALS.unfinished;
  if (!c.quoted) return PUBLISH_REFUSALS.unquoted;
  return null;
}
