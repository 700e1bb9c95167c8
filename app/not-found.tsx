import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight, Compass } from "lucide-react";
import { Button } from "@/components/ui/button";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";

export const metadata: Metadata = {
  title: "Page Not Found",
  robots: { index: false },
};

/** Any unknown path (spec §2): headed '404 Page Not Found', inside the storefront's header and footer. */
export default function NotFound() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 items-center focus:outline-none">
        <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
          <span className="flex size-16 items-center justify-center rounded-full bg-accent text-primary">
            <Compass aria-hidden="true" className="size-8" />
          </span>
          <h1 className="mt-6 text-4xl font-semibold sm:text-5xl">404 Page Not Found</h1>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">
            This page has wandered off the workbench. The link may be old, or the piece it pointed to may have found a new home.
          </p>
          <div className="mt-8 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" className="h-12 px-7 text-base">
              <Link href="/shop">
                Browse the Shop
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button asChild size="lg" variant="outline" className="h-12 px-7 text-base">
              <Link href="/">Back to Home</Link>
            </Button>
          </div>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
