/**
 * One parse of a listing request (lib/catalog/listing-url.mjs
 * parseListingRequest): the same odd request targets through every entry
 * point that reads a listing — `npm start`'s front server (mapListingRequest),
 * next.config.ts's rewrites applied with Next's own matching (`next dev`,
 * Vercel), the page Next then renders (the cached route from its segments, or
 * /shop on demand from its searchParams), the search admission key
 * (server/cache/search-admission.mjs, which the cache handler uses) and the
 * listing links (listingHref, listingUrl) — each must show the shopper the
 * same category, sort, page and term, or refuse alike.
 */
import { searchParamsToUrlQuery } from "next/dist/shared/lib/router/utils/querystring";
import { getRouteMatcher } from "next/dist/shared/lib/router/utils/route-matcher";
import { getRouteRegex } from "next/dist/shared/lib/router/utils/route-regex";
import { listingHref } from "@/components/catalog/listing-url";
import { cachedListingProps } from "@/lib/catalog/listing-route";
import { listingUrl, mapListingRequest, NOT_FOUND_PATH, parseListingRequest, type ListingSort } from "@/lib/catalog/listing-url.mjs";
import { parseListingParams } from "@/lib/catalog/rules";
import { searchKey, searchPageKey } from "../../server/cache/search-admission.mjs";
import { rewrittenListingPath } from "../../tests/helpers/listing-rewrites";

type Listing = { category: string | null; sort: ListingSort; page: number; term: string };
/** What an entry point makes of a target: the listing shown, "404" for the cached route asked for directly, null for not a listing. */
type Answer = Listing | "404" | null;

const BASE = "http://shop.test";
const query = (url: string) => searchParamsToUrlQuery(new URL(url, BASE).searchParams);

/** What the page shows from its props: the category's slug and the URL query it parses (lib/catalog/rules.ts parseListingParams). */
function shown(slug: string | null, pageQuery: Record<string, string | string[] | undefined>): Listing {
  const { search, sort, page } = parseListingParams(pageQuery);
  return { category: slug, sort: sort ?? "featured", page, term: search };
}

/** The cached route's page for a path /listing/{category}/{sort}/{page}[/{term}] as Next parses it (the term segment still encoded). */
function cachedPage(path: string): Listing {
  const [, , category, sort, page, term] = new URL(path, BASE).pathname.split("/");
  const props = cachedListingProps({ category, sort, page, term });
  return shown(props.slug, props.query);
}

const shopRoute = getRouteMatcher(getRouteRegex("/shop"));
const categoryRoute = getRouteMatcher(getRouteRegex("/shop/[categorySlug]"));

/** /shop or /shop/[categorySlug] rendered on demand: Next's own app-route matching (params decoded) and the page's searchParams; null for another path. */
function onDemandPage(url: string): Listing | null {
  const { pathname } = new URL(url, BASE);
  if (shopRoute(pathname)) return shown(null, query(url));
  const params = categoryRoute(pathname);
  return params ? shown(params.categorySlug as string, query(url)) : null;
}

/** The admission key each mapped search page is counted by (server/cache/search-admission.mjs, front server and cache handler). */
const keys: Array<{ url: string; by: string; key: string | undefined }> = [];

/** `npm start`'s front server: its mapping, then the page Next renders for it. */
function frontServer(url: string): Answer {
  const { notFound, target } = mapListingRequest(url);
  if (notFound) return "404";
  if (target === null) return onDemandPage(url);
  expect(new URL(target, BASE).search).toBe(new URL(url, BASE).search);
  keys.push({ url, by: "front server", key: searchPageKey(new URL(target, BASE).pathname) });
  return cachedPage(target);
}

/** next.config.ts's rewrites with Next's matching (first matching rule wins), then the page Next renders. */
function rewrites(url: string): Answer {
  const path = rewrittenListingPath(url);
  if (path === null) return onDemandPage(url);
  if (path === NOT_FOUND_PATH) return "404";
  keys.push({ url, by: "rewrites", key: searchPageKey(path) });
  return cachedPage(path);
}

/** The one parse itself. */
function parse(url: string): Answer {
  const parsed = parseListingRequest(url);
  if (parsed === null) return mapListingRequest(url).notFound ? "404" : null;
  const { cached, ...listing } = parsed;
  void cached;
  return listing;
}

/** The listing's links: listingHref from the page's own query, and listingUrl, read back by the parse. */
function links(url: string): Answer {
  const listing = parse(url);
  if (listing === null || listing === "404") return listing;
  const pathname = listing.category === null ? "/shop" : `/shop/${encodeURIComponent(listing.category)}`;
  const href = listingHref(pathname, query(url), {});
  expect({ url, again: parse(listingUrl(listing)) }).toEqual({ url, again: parse(href) });
  return parse(href);
}

const entryPoints = { parse, frontServer, rewrites, links };

const all = (term: string, more: Partial<Listing> = {}): Listing => ({ category: null, sort: "featured", page: 1, term, ...more });

/** Odd targets and what every entry point must make of them (cached: whether the cached route serves it, front server and rewrites alike). */
const cases: Array<{ url: string; answer: Answer; cached?: boolean }> = [
  { url: "/shop?search=walnut+bowl", answer: all("walnut bowl"), cached: true },
  { url: "/shop?search=walnut%20bowl", answer: all("walnut bowl"), cached: true },
  { url: "/shop?%73earch=bowl", answer: all("bowl"), cached: true },
  { url: "/shop?search=a&search=b", answer: all("b"), cached: true },
  { url: "/shop?search=oak&search=", answer: all(""), cached: false },
  { url: "/shop/./boards?search=x", answer: all("x", { category: "boards" }), cached: true },
  { url: "/shop/%2e%2e/shop?search=x", answer: all("x"), cached: true },
  { url: "/shop/wood-bowls/../jigs?sort=newest", answer: all("", { category: "jigs", sort: "newest" }), cached: true },
  { url: "/shop/bowls%2Fx", answer: all("", { category: "bowls/x" }), cached: false },
  { url: "/shop/wood%2Dbowls?search=oak", answer: all("oak", { category: "wood-bowls" }), cached: false },
  { url: "/SHOP?search=x", answer: null },
  { url: "/Shop/wood-bowls?page=02", answer: null },
  { url: "/shop?search=%E2%80%8Bwalnut", answer: all("\u200bwalnut"), cached: true },
  { url: "/shop?search=caf%C3%A9", answer: all("café"), cached: true },
  { url: "/shop?search=cafe%CC%81", answer: all("cafe\u0301"), cached: true },
  { url: "/shop?search=%EF%BD%97%EF%BD%81%EF%BD%8C%EF%BD%8E%EF%BD%95%EF%BD%94", answer: all("ｗａｌｎｕｔ"), cached: true },
  { url: "/shop?search=%00", answer: all(""), cached: false },
  { url: "/shop?search=wal%00nut", answer: all("wal nut"), cached: false },
  { url: "/shop?search=%ZZ", answer: all("%ZZ"), cached: false },
  { url: "/shop?search=%E0%A4%A", answer: all("\ufffd%A"), cached: false },
  { url: "/shop?search=walnut%20%20bowl", answer: all("walnut bowl"), cached: false },
  { url: "/shop?search=%20walnut%09", answer: all("walnut"), cached: false },
  { url: "/shop?search=walnut%C2%A0bowl", answer: all("walnut bowl"), cached: false },
  { url: `/shop?search=${"w".repeat(101)}`, answer: all("w".repeat(100)), cached: false },
  { url: "/shop?search=..", answer: all(".."), cached: false },
  { url: "/shop?search=a%2Fb", answer: all("a/b"), cached: false },
  { url: "/shop?page=02", answer: all("", { page: 2 }), cached: false },
  { url: "/shop?page=2&page=", answer: all(""), cached: false },
  { url: "/shop?page=0", answer: all(""), cached: false },
  { url: "/shop?page=100", answer: all("", { page: 100 }), cached: false },
  { url: "/shop?search=walnut&page=6", answer: all("walnut", { page: 6 }), cached: false },
  { url: "/shop?sort=price-low&sort=bogus", answer: all(""), cached: false },
  { url: "/shop?sort=bogus&sort=price-low", answer: all("", { sort: "price-low" }), cached: true },
  { url: "/shop/wood-bowls?utm_source=mail&search=Burl&sort=newest&page=3&_rsc=1", answer: all("Burl", { category: "wood-bowls", sort: "newest", page: 3 }), cached: true },
  { url: "/product/walnut-bowl?search=x", answer: null },
  { url: "/shop/a/b?search=x", answer: null },
  { url: "/listing/_all/featured/1/walnut", answer: "404" },
  { url: "/shop/../listing/_all/featured/1", answer: "404" },
];

describe("one parse of a listing request, through every entry point", () => {
  it.each(cases)("$url", ({ url, answer, cached }) => {
    keys.length = 0;
    const answers = Object.fromEntries(Object.entries(entryPoints).map(([name, read]) => [name, read(url)]));
    expect(answers).toEqual(Object.fromEntries(Object.keys(entryPoints).map((name) => [name, answer])));
    // The front server and the rewrites send it to the cached route alike.
    if (cached !== undefined) expect({ url, cached: parseListingRequest(url)?.cached, mapped: mapListingRequest(url).target !== null }).toEqual({ url, cached, mapped: cached });
    // Every mapped search page is counted by the key of the term it shows.
    const expectedKey = typeof answer === "object" && answer?.term ? searchKey(answer) : undefined;
    for (const { by, key } of keys) expect({ url, by, key }).toEqual({ url, by, key: expectedKey });
    expect(keys.length).toBe(cached ? 2 : 0);
  });

  it("counts the same words, however typed, as one search", () => {
    const key = (url: string) => searchKey(parseListingRequest(url)!);
    expect(key("/shop?search=caf%C3%A9")).toBe(key("/shop?search=cafe%CC%81"));
    expect(key("/shop?search=%EF%BD%97%EF%BD%81%EF%BD%8C%EF%BD%8E%EF%BD%95%EF%BD%94")).toBe(key("/shop?search=Walnut"));
    expect(key("/shop?search=%E2%80%8Bwalnut")).toBe("search:_all/featured/1/walnut");
    expect(key("/shop?search=%00")).toBe("");
  });
});
