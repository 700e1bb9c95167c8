import "server-only";
import Stripe from "stripe";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";
import { fromCents, type Cents } from "@/lib/money";
import { getStripeClient } from "@/lib/payments/provider";
import type { TaxLine } from "@/lib/tax/display";
import type { PricedTax } from "@/lib/tax/rules";

/**
 * Stripe Tax (TAX_MODE=stripe) through the same `stripe` SDK client as the payments
 * (lib/payments/provider.ts: the secret key, and in tests the fake Stripe's host):
 * a calculation for the checkout's address and lines, the tax transaction recorded from it
 * once the payment is captured, and a reversal for each refund.
 */

/** Stripe's tax code for what is not taxed: a gift card bought is a form of payment, not a sale of goods. */
export const NONTAXABLE_TAX_CODE = "txcd_00000000";

export type StripeTaxInput = {
  /** Lines after the discount, keyed by lineKey (the calculation's line references). */
  lines: ReadonlyArray<{ key: string; amount: Cents; quantity: number; giftCard?: boolean }>;
  /** Shipping after the discount (a free-shipping code waives it). */
  shipping: Cents;
  address: { line1: string; line2?: string | null; city: string; state: string; postalCode: string; country: string };
};

export type StripeTaxCalculation = PricedTax & { calculationId: string; amountTotal: Cents };

const stripe = () => getStripeClient();

function jurisdiction(detail: Stripe.Tax.Calculation.TaxBreakdown.TaxRateDetails | null): string {
  if (!detail) return "Tax";
  const place = [detail.state, detail.country].filter(Boolean).join(", ");
  const kind = detail.tax_type ? detail.tax_type.replace(/_/g, " ") : "tax";
  return `${place} ${kind}`.trim();
}

function taxLines(calculation: Stripe.Tax.Calculation): TaxLine[] {
  return calculation.tax_breakdown
    .filter((b) => b.amount > 0)
    .map((b) => ({ jurisdiction: jurisdiction(b.tax_rate_details), rate: b.tax_rate_details?.percentage_decimal ?? "0", taxable: fromCents(b.taxable_amount), amount: fromCents(b.amount) }));
}

/** An address Stripe cannot place is the shopper's to correct (400); Stripe not answering is a 503; nothing is stored either way. */
function calculationError(error: unknown): AppError {
  if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === "customer_tax_location_invalid" || error.param?.startsWith("customer_details"))) {
    return new AppError("bad_request", "We could not work out the sales tax for this address. Please check the state and ZIP code.", { shippingAddress: "Check the state and ZIP code" });
  }
  log.error({ err: error }, "Stripe Tax calculation failed");
  return new AppError("unavailable", "We could not calculate the sales tax just now. Please try again in a moment; you have not been charged.");
}

/** POST /v1/tax/calculations: the tax on these lines and shipping for the shipping address, each line's part (expanded line items). */
export async function calculateStripeTax(input: StripeTaxInput): Promise<StripeTaxCalculation> {
  let calculation: Stripe.Tax.Calculation;
  try {
    calculation = await stripe().tax.calculations.create({
      currency: "usd",
      line_items: input.lines.map((l) => ({ amount: l.amount, quantity: l.quantity, reference: l.key, tax_behavior: "exclusive", ...(l.giftCard ? { tax_code: NONTAXABLE_TAX_CODE } : {}) })),
      shipping_cost: { amount: input.shipping, tax_behavior: "exclusive" },
      customer_details: {
        address: {
          line1: input.address.line1,
          line2: input.address.line2 ?? undefined,
          city: input.address.city,
          state: input.address.state,
          postal_code: input.address.postalCode,
          country: input.address.country,
        },
        address_source: "shipping",
      },
      expand: ["line_items"],
    });
  } catch (error) {
    throw calculationError(error);
  }
  const perLine = Object.fromEntries((calculation.line_items?.data ?? []).map((l) => [l.reference, l.amount_tax]));
  const shipping = calculation.shipping_cost?.amount_tax ?? 0;
  const lineTax = Object.values(perLine).reduce((sum, t) => sum + t, 0);
  if (!calculation.id || lineTax + shipping !== calculation.tax_amount_exclusive) {
    log.error({ calculationId: calculation.id, lineTax, shipping, tax: calculation.tax_amount_exclusive }, "Stripe Tax calculation's parts do not add up");
    throw new AppError("unavailable", "We could not calculate the sales tax just now. Please try again in a moment; you have not been charged.");
  }
  return { calculationId: calculation.id, amount: calculation.tax_amount_exclusive, amountTotal: calculation.amount_total, perLine, shipping, lines: taxLines(calculation) };
}

/** POST /v1/tax/transactions/create_from_calculation, after capture: the sale on record for tax, under the order number. */
export async function recordStripeTaxTransaction(calculationId: string, orderNumber: string): Promise<string> {
  const transaction = await stripe().tax.transactions.createFromCalculation({ calculation: calculationId, reference: orderNumber }, { idempotencyKey: `tax-transaction-${orderNumber}` });
  return transaction.id;
}

/**
 * POST /v1/tax/transactions/create_reversal for a refund: `full` when it returns the whole order
 * and nothing was reversed before, else `partial` with a flat amount (negative, tax included),
 * which Stripe spreads over the lines and shipping in proportion.
 */
export async function reverseStripeTax(input: { transactionId: string; reference: string; idempotencyKey: string; full: boolean; amount: Cents }): Promise<string> {
  const reversal = await stripe().tax.transactions.createReversal(
    input.full
      ? { mode: "full", original_transaction: input.transactionId, reference: input.reference }
      : { mode: "partial", original_transaction: input.transactionId, reference: input.reference, flat_amount: -input.amount },
    { idempotencyKey: input.idempotencyKey },
  );
  return reversal.id;
}
