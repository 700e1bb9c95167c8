"use client";

import { useRouter } from "next/navigation";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";

/** The "Product Not Found" notice itself (components/home/product-not-found-notice.tsx decides when it shows). */
export function ProductNotFoundCard() {
  const router = useRouter();

  return (
    <div className="bg-secondary/70">
      <div className="mx-auto max-w-7xl px-4 pt-6 sm:px-6 lg:px-8">
        <section role="status" aria-labelledby="product-not-found-title" className="flex items-start gap-3 rounded-lg border border-primary/30 bg-background/80 p-4 text-foreground shadow-xs">
          <Icon name="search-x" className="mt-0.5 size-5 text-primary" />
          <div className="min-w-0 flex-1">
            <h2 id="product-not-found-title" className="font-sans text-base font-semibold">
              Product Not Found
            </h2>
            <p className="mt-0.5 text-sm text-muted-foreground">Sorry I can&apos;t find that product, but here are some others you might like.</p>
            <a
              href="#featured"
              className="mt-1.5 inline-block rounded-sm text-sm font-medium text-primary underline underline-offset-4 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              See featured pieces
            </a>
          </div>
          <Button type="button" variant="ghost" size="icon" aria-label="Dismiss notice" className="-my-1 shrink-0" onClick={() => router.replace("/", { scroll: false })}>
            <Icon name="x" />
          </Button>
        </section>
      </div>
    </div>
  );
}
