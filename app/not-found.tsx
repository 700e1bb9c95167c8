import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

/**
 * Fallback for a notFound() outside the storefront. Unknown URLs are caught by
 * app/(shop)/[...missing] and get the 404 inside the shop's header and footer.
 * Kept tiny: Next embeds it in every page's RSC payload.
 */
export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-4xl font-semibold">404 Page Not Found</h1>
      <Link href="/" className="mt-6 inline-block text-primary underline">
        Back to Home
      </Link>
    </main>
  );
}
