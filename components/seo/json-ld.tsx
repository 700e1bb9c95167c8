import { serializeJsonLd, type JsonLd } from "@/lib/seo/json-ld";

/** The one renderer of structured data (built in lib/seo/json-ld.ts): a script tag whose JSON cannot close it. */
export function JsonLdScript({ data }: { data: JsonLd | JsonLd[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
