"use client";

import { useState } from "react";
import { useHydrated } from "@/components/cart/use-hydrated";
import { AddToCartButton } from "@/components/catalog/add-to-cart-button";
import { QuantityStepper } from "@/components/catalog/quantity-stepper";
import type { CartProductDTO } from "@/lib/catalog/types";
import { formatMoney } from "@/lib/money";

/** One variant as the purchase controls need it: its values and its cart record (price, promise, count limit, variant id and label). */
export type VariantOffer = {
  sku: string;
  values: string[];
  product: CartProductDTO;
  /** Which of the gallery's pictures shows this variant (0: the product's first). */
  image: number;
};

type Props = {
  options: Array<{ name: string; values: string[] }>;
  offers: VariantOffer[];
  /** The variant the page was rendered with (the URL's ?variant=, else the default). */
  initial: number;
};

/**
 * A product with variants: one radio group per option (a fieldset
 * with its legend; the browser's own radios, so Tab enters a group and the
 * arrow keys choose within it), the chosen variant's price and promise
 * (announced when they change), and the quantity stepper and add button for
 * that variant. A choice updates the page without a reload and replaces the
 * address with ?variant={SKU}, which opens the page with the same choice
 * (rendered so on the server: lib/catalog/variant-url.mjs), and shows the
 * variant's picture in the gallery.
 */
export function VariantPurchase({ options, offers, initial }: Props) {
  const [index, setIndex] = useState(initial);
  const [quantity, setQuantity] = useState(1);
  // Marks the controls as live once this island has hydrated (its chunk loads after the page's).
  const hydrated = useHydrated();
  const offer = offers[index];
  const { product } = offer;

  function choose(option: number, value: string) {
    const chosen = offer.values.map((v, i) => (i === option ? value : v));
    // The variant with every value chosen, else the first with the value just chosen (the other options follow it).
    let next = offers.findIndex((o) => o.values.every((v, i) => v === chosen[i]));
    if (next < 0) next = offers.findIndex((o) => o.values[option] === value);
    if (next < 0) return;
    setIndex(next);
    // Another size starts again at one: what is left of it may differ, and three of the wrong size is not what the shopper asked for.
    if (next !== index) setQuantity(1);
    const url = new URL(window.location.href);
    url.searchParams.set("variant", offers[next].sku);
    window.history.replaceState(null, "", url);
    // The gallery shows the variant's picture (the product's first when it has none), by its own thumbnail.
    document.querySelectorAll<HTMLElement>('[data-testid="product-gallery"] [data-testid="gallery-thumb"]')[offers[next].image]?.click();
  }

  return (
    <div className="flex flex-col gap-5" data-testid="variant-purchase" data-sku={offer.sku} data-ready={hydrated || undefined}>
      <p className="text-2xl font-semibold text-primary" data-testid="product-price" aria-live="polite">
        {formatMoney(product.price)}
      </p>
      {options.map((option, i) => (
        <fieldset key={option.name} className="flex min-w-0 flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">
            {option.name}: <span className="font-normal text-muted-foreground">{offer.values[i]}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {option.values.map((value) => {
              // What this value would choose, with the other options as they are.
              const other = offers.find((o) => o.values.every((v, k) => (k === i ? v === value : v === offer.values[k]))) ?? offers.find((o) => o.values[i] === value);
              return (
                <label key={value} className="relative cursor-pointer">
                  <input
                    type="radio"
                    name={`option-${i}`}
                    value={value}
                    checked={offer.values[i] === value}
                    onChange={() => choose(i, value)}
                    className="peer absolute inset-0 size-full cursor-pointer opacity-0"
                  />
                  <span
                    className="inline-flex h-10 min-w-12 items-center justify-center rounded-md border bg-background px-3 text-sm font-medium peer-checked:border-primary peer-checked:bg-primary peer-checked:text-primary-foreground peer-focus-visible:ring-[3px] peer-focus-visible:ring-ring/50 data-[sold]:text-muted-foreground data-[sold]:line-through peer-checked:data-[sold]:text-primary-foreground"
                    data-sold={other?.product.soldOut ? "" : undefined}
                  >
                    {value}
                    {other?.product.soldOut && <span className="sr-only"> (sold out)</span>}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      <p className="text-sm" data-testid="product-availability" aria-live="polite">
        {product.fewLeft && <b>{product.fewLeft} · </b>}
        {product.ships}
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <QuantityStepper value={quantity} onChange={setQuantity} max={product.maxQuantity} />
        <AddToCartButton key={offer.sku} product={product} quantity={Math.min(quantity, product.maxQuantity ?? quantity)} size="lg" className="h-10 flex-1" />
      </div>
      <p className="text-xs text-muted-foreground">
        SKU <span data-testid="variant-sku">{offer.sku}</span>
      </p>
    </div>
  );
}
