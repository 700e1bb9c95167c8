import { getProductBySlug } from "@/lib/catalog/queries";
import { formatMoney } from "@/lib/money";
import { renderOgCard } from "@/lib/seo/og-card";
import { site } from "@/lib/site";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** A product's share card: its main image, name and price (or "Sold"). Only public products have one. */
export async function GET(_req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const product = await getProductBySlug(slug);
  if (!product) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return renderOgCard({
    eyebrow: product.category.name,
    title: product.name,
    detail: product.sold ? "Sold" : formatMoney(product.price),
    image: product.images[0] ?? site.fallbackImage,
  });
}
