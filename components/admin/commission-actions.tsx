"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { runWithToast } from "@/components/admin/action-message";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { moveCommissionAction, sendCommissionMessageAction, sendQuoteAction } from "@/lib/commissions/actions";
import { COMMISSION_STATUS_LABELS, nextStatuses, type CommissionStatus } from "@/lib/commissions/rules";

type Props = { id: number; status: CommissionStatus; defaultExpiry: string };

/**
 * The maker's side of one commission: a message to the shopper (emailed), the
 * quote form (price, shipping, lead time, optional deposit, notes, expiry day),
 * and the next steps of its way — declining asks for the message the shopper gets.
 */
export function CommissionActions({ id, status, defaultExpiry }: Props) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  const [message, setMessage] = useState("");
  const [quoteErrors, setQuoteErrors] = useState<Record<string, string>>({});
  const run = (action: () => Promise<{ ok: true } | { ok: false; message?: string; fields?: Record<string, string> }>, title: string, failure: string, after?: () => void) =>
    startTransition(async () => {
      const ok = await runWithToast(action, { success: { title }, failure, logLabel: "Commission" });
      if (ok) {
        after?.();
        router.refresh();
      }
    });
  const open = status !== "closed" && status !== "declined";
  const quotable = status === "new" || status === "quoted";

  return (
    <div className="grid gap-6">
      {open && (
        <section aria-labelledby="message-title" className="rounded-lg border bg-card p-4">
          <h2 id="message-title" className="font-sans text-base font-semibold">
            Write to the shopper
          </h2>
          <div className="mt-3 flex flex-col gap-2">
            <Label htmlFor="commission-message">Message (emailed, and kept in the thread)</Label>
            <Textarea id="commission-message" value={message} onChange={(e) => setMessage(e.target.value)} rows={4} />
            <div className="flex flex-wrap gap-2">
              <Button
                type="button"
                disabled={busy || message.trim().length < 2}
                onClick={() =>
                  run(
                    () => sendCommissionMessageAction({ id, body: message }),
                    "Message sent",
                    "The message could not be sent.",
                    () => setMessage(""),
                  )
                }
              >
                Send message
              </Button>
              {nextStatuses(status).map((to) =>
                to === "declined" ? (
                  <Button
                    key={to}
                    type="button"
                    variant="outline"
                    disabled={busy || message.trim().length < 2}
                    onClick={() =>
                      run(
                        () => moveCommissionAction({ id, status: to, message }),
                        "Commission declined",
                        "The commission could not be declined.",
                        () => setMessage(""),
                      )
                    }
                  >
                    Decline with this message
                  </Button>
                ) : (
                  <Button
                    key={to}
                    type="button"
                    variant="secondary"
                    disabled={busy}
                    onClick={() =>
                      run(
                        () => moveCommissionAction({ id, status: to, ...(message.trim() ? { message } : {}) }),
                        `Moved to ${COMMISSION_STATUS_LABELS[to]}`,
                        "The commission could not be moved.",
                        () => setMessage(""),
                      )
                    }
                  >
                    Mark {COMMISSION_STATUS_LABELS[to].toLowerCase()}
                  </Button>
                ),
              )}
            </div>
          </div>
        </section>
      )}

      {quotable && (
        <section aria-labelledby="quote-title" className="rounded-lg border bg-card p-4">
          <h2 id="quote-title" className="font-sans text-base font-semibold">
            {status === "quoted" ? "Send a new quote (replaces the open one)" : "Send a quote"}
          </h2>
          <form
            className="mt-3 grid gap-4 sm:grid-cols-2"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              const input = { id, ...Object.fromEntries(new FormData(event.currentTarget).entries()) };
              const form = event.currentTarget;
              startTransition(async () => {
                const result = await sendQuoteAction(input);
                setQuoteErrors(result.ok ? {} : (result.fields ?? {}));
                const ok = await runWithToast(async () => result, { success: { title: "Quote sent" }, failure: "The quote could not be sent.", logLabel: "Quote" });
                if (ok) {
                  form.reset();
                  router.refresh();
                }
              });
            }}
          >
            <QuoteField name="price" label="Price ($)" inputMode="decimal" error={quoteErrors.price} />
            <QuoteField name="shipping" label="Shipping ($, 0 for free)" inputMode="decimal" error={quoteErrors.shipping} defaultValue="0" />
            <QuoteField name="leadTimeMinDays" label="Lead time from (working days)" inputMode="numeric" error={quoteErrors.leadTimeMinDays} />
            <QuoteField name="leadTimeMaxDays" label="Lead time to (working days)" inputMode="numeric" error={quoteErrors.leadTimeMaxDays} />
            <QuoteField name="depositPercent" label="Deposit (% of the price, optional)" inputMode="numeric" error={quoteErrors.depositPercent} />
            <QuoteField name="expiresOn" label="Valid until" type="date" error={quoteErrors.expiresOn} defaultValue={defaultExpiry} />
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor="quote-notes">Notes for the shopper (optional)</Label>
              <Textarea id="quote-notes" name="notes" rows={3} aria-invalid={Boolean(quoteErrors.notes)} />
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={busy}>
                Send quote
              </Button>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}

function QuoteField({ name, label, error, ...props }: { name: string; label: string; error?: string } & React.ComponentProps<"input">) {
  const id = `quote-${name}`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} name={name} aria-invalid={Boolean(error)} aria-describedby={error ? `${id}-error` : undefined} className="h-10" {...props} />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
