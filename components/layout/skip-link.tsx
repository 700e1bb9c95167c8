/** First focusable element on every storefront page: jumps past the header to the main content. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-[3px] focus:ring-ring/50"
    >
      Skip to content
    </a>
  );
}
