import type { MetadataRoute } from "next";
import { currentSitemapSplit, productSitemap } from "@/lib/seo/sitemap";

/**
 * /products/sitemap/{id}.xml: products that do not fit in /sitemap.xml (more than 50,000 URLs),
 * 50,000 a file (lib/seo/sitemap.ts). None while the catalogue is smaller. Rendered per request from
 * the cached catalogue blocks (expired with its tags): a route cache here would keep an entry,
 * if only a 404, for every id anyone asks for.
 */
export const dynamic = "force-dynamic";

export async function generateSitemaps(): Promise<Array<{ id: number }>> {
  return (await currentSitemapSplit()).extraIds.map((id) => ({ id }));
}

export default async function sitemap(props: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> {
  return productSitemap(Number(await props.id));
}
