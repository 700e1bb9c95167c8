"use client";

import { useEffect, useId, useRef, useState, type Ref } from "react";
import Image from "next/image";
import { useRouter } from "next/navigation";
import { Input } from "@/components/ui/input";
import { SUGGEST_MIN_LENGTH, type SearchSuggestion } from "@/lib/search/query";
import { formatMoney } from "@/lib/money";
import { clsx as cn } from "clsx";

/** Wait this long after the last keystroke before asking for suggestions. */
const DEBOUNCE_MS = 150;

/**
 * The search input with search-as-you-type, the ARIA 1.2 combobox
 * pattern: from two characters up to six products from
 * GET /api/search/suggest (debounced; a newer keystroke aborts the older
 * request). Arrow keys move through the options, Enter on one opens the
 * product, Escape closes the list (a second Escape reaches the form). Enter
 * without a chosen option submits the surrounding form as before.
 */
export function SearchCombobox({
  id,
  inputRef,
  value,
  onValueChange,
  onNavigate,
  className,
  placeholder,
}: {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  value: string;
  onValueChange: (value: string) => void;
  /** Called after a suggestion was opened (the search panel closes). */
  onNavigate?: () => void;
  className?: string;
  placeholder?: string;
}) {
  const router = useRouter();
  const listId = useId();
  const [items, setItems] = useState<SearchSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  /** The current term's request: closing the list (Escape, blur, a pick) cancels it, so its answer cannot open the list again. */
  const pending = useRef<AbortController | null>(null);
  const term = value.trim();

  useEffect(() => {
    if (term.length < SUGGEST_MIN_LENGTH) return;
    const controller = new AbortController();
    pending.current = controller;
    async function suggest() {
      try {
        const res = await fetch(`/api/search/suggest?q=${encodeURIComponent(term)}`, { signal: controller.signal });
        if (!res.ok) return;
        const { suggestions } = (await res.json()) as { suggestions: SearchSuggestion[] };
        if (controller.signal.aborted) return;
        setItems(suggestions);
        setActive(-1);
        setOpen(true);
      } catch {
        // aborted by a newer keystroke or by closing the list, or offline: the plain search still works
      }
    }
    const timer = setTimeout(() => void suggest(), DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [term]);

  const expanded = open && term.length >= SUGGEST_MIN_LENGTH;
  const listed = expanded && items.length > 0;
  const optionId = (i: number) => `${listId}-option-${i}`;

  function close() {
    pending.current?.abort();
    setOpen(false);
    setActive(-1);
  }

  function go(item: SearchSuggestion) {
    close();
    router.push(`/product/${item.slug}`);
    onNavigate?.();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!items.length || term.length < SUGGEST_MIN_LENGTH) return;
      event.preventDefault();
      const down = event.key === "ArrowDown";
      if (!listed) {
        setOpen(true);
        setActive(down ? 0 : items.length - 1);
        return;
      }
      setActive((a) => (down ? (a + 1) % items.length : a <= 0 ? items.length - 1 : a - 1));
    } else if (event.key === "Enter" && listed && active >= 0 && items[active]) {
      event.preventDefault();
      go(items[active]);
    } else if (event.key === "Escape" && expanded) {
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  }

  return (
    <>
      <Input
        ref={inputRef}
        id={id}
        type="search"
        name="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={listed}
        aria-controls={listId}
        aria-activedescendant={listed && active >= 0 ? optionId(active) : undefined}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          if (event.target.value.trim().length < SUGGEST_MIN_LENGTH) close();
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
        placeholder={placeholder}
        autoComplete="off"
        enterKeyHint="search"
        maxLength={100}
        className={className}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Product suggestions"
        hidden={!listed}
        className="absolute top-full left-0 z-50 mt-1 max-h-[70vh] w-[calc(100vw-2rem)] overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md sm:right-0 sm:w-auto"
      >
        {items.map((item, i) => (
          <li
            key={item.slug}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            aria-label={`${item.name}, ${formatMoney(item.price)}${item.sold ? ", sold" : ""}`}
            onMouseDown={(event) => event.preventDefault()} // keep focus in the input
            onClick={() => go(item)}
            onMouseMove={() => setActive(i)}
            className={cn("flex cursor-pointer items-center gap-3 rounded-sm px-2 py-1.5 text-sm", i === active && "bg-accent text-accent-foreground")}
          >
            {item.image ? (
              <Image src={item.image.url} alt="" width={40} height={40} sizes="40px" className="size-10 shrink-0 rounded object-cover" />
            ) : (
              <span aria-hidden="true" className="size-10 shrink-0 rounded bg-muted" />
            )}
            <span className="line-clamp-2 min-w-0 flex-1">{item.name}</span>
            {item.sold && <span className="shrink-0 rounded bg-muted px-1.5 py-0.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Sold</span>}
            <span className={cn("shrink-0 font-medium tabular-nums", item.sold && "text-muted-foreground line-through")}>{formatMoney(item.price)}</span>
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {expanded ? (items.length ? `${items.length} suggestion${items.length === 1 ? "" : "s"}, use the arrow keys to choose` : "No suggestions") : ""}
      </p>
    </>
  );
}
