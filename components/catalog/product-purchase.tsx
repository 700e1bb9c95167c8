"use client";

import { useState } from "react";
import { AddToCartButton } from "@/components/catalog/add-to-cart-button";
import { QuantityStepper } from "@/components/catalog/quantity-stepper";
import type { CartProductDTO } from "@/lib/catalog/types";
import { HydrationSlice } from "@/components/ui/hydration-slice";

/** Quantity stepper + add-to-cart for an available product (sold pieces render neither); the stepper's value is the quantity added. */
export function ProductPurchase({ product }: { product: CartProductDTO }) {
  const [quantity, setQuantity] = useState(1);
  return (
    <HydrationSlice>
      <div className="flex flex-wrap items-end gap-3">
        <QuantityStepper value={quantity} onChange={setQuantity} unique={product.uniqueItem} max={product.maxQuantity} />
        <AddToCartButton product={product} quantity={product.uniqueItem ? 1 : Math.min(quantity, product.maxQuantity ?? quantity)} size="lg" className="h-10 flex-1" inCartLabel="Already in Cart" />
      </div>
    </HydrationSlice>
  );
}
