"use client";

import { useEffect, useRef, useState } from "react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { toast } from "@/components/ui/toast";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { useHydrated } from "@/components/cart/use-hydrated";
import { createOrder } from "@/components/checkout/checkout-api";
import { isApiRequestError } from "@/components/api/request-json";
import { readPendingCheckout } from "@/components/checkout/pending-checkout";
import { readOrderReceipt } from "@/components/checkout/order-receipt";
import { useLazyComponent } from "@/components/ui/use-lazy-component";

// The receipt is shown only after hydration (it is read from sessionStorage), so it is its own chunk:
// the page's first-load JavaScript stays within its budget.
const importReceipt = () => import("@/components/checkout/order-receipt-view").then((m) => m.OrderReceiptView);
// "What happens next" is below the fold and shown after hydration too: its own chunk as well.
const importNextSteps = () => import("@/components/checkout/order-next-steps").then((m) => m.OrderNextSteps);
import { LAST_ORDER_KEY, ORDER_FAILED, rememberOrder } from "@/components/checkout/use-place-order";

function readLastOrder(): string | null {
  try {
    return window.localStorage.getItem(LAST_ORDER_KEY);
  } catch {
    return null;
  }
}

function Confirmed({ orderNumber }: { orderNumber: string }) {
  const hydrated = useHydrated();
  const receipt = hydrated ? readOrderReceipt(orderNumber) : null;
  const [Receipt, loadReceipt] = useLazyComponent(importReceipt);
  const [NextSteps, loadNextSteps] = useLazyComponent(importNextSteps);
  useEffect(() => {
    if (receipt) loadReceipt();
  }, [receipt, loadReceipt]);
  useEffect(() => {
    if (hydrated) loadNextSteps();
  }, [hydrated, loadNextSteps]);
  // Until the receipt can be read, nothing that might say "Confirmed" of a payment that was not taken.
  if (!hydrated) return <ConfirmationPending />;
  // The card payment not taken (its capture failed, or is being checked): said plainly, from the order's statement.
  const notice = receipt?.paymentNotice ?? null;
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center text-center" data-testid={notice ? "order-payment-notice" : "order-confirmed"}>
      <span className={notice ? "flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-800" : "flex size-16 items-center justify-center rounded-full bg-accent text-primary"}>
        <Icon name={notice ? "circle-alert" : "circle-check"} className="size-9" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold sm:text-4xl">{notice ? notice.title : "Order Confirmed!"}</h1>
      {notice ? (
        <p className="mt-3 text-lg text-muted-foreground" role="status" data-testid="payment-notice">
          {notice.text}
        </p>
      ) : (
        <p className="mt-3 text-lg text-muted-foreground">Thank you for supporting a one-person workshop.</p>
      )}

      <div className="mt-8 w-full rounded-xl border bg-card p-6 text-left shadow-xs">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-sm text-muted-foreground">Order number</dt>
            <dd className="mt-1 font-mono text-lg font-semibold break-all" data-testid="order-number">
              {orderNumber}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-muted-foreground">Status</dt>
            <dd className="mt-1">
              <span className="inline-flex items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground" data-testid="order-status">
                <span aria-hidden="true" className={notice ? "size-2 rounded-full bg-amber-600" : "size-2 rounded-full bg-primary"} />
                {notice ? notice.status : "Order Confirmed - Processing"}
              </span>
            </dd>
          </div>
        </dl>
        <div className="mt-4 flex items-start gap-3 border-t pt-4">
          <Icon name="mail" className="mt-0.5 size-5 text-primary" />
          <p className="text-sm leading-relaxed">
            {notice ? "An email with your order details is on its way." : "A confirmation email with your order details is on its way."} If you don&apos;t see it in a few minutes, check your spam
            folder. You can{" "}
            <Link href={`/order-status?order=${encodeURIComponent(orderNumber)}`} className="font-medium text-primary underline-offset-4 hover:underline">
              track your order
            </Link>{" "}
            any time.
          </p>
        </div>
        {receipt && Receipt && <Receipt receipt={receipt} />}
      </div>

      {!notice && NextSteps && <NextSteps shipsEstimate={receipt?.shipsEstimate ?? null} />}

      <NextLinks className="mt-10 w-full sm:w-auto" href="/shop" label="Continue Shopping" />
    </div>
  );
}

function Problem({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center text-center" data-testid="order-problem">
      <span className="flex size-16 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <Icon name="circle-alert" className="size-9" />
      </span>
      <h1 className="mt-5 text-3xl font-semibold">{title}</h1>
      <p className="mt-3 text-muted-foreground">{message}</p>
      <NextLinks className="mt-8" href="/checkout" label="Back to Checkout" />
    </div>
  );
}

export function ConfirmationPending({ text = "Loading your order..." }: { text?: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-20 text-center text-muted-foreground">
      <Icon name="loader" className="size-6 animate-spin text-primary" />
      <p>{text}</p>
    </div>
  );
}

type Finalising = { status: "working" } | { status: "done"; orderNumber: string } | { status: "failed"; title: string; message: string };

/**
 * /order-confirmation: the order from ?order=, else the locally stored last order
 * number; neither → home. A Stripe redirect return (?payment_intent=…) finalises
 * the order once (idempotent on the server) and then shows its number.
 */
export function OrderConfirmationView() {
  const params = useSearchParams();
  const router = useRouter();
  const hydrated = useHydrated();
  const orderParam = params.get("order");
  const paymentIntentId = params.get("payment_intent");
  const redirectStatus = params.get("redirect_status");
  const returning = !orderParam && Boolean(paymentIntentId);
  const [finalising, setFinalising] = useState<Finalising>({ status: "working" });
  const started = useRef(false);

  const stored = hydrated && !orderParam && !returning ? readLastOrder() : null;
  const orderNumber = orderParam ?? stored;

  useEffect(() => {
    if (hydrated && !orderNumber && !returning) router.replace("/");
  }, [hydrated, orderNumber, returning, router]);

  useEffect(() => {
    if (!returning || !paymentIntentId || started.current) return;
    started.current = true;
    if (redirectStatus === "failed") {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the bank's redirect back is read once, after hydration (its address and sessionStorage are the browser's)
      setFinalising({ status: "failed", title: "Payment failed", message: "Your bank did not authorise the payment, so nothing was charged. Please try again." });
      return;
    }
    const pending = readPendingCheckout(paymentIntentId);
    // Stripe's redirect back carries the intent's client secret: the proof this browser paid.
    const clientSecret = params.get("payment_intent_client_secret") ?? undefined;
    const { quote, ...contact } = pending ?? { quote: false };
    createOrder({ paymentIntentId, clientSecret, ...(pending ? { ...contact, paymentIntentId } : {}) })
      .then(({ orderNumber: created }) => {
        rememberOrder(created, { keepCart: Boolean(quote) });
        toast.success("Order submitted!", {
          description: pending?.newsletter ? "You've also been subscribed to our newsletter." : "Your order has been successfully placed.",
        });
        setFinalising({ status: "done", orderNumber: created });
        router.replace(`/order-confirmation?order=${encodeURIComponent(created)}`);
      })
      .catch((error: unknown) => {
        if (isApiRequestError(error) && (error.status === 409 || error.status === 402)) {
          setFinalising({ status: "failed", title: error.status === 409 ? "Order not completed" : "Payment failed", message: error.message });
          return;
        }
        console.error("Order creation failed", error);
        toast.error(ORDER_FAILED.title, { description: ORDER_FAILED.description });
        setFinalising({ status: "failed", title: ORDER_FAILED.title, message: ORDER_FAILED.description });
      });
  }, [returning, paymentIntentId, redirectStatus, router, params]);

  if (returning) {
    if (finalising.status === "done") return <Confirmed orderNumber={finalising.orderNumber} />;
    if (finalising.status === "failed") return <Problem title={finalising.title} message={finalising.message} />;
    return <ConfirmationPending text="Confirming your payment..." />;
  }
  if (orderNumber) return <Confirmed orderNumber={orderNumber} />;
  return <ConfirmationPending />;
}

/** Where to go from here: the page's way on, and Contact Us beside it. */
function NextLinks({ className, href, label }: { className: string; href: string; label: string }) {
  return (
    <div className={`${className} flex flex-col gap-3 sm:flex-row`}>
      <Button asChild size="lg">
        <Link href={href}>{label}</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link href="/contact">Contact Us</Link>
      </Button>
    </div>
  );
}
