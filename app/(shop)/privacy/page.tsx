import type { Metadata } from "next";
import Link from "next/link";
import { LegalSection } from "@/components/content/legal-section";
import { pageMetadata } from "@/lib/seo/metadata";
import { site } from "@/lib/site";

export const metadata: Metadata = pageMetadata({
  title: "Privacy Policy",
  description: `What personal information ${site.name} collects, why, who it is shared with, and how to ask for it to be corrected or deleted.`,
  path: "/privacy",
});

const LAST_UPDATED = "November 1, 2024";

export default function PrivacyPage() {
  const { address } = site;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <header className="border-b pb-8">
        <h1 className="text-4xl font-semibold sm:text-5xl">Privacy Policy</h1>
        <p className="mt-3 text-sm text-muted-foreground">Last updated: {LAST_UPDATED}</p>
        <p className="mt-6 text-lg leading-relaxed text-muted-foreground">
          {site.name} is a one-person workshop run by {site.maker}. I collect only the information I need to make, ship and support your order, and I never sell it. This policy explains what that
          information is and what happens to it.
        </p>
      </header>

      <LegalSection title="Information I collect">
        <ul>
          <li>
            <strong>Orders:</strong> your name, email address, phone number (if you give one), shipping and billing address, and the items you bought.
          </li>
          <li>
            <strong>Payments:</strong> card payments are handled by our payment processor, Stripe. Your full card number never reaches or is stored on this website; I only see the card brand, the last
            four digits and whether the payment succeeded.
          </li>
          <li>
            <strong>Newsletter:</strong> the email address you subscribe with and the date you subscribed.
          </li>
          <li>
            <strong>Contact messages:</strong> the name, email, optional phone number and message you send through the contact form.
          </li>
          <li>
            <strong>Your browser:</strong> the cart is kept in your browser&apos;s local storage together with a random session identifier, so your cart survives a page reload. Standard server logs
            (IP address, browser type, pages requested) are kept for up to 30 days for security.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="How I use it">
        <ul>
          <li>To process, make, ship and follow up on your order, including returns and warranty claims.</li>
          <li>To reply to your messages and questions.</li>
          <li>To send the newsletter, only if you subscribed. Every issue has an unsubscribe link.</li>
          <li>To keep the shop secure and to meet tax and accounting obligations.</li>
        </ul>
        <p>I do not use advertising trackers, and I do not build marketing profiles.</p>
      </LegalSection>

      <LegalSection title="Who I share it with">
        <p>Only with the services that are needed to run the shop, and only what each one needs:</p>
        <ul>
          <li>Stripe, to take card payments.</li>
          <li>The postal service and carriers, who receive your name and shipping address to deliver your parcel.</li>
          <li>My email provider, to send order confirmations, replies and the newsletter.</li>
          <li>My website and database host, which stores the data on my behalf.</li>
        </ul>
        <p>I will also disclose information if the law requires it. I never sell or rent personal information to anyone.</p>
      </LegalSection>

      <LegalSection title="Cookies and local storage">
        <p>
          The shop uses your browser&apos;s local storage for the cart and its session identifier, and a sign-in token for the workshop&apos;s admin area. These are needed for the site to work. There
          are no advertising or third-party analytics cookies. The map on the contact page is loaded from OpenStreetMap, which may log your IP address when the map is displayed.
        </p>
      </LegalSection>

      <LegalSection title="How long I keep it">
        <p>
          Order records are kept for seven years, because tax law requires it. Contact messages are deleted two years after the conversation ends. Newsletter addresses are kept until you unsubscribe.
        </p>
      </LegalSection>

      <LegalSection title="Your choices and rights">
        <p>
          You can ask me at any time for a copy of the information I hold about you, to correct it, or to delete it (except records I must keep for tax purposes). You can unsubscribe from the
          newsletter from any issue or by emailing me. I will answer within 30 days.
        </p>
      </LegalSection>

      <LegalSection title="Children">
        <p>The shop is not aimed at children under 13, and I do not knowingly collect information from them.</p>
      </LegalSection>

      <LegalSection title="Changes to this policy">
        <p>If this policy changes, the new version will be posted on this page with a new &ldquo;last updated&rdquo; date.</p>
      </LegalSection>

      <LegalSection title="Contact">
        <p>
          Questions about your privacy? Email{" "}
          <a href={`mailto:${site.email}`} className="font-medium text-primary underline underline-offset-4">
            {site.email}
          </a>
          , call {site.phone}, write to {site.name}, {address.line1}, {address.line2}, {address.city}, {address.state} {address.postalCode}, or use the{" "}
          <Link href="/contact" className="font-medium text-primary underline underline-offset-4">
            contact form
          </Link>
          .
        </p>
      </LegalSection>
    </article>
  );
}
