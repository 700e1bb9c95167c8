"use client";

import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import type { CategoryDTO } from "@/lib/catalog/types";
import { site } from "@/lib/site";
import { HydrationSlice } from "@/components/ui/hydration-slice";

export type CategoryCardDTO = Pick<CategoryDTO, "slug" | "name" | "description" | "image">;

/**
 * "Shop by Category": one card per active category (image, name, description), linking to its listing.
 * Rendered on the server; a client component so that the home page's RSC payload carries the few
 * category fields rather than a second copy of this markup (as ProductCard does).
 */
export function CategoryCards({ categories }: { categories: CategoryCardDTO[] }) {
  if (categories.length === 0) return null;
  return (
    <HydrationSlice>
      <section aria-labelledby="categories-title" className="border-y bg-secondary/40">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="categories-title" className="text-3xl font-semibold sm:text-4xl">
            Shop by Category
          </h2>
          <p className="mt-2 max-w-2xl text-muted-foreground">From the lathe to the print bed: find the right corner of the workshop.</p>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {categories.map((category) => {
              const titleId = `category-${category.slug}-title`;
              const descriptionId = `category-${category.slug}-description`;
              return (
                <li key={category.slug} className="min-w-0">
                  <Link href={`/shop/${category.slug}`} aria-labelledby={titleId} aria-describedby={category.description ? descriptionId : undefined} className="ccard">
                    <div className="ccard-media">
                      <ResponsiveImage src={category.image ?? site.fallbackImage} alt="" sizes="(min-width:1280px) 400px,(min-width:1024px) 33vw,(min-width:640px) 50vw,100vw" className="ccard-img" />
                    </div>
                    <div className="ccard-body">
                      <h3 id={titleId} className="text-xl font-semibold">
                        {category.name}
                      </h3>
                      {category.description && (
                        <p id={descriptionId} className="ccard-text">
                          {category.description}
                        </p>
                      )}
                      <span aria-hidden="true" className="ccard-more">
                        Browse
                        <Icon name="arrow-right" />
                      </span>
                    </div>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      </section>
    </HydrationSlice>
  );
}
