/**
 * Money is exact: Decimal strings in the database and DTOs ("12.50"),
 * integer cents in arithmetic, formatted once here.
 */
export type Cents = number;

/** "12.5" | "12.50" | 12.5 | Decimal → 1250. Rejects anything that is not a non-negative amount with at most 2 decimals. */
export function toCents(value: string | number | { toString(): string }): Cents {
  const text = typeof value === "number" ? value.toFixed(2) : value.toString().trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`Not a money amount: ${text}`);
  const [, whole, frac = ""] = match;
  return Number(whole) * 100 + Number(frac.padEnd(2, "0"));
}

/**
 * A database amount (Prisma's Decimal, Decimal(10,2)) → cents: Decimal("12.5") → 1250. The one
 * conversion of a stored amount; like toCents it rejects a negative amount (take `.abs()` first).
 */
export function decimalToCents(value: { toFixed(digits: number): string }): Cents {
  return toCents(value.toFixed(2));
}

/** 1250 → "12.50" (the spec's decimal-string form). */
export function fromCents(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

/** Display form: "$1,234.50". Accepts cents (number) or a decimal string. */
export function formatMoney(amount: Cents | string): string {
  const cents = typeof amount === "number" ? amount : toCents(amount);
  return usd.format(cents / 100);
}

/** Percentage of an amount in cents, rounded half up to the cent (e.g. tax estimates). */
export function percentOf(cents: Cents, percent: number): Cents {
  return Math.round((cents * percent) / 100);
}
