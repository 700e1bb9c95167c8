"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { formatMoney } from "@/lib/money";
import { clsx as cn } from "clsx";
import type { CartItem } from "@/lib/cart/types";
import { removeCartLine } from "@/components/cart/cart-line-actions";
import { CartLineImage } from "@/components/cart/cart-line-image";
import { CartQuantityControl } from "@/components/cart/cart-quantity-control";

/** One line in the cart drawer: image, name (links to the product), price, quantity controls, Remove. */
export function CartDrawerItem({ item, onNavigate }: { item: CartItem; onNavigate: () => void }) {
  return (
    <li className="flex gap-3 py-4" data-testid="cart-line" data-product-id={item.productId} data-unavailable={item.unavailable ? "true" : undefined}>
      <Link href={`/product/${item.slug}`} onClick={onNavigate} tabIndex={-1} aria-hidden="true">
        <CartLineImage src={item.image} alt="" size={80} className={cn(item.unavailable && "opacity-60 grayscale")} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          href={`/product/${item.slug}`}
          onClick={onNavigate}
          className="line-clamp-2 text-sm leading-snug font-medium hover:text-primary hover:underline focus-visible:underline"
          data-testid="cart-line-name"
        >
          {item.name}
        </Link>
        <p className={item.unavailable ? "text-sm font-semibold text-muted-foreground line-through" : "text-sm font-semibold text-primary"} data-testid="cart-line-price">
          {formatMoney(item.price)}
        </p>
        {item.unavailable && (
          <p className="text-sm font-medium text-destructive" data-testid="cart-line-unavailable">
            {item.unavailable}
          </p>
        )}
        <div className="mt-1 flex items-center justify-between gap-2">
          <CartQuantityControl item={item} />
          <Button type="button" variant="ghost" size="sm" className="h-8 px-2 text-muted-foreground hover:text-destructive" onClick={() => removeCartLine(item)}>
            Remove
            <span className="sr-only"> {item.name}</span>
          </Button>
        </div>
      </div>
    </li>
  );
}
