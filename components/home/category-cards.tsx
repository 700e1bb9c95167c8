import Image from "next/image";
import Link from "next/link";
import { ArrowRight } from "lucide-react";
import type { CategoryDTO } from "@/lib/catalog/types";
import { site } from "@/lib/site";

/** "Shop by Category": one card per active category (image, name, description), linking to its listing. */
export function CategoryCards({ categories }: { categories: CategoryDTO[] }) {
  if (categories.length === 0) return null;
  return (
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
                <Link
                  href={`/shop/${category.slug}`}
                  aria-labelledby={titleId}
                  aria-describedby={category.description ? descriptionId : undefined}
                  className="group flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-shadow hover:shadow-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
                >
                  <div className="relative aspect-[16/10] overflow-hidden bg-muted">
                    <Image
                      src={category.image ?? site.fallbackImage}
                      alt=""
                      fill
                      sizes="(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
                      className="object-cover transition-transform duration-500 group-hover:scale-[1.04]"
                    />
                  </div>
                  <div className="flex flex-1 flex-col p-5">
                    <h3 id={titleId} className="text-xl font-semibold">
                      {category.name}
                    </h3>
                    {category.description && (
                      <p id={descriptionId} className="mt-2 line-clamp-3 text-sm leading-relaxed text-muted-foreground">
                        {category.description}
                      </p>
                    )}
                    <span aria-hidden="true" className="mt-auto inline-flex items-center gap-1.5 pt-4 text-sm font-medium text-primary">
                      Browse
                      <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" />
                    </span>
                  </div>
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
