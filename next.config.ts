import type { NextConfig } from "next";
import { securityHeaders } from "./lib/security/headers";

const headers = securityHeaders({
  siteUrl: process.env.SITE_URL,
  dev: process.env.NODE_ENV === "development",
  vercelPreview: process.env.VERCEL_ENV === "preview",
});

const nextConfig: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Native / wasm packages stay outside the server bundle.
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg"],
  images: {
    formats: ["image/avif", "image/webp"],
    minimumCacheTTL: 60 * 60 * 24 * 30,
    remotePatterns: [
      { protocol: "https", hostname: "utfs.io" },
      { protocol: "https", hostname: "*.ufs.sh" },
      { protocol: "https", hostname: "i.ytimg.com" },
      { protocol: "https", hostname: "vumbnail.com" },
    ],
  },
  // Security headers on every response (lib/security/headers.ts).
  async headers() {
    return [{ source: "/:path*", headers }];
  },
};

export default nextConfig;
