import type { MetadataRoute } from "next";
import { robotsRules } from "@/lib/seo/robots";

/** /robots.txt (lib/seo/robots.ts); names every sitemap file, so it is cached and expired with the catalogue too. */
export const revalidate = 3600;

export default function robots(): Promise<MetadataRoute.Robots> {
  return robotsRules();
}
