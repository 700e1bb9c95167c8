"use client";

import Link from "next/link";
import { Button } from "@/components/ui/button";
import { clsx as cn } from "clsx";

export const BLOCKED_CHECKOUT_MESSAGE = "Remove unavailable items to check out.";

/**
 * The way to /checkout: a link, or a disabled button with the reason while a
 * line can no longer be bought.
 */
export function CartCheckoutButton({ label, blocked, onNavigate, className }: { label: string; blocked: boolean; onNavigate?: () => void; className?: string }) {
  if (blocked) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium text-destructive" role="status" data-testid="checkout-blocked">
          {BLOCKED_CHECKOUT_MESSAGE}
        </p>
        <Button type="button" size="lg" disabled className={cn("w-full", className)} data-testid="checkout-button">
          {label}
        </Button>
      </div>
    );
  }
  return (
    <Button asChild size="lg" className={cn("w-full", className)}>
      <Link href="/checkout" onClick={onNavigate} data-testid="checkout-button">
        {label}
      </Link>
    </Button>
  );
}
