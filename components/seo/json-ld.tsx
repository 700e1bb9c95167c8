import { serializeJsonLd, type JsonLd } from "@/lib/seo/site-json-ld";

/** The one renderer of structured data (built in lib/seo/json-ld.ts): a script tag per item, whose JSON cannot close it. */
export function JsonLdScript({ data }: { data: JsonLd | JsonLd[] }) {
  return (Array.isArray(data) ? data : [data]).map((item, i) => <script key={`${item["@type"]}-${i}`} type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(item) }} />);
}
