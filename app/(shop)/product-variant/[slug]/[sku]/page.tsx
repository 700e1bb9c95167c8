import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ProductPageView, productPageMetadata } from "@/components/catalog/product-page";
import { getProductBySlug } from "@/lib/catalog/queries";

/**
 * A product page with a variant chosen: /product/{slug}?variant={SKU}, mapped here (the browser keeps
 * its address) by `npm start`'s front server or next.config.ts's rewrites (lib/catalog/variant-url.mjs);
 * asked for directly, this path is the 404 page. Cached like the product page, one page per variant,
 * expired by the same catalogue tags. A SKU the product does not have goes to the plain page.
 */
export const revalidate = 3600;

export async function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ slug: string; sku: string }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { slug } = await props.params;
  return productPageMetadata(await getProductBySlug(slug));
}

export default async function ProductVariantPage(props: Props) {
  const { slug, sku } = await props.params;
  const product = await getProductBySlug(slug);
  if (!product) redirect("/?product-not-found=true");
  if (!product.variants?.some((v) => v.sku === sku)) redirect(`/product/${product.slug}`);
  return <ProductPageView product={product} sku={sku} />;
}
