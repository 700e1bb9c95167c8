"use client";

import { useCallback, useRef, useState, type ComponentType } from "react";

/**
 * A component fetched on demand (its own chunk, via dynamic import), held in
 * state once here: `load()` starts the fetch, and the component is returned
 * from the next render on. Unlike next/dynamic or React.lazy it never suspends
 * or shows a fallback, and it adds no loader runtime to the first load.
 */
export function useLazyComponent<P extends object>(importer: () => Promise<ComponentType<P>>): [ComponentType<P> | null, () => void] {
  const [Component, setComponent] = useState<ComponentType<P> | null>(null);
  const started = useRef(false);
  const load = useCallback(() => {
    if (started.current) return;
    started.current = true;
    void importer().then(
      (loaded) => setComponent(() => loaded),
      (error: unknown) => {
        // A failed chunk fetch (offline, new deploy): let the next interaction try again.
        started.current = false;
        console.error("Failed to load a component", error);
      },
    );
    // The importer is a module-level arrow function in every caller.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [Component, load];
}
