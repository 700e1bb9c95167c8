import type { Metadata } from "next";
import Link from "next/link";
import { FLAT_SHIPPING, FREE_SHIPPING_THRESHOLD, HANDLING_DAYS } from "@/lib/checkout/pricing";
import { formatMoney } from "@/lib/money";
import { LegalSection } from "@/components/content/legal-section";
import { pageMetadata } from "@/lib/seo/metadata";
import { RETURN_WINDOW_DAYS, site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Terms of Service",
  description: `The terms for buying from ${site.name}: ${RETURN_WINDOW_DAYS}-day return window, custom items non-returnable, return shipping paid by the customer, and a one-year warranty.`,
  path: "/terms",
});

const LAST_UPDATED = "November 1, 2024";

export default function TermsPage() {
  const freeOver = `$${FREE_SHIPPING_THRESHOLD / 100}`;
  const { address } = site;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <header className="border-b pb-8">
        <h1 className="text-4xl font-semibold sm:text-5xl">Terms of Service</h1>
        <p className="mt-3 text-sm text-muted-foreground">Last updated: {LAST_UPDATED}</p>
        <p className="mt-6 text-lg leading-relaxed text-muted-foreground">
          These terms apply to every purchase from {site.name}, the workshop of {site.maker} at {address.line1}, {address.city}, {address.state}. By placing an order you agree to them. They are
          written to be read, so please do.
        </p>
      </header>

      <aside aria-label="Summary" className="mt-8 rounded-xl border bg-secondary/50 p-5">
        <h2 className="font-sans text-sm font-semibold tracking-wider text-primary uppercase">In short</h2>
        <ul className="mt-3 list-disc space-y-1.5 pl-6 leading-relaxed marker:text-primary">
          <li>{RETURN_WINDOW_DAYS}-day return window on standard items, counted from the day your order is delivered.</li>
          <li>Custom items are non-returnable.</li>
          <li>The customer pays return shipping.</li>
          <li>Everything I make carries a one-year warranty against defects in materials and workmanship.</li>
        </ul>
      </aside>

      <LegalSection title="1. Handmade products">
        <p>
          Wood pieces are made by hand from natural timber, much of it from storm-felled local trees. Grain, colour, figure and small natural features such as knots, spalting or filled checks vary
          from piece to piece and from the photos; they are part of the piece, not defects. Items marked &ldquo;Only 1 Available&rdquo; are one of a kind: what you see is exactly what you get, and
          once sold they cannot be remade.
        </p>
        <p>
          3D-printed jigs, fixtures and tools are designed and checked in the workshop. Printed parts show fine layer lines. Dimensions are stated on each product page and each item is checked before
          it ships.
        </p>
      </LegalSection>

      <LegalSection title="2. Prices and payment">
        <p>
          Prices are in US dollars and include the item only. Payment is taken by card at checkout through Stripe, our payment processor. An order is accepted when you receive the order confirmation.
          If an item turns out to be unavailable, for example because a one-of-a-kind piece sold at the same moment, you will not be charged for it.
        </p>
      </LegalSection>

      <LegalSection title="3. Shipping">
        <p>
          Orders ship within the United States by USPS Ground Advantage. Shipping is free on orders over {freeOver}; smaller orders pay a flat {formatMoney(FLAT_SHIPPING)}. In-stock items usually ship
          within {HANDLING_DAYS.max} business days; made-to-order furniture ships when it is finished, and the product page gives the expected lead time. Risk of loss passes to you on delivery.
        </p>
      </LegalSection>

      <LegalSection title="4. Returns">
        <ul>
          <li>
            You may return standard items within a {RETURN_WINDOW_DAYS}-day return window, counted from the day your order is delivered. Items must be unused, undamaged and in their original
            packaging.
          </li>
          <li>Custom items are non-returnable. This includes anything made to order, built to your dimensions, finished to your choice, or personalised with engraving.</li>
          <li>The customer pays return shipping, and the original shipping charge is not refunded. Please pack returns carefully; items damaged in return transit cannot be refunded.</li>
          <li>
            To start a return,{" "}
            <Link href="/contact" className="font-medium text-primary underline underline-offset-4">
              contact me
            </Link>{" "}
            with your order number. Refunds go back to the original card within 5 business days of the item arriving at the workshop.
          </li>
          <li>If an item arrives damaged or is not what you ordered, tell me within 7 days of delivery with a photo; I will pay for the return and replace or refund it.</li>
        </ul>
      </LegalSection>

      <LegalSection title="5. One-year warranty">
        <p>
          Every product comes with a one-year warranty from the date of delivery against defects in materials and workmanship: a glue joint that fails, a crack that opens in normal use, or a printed
          part that breaks while used as intended. I will repair, replace or refund the item, at my choice, and cover the shipping for a valid warranty claim.
        </p>
        <p>
          The warranty does not cover normal wear, misuse, accidents, modifications, dishwashers, soaking, direct heat, or the natural seasonal movement of wood. Wooden bowls and boards need an
          occasional coat of food-safe oil; care instructions come with every order.
        </p>
      </LegalSection>

      <LegalSection title="6. Safe use of jigs and tools">
        <p>
          Jigs and fixtures are aids, not safety devices. Always follow your power tool manufacturer&apos;s instructions, use the guards and protective equipment it calls for, and check every setup
          before cutting or drilling.
        </p>
      </LegalSection>

      <LegalSection title="7. Limitation of liability">
        <p>
          To the extent the law allows, {site.name}&apos;s liability for any claim about a product is limited to the price you paid for it. Nothing in these terms limits rights you have under consumer
          protection law that cannot be excluded.
        </p>
      </LegalSection>

      <LegalSection title="8. Intellectual property">
        <p>Photos, text and product designs on this site, including the 3D models of the jigs and tools, belong to {site.name}. Please do not copy or resell them without permission.</p>
      </LegalSection>

      <LegalSection title="9. Governing law and changes">
        <p>These terms are governed by the laws of the State of North Carolina. I may update them from time to time; the version posted when you place your order applies to that order.</p>
      </LegalSection>

      <LegalSection title="10. Contact">
        <p>
          Questions about these terms, an order or a return: email{" "}
          <a href={`mailto:${site.email}`} className="font-medium text-primary underline underline-offset-4">
            {site.email}
          </a>{" "}
          or call {site.phone} ({site.hours}).
        </p>
      </LegalSection>
    </article>
  );
}
