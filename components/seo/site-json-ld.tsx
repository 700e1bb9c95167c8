"use client";

import { JsonLdScript } from "@/components/seo/json-ld";
import { siteOrganizationJsonLd, siteWebsiteJsonLd } from "@/lib/seo/site-json-ld";

/**
 * The home page's Organization and WebSite structured data, built where it is rendered: a client
 * component fed only the site's origin, so the page's RSC payload carries `{origin}` rather than a
 * second copy of the JSON (which the HTML already has once, in its <script type="application/ld+json">).
 */
export function SiteJsonLd({ origin }: { origin: string }) {
  return <JsonLdScript data={[siteOrganizationJsonLd(origin), siteWebsiteJsonLd(origin)]} />;
}
