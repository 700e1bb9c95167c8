import Link from "next/link";
import { Download, PackageOpen } from "lucide-react";
import type { LowStockItem } from "@/lib/catalog/stock-queries";
import { LowStockThresholdForm } from "@/components/admin/low-stock-threshold-form";

/** The dashboard's low-stock list: counted products and variants at or below the shop's threshold (a setting, edited here), and the stock CSV. */
export function LowStock({ items, threshold }: { items: LowStockItem[]; threshold: number }) {
  return (
    <section aria-labelledby="low-stock-title" className="rounded-xl border bg-card p-4" data-testid="low-stock">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="low-stock-title" className="flex items-center gap-2 font-semibold">
          <PackageOpen aria-hidden="true" className="size-4" />
          Low stock
        </h2>
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a CSV download from a route handler: a plain request, not a client navigation */}
        <a
          href="/api/admin/stock/export"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
        >
          <Download aria-hidden="true" className="size-4" />
          Download stock CSV
        </a>
      </div>
      <LowStockThresholdForm threshold={threshold} />
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Every counted product has more than {threshold} in stock.</p>
      ) : (
        <ul className="mt-2 grid gap-1 text-sm">
          {items.map((p) => (
            <li key={p.sku ?? p.id} className="flex flex-wrap items-baseline justify-between gap-2">
              <Link href={`/admin/products?search=${encodeURIComponent(p.slug)}`} className="font-medium hover:underline focus-visible:underline">
                {p.name}
                {p.sku && <span className="font-normal text-muted-foreground"> ({p.sku})</span>}
              </Link>
              <span className={p.stock === 0 && !p.allowBackorder ? "font-semibold text-red-800" : "text-muted-foreground"}>
                {p.stock === 0 ? (p.allowBackorder ? "0 left, on backorder" : "Sold out") : `${p.stock} left`}
                {!p.active && " (hidden)"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
