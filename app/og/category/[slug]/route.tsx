import { getCategoryBySlug } from "@/lib/catalog/queries";
import { renderOgCard } from "@/lib/seo/og-card";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** An active category's share card: its image and name. */
export async function GET(_req: Request, { params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params;
  const category = await getCategoryBySlug(slug);
  if (!category) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return renderOgCard({ eyebrow: "Shop the collection", title: category.name, detail: category.description ?? undefined, image: category.image });
}
