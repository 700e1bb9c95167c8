import { LazyCartDrawer } from "@/components/cart/lazy-cart-drawer";
import { CartSync } from "@/components/cart/cart-sync";
import { PreviewBanner } from "@/components/layout/preview-banner";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";

/** Storefront shell: skip link, sticky header, main content, footer; the cart drawer (loaded on first open) and cart sync are mounted once here. */
export default function ShopLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <PreviewBanner />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
      <LazyCartDrawer />
      <CartSync />
    </div>
  );
}
