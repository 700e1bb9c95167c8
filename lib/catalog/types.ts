/** Plain DTOs the catalogue hands to pages, components and the API (money as decimal strings). */
export type CategoryDTO = {
  id: number;
  name: string;
  slug: string;
  description: string | null;
  image: string | null;
  sortOrder: number;
  active: boolean;
};

export type ProductImageDTO = { url: string; width: number; height: number; alt: string | null };

export type ProductDTO = {
  id: number;
  name: string;
  slug: string;
  description: string;
  shortDescription: string | null;
  price: string;
  categoryId: number;
  category: { name: string; slug: string };
  /** Ordered image URLs; the first is the main image (spec §3). */
  images: string[];
  /** The same images with their stored sizes, for next/image. */
  media: ProductImageDTO[];
  videoUrl: string | null;
  featured: boolean;
  uniqueItem: boolean;
  sold: boolean;
  showInGallery: boolean;
  active: boolean;
  seoTitle: string | null;
  seoDescription: string | null;
  createdAt: string;
};

export type ProductList = { products: ProductDTO[]; total: number };

export type GalleryItemDTO = Pick<ProductDTO, "id" | "slug" | "name" | "images" | "media" | "shortDescription" | "description"> & {
  category: { name: string } | null;
};

/** The few fields cart controls need: passed to client components instead of the whole product. */
export type CartProductDTO = Pick<ProductDTO, "id" | "slug" | "name" | "price" | "uniqueItem" | "sold"> & { image: string | null };

export function toCartProduct(p: ProductDTO): CartProductDTO {
  return { id: p.id, slug: p.slug, name: p.name, price: p.price, uniqueItem: p.uniqueItem, sold: p.sold, image: p.images[0] ?? null };
}
