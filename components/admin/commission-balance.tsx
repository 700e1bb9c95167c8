"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { runWithToast } from "@/components/admin/action-message";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { sendBalanceQuoteAction } from "@/lib/commissions/actions";
import { formatMoney } from "@/lib/money";

type Props = { id: number; orderNumber: string; paidCents: number; dueCents: number; defaultExpiry: string };

/**
 * A commission paid with a deposit: what its order has had and still owes, and the
 * maker's "Send the balance link" (the amount is the order's balance, never typed; a new link
 * replaces an open one).
 */
export function CommissionBalance({ id, orderNumber, paidCents, dueCents, defaultExpiry }: Props) {
  const router = useRouter();
  const [busy, startTransition] = useTransition();
  const [error, setError] = useState<string | undefined>();
  return (
    <section aria-labelledby="balance-title" className="rounded-lg border bg-card p-4">
      <h2 id="balance-title" className="font-sans text-base font-semibold">
        Balance
      </h2>
      <p className="mt-2 text-sm" data-testid="admin-commission-balance">
        Order <span className="font-mono">{orderNumber}</span>: paid {formatMoney(paidCents)} · due {formatMoney(dueCents)}
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const expiresOn = String(new FormData(event.currentTarget).get("expiresOn") ?? "");
          startTransition(async () => {
            const result = await sendBalanceQuoteAction({ id, expiresOn });
            setError(result.ok ? undefined : result.fields?.expiresOn);
            if (await runWithToast(async () => result, { success: { title: "Balance link sent" }, failure: "The balance link could not be sent.", logLabel: "Balance" })) router.refresh();
          });
        }}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="balance-expires">Link valid until</Label>
          <Input
            id="balance-expires"
            name="expiresOn"
            type="date"
            defaultValue={defaultExpiry}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "balance-expires-error" : undefined}
            className="h-10"
          />
          {error && (
            <p id="balance-expires-error" className="text-sm text-destructive">
              {error}
            </p>
          )}
        </div>
        <Button type="submit" disabled={busy}>
          Send the balance link ({formatMoney(dueCents)})
        </Button>
      </form>
    </section>
  );
}
