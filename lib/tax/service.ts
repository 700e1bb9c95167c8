import "server-only";
import { createHash } from "node:crypto";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { resolveTaxSettings, type TaxMode, type TaxSettings } from "@/lib/tax/config";
import type { TaxDisplay } from "@/lib/tax/display";
import { flatTax, NO_TAX, type PricedTax } from "@/lib/tax/rules";
import { calculateStripeTax, type StripeTaxInput } from "@/lib/tax/stripe-tax";
import { usStateCode } from "@/lib/tax/us-states";

/**
 * The tax an order pays for its shipping address, one entry point for the checkout
 * service: nothing in `estimate` mode (the spec), the flat rule (lib/tax/rules.ts), or a Stripe
 * Tax calculation (lib/tax/stripe-tax.ts). No database: the checkout and the order keep the result.
 */
let settings: TaxSettings | undefined;

/** This deployment's tax setting (lib/tax/config.ts; start-up has already refused a bad one). */
export function taxSettings(): TaxSettings {
  settings ??= resolveTaxSettings(env);
  return settings;
}

/** What the cart page and checkout need to word the tax line. */
export function taxDisplay(): TaxDisplay {
  const s = taxSettings();
  return s.mode === "flat" ? { mode: "flat", homeState: s.homeState, ratePercent: s.rate.percent } : { mode: s.mode };
}

export type OrderTaxInput = StripeTaxInput;
export type OrderTax = PricedTax & { mode: TaxMode; calculationId: string | null };

/**
 * What a tax was priced for, hashed: the lines (after the discount), shipping and address. A checkout
 * prepared again with the same key (contact details typed after the address, a retry) keeps its tax
 * and its Stripe Tax calculation instead of asking Stripe again.
 */
export function taxInputKey(input: OrderTaxInput): string {
  const lines = [...input.lines].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((l) => [l.key, l.amount, l.quantity, Boolean(l.giftCard)]);
  const a = input.address;
  const address = [a.line1, a.line2 ?? "", a.city, usStateCode(a.state) ?? a.state, a.postalCode, a.country].map((v) => v.trim().toUpperCase());
  return createHash("sha256")
    .update(JSON.stringify({ mode: taxSettings().mode, lines, shipping: input.shipping, address }))
    .digest("hex");
}

/**
 * The tax for these lines (after the discount) and shipping, shipped to this address. A state that is
 * neither a US state's code nor its name cannot be taxed by any rule: 400, naming the field.
 */
export async function priceOrderTax(input: OrderTaxInput): Promise<OrderTax> {
  const s = taxSettings();
  if (s.mode === "estimate") return { ...NO_TAX, mode: s.mode, calculationId: null };
  if (!usStateCode(input.address.state)) {
    throw new AppError("bad_request", "Enter the state as its 2-letter code (e.g. OR) or its name.", { "shippingAddress.state": "Enter a US state, e.g. OR" });
  }
  if (s.mode === "flat") {
    return { ...flatTax({ homeState: s.homeState, ratePercent: s.rate.percent, perMillion: s.rate.perMillion }, input.address.state, input.lines), mode: s.mode, calculationId: null };
  }
  const calculation = await calculateStripeTax({ ...input, address: { ...input.address, state: usStateCode(input.address.state)! } });
  return { ...calculation, mode: s.mode };
}
