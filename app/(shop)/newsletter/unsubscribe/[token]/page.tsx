import type { Metadata } from "next";
import { UnsubscribeActions } from "@/components/newsletter/newsletter-actions";
import { subscriberForToken } from "@/lib/newsletter/subscriber-service";

export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }> };

/** The newsletter's footer link (and the List-Unsubscribe URL opened in a browser): unsubscribe in one click, re-subscribe. */
export default async function UnsubscribePage(props: Props) {
  const { token } = await props.params;
  const subscriber = token.length <= 200 ? await subscriberForToken(token) : null;
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold">Unsubscribe</h1>
      {subscriber ? (
        <>
          <p className="mt-3 text-muted-foreground">
            The newsletter goes to <span className="font-medium text-foreground">{subscriber.email}</span>.
          </p>
          <UnsubscribeActions token={token} initiallyUnsubscribed={subscriber.status === "unsubscribed" || subscriber.status === "suppressed"} />
        </>
      ) : (
        <p className="mt-6 font-medium">This unsubscribe link is not valid.</p>
      )}
    </div>
  );
}
