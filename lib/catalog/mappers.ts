import "server-only";
import type { Prisma } from "@/lib/db";
import type { CategoryDTO, ProductDTO } from "@/lib/catalog/types";

/** Row → DTO mapping shared by the public (cached) and admin (uncached) catalogue reads. */
export const productInclude = {
  category: { select: { name: true, slug: true } },
  images: { orderBy: [{ position: "asc" }, { id: "asc" }], select: { url: true, width: true, height: true, alt: true } },
} satisfies Prisma.ProductInclude;

export type ProductRow = Prisma.ProductGetPayload<{ include: typeof productInclude }>;

export function toProductDTO(p: ProductRow): ProductDTO {
  return {
    id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    shortDescription: p.shortDescription,
    price: p.price.toFixed(2),
    categoryId: p.categoryId,
    category: { name: p.category.name, slug: p.category.slug },
    images: p.images.map((i) => i.url),
    media: p.images.map((i) => ({ url: i.url, width: i.width, height: i.height, alt: i.alt })),
    videoUrl: p.videoUrl,
    featured: p.featured,
    uniqueItem: p.uniqueItem,
    sold: p.sold,
    showInGallery: p.showInGallery,
    active: p.active,
    seoTitle: p.seoTitle,
    seoDescription: p.seoDescription,
    createdAt: p.createdAt.toISOString(),
  };
}

export function toCategoryDTO(c: { id: number; name: string; slug: string; description: string | null; image: string | null; sortOrder: number; active: boolean }): CategoryDTO {
  return { id: c.id, name: c.name, slug: c.slug, description: c.description, image: c.image, sortOrder: c.sortOrder, active: c.active };
}

