import { Activity, type ReactNode } from "react";

/**
 * Server-rendered markup that the browser hydrates as its own piece of work.
 *
 * React hydrates everything outside a boundary in one blocking task: on a
 * throttled phone that task was the page's longest, and it is most of what
 * Lighthouse reports as Total Blocking Time. The contents of a visible
 * `<Activity>` boundary are hydrated afterwards at low priority, in slices
 * between which React yields to the browser (React 19.2's selective
 * hydration); a click inside a boundary not hydrated yet makes React hydrate
 * it first and replay the click.
 *
 * Activity rather than Suspense: on the server an Activity boundary is only a
 * pair of comment markers around markup written in place. A Suspense boundary
 * holding more than 500 bytes, once 12.8 KB of the page have been written, is
 * sent out of order instead (React's progressive chunking): in a hidden
 * element at the end of the document, moved in by a script, so without
 * JavaScript the footer or the product grid would not show, and with it they
 * would arrive late. tests/e2e/budget.spec.ts checks public pages for that.
 */
export function HydrationSlice({ children }: { children: ReactNode }) {
  return <Activity mode="visible">{children}</Activity>;
}
