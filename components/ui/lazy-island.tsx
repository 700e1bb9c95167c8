"use client";

import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

/**
 * A client component whose code is not in the page's first load (docs/decisions/0005-…). The
 * server renders it as usual; in the browser React keeps that HTML and hydrates
 * it once its chunk has arrived, so nothing moves. The chunk is requested as
 * soon as the page's own code runs, alongside hydration rather than before it.
 * Only a client-side navigation to the page shows `fallback` for the moment
 * the chunk takes. For parts that are not needed at once, such as forms.
 */
export function lazyIsland<P extends object>(importer: () => Promise<ComponentType<P>>, fallback: ReactNode = null): ComponentType<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const load = () => (loading ??= importer().then((component) => ({ default: component })));
  // A failed early fetch is forgotten, so rendering the island fetches again (and a second failure reaches the error boundary).
  if (typeof window !== "undefined") load().catch(() => (loading = null));
  const Lazy = lazy(load);
  function LazyIsland(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return LazyIsland;
}
