"use client";

import { useEffect, useState } from "react";
import { requestJson } from "@/components/api/request-json";
import { toCents, type Cents } from "@/lib/money";

/** Asked once per page load and shared (the cart page, the drawer, checkout): the maker changes zones rarely. */
let asked: Promise<Cents | null | undefined> | null = null;

function ask(): Promise<Cents | null | undefined> {
  asked ??= requestJson<{ freeOver: string | null }>("GET", "/api/shipping/free-shipping").then(
    (r) => (r.freeOver === null ? null : toCents(r.freeOver)),
    () => {
      asked = null;
      return undefined;
    },
  );
  return asked;
}

/**
 * The free-shipping threshold before the shipping address is known (GET /api/shipping/free-shipping): the
 * same in every zone the shop ships to, else null — and undefined until the server has answered. Either way
 * but a number, the page says nothing about free shipping rather than name a rule that may not apply.
 */
export function useFreeShippingOver(): Cents | null | undefined {
  const [over, setOver] = useState<Cents | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void ask().then((value) => {
      if (live) setOver(value);
    });
    return () => {
      live = false;
    };
  }, []);
  return over;
}
