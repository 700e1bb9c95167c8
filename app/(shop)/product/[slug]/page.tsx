import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ProductPageView, productPageMetadata } from "@/components/catalog/product-page";
import { getProductBySlug } from "@/lib/catalog/queries";

/**
 * Rendered on first request, then served from cache; the catalogue's tags revalidate it. It never
 * reads its query: /product/{slug}?variant={SKU} is served by app/(shop)/product-variant (the variant
 * chosen), and any other query gets this one cached page.
 */
export const revalidate = 3600;

export async function generateStaticParams() {
  return [];
}

type ProductPageProps = { params: Promise<{ slug: string }> };

export async function generateMetadata(props: ProductPageProps): Promise<Metadata> {
  const { slug } = await props.params;
  return productPageMetadata(await getProductBySlug(slug));
}

export default async function ProductPage(props: ProductPageProps) {
  const { slug } = await props.params;
  const product = await getProductBySlug(slug);
  if (!product) redirect("/?product-not-found=true");
  return <ProductPageView product={product} />;
}
