/**
 * The cached form of a search result page (/shop?search=… or
 * /shop/{category}?search=…), for terms searched before on this instance
 * (every term with REDIS_URL): they are served here (lib/catalog/listing-url.mjs;
 * the browser keeps its URL). Rendered once per
 * term, sort and page, served from the full-route cache and expired with the
 * catalogue tags, like the plain listings one level up, whose page, metadata and
 * (empty) static params it shares: the term is one more param they read.
 */
export const revalidate = 3600;
export const dynamicParams = true;
export { default, generateMetadata, generateStaticParams } from "../page";
