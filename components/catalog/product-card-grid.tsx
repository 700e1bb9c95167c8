"use client";

import { ProductCard } from "@/components/catalog/product-card";
import type { ProductCardDTO } from "@/lib/catalog/types";
import { HydrationSlice } from "@/components/ui/hydration-slice";

/**
 * The grid's markup (components/catalog/product-grid.tsx hands it the cards' records): a client
 * component too, so the RSC payload carries the list of records once, not a list item and a
 * card element with its priority and heading props per product.
 */
export function ProductCardGrid({ cards, priorityCount, cardHeading }: { cards: ProductCardDTO[]; priorityCount: number; cardHeading?: "h2" | "h3" }) {
  return (
    <HydrationSlice>
      <ul className="pgrid" data-testid="product-grid">
        {cards.map((card, i) => (
          <li key={card.id}>
            <ProductCard product={card} priority={i < priorityCount} heading={cardHeading} />
          </li>
        ))}
      </ul>
    </HydrationSlice>
  );
}
