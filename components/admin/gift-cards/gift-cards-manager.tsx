"use client";

import { formatDateTime } from "@/components/admin/format";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { TableHead } from "@/components/admin/admin-table";
import { AdminField } from "@/components/admin/admin-field";
import { AdminPageHeader } from "@/components/admin/admin-page-header";
import { runWithToast } from "@/components/admin/action-message";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { issueGiftCardAction, lookupGiftCardAction, setGiftCardActiveAction } from "@/lib/gift-cards/actions";
import type { GiftCardDTO } from "@/lib/gift-cards/service";
import { formatMoney } from "@/lib/money";

const KIND = { issued: "Issued", redeemed: "Paid an order", refunded: "Refunded to the card", voided: "Refunded to its buyer", restored: "Refund refused: balance restored" } as Record<string, string>;

function CardDetails({ card, onChange }: { card: GiftCardDTO; onChange: (card: GiftCardDTO) => void }) {
  const timeZone = useAdminTimeZone();
  const toggle = () =>
    runWithToast(
      async () => {
        const result = await setGiftCardActiveAction({ id: card.id, active: !card.active });
        if (result.ok) onChange(result.data);
        return result;
      },
      { success: { title: card.active ? "Gift card disabled" : "Gift card enabled" }, failure: "The gift card could not be changed.", logLabel: "gift card toggle" },
    );
  return (
    <section aria-labelledby="gift-card-title" className="mt-6 rounded-xl border bg-card p-5" data-testid="gift-card-details">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="gift-card-title" className="font-mono text-lg font-semibold">
          {card.code}
        </h2>
        <Button type="button" variant="outline" onClick={toggle}>
          {card.active ? "Disable" : "Enable"}
        </Button>
      </div>
      <p className="mt-2 text-sm">
        Balance <strong data-testid="gift-card-balance">{formatMoney(card.balance)}</strong> of {formatMoney(card.initialAmount)} ·{" "}
        {card.refunded ? "Refunded to its buyer" : card.active ? "Active" : "Disabled"}
        {card.recipientEmail ? ` · for ${card.recipientEmail}` : ""}
      </p>
      <table className="mt-4 w-full text-sm">
        <caption className="sr-only">Every change of this card&apos;s balance</caption>
        <TableHead
          className="border-b text-left text-muted-foreground"
          cell="py-2 font-medium"
          columns={["When", "What", { label: "Amount", className: "text-right" }, { label: "Balance after", className: "text-right" }]}
        />
        <tbody className="divide-y">
          {card.movements.map((m, k) => (
            <tr key={k}>
              <td className="py-2">{formatDateTime(m.createdAt, timeZone)}</td>
              <td className="py-2">
                {KIND[m.kind] ?? m.kind}
                {m.orderNumber ? ` (${m.orderNumber})` : ""}
              </td>
              <td className="py-2 text-right tabular-nums">{m.amount.startsWith("-") ? `−${formatMoney(m.amount.slice(1))}` : formatMoney(m.amount)}</td>
              <td className="py-2 text-right tabular-nums">{formatMoney(m.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Issue a card (its code is shown once issued), or look one up by its code. */
export function GiftCardsManager() {
  const router = useRouter();
  const [card, setCard] = useState<GiftCardDTO | null>(null);
  const [emailed, setEmailed] = useState<{ to: string | null; error: string | null } | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const issue = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    await runWithToast(
      async () => {
        const result = await issueGiftCardAction({ amount: data.get("amount"), recipientEmail: data.get("recipientEmail") });
        setFields(result.ok ? {} : (result.fields ?? {}));
        if (result.ok) {
          setCard(result.data);
          setEmailed({ to: result.data.emailedTo, error: result.data.emailError });
          router.refresh();
        }
        return result;
      },
      { success: { title: "Gift card issued" }, failure: "The gift card could not be issued.", logLabel: "gift card issue" },
    );
  };
  const lookup = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "");
    const result = await lookupGiftCardAction({ code });
    setFields(result.ok ? {} : (result.fields ?? { code: result.message }));
    setCard(result.ok ? result.data : null);
    setEmailed(null);
  };
  const aria = (id: string) => ({ "aria-invalid": Boolean(fields[id]), "aria-describedby": fields[id] ? `gift-${id}-error` : undefined });
  return (
    <>
      <AdminPageHeader title="Gift cards" description="Issue a card, or look one up by its code to see its balance and every change." />
      <div className="grid gap-6 lg:grid-cols-2">
        <form onSubmit={issue} noValidate aria-label="Issue a gift card" className="flex flex-col gap-4 rounded-xl border bg-card p-5">
          <h2 className="text-lg font-semibold">Issue a gift card</h2>
          <AdminField id="gift-amount" label="Amount ($)" error={fields.amount}>
            {() => <Input id="gift-amount" name="amount" inputMode="decimal" {...aria("amount")} />}
          </AdminField>
          <AdminField id="gift-recipientEmail" label="Recipient email (optional)" error={fields.recipientEmail}>
            {() => <Input id="gift-recipientEmail" name="recipientEmail" type="email" {...aria("recipientEmail")} />}
          </AdminField>
          <Button type="submit" className="self-start">
            Issue
          </Button>
        </form>
        <form onSubmit={lookup} noValidate aria-label="Look up a gift card" className="flex flex-col gap-4 rounded-xl border bg-card p-5">
          <h2 className="text-lg font-semibold">Look up a gift card</h2>
          <AdminField id="gift-code" label="Code" error={fields.code}>
            {() => <Input id="gift-code" name="code" autoComplete="off" placeholder="GIFT-XXXX-XXXX-XXXX" {...aria("code")} />}
          </AdminField>
          <Button type="submit" variant="outline" className="self-start">
            Look up
          </Button>
        </form>
      </div>
      {emailed && (emailed.to || emailed.error) && (
        <p role="status" className={`mt-6 text-sm ${emailed.error ? "text-destructive" : ""}`} data-testid="gift-card-emailed">
          {emailed.error ?? `Emailed to ${emailed.to} with its code.`}
        </p>
      )}
      {card && <CardDetails card={card} onChange={setCard} />}
    </>
  );
}
