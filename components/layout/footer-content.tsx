"use client";

import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { NewsletterForm } from "@/components/layout/newsletter-form";
import { FREE_SHIPPING_THRESHOLD } from "@/lib/checkout/shipping-rates";
import { site } from "@/lib/site";
import { HydrationSlice } from "@/components/ui/hydration-slice";

const footerLink = "footer-link";

function FooterHeading({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <h2 id={id} className="footer-heading">
      {children}
    </h2>
  );
}

/** A footer list of links, one item each. */
function FooterLinks({ links, className }: { links: Array<{ href: string; label: string }>; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} className={footerLink}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const SUPPORT_LINKS = [
  { href: "/contact", label: "Contact Us" },
  { href: "/my-story", label: "My Story" },
  { href: "/gallery", label: "Gallery" },
];

const LEGAL_LINKS = [
  { href: "/privacy", label: "Privacy Policy" },
  { href: "/terms", label: "Terms of Service" },
];

/**
 * The storefront footer's markup (spec §2 Footer), rendered on the server like
 * the rest of the page. A client component although only the newsletter form
 * is interactive: every page's RSC payload then carries the category list
 * instead of a second copy of the footer's markup (docs/decisions/0005-…).
 */
export function FooterContent({ categories }: { categories: Array<{ name: string; slug: string }> }) {
  const freeShippingOver = `$${FREE_SHIPPING_THRESHOLD / 100}`;

  return (
    <HydrationSlice>
      <footer className="mt-auto bg-foreground text-background">
        <div className="mx-auto max-w-7xl px-4 pt-14 pb-8 sm:px-6 lg:px-8">
          <div className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-12">
            <section aria-labelledby="footer-about" className="col-span-2 md:col-span-4">
              <h2 id="footer-about" className="font-serif text-2xl font-semibold">
                {site.name}
              </h2>
              <p className="mt-3 max-w-sm text-sm leading-relaxed text-background/75">{site.blurb}</p>
              <p className="mt-5 inline-flex items-center gap-2 rounded-full border border-background/25 bg-background/10 px-3 py-1.5 text-xs font-semibold tracking-wide text-background">
                <Icon name="truck" className="text-micron" />
                FREE Shipping on orders over {freeShippingOver}
              </p>
              <ul className="mt-6 flex gap-2" aria-label="Follow the workshop">
                {site.social.map((social) => (
                  <li key={social.href}>
                    <a href={social.href} target="_blank" rel="noopener noreferrer" aria-label={`${site.name} on ${social.label} (opens in a new tab)`} className="footer-social">
                      <Icon name={social.icon} className="size-5" />
                    </a>
                  </li>
                ))}
              </ul>
            </section>

            <section aria-labelledby="footer-shop" className="md:col-span-3">
              <FooterHeading id="footer-shop">Shop</FooterHeading>
              <FooterLinks
                className="mt-4 space-y-2.5"
                links={[{ href: "/shop", label: "All Products" }, ...categories.map((category) => ({ href: `/shop/${category.slug}`, label: category.name }))]}
              />
            </section>

            <section aria-labelledby="footer-support" className="md:col-span-2">
              <FooterHeading id="footer-support">Support</FooterHeading>
              <FooterLinks className="mt-4 space-y-2.5" links={SUPPORT_LINKS} />
              <address className="mt-5 text-sm leading-relaxed text-background/60 not-italic">
                <a href={`mailto:${site.email}`} className={footerLink}>
                  {site.email}
                </a>
                <br />
                {site.hours}
              </address>
            </section>

            <section aria-labelledby="footer-newsletter" className="col-span-2 md:col-span-3">
              <FooterHeading id="footer-newsletter">Stay Updated</FooterHeading>
              <p className="mt-4 mb-4 text-sm leading-relaxed text-background/75">Be first to hear when a one-of-a-kind bowl comes off the lathe or a new jig leaves the printer.</p>
              <NewsletterForm />
            </section>
          </div>

          <div className="mt-12 flex flex-col gap-4 border-t border-background/15 pt-6 text-sm text-background/60 sm:flex-row sm:items-center sm:justify-between">
            <p>
              © {site.copyrightYear} {site.name}. All rights reserved. Handmade in {site.address.city}, {site.address.state}.
            </p>
            <nav aria-label="Legal">
              <FooterLinks className="flex gap-5" links={LEGAL_LINKS} />
            </nav>
          </div>
        </div>
      </footer>
    </HydrationSlice>
  );
}
