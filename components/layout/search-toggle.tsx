"use client";

import { useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { useLazyComponent } from "@/components/ui/use-lazy-component";

const importPanel = () => import("@/components/layout/search-panel").then((m) => m.default);

/**
 * Spec §2 search toggle: the header's search button. The form with its
 * suggestions (./search-panel.tsx) is fetched when the shopper points at,
 * focuses or presses the button, so no page's first load carries it.
 */
export function SearchToggle() {
  const [open, setOpen] = useState(false);
  const [SearchPanel, load] = useLazyComponent(importPanel);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  function close({ restoreFocus = true } = {}) {
    setOpen(false);
    if (restoreFocus) toggleRef.current?.focus();
  }

  return (
    <>
      <Button
        ref={toggleRef}
        type="button"
        variant="ghost"
        size="icon"
        aria-label="Toggle search"
        aria-expanded={open}
        aria-controls={panelId}
        onPointerEnter={load}
        onFocus={load}
        onClick={() => {
          load();
          if (open) close();
          else setOpen(true);
        }}
        className="aria-expanded:bg-accent aria-expanded:text-accent-foreground"
      >
        <Icon name="search" className="size-5" />
      </Button>
      {open && SearchPanel && <SearchPanel id={panelId} onClose={close} />}
    </>
  );
}
