"use client";

import { useEffect, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Search, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SearchCombobox } from "@/components/layout/search-combobox";

type SearchPanelProps = {
  id: string;
  /** Close the panel; focus goes back to the toggle unless the shopper is leaving the page. */
  onClose: (options?: { restoreFocus?: boolean }) => void;
};

/**
 * The search form under the sticky header (spec §2), loaded by SearchToggle the
 * first time it opens. A non-empty trimmed term goes to /shop?search=<term>,
 * then the form closes. Blank input is ignored. Escape or the close button
 * closes it. The input suggests products as you type (./search-combobox.tsx).
 */
export default function SearchPanel({ id: panelId, onClose }: SearchPanelProps) {
  const router = useRouter();
  const [term, setTerm] = useState("");
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const close = onClose;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = term.trim();
    if (!query) {
      inputRef.current?.focus();
      return;
    }
    router.push(`/shop?search=${encodeURIComponent(query)}`);
    close({ restoreFocus: false });
  }

  return (
    <div id={panelId} className="absolute inset-x-0 top-full border-b bg-background/95 shadow-sm backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <form
        role="search"
        aria-label="Search the shop"
        onSubmit={onSubmit}
        onKeyDown={(event) => {
          if (event.key === "Escape") close();
        }}
        className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3 sm:px-6"
      >
        <label htmlFor={inputId} className="sr-only">
          Search products
        </label>
        <div className="relative min-w-0 flex-1">
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
          <SearchCombobox
            inputRef={inputRef}
            id={inputId}
            value={term}
            onValueChange={setTerm}
            onNavigate={() => close({ restoreFocus: false })}
            placeholder="Bowls, walnut, dowel jig…"
            className="h-10 bg-background pl-9 [&::-webkit-search-cancel-button]:appearance-none"
          />
        </div>
        <Button type="submit" className="h-10">
          Search
        </Button>
        <Button type="button" variant="ghost" size="icon" className="size-10" aria-label="Close search" onClick={() => close()}>
          <X aria-hidden="true" className="size-5" />
        </Button>
      </form>
    </div>
  );
}
