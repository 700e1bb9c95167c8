"use client";

import { useEffect, useState } from "react";
import { requestJson } from "@/components/api/request-json";
import { checkedLines } from "@/components/cart/cart-actions";
import type { CartItem } from "@/lib/cart/types";
import { toCents, type Cents } from "@/lib/money";

/**
 * The cart page's shipping before an address (POST /api/shipping/estimate, lib/shipping/service.ts): cents when
 * every zone the shop ships to charges the cart the same, null when the address decides ("At checkout"), and
 * undefined until the server has answered for these lines (the page shows the default zone's rule meanwhile:
 * in a fresh shop, the same figure). A failed request leaves it undefined.
 */
export function useCartShipping(items: CartItem[]): Cents | null | undefined {
  const linesKey = JSON.stringify(checkedLines(items.filter((i) => !i.unavailable)));
  const [answer, setAnswer] = useState<{ key: string; shipping: Cents | null } | null>(null);
  useEffect(() => {
    if (linesKey === "[]") return;
    const controller = new AbortController();
    requestJson<{ shipping: string | null }>("POST", "/api/shipping/estimate", { body: { items: JSON.parse(linesKey) as unknown }, signal: controller.signal }).then(
      (r) => {
        if (!controller.signal.aborted) setAnswer({ key: linesKey, shipping: r.shipping === null ? null : toCents(r.shipping) });
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [linesKey]);
  // An answer for other lines is stale at once.
  return answer?.key === linesKey ? answer.shipping : undefined;
}
