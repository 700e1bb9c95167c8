"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { createPaymentIntent, type PaymentIntentRequest, type PaymentIntentResponse } from "@/components/checkout/checkout-api";
import { isApiRequestError, type ApiRequestError } from "@/components/api/request-json";

/** Spec §4: payment is prepared once the address is complete and the cart non-empty, ~500 ms after the last change. */
export const PREPARE_DEBOUNCE_MS = 500;

export type PaymentIntentState =
  /** Not eligible yet (address incomplete, cart empty or blocked). */
  | { status: "idle"; intent: null }
  /** A request is pending; `intent` is the previous one, kept so the payment form stays mounted while totals refresh. */
  | { status: "loading"; intent: PaymentIntentResponse | null }
  | { status: "ready"; intent: PaymentIntentResponse }
  /** 409: a piece sold meanwhile or prices changed. */
  | { status: "conflict"; intent: null; message: string }
  /** Any other failure: logged only (spec §8); the card offers a retry. */
  | { status: "error"; intent: null };

type Options<R extends object> = {
  enabled: boolean;
  /** Identifies what the intent is for (items, address, amount): a change prepares it again, debounced. */
  requestKey: string;
  /** The request body from the latest form values (contact details included, as far as they are known). */
  buildRequest: () => R;
  /** Where it is sent: a cart's checkout by default (POST /api/create-payment-intent); a quote's page sends it to its quote. */
  post?: (body: R, signal?: AbortSignal) => Promise<PaymentIntentResponse>;
  onConflict?: (error: ApiRequestError) => void;
};

type Inflight = { body: string; promise: Promise<PaymentIntentResponse | null>; controller: AbortController };

/**
 * Prepares the payment for the current cart and address: POST /api/create-payment-intent,
 * debounced, latest request wins. `ensureCurrent()` (used on submit) returns an intent
 * matching the latest form values, re-sending at once if anything changed since the
 * last answer (e.g. contact details typed after the address).
 */
export function usePaymentIntent<R extends object = PaymentIntentRequest>({ enabled, requestKey, buildRequest, post, onConflict }: Options<R>) {
  const [state, setState] = useState<PaymentIntentState>({ status: "idle", intent: null });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ enabled, buildRequest, post, onConflict });
  const prepared = useRef<{ body: string; intent: PaymentIntentResponse } | null>(null);
  const inflight = useRef<Inflight | null>(null);
  const timer = useRef<number | null>(null);

  useEffect(() => {
    latest.current = { enabled, buildRequest, post, onConflict };
  });

  const clearTimer = () => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
  };

  const send = useCallback((): Promise<PaymentIntentResponse | null> => {
    const body = latest.current.buildRequest();
    const bodyText = JSON.stringify(body);
    if (inflight.current?.body === bodyText) return inflight.current.promise;
    inflight.current?.controller.abort();
    const controller = new AbortController();
    setState((s) => ({ status: "loading", intent: s.intent }));

    const send = latest.current.post ?? (createPaymentIntent as unknown as (body: R, signal?: AbortSignal) => Promise<PaymentIntentResponse>);
    const promise = send(body, controller.signal)
      .then(
        (intent): PaymentIntentResponse | null => {
          if (controller.signal.aborted) return null;
          prepared.current = { body: bodyText, intent };
          setState({ status: "ready", intent });
          return intent;
        },
        (error: unknown): null => {
          if (controller.signal.aborted) return null;
          prepared.current = null;
          // 409: sold or re-priced meanwhile; 410: what it pays is over (a quote expired or replaced).
          if (isApiRequestError(error) && (error.status === 409 || error.status === 410)) {
            setState({ status: "conflict", intent: null, message: error.message });
            latest.current.onConflict?.(error);
          } else {
            console.error("Failed to create payment intent", error);
            setState({ status: "error", intent: null });
          }
          return null;
        },
      )
      .finally(() => {
        if (inflight.current?.controller === controller) inflight.current = null;
      });
    inflight.current = { body: bodyText, promise, controller };
    return promise;
  }, []);

  // (Re)prepare after the cart or address settles.
  useEffect(() => {
    clearTimer();
    if (!enabled) {
      inflight.current?.controller.abort();
      inflight.current = null;
      // eslint-disable-next-line react-hooks/set-state-in-effect -- checkout no longer ready (cart emptied, address incomplete): drop the prepared intent
      setState({ status: "idle", intent: null });
      return;
    }
    // The cart or address changed: the shown intent is stale at once, before the debounced request.
    setState((s) => ({ status: "loading", intent: s.intent }));
    timer.current = window.setTimeout(() => {
      timer.current = null;
      void send();
    }, PREPARE_DEBOUNCE_MS);
    return clearTimer;
  }, [enabled, requestKey, attempt, send]);

  useEffect(
    () => () => {
      clearTimer();
      inflight.current?.controller.abort();
    },
    [],
  );

  /** An intent for exactly the current form values, or null (the card then shows why). */
  const ensureCurrent = useCallback(async (): Promise<PaymentIntentResponse | null> => {
    if (!latest.current.enabled) return null;
    clearTimer();
    const bodyText = JSON.stringify(latest.current.buildRequest());
    if (prepared.current?.body === bodyText && !inflight.current) return prepared.current.intent;
    // A superseded request resolves null; the one that replaced it is the answer.
    let result = await send();
    while (result === null && inflight.current) result = await inflight.current.promise;
    return result;
  }, [send]);

  /** Prepare again (retry button, or after the server cancelled the intent). */
  const reset = useCallback(() => {
    prepared.current = null;
    setAttempt((n) => n + 1);
  }, []);

  return { state, ensureCurrent, reset };
}
