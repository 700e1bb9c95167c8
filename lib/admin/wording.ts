/**
 * Wording for admin screens: counts with the right plural, and the activity
 * log's actions and record types as people say them (never "Balance_quote").
 */

const countFormat = new Intl.NumberFormat("en-US");

/** 1 → "1 confirmed subscriber", 2 → "2 confirmed subscribers" (thousands separated). `plural` defaults to singular + "s". */
export function countOf(n: number, singular: string, plural = `${singular}s`): string {
  return `${countFormat.format(n)} ${n === 1 ? singular : plural}`;
}

const ACTION_LABELS: Record<string, string> = {
  create: "Created",
  update: "Updated",
  delete: "Deleted",
  refund: "Refunded",
  reply: "Replied to",
  hide: "Hid",
  approve: "Approved",
  unsubscribe: "Unsubscribed",
  test_send: "Sent a test of",
  status: "Changed the status of",
  send: "Sent",
  schedule: "Scheduled",
  unschedule: "Unscheduled",
  quote: "Quoted",
  balance_quote: "Asked for the balance of",
  publish: "Published",
  message: "Messaged about",
  deny: "Denied",
  decline: "Declined",
  archive: "Archived",
  reveal: "Revealed the code of",
  resend: "Resent",
  end: "Ended",
  end_all: "Ended every",
};

const ENTITY_LABELS: Record<string, string> = {
  campaign: "newsletter",
  category: "category",
  commission: "commission",
  customer: "customer",
  discount_code: "discount code",
  gift_card: "gift card",
  order: "order",
  product: "product",
  review: "review",
  settings: "shop settings",
  shipping_box: "box",
  shipping_zone: "shipping zone",
  session: "sign-in session",
  subscriber: "subscriber",
  user: "admin user",
};

/** A word or snake_case key nobody mapped: "some_action" → "Some action". */
function humanise(key: string): string {
  const words = key.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** An audit action as the activity log shows it: "balance_quote" → "Asked for the balance of". */
export function activityActionLabel(action: string): string {
  return ACTION_LABELS[action] ?? humanise(action);
}

/** An audit record type as the activity log shows it: "discount_code" → "discount code". */
export function activityEntityLabel(entityType: string): string {
  return ENTITY_LABELS[entityType] ?? humanise(entityType).toLowerCase();
}
