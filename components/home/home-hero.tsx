"use client";

import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { CtaLinks } from "@/components/layout/cta-links";
import { ResponsiveImage } from "@/components/ui/responsive-image";
import { FREE_SHIPPING_THRESHOLD } from "@/lib/checkout/shipping-rates";
import { site } from "@/lib/site";
import { HydrationSlice } from "@/components/ui/hydration-slice";

/**
 * Home hero: headline, the two main calls to action and a link card to the gallery of sold pieces.
 * A client component (rendered on the server all the same) so that the page's RSC payload carries
 * its one image URL rather than a second copy of this markup.
 */
export function HomeHero({ galleryImage }: { galleryImage: string | null }) {
  const promises = [
    { icon: "truck" as const, text: `Free shipping over $${FREE_SHIPPING_THRESHOLD / 100}` },
    { icon: "rotate-ccw" as const, text: "30-day returns" },
    { icon: "badge-check" as const, text: "One-year warranty" },
  ];

  return (
    <HydrationSlice>
      <section aria-labelledby="hero-title" className="relative overflow-hidden border-b bg-gradient-to-b from-secondary/70 to-background">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 md:py-20 lg:grid-cols-[1.15fr_1fr] lg:gap-14 lg:px-8">
          <div>
            <p className="text-sm font-semibold tracking-wider text-primary uppercase">
              A one-person workshop in {site.address.city}, {site.address.state}
            </p>
            <h1 id="hero-title" className="mt-4 text-4xl leading-[1.08] font-semibold text-balance sm:text-5xl lg:text-6xl">
              Heirloom wood and precision tools, made at one bench.
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">
              Hand-turned bowls, solid-wood furniture and home decor from storm-felled local trees, alongside 3D-printed jigs and fixtures that make woodworking more accurate. Every piece is made,
              checked and packed by {site.maker.split(" ")[0]}.
            </p>
            <CtaLinks className="mt-8 flex flex-col gap-3 sm:flex-row" primary={{ href: "/shop", label: "Shop the Collection" }} secondary={{ href: "/my-story", label: "Read My Story" }} />
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground">
              {promises.map(({ icon, text }) => (
                <li key={text} className="flex items-center gap-2">
                  <Icon name={icon} className="text-primary" />
                  {text}
                </li>
              ))}
            </ul>
          </div>

          <Link
            href="/gallery"
            className="hero-feature group relative block aspect-[4/3] overflow-hidden rounded-2xl border bg-muted shadow-lg focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
          >
            <ResponsiveImage
              src={galleryImage ?? site.fallbackImage}
              alt=""
              priority
              sizes="(min-width:1280px) 540px,(min-width:1024px) 45vw,100vw"
              className="absolute inset-0 size-full object-cover text-transparent transition-transform duration-500 group-hover:scale-[1.03]"
            />
            <span aria-hidden="true" className="absolute inset-0 bg-gradient-to-t from-black/75 via-black/25 to-transparent" />
            <span className="hero-feature-caption absolute inset-x-0 bottom-0 flex flex-col gap-1 p-6 text-white">
              <span className="text-xs font-semibold tracking-wider text-white/80 uppercase">The Gallery</span>
              <span className="font-serif text-2xl font-semibold sm:text-3xl">One-of-a-kind pieces that found a home</span>
              <span className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium">
                Visit the Gallery
                <Icon name="arrow-right" className="transition-transform group-hover:translate-x-1" />
              </span>
            </span>
          </Link>
        </div>
      </section>
    </HydrationSlice>
  );
}
