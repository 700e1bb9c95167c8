import type { Metadata } from "next";

export const metadata: Metadata = { title: "Page Not Found", robots: { index: false } };

/**
 * Fallback for a notFound() outside the storefront. Unknown URLs are caught by
 * app/(shop)/[...missing] and get the 404 inside the shop's header and footer.
 * Kept tiny: Next embeds it in every page's RSC payload. A plain link, not
 * next/link: a client reference here made pages whose own tree has none load
 * next/link's code a second time, in a chunk of its own.
 */
export default function NotFound() {
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-4xl font-semibold">404 Page Not Found</h1>
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a plain link on purpose: see the comment above */}
      <a href="/" className="mt-6 inline-block text-primary underline">
        Back to Home
      </a>
    </main>
  );
}
