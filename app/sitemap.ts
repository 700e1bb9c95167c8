import type { MetadataRoute } from "next";
import { mainSitemap } from "@/lib/seo/sitemap";

/** /sitemap.xml (lib/seo/sitemap.ts). Built from cached catalogue reads: served from cache, expired with the catalogue's tags. */
export const revalidate = 3600;

export default function sitemap(): Promise<MetadataRoute.Sitemap> {
  return mainSitemap();
}
