import type { Metadata } from "next";
import { site } from "@/lib/site";
import { OG_CONTENT_TYPE, OG_SIZE } from "@/lib/seo/og-image-size";

/**
 * Metadata of an indexable page in one shape: its canonical URL, and Open
 * Graph tags (title, description, url, site name, a 1200×630 image) that
 * Twitter/X cards inherit (the root layout asks for a large-image card).
 * Relative URLs resolve against SITE_URL (the root layout's metadataBase).
 */
export type PageSeo = {
  title: Metadata["title"];
  /** The og:title when it differs from the page title (no site-name suffix there). */
  ogTitle?: string;
  description: string;
  /** Path of the page, e.g. "/shop/wood-bowls" (with ?search=… / ?page=… when part of the canonical URL). */
  path: string;
  /** An og image path (default: the shop's card); 1200×630 PNG. */
  image?: { url: string; alt: string };
  /** Search results and other pages that must stay out of the index (still followed). */
  noindex?: boolean;
};

/** The shop's default card (app/opengraph-image.tsx). */
export const DEFAULT_OG_IMAGE = { url: "/opengraph-image", alt: `${site.name}: ${site.tagline}` };

export const productOgImagePath = (slug: string) => `/og/product/${slug}`;
export const categoryOgImagePath = (slug: string) => `/og/category/${slug}`;

export function pageMetadata(page: PageSeo): Metadata {
  const title = page.ogTitle ?? (typeof page.title === "string" ? page.title : page.title && "absolute" in page.title ? page.title.absolute : site.title);
  const image = page.image ?? DEFAULT_OG_IMAGE;
  return {
    title: page.title,
    description: page.description,
    alternates: { canonical: page.path },
    openGraph: {
      title,
      description: page.description,
      url: page.path,
      type: "website",
      siteName: site.name,
      locale: "en_US",
      images: [{ url: image.url, alt: image.alt, type: OG_CONTENT_TYPE, ...OG_SIZE }],
    },
    ...(page.noindex ? { robots: { index: false, follow: true } } : {}),
  };
}
