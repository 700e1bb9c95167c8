"use client";

import { useEffect, useRef, useState } from "react";
import { Loader2 } from "lucide-react";
import { isApiRequestError } from "@/components/api/request-json";
import { fetchShippingRates, type PaymentIntentRequest } from "@/components/checkout/checkout-api";
import type { ShippingAddress } from "@/lib/checkout/schemas";
import { formatMoney, toCents } from "@/lib/money";
import type { ShippingOptionsDTO } from "@/lib/shipping/rules";

export type ShippingOptionDTO = ShippingOptionsDTO["options"][number];

/** How long the address must stay unchanged before the rates are asked for (the carrier is not asked per keystroke). */
const RATES_DEBOUNCE_MS = 400;

type RatesState =
  | { status: "idle" }
  /** `previous`: the last answer, still shown (marked busy) while the next is asked for. */
  | { status: "loading"; key: string; previous: ShippingOptionsDTO | null }
  | { status: "ready"; key: string; data: ShippingOptionsDTO }
  /** The server refused the address (its field messages go to the address form) or could not answer. */
  | { status: "error"; key: string; fields: Record<string, string> };

/**
 * The shipping options for the cart and the complete address (POST /api/shipping/rates), asked again when either
 * changes, and the shopper's choice among them (the first, the cheapest, until they pick another; kept while it is
 * still offered). `chosen` is what the payment request names; the server prices it again.
 */
export function useShippingOptions({ items, address, enabled }: { items: PaymentIntentRequest["items"]; address: ShippingAddress; enabled: boolean }) {
  const key = JSON.stringify({ items, address });
  const [state, setState] = useState<RatesState>({ status: "idle" });
  const [picked, setPicked] = useState<string | null>(null);
  const latest = useRef({ items, address });
  useEffect(() => {
    latest.current = { items, address };
  });

  useEffect(() => {
    if (!enabled) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is no longer complete: no options to offer
      setState({ status: "idle" });
      return;
    }
    setState((s) => ({ status: "loading", key, previous: s.status === "ready" ? s.data : s.status === "loading" ? s.previous : null }));
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      fetchShippingRates({ items: latest.current.items, shippingAddress: latest.current.address }, controller.signal).then(
        (data) => setState({ status: "ready", key, data }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setState({ status: "error", key, fields: isApiRequestError(error) ? error.fields : {} });
        },
      );
    }, RATES_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [enabled, key]);

  const data = state.status === "ready" && state.key === key ? state.data : null;
  const chosen = data ? (data.options.find((o) => o.id === picked) ?? data.options[0] ?? null) : null;
  const shown = state.status === "loading" ? state.previous : data;
  // Why the cart cannot be delivered to this address (a piece delivered by arrangement, a country not shipped to), said beside the options.
  const problem = state.status === "error" && state.key === key ? (state.fields.items ?? state.fields["shippingAddress.country"] ?? state.fields.shippingRate ?? null) : null;
  return { state, data, shown, chosen, choose: setPicked, settled: state.status !== "loading", problem };
}

/**
 * The shopper's choice of delivery (a radio group: arrow keys move between options): shown when there is a
 * choice to make — the carrier's rates, local pickup — or something to say (the carrier did not answer, a piece
 * that only pickup can take). A fresh shop's single flat rate shows nothing here, as before.
 */
export function ShippingOptions({
  data,
  chosen,
  loading,
  problem,
  onChoose,
}: {
  data: ShippingOptionsDTO | null;
  chosen: ShippingOptionDTO | null;
  loading: boolean;
  problem: string | null;
  onChoose: (id: string) => void;
}) {
  if (problem) {
    return (
      <p role="alert" className="mt-5 rounded-md border border-destructive/40 px-3 py-2 text-sm text-destructive" data-testid="shipping-problem">
        {problem}
      </p>
    );
  }
  if (!data) return null;
  const { options, pickup, notice, freight } = data;
  if (options.length <= 1 && !notice && !freight && !options[0]?.fallback) return null;
  return (
    <fieldset className="mt-6 min-w-0" data-testid="shipping-options" aria-busy={loading}>
      <legend className="flex items-center gap-2 text-base font-semibold">
        Delivery
        {loading && (
          <>
            <Loader2 aria-hidden="true" className="size-4 animate-spin text-muted-foreground" />
            <span className="sr-only">Updating delivery options</span>
          </>
        )}
      </legend>
      {notice && (
        <p className="mt-2 rounded-md bg-accent/60 px-3 py-2 text-sm text-accent-foreground" data-testid="shipping-notice">
          {notice}
        </p>
      )}
      {freight && options.some((o) => o.kind === "ship") && (
        <p className="mt-2 text-sm text-muted-foreground" data-testid="shipping-freight">
          Includes {formatMoney(freight)} freight for oversize pieces, delivered separately.
        </p>
      )}
      {options.some((o) => o.fallback) && <p className="mt-2 text-sm text-muted-foreground">Live carrier rates are unavailable just now: this is our standard rate.</p>}
      <div className="mt-3 grid gap-2">
        {options.map((o) => {
          const id = `shipping-option-${o.id}`;
          const detailId = `${id}-detail`;
          const detail = o.kind === "pickup" && pickup ? `${pickup.address} · ${pickup.hours}` : o.estimate;
          return (
            <label
              key={o.id}
              htmlFor={id}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-checked:border-primary has-checked:bg-accent/40 has-focus-visible:ring-2 has-focus-visible:ring-ring has-focus-visible:ring-offset-2"
              data-testid="shipping-option"
            >
              <input
                id={id}
                type="radio"
                name="shipping-option"
                value={o.id}
                checked={chosen?.id === o.id}
                onChange={() => onChoose(o.id)}
                aria-describedby={detail ? detailId : undefined}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
              />
              <span className="flex min-w-0 flex-1 flex-col gap-0.5">
                <span className="flex items-baseline justify-between gap-3">
                  <span className="font-medium">{o.label}</span>
                  <span className="shrink-0 font-medium tabular-nums">{toCents(o.amount) === 0 ? "Free" : formatMoney(o.amount)}</span>
                </span>
                {detail && (
                  <span id={detailId} className="text-sm break-words text-muted-foreground">
                    {detail}
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
