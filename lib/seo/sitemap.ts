import "server-only";
import type { MetadataRoute } from "next";
import { countPublicProducts, listCategories, listSitemapProducts } from "@/lib/catalog/queries";
import { productPath } from "@/lib/seo/json-ld";
import { absoluteUrl } from "@/lib/seo/url";

/**
 * The sitemap, in as many files as the 50,000-URL limit of the sitemaps
 * protocol asks for. /sitemap.xml (app/sitemap.ts) lists the pages, the
 * categories and the first products; when there are more, they continue in
 * /products/sitemap/1.xml, /2.xml … (app/products/sitemap.ts, generateSitemaps),
 * and robots.txt names every file. Products are listed in id order, so a URL
 * stays in the same file as the catalogue grows. Reads come from the cached
 * catalogue (tags products/categories), so the files expire with it.
 */
export const MAX_SITEMAP_URLS = 50_000;

/** Indexable pages besides categories and products (app/(shop)); cart, checkout and confirmation are left out. */
export const SITEMAP_PAGES: ReadonlyArray<{ path: string; changeFrequency: "daily" | "weekly" | "monthly" | "yearly"; priority: number }> = [
  { path: "/", changeFrequency: "daily", priority: 1 },
  { path: "/shop", changeFrequency: "daily", priority: 0.9 },
  { path: "/gallery", changeFrequency: "weekly", priority: 0.6 },
  { path: "/my-story", changeFrequency: "monthly", priority: 0.5 },
  { path: "/contact", changeFrequency: "yearly", priority: 0.4 },
  { path: "/privacy", changeFrequency: "yearly", priority: 0.2 },
  { path: "/terms", changeFrequency: "yearly", priority: 0.2 },
];

export type SitemapSplit = {
  /** Products in /sitemap.xml after the pages and categories. */
  firstProducts: number;
  /** Ids of the further product sitemaps (1, 2, …); empty while everything fits in /sitemap.xml. */
  extraIds: number[];
};

/** How the URLs split into files: the pages and categories first, then products, at most `max` URLs a file. */
export function splitSitemap(products: number, categories: number, max = MAX_SITEMAP_URLS): SitemapSplit {
  const firstProducts = Math.min(products, Math.max(0, max - SITEMAP_PAGES.length - categories));
  const extra = Math.ceil((products - firstProducts) / max);
  return { firstProducts, extraIds: Array.from({ length: extra }, (_, i) => i + 1) };
}

export async function currentSitemapSplit(max = MAX_SITEMAP_URLS): Promise<SitemapSplit> {
  const [products, categories] = await Promise.all([countPublicProducts(), listCategories()]);
  return splitSitemap(products, categories.length, max);
}

/** Products [start, end) as sitemap entries: the page, when the row last changed, and its images. */
async function productEntries(start: number, end: number): Promise<MetadataRoute.Sitemap> {
  const rows = await listSitemapProducts(start, end);
  return rows.map((p) => ({
    url: absoluteUrl(productPath(p)),
    lastModified: p.updatedAt,
    changeFrequency: "weekly",
    priority: 0.8,
    ...(p.images.length ? { images: p.images.map(absoluteUrl) } : {}),
  }));
}

/** /sitemap.xml: home, shop, story, gallery, contact, legal pages, every active category, then the first products. */
export async function mainSitemap(max = MAX_SITEMAP_URLS): Promise<MetadataRoute.Sitemap> {
  const [categories, split] = await Promise.all([listCategories(), currentSitemapSplit(max)]);
  const pages: MetadataRoute.Sitemap = SITEMAP_PAGES.map((p) => ({ url: absoluteUrl(p.path), changeFrequency: p.changeFrequency, priority: p.priority }));
  const categoryEntries: MetadataRoute.Sitemap = categories.map((c) => ({
    url: absoluteUrl(`/shop/${c.slug}`),
    changeFrequency: "weekly",
    priority: 0.7,
    ...(c.image ? { images: [absoluteUrl(c.image)] } : {}),
  }));
  return [...pages, ...categoryEntries, ...(await productEntries(0, split.firstProducts))];
}

/** /products/sitemap/{id}.xml: the products after those in /sitemap.xml, `max` a file; unknown ids are empty. */
export async function productSitemap(id: number, max = MAX_SITEMAP_URLS): Promise<MetadataRoute.Sitemap> {
  const split = await currentSitemapSplit(max);
  if (!split.extraIds.includes(id)) return [];
  const start = split.firstProducts + (id - 1) * max;
  return productEntries(start, start + max);
}

/** Every sitemap file's absolute URL, for robots.txt. */
export async function sitemapUrls(max = MAX_SITEMAP_URLS): Promise<string[]> {
  const { extraIds } = await currentSitemapSplit(max);
  return [absoluteUrl("/sitemap.xml"), ...extraIds.map((id) => absoluteUrl(`/products/sitemap/${id}.xml`))];
}
