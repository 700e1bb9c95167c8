"use client";

import { useCallback, useEffect, useState } from "react";
import type { CartItem } from "@/lib/cart/types";
import type { AppliedDiscount } from "@/lib/checkout/discount-totals";
import { isApiRequestError, requestJson } from "@/components/api/request-json";
import { cartLines } from "@/components/checkout/checkout-totals";

/**
 * The discount code the shopper entered on the cart page or at checkout:
 * kept for this tab (sessionStorage) so checkout picks up what the cart page applied,
 * and priced by the server (POST /api/discount-codes/check) for the cart as it is now,
 * again whenever the cart changes. The browser never computes a discount.
 */
const STORAGE_KEY = "discountCode";

export type DiscountState = {
  /** The code as the server priced it, or null (none entered, or refused). */
  applied: (AppliedDiscount & { code: string }) | null;
  /** Why the code entered cannot be used (shown under the field). */
  error: string | null;
  pending: boolean;
};

type CheckAnswer = { code: string; merchandise: number; freeShipping: boolean };

const readStored = () => (typeof window === "undefined" ? null : window.sessionStorage.getItem(STORAGE_KEY));
function store(code: string | null) {
  if (code) window.sessionStorage.setItem(STORAGE_KEY, code);
  else window.sessionStorage.removeItem(STORAGE_KEY);
}

/** Forget the code (after an order is placed). */
export const clearStoredDiscountCode = () => store(null);

export function useDiscountCode(items: CartItem[]) {
  const [code, setCode] = useState<string | null>(null);
  const [state, setState] = useState<DiscountState>({ applied: null, error: null, pending: false });
  // Each line with its variant: a product with variants is priced by the one chosen.
  const lines = cartLines(items.filter((i) => !i.unavailable));
  const linesKey = JSON.stringify(lines);

  // eslint-disable-next-line react-hooks/set-state-in-effect -- sessionStorage is the browser's: read after hydration so the server's render and the first client render agree
  useEffect(() => setCode(readStored()), []);

  useEffect(() => {
    if (!code || !lines.length) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the code or the cart changed: the answer shown is stale at once, before any request
      setState({ applied: null, error: null, pending: false });
      return;
    }
    const controller = new AbortController();
    setState((s) => ({ ...s, pending: true }));
    requestJson<CheckAnswer>("POST", "/api/discount-codes/check", { body: { code, items: JSON.parse(linesKey) }, signal: controller.signal }).then(
      (answer) => {
        if (!controller.signal.aborted) setState({ applied: { code: answer.code, merchandise: answer.merchandise, freeShipping: answer.freeShipping }, error: null, pending: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = isApiRequestError(error) ? (error.fields.code ?? error.fields.discountCode ?? error.message) : "We could not check this code. Please try again.";
        setState({ applied: null, error: message, pending: false });
      },
    );
    return () => controller.abort();
  }, [code, linesKey, lines.length]);

  const apply = useCallback((entered: string) => {
    const next = entered.trim().toUpperCase();
    store(next || null);
    setCode(next || null);
  }, []);
  const remove = useCallback(() => {
    store(null);
    setCode(null);
  }, []);

  return { code, ...state, apply, remove };
}
