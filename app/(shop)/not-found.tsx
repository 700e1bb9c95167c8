import type { Metadata } from "next";
import { NotFoundView } from "@/components/layout/not-found-view";

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

/**
 * Any unknown path (spec §2), inside the storefront layout's header and footer:
 * unmatched URLs reach it through the catch-all [...missing] route. Next embeds
 * a segment's not-found UI in every page's RSC payload, so it holds only the
 * page body; the layout already sends the header and footer once.
 */
export default function NotFound() {
  return <NotFoundView />;
}
