"use client";

import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import type { CartProductDTO } from "@/lib/catalog/types";
import { useAddToCart } from "@/components/cart/use-add-to-cart";

type AddToCartButtonProps = {
  product: CartProductDTO;
  /** Quantity chosen on the product page; the card always adds one. */
  quantity?: number;
  size?: "default" | "sm" | "lg";
  className?: string;
  /** Label for a unique piece already in the cart: 'In Cart' on cards, 'Already in Cart' on the product page. */
  inCartLabel?: string;
};

/**
 * The add-to-cart control (spec §4 card button): 'Add to Cart', 'Adding...' while
 * pending, 'Added!' for 1.5 s, disabled 'Sold' (a sold piece) or 'Sold out' (an in-stock product run out), disabled in-cart label for a
 * unique piece already in the cart. Before hydration it renders as on the server.
 */
export function AddToCartButton({ product, quantity = 1, size = "default", className, inCartLabel = "In Cart" }: AddToCartButtonProps) {
  const { ready, state, add, sold, inCart } = useAddToCart(product, quantity);

  if (sold) {
    return (
      <Button type="button" size={size} variant="secondary" disabled className={className ?? "w-full"} data-testid="add-to-cart">
        Sold{product.soldOut && " out"}
        <span className="sr-only">{`: ${product.name}`}</span>
      </Button>
    );
  }

  if (state === "idle" && inCart) {
    return (
      <Button type="button" size={size} variant="secondary" disabled className={className ?? "w-full"} data-testid="add-to-cart" data-product-id={product.id}>
        <Icon name="check" />
        {inCartLabel}
        <span className="sr-only">{`: ${product.name}`}</span>
      </Button>
    );
  }

  return (
    <Button
      type="button"
      size={size}
      className={className ?? "w-full"}
      data-testid="add-to-cart"
      data-product-id={product.id}
      data-quantity={quantity}
      data-state={ready ? state : undefined}
      disabled={state === "adding"}
      aria-busy={state === "adding" || undefined}
      onClick={add}
    >
      {state === "adding" ? <Icon name="loader" className="animate-spin" /> : state === "added" ? <Icon name="check" /> : <Icon name="cart" />}
      {state === "adding" ? "Adding..." : state === "added" ? "Added!" : "Add to Cart"}
      <span className="sr-only">{`: ${product.name}`}</span>
    </Button>
  );
}
