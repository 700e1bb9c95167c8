import path from "node:path";
import type { NextConfig } from "next";
import { listingRewrites } from "./lib/catalog/listing-url.mjs";
import { productVariantRewrites } from "./lib/catalog/variant-url.mjs";
import { IMAGE_DEVICE_SIZES, IMAGE_LOCAL_PATTERNS, IMAGE_REWRITE, IMAGE_SIZES } from "./lib/images/loader";
import { securityHeaders } from "./lib/security/headers";

const headers = securityHeaders({
  siteUrl: process.env.SITE_URL,
  dev: process.env.NODE_ENV === "development",
  vercelPreview: process.env.VERCEL_ENV === "preview",
});

/**
 * The data cache (unstable_cache) and pages rendered at runtime live in Next's
 * in-memory LRU only, bounded to this many bytes per server instance and
 * evicting the least recently used; nothing is written under .next at runtime,
 * so the disk cannot fill. (A shared cacheHandler, e.g. Redis, replaces both.)
 */
const CACHE_MAX_MEMORY_BYTES = 64 * 1024 * 1024;

/**
 * server/cache/next-cache-handler.mjs: Next's cache, minus anything older than
 * the server process (build-time prerenders), so a crash can never leave a
 * page older than the database (tag expiry is kept in memory).
 */
const CACHE_HANDLER = path.resolve(process.cwd(), "server/cache/next-cache-handler.mjs");

/**
 * `npm run build` for `npm start` (MM_FRONT_SERVER=1, set by scripts/serve.ts
 * outside Vercel): the front server maps listing URLs itself, so the build
 * carries no listing rewrites, which Next would re-run on every page request
 * (lib/catalog/listing-url.mjs).
 */
const frontServer = process.env.MM_FRONT_SERVER === "1";

/**
 * The test suite's own builds (tests/helpers/instances.ts) skip the build's type check: `npm test`
 * has run `npm run typecheck` (the whole project, tests included) before them. Every other build checks.
 */
const typeCheckedElsewhere = process.env.MM_TEST_BUILD_TYPECHECKED === "1";

const nextConfig: NextConfig = {
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: typeCheckedElsewhere },
  poweredByHeader: false,
  // No ETags on pages. Next hashes every cached HTML response with a JavaScript
  // FNV-1a loop, character by character, on every request: profiling a cached
  // hit of / under load, that hash was ~22 % of the server's CPU (sending the
  // bytes was most of the rest). Pages are revalidated by tag on the server and
  // carry s-maxage for CDNs; a browser's 304 on a back navigation is not worth
  // a quarter of the throughput. Static assets keep their immutable caching.
  generateEtags: false,
  cacheMaxMemorySize: CACHE_MAX_MEMORY_BYTES,
  cacheHandler: CACHE_HANDLER,
  // Routes match case-sensitively, as the app's own routes do: without it the
  // listing rewrites sent /SHOP?search=… to the listing while /SHOP itself
  // was the 404 page (lib/catalog/listing-url.mjs parses paths the same way).
  experimental: { isrFlushToDisk: false, caseSensitiveRoutes: true },
  // Next's client entry requires its polyfill-module by this relative path (next/dist/client/app-globals.js) on every
  // page, for features every supported browser has: replaced by an empty module (lib/build/no-polyfills.js, which
  // names the browsers; docs/decisions/0019-no-legacy-polyfills.md). The package's own name for it is not what the
  // bundler resolves, so only the relative request matches; tests/e2e/budget.spec.ts fails if the polyfills come back.
  turbopack: { resolveAlias: { "../build/polyfills/polyfill-module": "./lib/build/no-polyfills.js" } },
  // Native / wasm packages stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg", "pino"],
  // On Vercel each function runs the start-up step (instrumentation.ts), which reads the migrations.
  outputFileTracingIncludes: { "/**": ["./prisma/migrations/**/*.sql"] },
  images: {
    formats: ["image/avif", "image/webp"],
    // Few candidate widths (lib/images/loader.ts): each is a srcset entry on every image.
    deviceSizes: IMAGE_DEVICE_SIZES,
    imageSizes: IMAGE_SIZES,
    minimumCacheTTL: 60 * 60 * 24 * 30,
    localPatterns: IMAGE_LOCAL_PATTERNS,
    remotePatterns: [
      { protocol: "https", hostname: "utfs.io" },
      { protocol: "https", hostname: "*.ufs.sh" },
      { protocol: "https", hostname: "i.ytimg.com" },
      { protocol: "https", hostname: "vumbnail.com" },
    ],
  },
  async rewrites() {
    return {
      // Listings and searches, and product pages naming a variant: their cached routes
      // (lib/catalog/listing-url.mjs, lib/catalog/variant-url.mjs), unless the front server maps them.
      beforeFiles: frontServer ? [] : [...listingRewrites(), ...productVariantRewrites()],
      // Short image URLs (lib/images/loader.ts) are the optimizer's own requests.
      afterFiles: [IMAGE_REWRITE],
      fallback: [],
    };
  },
  // Security headers on every response (lib/security/headers.ts). An unnamed
  // group, not "/:path*": with a named parameter Next compiles every header
  // value holding a colon (the CSP's "https:", "data:") as a path pattern, for
  // every request.
  async headers() {
    return [{ source: "/(.*)", headers }];
  },
};

export default nextConfig;
