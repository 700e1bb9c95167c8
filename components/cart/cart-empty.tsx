import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";
import { clsx as cn } from "clsx";

/** Spec §2 empty cart: 'Your cart is empty', 'Add some items to get started', Continue Shopping → /shop. */
export function CartEmpty({ onNavigate, className }: { onNavigate?: () => void; className?: string }) {
  return (
    <div className={cn("flex flex-col items-center justify-center gap-3 text-center", className)} data-testid="cart-empty">
      <div className="flex size-16 items-center justify-center rounded-full bg-muted">
        <Icon name="cart" className="size-7 text-muted-foreground" />
      </div>
      <p className="font-serif text-xl font-semibold">Your cart is empty</p>
      <p className="text-sm text-muted-foreground">Add some items to get started</p>
      <Button asChild className="mt-2">
        <Link href="/shop" onClick={onNavigate}>
          Continue Shopping
        </Link>
      </Button>
    </div>
  );
}
