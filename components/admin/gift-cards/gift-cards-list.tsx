"use client";

import Link from "next/link";
import { useState } from "react";
import { ACTIONS_LABEL, TableHead } from "@/components/admin/admin-table";
import { runWithToast } from "@/components/admin/action-message";
import { useAdminTimeZone } from "@/components/admin/time-zone";
import { formatDate } from "@/components/admin/format";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { resendGiftCardAction, revealGiftCardCodeAction } from "@/lib/gift-cards/actions";
import type { GiftCardListRow } from "@/lib/gift-cards/service";
import { formatMoney } from "@/lib/money";

type Props = { cards: GiftCardListRow[]; q: string; page: number; pages: number; total: number };

const stateOf = (c: GiftCardListRow) => (c.refunded ? "Refunded to its buyer" : c.active ? "Active" : "Disabled");

/** One card's code: masked, and the full code on request (each reveal is in the audit log). */
function CodeCell({ card }: { card: GiftCardListRow }) {
  const [code, setCode] = useState<string | null>(null);
  const reveal = () =>
    runWithToast(
      async () => {
        const result = await revealGiftCardCodeAction({ id: card.id });
        if (result.ok) setCode(result.data.code);
        return result;
      },
      { success: { title: "Full code shown", description: "Recorded in the activity log." }, failure: "The code could not be shown.", logLabel: "gift card reveal" },
    );
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-mono" data-testid="gift-card-code" aria-label={code ? undefined : `Code ending ${card.last4}`}>
        {code ?? card.maskedCode}
      </span>
      {!code && (
        <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={reveal}>
          Show code<span className="sr-only"> of the card ending {card.last4}</span>
        </Button>
      )}
    </span>
  );
}

function ResendButton({ card }: { card: GiftCardListRow }) {
  const [pending, setPending] = useState(false);
  if (!card.recipientEmail || !card.active || card.refunded) return null;
  const resend = async () => {
    setPending(true);
    await runWithToast(() => resendGiftCardAction({ id: card.id }), {
      success: { title: `Gift card sent again to ${card.recipientEmail}` },
      failure: "The gift card could not be sent.",
      logLabel: "gift card resend",
    });
    setPending(false);
  };
  return (
    <Button type="button" variant="outline" size="sm" onClick={resend} disabled={pending}>
      Resend email<span className="sr-only"> of the card ending {card.last4}</span>
    </Button>
  );
}

const pageHref = (q: string, page: number) => `?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;

/** Label shown before a value when the table is read as cards (under 768 px). */
const CellLabel = ({ children }: { children: string }) => (
  <span aria-hidden="true" className="font-medium text-muted-foreground md:hidden">
    {children}
  </span>
);

/**
 * The issued cards: the maker's and those bought in the shop, newest first, searched
 * by the code's last 4, the recipient's email or the order number; the code masked, shown whole on
 * request; a card with a recipient can be emailed again. Rows read as cards at 390 px.
 */
export function GiftCardsList({ cards, q, page, pages, total }: Props) {
  const timeZone = useAdminTimeZone();
  const cellClass = "py-2 max-md:flex max-md:justify-between max-md:gap-4 max-md:py-1 md:px-2";
  return (
    <section aria-labelledby="issued-cards-title" className="mt-8">
      <h2 id="issued-cards-title" className="text-lg font-semibold">
        Issued cards
      </h2>
      <form method="get" role="search" aria-label="Search issued cards" className="mt-3 flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-sm">
          <label htmlFor="gift-search" className="text-sm font-medium">
            Search
          </label>
          <Input id="gift-search" name="q" type="search" defaultValue={q} aria-describedby="gift-search-hint" autoComplete="off" />
          <p id="gift-search-hint" className="text-xs text-muted-foreground">
            Last 4 of the code, the recipient&apos;s email or an order number.
          </p>
        </div>
        <Button type="submit" variant="outline" className="mb-5">
          Search
        </Button>
      </form>
      <p className="mt-2 text-sm text-muted-foreground" role="status" data-testid="gift-cards-count">
        {total === 1 ? "1 card" : `${total} cards`}
        {q ? ` matching “${q}”` : ""}
      </p>
      {cards.length > 0 && (
        <table className="mt-3 w-full text-sm max-md:block" data-testid="gift-cards-table">
          <caption className="sr-only">Issued gift cards, newest first</caption>
          <TableHead
            className="border-b text-left text-muted-foreground max-md:sr-only"
            cell="py-2 font-medium md:px-2"
            columns={["Code", { label: "Balance", className: "text-right" }, "State", "Recipient", "From", "Issued", { label: ACTIONS_LABEL }]}
          />
          <tbody className="divide-y max-md:block max-md:space-y-3 max-md:divide-y-0">
            {cards.map((card) => (
              <tr key={card.id} data-testid="gift-card-row" className="max-md:block max-md:rounded-lg max-md:border max-md:p-3">
                <td className={cellClass}>
                  <CellLabel>Code</CellLabel>
                  <CodeCell card={card} />
                </td>
                <td className={`${cellClass} tabular-nums md:text-right`}>
                  <CellLabel>Balance</CellLabel>
                  <span>
                    {formatMoney(card.balance)} of {formatMoney(card.initialAmount)}
                  </span>
                </td>
                <td className={cellClass}>
                  <CellLabel>State</CellLabel>
                  <span>{stateOf(card)}</span>
                </td>
                <td className={`${cellClass} break-all`}>
                  <CellLabel>Recipient</CellLabel>
                  <span>{card.recipientEmail ?? "—"}</span>
                </td>
                <td className={cellClass}>
                  <CellLabel>From</CellLabel>
                  <span>{card.orderNumber ? `Order ${card.orderNumber}` : "Issued by you"}</span>
                </td>
                <td className={cellClass}>
                  <CellLabel>Issued</CellLabel>
                  <span>{formatDate(card.createdAt, timeZone)}</span>
                </td>
                <td className={`${cellClass} md:text-right`}>
                  <ResendButton card={card} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav aria-label="Issued cards pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Link href={pageHref(q, page - 1)} className="underline underline-offset-4">
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link href={pageHref(q, page + 1)} className="underline underline-offset-4">
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </section>
  );
}
