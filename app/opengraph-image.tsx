import { FREE_SHIPPING_THRESHOLD } from "@/lib/checkout/pricing";
import { formatMoney } from "@/lib/money";
import { renderOgCard } from "@/lib/seo/og-card";
import { OG_CONTENT_TYPE, OG_SIZE } from "@/lib/seo/og-image-size";
import { site } from "@/lib/site";

/** The shop's default share card, for pages without their own (drawn once at build). */
export const alt = `${site.name}: ${site.tagline}`;
export const size = OG_SIZE;
export const contentType = OG_CONTENT_TYPE;

export default function OpenGraphImage() {
  return renderOgCard({
    eyebrow: `Made in ${site.address.city}, ${site.address.state}`,
    title: site.tagline,
    detail: `Free shipping on orders over ${formatMoney(FREE_SHIPPING_THRESHOLD).replace(/\.00$/, "")}`,
  });
}
