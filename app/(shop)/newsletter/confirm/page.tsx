import type { Metadata } from "next";
import { ConfirmSubscription } from "@/components/newsletter/newsletter-actions";
import { NEWSLETTER_FREQUENCY } from "@/lib/site";

export const metadata: Metadata = { title: "Confirm your subscription", robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The double opt-in link (/newsletter/confirm?token=…): one button confirms (a GET alone never does). */
export default async function ConfirmNewsletterPage(props: Props) {
  const query = await props.searchParams;
  const token = typeof query.token === "string" && query.token.length <= 2000 ? query.token : null;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold">Confirm your subscription</h1>
      {token ? (
        <>
          <p className="mt-3 text-muted-foreground">
            One click and you&rsquo;ll get the newsletter: new one-of-a-kind pieces and new printed tools, {NEWSLETTER_FREQUENCY}. Every issue has a one-click unsubscribe link.
          </p>
          <ConfirmSubscription token={token} />
        </>
      ) : (
        <p className="mt-6 font-medium">This confirmation link is not valid. Subscribe again from the form at the bottom of any page.</p>
      )}
    </div>
  );
}
