import type { Metadata } from "next";
import { CartPageView } from "@/components/cart/cart-page-view";
import { cartTaxLine } from "@/lib/tax/display";
import { taxDisplay } from "@/lib/tax/service";

export const metadata: Metadata = {
  title: "Shopping Cart",
  description: "Review the pieces and tools in your cart before checking out.",
  robots: { index: false, follow: true },
};

/**
 * Spec §2 cart page. The cart lives in the browser, so the page is a static shell around a client view;
 * the tax line's wording for the setting (TAX_MODE, read when the page is built: lib/tax/service.ts) is passed to it.
 */
export default function CartPage() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <h1 className="font-serif text-3xl font-semibold sm:text-4xl">Shopping Cart</h1>
      <CartPageView taxLine={cartTaxLine(taxDisplay())} />
    </div>
  );
}
