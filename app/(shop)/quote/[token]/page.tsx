import type { Metadata } from "next";
import Link from "next/link";
import { LinkRefused } from "@/components/layout/link-refused";
import { TRANSIT_DAYS } from "@/lib/checkout/pricing";
import { threadUrl } from "@/lib/commissions/links";
import { LINK_MESSAGES, openQuote, type OpenedQuote } from "@/lib/commissions/service";
import { BalancePaymentForm } from "@/components/commissions/balance-payment-form";
import { QuotePaymentForm } from "@/components/commissions/quote-payment-form";
import { env } from "@/lib/env";
import { formatMoney, toCents } from "@/lib/money";

export const metadata: Metadata = { title: "Your quote", robots: { index: false, follow: false } };

type Props = { params: Promise<{ token: string }> };
const day = (d: Date) => d.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * The page a quote link opens (/quote/{token}, emailed by the maker): the piece,
 * its price, shipping, lead time and delivery estimate, the terms, and the
 * payment form (lib/checkout/quote-payment.ts); or why the link no longer
 * works (expired, replaced, declined), or the order that paid it.
 */
export default async function QuotePage(props: Props) {
  const { token } = await props.params;
  const opened: OpenedQuote = token.length <= 2000 ? await openQuote(token) : { ok: false, code: "bad_request", message: LINK_MESSAGES.invalid };
  if (!opened.ok) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="font-serif text-3xl font-semibold">Your quote</h1>
        <LinkRefused testId="quote-refused" message={opened.message} settled={Boolean(opened.orderNumber)} wayOn="contact">
          {opened.orderNumber && (
            <p className="mt-2 text-sm">
              Your order is <span className="font-mono font-medium">{opened.orderNumber}</span>:{" "}
              <Link href={`/order-status?order=${encodeURIComponent(opened.orderNumber)}`} className="font-medium text-primary underline underline-offset-4">
                follow it on the order status page
              </Link>
              .
            </p>
          )}
        </LinkRefused>
      </div>
    );
  }
  const { quote, commission, balanceOf } = opened;
  const thread = await threadUrl(commission.reference);
  if (balanceOf) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
        <h1 className="font-serif text-3xl font-semibold">The balance of your commission</h1>
        <p className="mt-3 text-muted-foreground">
          Hello {commission.name}, your commission {commission.reference} is ready. Paying the balance completes order <span className="font-mono">{balanceOf.orderNumber}</span>; the piece ships once
          it is paid.
        </p>
        <dl className="mt-6 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 text-sm" data-testid="quote-amounts">
          <dt>Order total</dt>
          <dd className="text-right font-medium">{formatMoney(balanceOf.total)}</dd>
          <dt>Paid so far</dt>
          <dd className="text-right font-medium">{formatMoney(toCents(balanceOf.total) - quote.total)}</dd>
          <dt className="border-t pt-2 font-semibold">Balance due</dt>
          <dd className="border-t pt-2 text-right font-semibold">{formatMoney(quote.total)}</dd>
        </dl>
        <p className="mt-4 text-sm text-muted-foreground">This link is valid until {day(quote.expiresAt)}. It ships to the address of your order.</p>
        <section aria-labelledby="pay-title" className="mt-8">
          <h2 id="pay-title" className="mb-6 font-sans text-xl font-semibold">
            Pay the balance
          </h2>
          <BalancePaymentForm
            token={token}
            amount={quote.total}
            contact={{ firstName: balanceOf.firstName, lastName: balanceOf.lastName, email: balanceOf.email, phone: null }}
            publishableKey={env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? null}
          />
        </section>
      </div>
    );
  }
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6 sm:py-12">
      <h1 className="font-serif text-3xl font-semibold">Your quote</h1>
      <p className="mt-3 text-muted-foreground">
        Hello {commission.name}, here is the maker&apos;s quote for your commission {commission.reference}.
      </p>
      <section aria-labelledby="piece-title" className="mt-6 rounded-lg border bg-card p-4">
        <h2 id="piece-title" className="font-sans text-base font-semibold">
          The piece
        </h2>
        <p className="mt-2 text-sm whitespace-pre-wrap">{commission.description}</p>
        {quote.notes && <p className="mt-3 border-t pt-3 text-sm whitespace-pre-wrap">{quote.notes}</p>}
      </section>
      <dl className="mt-6 grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-2 text-sm" data-testid="quote-amounts">
        <dt>Price</dt>
        <dd className="text-right font-medium">{formatMoney(quote.priceCents)}</dd>
        <dt>Shipping (USPS Ground Advantage)</dt>
        <dd className="text-right font-medium">{quote.shippingCents === 0 ? "Free" : formatMoney(quote.shippingCents)}</dd>
        <dt className="border-t pt-2 font-semibold">Total</dt>
        <dd className="border-t pt-2 text-right font-semibold">{formatMoney(quote.total)}</dd>
        {quote.deposit !== null && (
          <>
            <dt>Deposit to start ({quote.depositPercent} % of the price)</dt>
            <dd className="text-right font-medium">{formatMoney(quote.deposit)}</dd>
            <dt>Balance when the piece is ready</dt>
            <dd className="text-right font-medium">{formatMoney(quote.balance!)}</dd>
          </>
        )}
      </dl>
      <ul className="mt-6 list-disc space-y-1 pl-5 text-sm text-muted-foreground">
        <li>
          Made in {quote.leadTimeMinDays}–{quote.leadTimeMaxDays} working days, then {TRANSIT_DAYS.min}–{TRANSIT_DAYS.max} days in transit.
        </li>
        <li>This quote is valid until {day(quote.expiresAt)}.</li>
        <li>
          Custom work is made for you and cannot be returned (
          <Link href="/terms" className="font-medium text-primary underline-offset-4 hover:underline">
            terms
          </Link>
          ); the one-year warranty applies.
        </li>
      </ul>
      <section aria-labelledby="pay-title" className="mt-8">
        <h2 id="pay-title" className="font-sans text-xl font-semibold">
          {quote.deposit === null ? "Accept and pay" : "Accept and pay the deposit"}
        </h2>
        <p className="mt-2 mb-6 text-sm text-muted-foreground">
          Paying accepts the quote: the maker starts on your piece and you get an order confirmation by email.
          {quote.deposit !== null && " The balance is paid by a link the maker sends when the piece is ready."} A question first?{" "}
          <a href={thread} className="font-medium text-primary underline underline-offset-4">
            Reply to the maker
          </a>
          .
        </p>
        <QuotePaymentForm token={token} total={quote.total} deposit={quote.deposit} name={commission.name} email={commission.email} publishableKey={env.NEXT_PUBLIC_STRIPE_PUBLISHABLE_KEY ?? null} />
      </section>
    </div>
  );
}
