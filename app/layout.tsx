import type { Metadata, Viewport } from "next";
import { Toaster } from "@/components/ui/sonner";
import { siteUrl } from "@/lib/seo/url";
import { BRAND_COLORS, site } from "@/lib/site";
import "./globals.css";
import { env } from "@/lib/env";

export const metadata: Metadata = {
  metadataBase: siteUrl(),
  title: { default: site.title, template: `%s | ${site.name}` },
  description: site.description,
  applicationName: site.name,
  openGraph: { siteName: site.name, type: "website", locale: "en_US" },
  // Twitter/X takes title, description and image from each page's Open Graph tags.
  twitter: { card: "summary_large_image" },
  appleWebApp: { title: site.name },
  // A Vercel preview is a reviewer's link, never a page for search engines (pages that set their own robots are noindex already).
  ...(env.VERCEL_ENV === "preview" ? { robots: { index: false, follow: false } } : {}),
};

export const viewport: Viewport = { themeColor: BRAND_COLORS.primary, width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
