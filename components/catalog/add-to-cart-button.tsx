"use client";

import { ShoppingCart } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";
import type { CartProductDTO } from "@/lib/catalog/types";

type AddToCartButtonProps = {
  product: CartProductDTO;
  /** Quantity chosen on the product page; the card always adds one. */
  quantity?: number;
  size?: "default" | "sm" | "lg";
  className?: string;
};

/**
 * The add-to-cart control. The cart itself arrives with a later issue; until then the
 * button renders its final states ('Add to Cart' / disabled 'Sold') and is a no-op.
 */
export function AddToCartButton({ product, quantity = 1, size = "default", className }: AddToCartButtonProps) {
  if (product.sold) {
    return (
      <Button type="button" size={size} variant="secondary" disabled className={cn("w-full", className)} data-testid="add-to-cart">
        Sold
        <span className="sr-only">: {product.name}</span>
      </Button>
    );
  }
  return (
    <Button
      type="button"
      size={size}
      className={cn("w-full", className)}
      data-testid="add-to-cart"
      data-product-id={product.id}
      data-quantity={quantity}
    >
      <ShoppingCart aria-hidden="true" />
      Add to Cart
      <span className="sr-only">: {product.name}</span>
    </Button>
  );
}
