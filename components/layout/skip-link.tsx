/** First focusable element on every storefront page: jumps past the header to the main content. */
export function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      Skip to content
    </a>
  );
}
