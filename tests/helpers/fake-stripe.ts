import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small local stand-in for the Stripe REST API (PaymentIntents, Refunds and Stripe Tax's
 * calculations, transactions and reversals), for
 * tests that drive the real `stripe` SDK through its host/port/protocol
 * options. State lives in memory; `authorize`/`decline` play the part of the
 * browser confirming a card with Stripe.js.
 */
export type FakeIntentStatus = "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "succeeded" | "canceled";

export type FakeIntent = {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_capturable: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean; allow_redirects?: string } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  capture_method: string;
  client_secret: string;
  confirmation_method: string;
  created: number;
  currency: string;
  description: string | null;
  last_payment_error: { type: string; code: string; message: string } | null;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  payment_method: string | null;
  payment_method_types: string[];
  status: FakeIntentStatus;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: "succeeded";
};

/** Stripe Tax: a calculation (POST /v1/tax/calculations), its line items as Stripe returns them when expanded. */
export type FakeTaxCalculation = {
  id: string;
  object: "tax.calculation";
  amount_total: number;
  currency: string;
  customer_details: { address: Record<string, string>; address_source: string };
  expires_at: number;
  livemode: false;
  line_items: { object: "list"; data: FakeTaxLineItem[]; has_more: false; url: string } | null;
  shipping_cost: { amount: number; amount_tax: number; tax_behavior: string } | null;
  tax_amount_exclusive: number;
  tax_amount_inclusive: 0;
  tax_breakdown: Array<{
    amount: number;
    inclusive: false;
    tax_rate_details: { country: string; state: string; percentage_decimal: string; tax_type: string };
    taxability_reason: string;
    taxable_amount: number;
  }>;
  tax_date: number;
};
export type FakeTaxLineItem = { id: string; object: "tax.calculation_line_item"; amount: number; amount_tax: number; quantity: number; reference: string; tax_behavior: string; tax_code: string };
/** A tax transaction (from a calculation) or a reversal of one; `amount`/`amount_tax` are the fake's own running figures (negative for a reversal). */
export type FakeTaxTransaction = {
  id: string;
  object: "tax.transaction";
  type: "transaction" | "reversal";
  reference: string;
  calculation: string | null;
  reversal: { original_transaction: string } | null;
  created: number;
  livemode: false;
  amount: number;
  amount_tax: number;
  mode?: "full" | "partial";
  flat_amount?: number;
};

type Params = Record<string, unknown>;
export type FakeStripeCall = { method: string; path: string; body: Params; idempotencyKey: string | null };
export type FakeStripeError = { status?: number; type?: string; message: string; code?: string };

export type FakeStripe = {
  port: number;
  url: string;
  calls: FakeStripeCall[];
  intents: Map<string, FakeIntent>;
  refunds: Map<string, FakeRefund>;
  taxCalculations: Map<string, FakeTaxCalculation>;
  /** Tax transactions and reversals, by id. */
  taxTransactions: Map<string, FakeTaxTransaction>;
  /** Stripe Tax's rate by US state, in percent (a state not listed is taxed 0); shipping is taxed like the goods. Tests may change it. */
  taxRates: Record<string, number>;
  /** The reversals of a tax transaction, oldest first. */
  reversalsOf(transactionId: string): FakeTaxTransaction[];
  /** A Charge object for a captured intent (webhook payloads: charge.refunded), with the refunds so far. */
  chargeOf(intentId: string): Record<string, unknown>;
  /**
   * The next request (optionally only one matching method/path) fails with this Stripe error instead of
   * running — or, with `afterRunning`, runs and then answers with the error (a reply lost on the way back).
   * Set several and they queue: each request takes the first one it matches.
   */
  setNextError(error: FakeStripeError, match?: { method?: string; path?: string | RegExp; afterRunning?: boolean }): void;
  /** Requests matching method/path are answered this many ms after they arrive (0 turns it off). */
  setLatency(ms: number, match?: { method?: string; path?: string | RegExp }): void;
  /** The browser confirmed a card that was authorised: requires_capture. */
  authorize(id: string): FakeIntent;
  /** The browser confirmed a card that was declined: back to requires_payment_method with last_payment_error. */
  decline(id: string, message?: string): FakeIntent;
  callsTo(method: string, path: string | RegExp): FakeStripeCall[];
  close(): Promise<void>;
};

class StripeHttpError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Parses a form body with qs-style bracket keys: `a[b][c]=1&list[0]=x` → {a:{b:{c:"1"}}, list:{0:"x"}}. */
export function parseStripeForm(raw: string): Params {
  const out: Params = {};
  for (const [fullKey, value] of new URLSearchParams(raw)) {
    const match = /^([^[]+)((?:\[[^\]]*\])*)$/.exec(fullKey);
    const path = match ? [match[1], ...[...match[2].matchAll(/\[([^\]]*)\]/g)].map((m) => m[1])] : [fullKey];
    let node = out;
    path.forEach((key, i) => {
      if (i === path.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Params;
    });
  }
  return out;
}

const UPDATABLE: FakeIntentStatus[] = ["requires_payment_method", "requires_confirmation", "requires_action"];
const now = () => Math.floor(Date.now() / 1000);
const token = (n: number) => randomBytes(n).toString("hex");

function stringMap(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object") return {};
  return Object.fromEntries(Object.entries(value as Params).map(([k, v]) => [k, String(v)]));
}

function toAmount(value: unknown): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 1) throw new StripeHttpError(400, "invalid_request_error", "Missing or invalid required param: amount.", "parameter_invalid_integer");
  return n;
}

const US_STATE_CODES = new Set(
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY AS GU MP PR VI AA AE AP".split(" "),
);
/** Stripe's tax code for what is not taxed. */
const NONTAXABLE = "txcd_00000000";

/** A form list (`a[0][x]=…&a[1][x]=…`) as an array, in index order. */
function listOf(value: unknown): Params[] {
  if (!value || typeof value !== "object") return [];
  return Object.entries(value as Params)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([, v]) => v as Params);
}

function toNonNegative(value: unknown, param: string): number {
  const n = Number(value);
  if (value === undefined || !Number.isInteger(n) || n < 0) throw new StripeHttpError(400, "invalid_request_error", `Invalid non-negative integer: ${param}.`, "parameter_invalid_integer");
  return n;
}

function unexpectedState(intent: FakeIntent, action: string): StripeHttpError {
  return new StripeHttpError(400, "invalid_request_error", `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`, "payment_intent_unexpected_state");
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const calls: FakeStripeCall[] = [];
  const intents = new Map<string, FakeIntent>();
  const refunds = new Map<string, FakeRefund>();
  const taxCalculations = new Map<string, FakeTaxCalculation>();
  const taxTransactions = new Map<string, FakeTaxTransaction>();
  const taxRates: Record<string, number> = { WA: 10.25, NY: 8.875, CA: 7.25 };
  const reversalsOf = (transactionId: string) => [...taxTransactions.values()].filter((t) => t.reversal?.original_transaction === transactionId);
  /** Half up to the cent, on the rate in hundredths of a percent (10.25 % = 1025). */
  const taxOn = (amount: number, percent: number) => Math.round((amount * Math.round(percent * 1000)) / 100_000);

  function taxRoute(method: string, path: string, body: Params): unknown {
    if (method === "POST" && path === "/v1/tax/calculations") {
      const details = (body.customer_details ?? {}) as Params;
      const address = (details.address ?? {}) as Record<string, string>;
      if (details.address_source !== "shipping" && details.address_source !== "billing")
        throw new StripeHttpError(400, "invalid_request_error", "Missing required param: customer_details[address_source].", "parameter_missing");
      if (address.country !== "US" || !US_STATE_CODES.has(address.state) || !address.postal_code) {
        throw new StripeHttpError(400, "invalid_request_error", "We could not determine the customer's tax location based on the provided customer address.", "customer_tax_location_invalid");
      }
      const currency = String(body.currency ?? "").toLowerCase();
      if (!currency) throw new StripeHttpError(400, "invalid_request_error", "Missing required param: currency.", "parameter_missing");
      const rate = taxRates[address.state] ?? 0;
      const lines = listOf(body.line_items);
      if (!lines.length) throw new StripeHttpError(400, "invalid_request_error", "Missing required param: line_items.", "parameter_missing");
      const references = new Set<string>();
      const items: FakeTaxLineItem[] = lines.map((l, k) => {
        const reference = String(l.reference ?? "");
        if (!reference || references.has(reference)) throw new StripeHttpError(400, "invalid_request_error", `line_items[${k}][reference] must be unique and present.`, "parameter_invalid_string");
        references.add(reference);
        const amount = toNonNegative(l.amount, `line_items[${k}][amount]`);
        const taxCode = typeof l.tax_code === "string" ? l.tax_code : "txcd_99999999";
        return {
          id: `tax_li_fake_${token(6)}`,
          object: "tax.calculation_line_item",
          amount,
          amount_tax: taxCode === NONTAXABLE ? 0 : taxOn(amount, rate),
          quantity: Number(l.quantity ?? 1),
          reference,
          tax_behavior: String(l.tax_behavior ?? "exclusive"),
          tax_code: taxCode,
        };
      });
      const shippingParams = body.shipping_cost as Params | undefined;
      const shipping = shippingParams
        ? { amount: toNonNegative(shippingParams.amount, "shipping_cost[amount]"), amount_tax: 0, tax_behavior: String(shippingParams.tax_behavior ?? "exclusive") }
        : null;
      if (shipping) shipping.amount_tax = taxOn(shipping.amount, rate);
      const taxable = items.filter((i) => i.tax_code !== NONTAXABLE).reduce((sum, i) => sum + i.amount, 0) + (shipping?.amount ?? 0);
      const tax = items.reduce((sum, i) => sum + i.amount_tax, 0) + (shipping?.amount_tax ?? 0);
      const expanded = listOf(body.expand)
        .map(String)
        .concat(typeof body.expand === "string" ? [body.expand] : []);
      const calculation: FakeTaxCalculation = {
        id: `taxcalc_fake_${token(12)}`,
        object: "tax.calculation",
        amount_total: items.reduce((sum, i) => sum + i.amount, 0) + (shipping?.amount ?? 0) + tax,
        currency,
        customer_details: { address, address_source: String(details.address_source) },
        expires_at: now() + 90 * 86400,
        livemode: false,
        line_items: { object: "list", data: items, has_more: false, url: "/v1/tax/calculations/line_items" },
        shipping_cost: shipping,
        tax_amount_exclusive: tax,
        tax_amount_inclusive: 0,
        tax_breakdown:
          tax > 0
            ? [
                {
                  amount: tax,
                  inclusive: false,
                  tax_rate_details: { country: "US", state: address.state, percentage_decimal: rate.toFixed(4), tax_type: "sales_tax" },
                  taxability_reason: "standard_rated",
                  taxable_amount: taxable,
                },
              ]
            : [],
        tax_date: now(),
      };
      taxCalculations.set(calculation.id, calculation);
      return { ...calculation, line_items: expanded.includes("line_items") ? calculation.line_items : null };
    }
    if (method === "POST" && path === "/v1/tax/transactions/create_from_calculation") {
      const calculation = taxCalculations.get(String(body.calculation ?? ""));
      if (!calculation) throw new StripeHttpError(404, "invalid_request_error", `No such tax calculation: '${String(body.calculation)}'`, "resource_missing");
      const reference = String(body.reference ?? "");
      if (!reference) throw new StripeHttpError(400, "invalid_request_error", "Missing required param: reference.", "parameter_missing");
      if ([...taxTransactions.values()].some((t) => t.reference === reference))
        throw new StripeHttpError(400, "invalid_request_error", "A transaction with this reference already exists.", "tax_transaction_reference_in_use");
      const transaction: FakeTaxTransaction = {
        id: `tax_fake_${token(12)}`,
        object: "tax.transaction",
        type: "transaction",
        reference,
        calculation: calculation.id,
        reversal: null,
        created: now(),
        livemode: false,
        amount: calculation.amount_total,
        amount_tax: calculation.tax_amount_exclusive,
      };
      taxTransactions.set(transaction.id, transaction);
      return transaction;
    }
    if (method === "POST" && path === "/v1/tax/transactions/create_reversal") {
      const original = taxTransactions.get(String(body.original_transaction ?? ""));
      if (!original || original.type !== "transaction") throw new StripeHttpError(404, "invalid_request_error", `No such tax transaction: '${String(body.original_transaction)}'`, "resource_missing");
      const reference = String(body.reference ?? "");
      if (!reference) throw new StripeHttpError(400, "invalid_request_error", "Missing required param: reference.", "parameter_missing");
      if ([...taxTransactions.values()].some((t) => t.reference === reference))
        throw new StripeHttpError(400, "invalid_request_error", "A transaction with this reference already exists.", "tax_transaction_reference_in_use");
      const earlier = reversalsOf(original.id);
      const reversedAmount = -earlier.reduce((sum, r) => sum + r.amount, 0);
      const reversedTax = -earlier.reduce((sum, r) => sum + r.amount_tax, 0);
      let amount: number;
      let amountTax: number;
      if (body.mode === "full") {
        if (earlier.length)
          throw new StripeHttpError(400, "invalid_request_error", "A full reversal cannot be created for a transaction that already has reversals.", "tax_transaction_already_reversed");
        amount = original.amount;
        amountTax = original.amount_tax;
      } else if (body.mode === "partial") {
        if (body.line_items !== undefined || body.shipping_cost !== undefined) throw new StripeHttpError(400, "invalid_request_error", "The fake supports partial reversals by flat_amount only.");
        const flat = Number(body.flat_amount);
        if (!Number.isInteger(flat) || flat >= 0) throw new StripeHttpError(400, "invalid_request_error", "flat_amount must be a negative integer.", "parameter_invalid_integer");
        amount = -flat;
        if (amount > original.amount - reversedAmount)
          throw new StripeHttpError(400, "invalid_request_error", "The reversal amount is greater than what is left of the transaction.", "tax_transaction_reversal_too_large");
        // Spread in proportion over the transaction, as Stripe does; the last reversal takes what is left.
        amountTax = amount === original.amount - reversedAmount ? original.amount_tax - reversedTax : Math.round((original.amount_tax * amount) / original.amount);
      } else {
        throw new StripeHttpError(400, "invalid_request_error", "Invalid mode: must be one of full, partial.", "parameter_invalid_string");
      }
      const reversal: FakeTaxTransaction = {
        id: `tax_fake_${token(12)}`,
        object: "tax.transaction",
        type: "reversal",
        reference,
        calculation: null,
        reversal: { original_transaction: original.id },
        created: now(),
        livemode: false,
        amount: -amount,
        amount_tax: -amountTax,
        mode: body.mode,
        ...(body.mode === "partial" ? { flat_amount: Number(body.flat_amount) } : {}),
      };
      taxTransactions.set(reversal.id, reversal);
      return reversal;
    }
    return undefined;
  }
  const refundedOf = (intentId: string) => [...refunds.values()].filter((r) => r.payment_intent === intentId).reduce((sum, r) => sum + r.amount, 0);
  /** Idempotency-Key → the first request's endpoint, params and successful response (replayed as Stripe does). */
  const idempotent = new Map<string, { endpoint: string; params: string; status: number; body: unknown }>();
  let nextErrors: Array<{ error: FakeStripeError; method?: string; path?: string | RegExp; afterRunning?: boolean }> = [];
  const inFlight = new Set<string>();
  let latency: { ms: number; method?: string; path?: string | RegExp } = { ms: 0 };
  const matches = (m: { method?: string; path?: string | RegExp }, method: string, path: string) =>
    (!m.method || m.method === method) && (!m.path || (typeof m.path === "string" ? m.path === path : m.path.test(path)));

  function get(id: string): FakeIntent {
    const intent = intents.get(id);
    if (!intent) throw new StripeHttpError(404, "invalid_request_error", `No such payment_intent: '${id}'`, "resource_missing");
    return intent;
  }

  function route(method: string, path: string, body: Params): unknown {
    if (path.startsWith("/v1/tax/")) {
      const result = taxRoute(method, path, body);
      if (result === undefined) throw new StripeHttpError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
      return result;
    }
    if (method === "POST" && path === "/v1/payment_intents") {
      const id = `pi_fake_${token(12)}`;
      const apm = body.automatic_payment_methods as Params | undefined;
      const intent: FakeIntent = {
        id,
        object: "payment_intent",
        amount: toAmount(body.amount),
        amount_capturable: 0,
        amount_received: 0,
        automatic_payment_methods: apm ? { enabled: apm.enabled === "true", allow_redirects: "always" } : null,
        canceled_at: null,
        cancellation_reason: null,
        capture_method: typeof body.capture_method === "string" ? body.capture_method : "automatic_async",
        client_secret: `${id}_secret_${token(12)}`,
        confirmation_method: "automatic",
        created: now(),
        currency: String(body.currency ?? "").toLowerCase(),
        description: typeof body.description === "string" ? body.description : null,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata: stringMap(body.metadata),
        payment_method: null,
        payment_method_types: ["card"],
        status: "requires_payment_method",
      };
      if (!intent.currency) throw new StripeHttpError(400, "invalid_request_error", "Missing required param: currency.", "parameter_missing");
      intents.set(id, intent);
      return intent;
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intentId = typeof body.payment_intent === "string" ? body.payment_intent : "";
      if (!intentId) throw new StripeHttpError(400, "invalid_request_error", "One of the following params should be provided for this request: payment_intent or charge.", "parameter_missing");
      const intent = get(intentId);
      if (intent.status !== "succeeded")
        throw new StripeHttpError(400, "invalid_request_error", `This PaymentIntent (${intentId}) does not have a successful charge to refund.`, "charge_not_refundable");
      const left = intent.amount_received - refundedOf(intentId);
      const amount = body.amount === undefined ? left : toAmount(body.amount);
      if (amount > left)
        throw new StripeHttpError(
          400,
          "invalid_request_error",
          `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          "amount_too_large",
        );
      const reason = typeof body.reason === "string" ? body.reason : null;
      if (reason && !["duplicate", "fraudulent", "requested_by_customer"].includes(reason)) throw new StripeHttpError(400, "invalid_request_error", "Invalid reason", "parameter_invalid_string");
      const refund: FakeRefund = {
        id: `re_fake_${token(12)}`,
        object: "refund",
        amount,
        charge: intent.latest_charge ?? `ch_fake_${intentId}`,
        created: now(),
        currency: intent.currency,
        metadata: stringMap(body.metadata),
        payment_intent: intentId,
        reason,
        status: "succeeded",
      };
      refunds.set(refund.id, refund);
      return refund;
    }
    if (method === "GET" && path === "/v1/refunds") {
      // Newest first, as Stripe lists them; one page is enough for a test.
      const intentId = typeof body.payment_intent === "string" ? body.payment_intent : null;
      const data = [...refunds.values()].filter((r) => !intentId || r.payment_intent === intentId).reverse();
      return { object: "list", url: "/v1/refunds", has_more: false, data };
    }
    const m = /^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/.exec(path);
    if (!m) throw new StripeHttpError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
    const [, id, action] = m;
    if (method === "GET" && !action) return get(id);
    if (method !== "POST") throw new StripeHttpError(404, "invalid_request_error", `Unrecognized request URL (${method}: ${path}).`);
    const intent = get(id);
    if (!action) {
      if (!UPDATABLE.includes(intent.status)) throw unexpectedState(intent, "update");
      if (body.amount !== undefined) intent.amount = toAmount(body.amount);
      if (body.currency !== undefined) intent.currency = String(body.currency).toLowerCase();
      if (body.metadata !== undefined) {
        // Stripe merges metadata keys; an empty value removes a key.
        const merged = { ...intent.metadata, ...stringMap(body.metadata) };
        intent.metadata = Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== ""));
      }
      return intent;
    }
    if (action === "capture") {
      if (intent.status !== "requires_capture") throw unexpectedState(intent, "capture");
      const amount = body.amount_to_capture === undefined ? intent.amount_capturable : toAmount(body.amount_to_capture);
      intent.status = "succeeded";
      intent.amount_received = amount;
      intent.amount_capturable = 0;
      intent.latest_charge = `ch_fake_${intent.id}`;
      return intent;
    }
    // cancel: allowed until the payment succeeded (a canceled intent cannot be canceled again, as on Stripe)
    if (intent.status === "succeeded" || intent.status === "canceled") throw unexpectedState(intent, "cancel");
    intent.status = "canceled";
    intent.canceled_at = now();
    intent.cancellation_reason = typeof body.cancellation_reason === "string" ? body.cancellation_reason : null;
    intent.amount_capturable = 0;
    return intent;
  }

  function handle(method: string, path: string, raw: string, idempotencyKey: string | null): { status: number; body: unknown } {
    const body = parseStripeForm(raw);
    calls.push({ method, path, body, idempotencyKey });
    const nextError = nextErrors.find((e) => (!e.method || e.method === method) && (!e.path || (typeof e.path === "string" ? e.path === path : e.path.test(path))));
    if (nextError) {
      const { error, afterRunning } = nextError;
      nextErrors = nextErrors.filter((e) => e !== nextError);
      if (afterRunning) {
        try {
          const result = JSON.parse(JSON.stringify(route(method, path, body)));
          if (idempotencyKey && method === "POST") idempotent.set(idempotencyKey, { endpoint: `${method} ${path}`, params: JSON.stringify(body), status: 200, body: result });
        } catch {
          // the request failed on its own: the client sees the error it was going to see anyway
        }
      }
      return { status: error.status ?? 400, body: { error: { type: error.type ?? "invalid_request_error", message: error.message, ...(error.code ? { code: error.code } : {}) } } };
    }
    const params = JSON.stringify(body);
    const endpoint = `${method} ${path}`;
    if (idempotencyKey && method === "POST") {
      const prior = idempotent.get(idempotencyKey);
      if (prior) {
        if (prior.endpoint !== endpoint || prior.params !== params) {
          return { status: 400, body: { error: { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters they were first used with." } } };
        }
        return { status: prior.status, body: prior.body };
      }
    }
    try {
      // Snapshot the intent so a replayed response shows the state at the time, as Stripe does.
      const result = JSON.parse(JSON.stringify(route(method, path, body)));
      if (idempotencyKey && method === "POST") idempotent.set(idempotencyKey, { endpoint, params, status: 200, body: result });
      return { status: 200, body: result };
    } catch (error) {
      if (error instanceof StripeHttpError) {
        return { status: error.status, body: { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}) } } };
      }
      return { status: 500, body: { error: { type: "api_error", message: String(error) } } };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => void answer());
    async function answer() {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const key = req.headers["idempotency-key"];
      // As Stripe: a second request with a key whose first request is still running is refused (409).
      if (typeof key === "string" && inFlight.has(key)) {
        calls.push({ method: req.method ?? "GET", path: url.pathname, body: {}, idempotencyKey: key });
        res.writeHead(409, { "content-type": "application/json", "stripe-should-retry": "false", "idempotency-key": key });
        res.end(
          JSON.stringify({
            error: {
              type: "idempotency_error",
              code: "idempotency_key_in_use",
              message:
                "There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through). Please try again later.",
            },
          }),
        );
        return;
      }
      if (latency.ms && matches(latency, req.method ?? "GET", url.pathname)) {
        if (typeof key === "string") inFlight.add(key);
        await new Promise((resolve) => setTimeout(resolve, latency.ms));
        if (typeof key === "string") inFlight.delete(key);
      }
      const raw = req.method === "GET" ? url.search.slice(1) : Buffer.concat(chunks).toString("utf8");
      const result = req.headers.authorization?.startsWith("Bearer sk_")
        ? handle(req.method ?? "GET", url.pathname, raw, typeof key === "string" ? key : null)
        : { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided." } } };
      res.writeHead(result.status, {
        "content-type": "application/json",
        "request-id": `req_fake_${token(6)}`,
        // Never ask the SDK to retry: each test request reaches the fake exactly once.
        "stripe-should-retry": "false",
        ...(typeof key === "string" ? { "idempotency-key": key } : {}),
      });
      res.end(JSON.stringify(result.body));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  function browserConfirm(id: string): FakeIntent {
    const intent = intents.get(id);
    if (!intent) throw new Error(`fake stripe: no intent ${id}`);
    if (!UPDATABLE.includes(intent.status)) throw new Error(`fake stripe: cannot confirm ${id} in status ${intent.status}`);
    return intent;
  }

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    calls,
    intents,
    refunds,
    taxCalculations,
    taxTransactions,
    taxRates,
    reversalsOf,
    chargeOf(intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake stripe: no intent ${intentId}`);
      const amountRefunded = refundedOf(intentId);
      return {
        id: intent.latest_charge ?? `ch_fake_${intentId}`,
        object: "charge",
        amount: intent.amount,
        amount_captured: intent.amount_received,
        amount_refunded: amountRefunded,
        captured: intent.status === "succeeded",
        currency: intent.currency,
        payment_intent: intentId,
        refunded: amountRefunded > 0 && amountRefunded === intent.amount_received,
        status: "succeeded",
      };
    },
    setNextError(error, match) {
      nextErrors.push({ error, ...match });
    },
    setLatency(ms, match) {
      latency = { ms, ...match };
    },
    authorize(id) {
      const intent = browserConfirm(id);
      intent.payment_method = `pm_fake_${token(6)}`;
      intent.last_payment_error = null;
      if (intent.capture_method === "manual") {
        intent.status = "requires_capture";
        intent.amount_capturable = intent.amount;
      } else {
        intent.status = "succeeded";
        intent.amount_received = intent.amount;
      }
      return intent;
    },
    decline(id, message = "Your card was declined.") {
      const intent = browserConfirm(id);
      intent.status = "requires_payment_method";
      intent.payment_method = null;
      intent.last_payment_error = { type: "card_error", code: "card_declined", message };
      return intent;
    },
    callsTo(method, path) {
      return calls.filter((c) => c.method === method && (typeof path === "string" ? c.path === path : path.test(c.path)));
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}

/** The webhook signing secret the Stripe tests use. */
export const FAKE_WEBHOOK_SECRET = "whsec_test_secret";
const STRIPE_ENV = ["STRIPE_SECRET_KEY", "NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_HOST", "STRIPE_API_PORT", "STRIPE_API_PROTOCOL", "RESEND_API_KEY"] as const;

/**
 * Points the shop's Stripe SDK at the fake (test keys, the fake's host and port,
 * no Resend: emails go to the outbox). Returns a function that puts the
 * environment back as it was.
 */
export function useFakeStripeEnv(fake: FakeStripe): () => void {
  const saved: Partial<Record<string, string | undefined>> = {};
  for (const key of STRIPE_ENV) saved[key] = process.env[key];
  Object.assign(process.env, {
    STRIPE_SECRET_KEY: "sk_test_fake",
    NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY: "pk_test_fake",
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_API_HOST: "127.0.0.1",
    STRIPE_API_PORT: String(fake.port),
    STRIPE_API_PROTOCOL: "http",
  });
  delete process.env.RESEND_API_KEY;
  return () => {
    for (const key of STRIPE_ENV) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  };
}
