"use client";

import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { formatMoney, toCents } from "@/lib/money";
import { clsx as cn } from "clsx";
import type { CartItem } from "@/lib/cart/types";
import { lineActions } from "@/components/cart/lazy-line-actions";
import { CartLineImage } from "@/components/cart/cart-line-image";
import { CartQuantityControl } from "@/components/cart/cart-quantity-control";

/** One row of the cart page: image, name, unit price, quantity controls, line total and a remove button. */
export function CartPageLine({ item }: { item: CartItem }) {
  const href = `/product/${item.slug}`;
  return (
    <li className="flex gap-4 py-5" data-testid="cart-line" data-product-id={item.productId} data-unavailable={item.unavailable ? "true" : undefined}>
      <Link href={href} tabIndex={-1} aria-hidden="true">
        <CartLineImage src={item.image} alt="" size={112} className={cn("max-sm:!h-[66px] max-sm:!w-[88px]", item.unavailable && "opacity-60 grayscale")} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <Link href={href} className="font-medium leading-snug hover:text-primary hover:underline focus-visible:underline" data-testid="cart-line-name">
            {item.name}
          </Link>
          <p className={cn("text-sm text-muted-foreground", item.unavailable && "line-through")} data-testid="cart-line-price">
            {formatMoney(item.price)} each
          </p>
          {item.uniqueItem && !item.unavailable && <p className="text-xs font-medium text-primary">One of a kind</p>}
          {!item.unavailable && <p className="text-xs text-muted-foreground">{item.ships}</p>}
          {item.unavailable && (
            <p className="text-sm font-medium text-destructive" data-testid="cart-line-unavailable">
              {item.unavailable}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-4 sm:justify-end">
          <CartQuantityControl item={item} />
          <p className="w-24 text-right font-semibold tabular-nums" data-testid="cart-line-total">
            {item.unavailable ? "—" : formatMoney(toCents(item.price) * item.quantity)}
          </p>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="text-muted-foreground hover:text-destructive"
            onClick={() => void lineActions().then((a) => a.removeCartLine(item))}
            aria-label={`Remove ${item.name}`}
            title="Remove"
          >
            <Icon name="trash" />
          </Button>
        </div>
      </div>
    </li>
  );
}
