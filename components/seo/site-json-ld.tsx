import { JsonLdScript } from "@/components/seo/json-ld";
import { siteOrganizationJsonLd, siteWebsiteJsonLd } from "@/lib/seo/site-json-ld";

/**
 * The home page's Organization and WebSite structured data. A server component: its JSON is in the
 * HTML twice (the script tag and the RSC payload, almost nothing once compressed), where building it
 * in the browser costs every visitor JavaScript to download and run (docs/decisions/0005-…).
 */
export function SiteJsonLd({ origin, rating }: { origin: string; rating?: { count: number; starTotal: number } | null }) {
  return <JsonLdScript data={[siteOrganizationJsonLd(origin, rating), siteWebsiteJsonLd(origin)]} />;
}
