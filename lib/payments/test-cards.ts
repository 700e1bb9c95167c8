/**
 * The embedded test provider's card rules (pure, no zod): shared by the in-page
 * test card form (inline messages before any request) and the server's
 * POST /api/payments/test/confirm. Messages are Stripe's own wording.
 */

export type TestCardInput = {
  number: string;
  expMonth: string | number;
  expYear: string | number;
  cvc: string;
};

export type TestCardField = "number" | "expiry" | "cvc";

export type TestCardValidation = { ok: true } | { ok: false; fields: Partial<Record<TestCardField, string>> };

export const TEST_CARD_MESSAGES = {
  invalidNumber: "Your card number is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  expiryIncomplete: "Your card's expiration date is incomplete.",
  cvcIncomplete: "Your card's security code is incomplete.",
} as const;

/** The cards the test-mode form lists (Stripe's test numbers); any future expiry and any 3-digit CVC. */
export const TEST_CARDS = [
  { number: "4242 4242 4242 4242", outcome: "succeeds", description: "Payment succeeds" },
  { number: "4000 0000 0000 0002", outcome: "declined", description: "Card declined" },
  { number: "4000 0000 0000 9995", outcome: "insufficient_funds", description: "Insufficient funds" },
] as const;

export type TestCard = (typeof TEST_CARDS)[number];

/** "4242 4242-4242 4242" → "4242424242424242" (spaces and dashes are allowed while typing). */
export function normalizeCardNumber(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** Luhn (mod 10) checksum over a string of digits. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

/** A whole number from 1–4 digits ("07" → 7, 7 → 7); anything else → null. */
function wholeNumber(value: string | number): number | null {
  if (typeof value === "number") return Number.isInteger(value) && value >= 0 ? value : null;
  const text = value.trim();
  return /^\d{1,4}$/.test(text) ? Number(text) : null;
}

/** Two-digit years are 20YY; four-digit years are taken as they are. */
function fullYear(value: string | number): number | null {
  const n = wholeNumber(value);
  if (n === null) return null;
  const digits = typeof value === "number" ? String(value).length : value.trim().length;
  if (digits <= 2) return 2000 + n;
  return digits === 4 ? n : null;
}

/**
 * Checks a card the way Stripe's card element does before sending it: a 13–19
 * digit number passing the Luhn check, an expiry month 1–12 not before the
 * current month (a card is valid through the end of its expiry month), and a
 * 3-digit CVC.
 */
export function validateTestCard(card: TestCardInput, now: Date = new Date()): TestCardValidation {
  const fields: Partial<Record<TestCardField, string>> = {};

  const digits = normalizeCardNumber(String(card.number ?? ""));
  if (!/^\d{13,19}$/.test(digits) || !passesLuhn(digits)) fields.number = TEST_CARD_MESSAGES.invalidNumber;

  const month = wholeNumber(card.expMonth ?? "");
  const year = fullYear(card.expYear ?? "");
  if (month === null || year === null || month < 1 || month > 12) {
    fields.expiry = TEST_CARD_MESSAGES.expiryIncomplete;
  } else {
    const thisYear = now.getFullYear();
    const thisMonth = now.getMonth() + 1;
    if (year < thisYear || (year === thisYear && month < thisMonth)) fields.expiry = TEST_CARD_MESSAGES.expiryPast;
  }

  if (!/^\d{3}$/.test(String(card.cvc ?? "").trim())) fields.cvc = TEST_CARD_MESSAGES.cvcIncomplete;

  return Object.keys(fields).length === 0 ? { ok: true } : { ok: false, fields };
}

/** "12/34", "12 / 34", "1234", "12/2034" → { expMonth: "12", expYear: "34" }; unparseable parts come back empty. */
export function parseExpiry(value: string): { expMonth: string; expYear: string } {
  const text = value.trim();
  const split = /^(\d{1,2})\s*[/\-.]\s*(\d{2}|\d{4})$/.exec(text);
  if (split) return { expMonth: split[1], expYear: split[2] };
  const digits = text.replace(/\D/g, "");
  if (digits.length === 4 || digits.length === 6) return { expMonth: digits.slice(0, 2), expYear: digits.slice(2) };
  return { expMonth: digits.slice(0, 2), expYear: "" };
}

/** Display form while typing: groups of four digits ("4242424242424242" → "4242 4242 4242 4242"), at most 19 digits. */
export function formatCardNumber(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Display form while typing an expiry: "1" → "1", "12" → "12 / ", "123" → "12 / 3". */
export function formatExpiry(value: string, previous = ""): string {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  // Deleting the separator deletes the month's last digit rather than getting stuck.
  if (previous.endsWith(" / ") && value.length < previous.length && digits.length === 2) return digits.slice(0, 1);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  if (digits.length < 2) return digits;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}
