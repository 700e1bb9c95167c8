import type { Metadata } from "next";
import { GiftCardsList } from "@/components/admin/gift-cards/gift-cards-list";
import { GiftCardsManager } from "@/components/admin/gift-cards/gift-cards-manager";
import { requireAdminPage } from "@/lib/auth/guard";
import { giftCardListSchema } from "@/lib/gift-cards/schemas";
import { listGiftCards } from "@/lib/gift-cards/service";

export const metadata: Metadata = { title: "Gift cards" };

/**
 * Admin gift cards: issue a card (emailed to its recipient when one is given), look one up
 * by its code (balance and ledger), disable it; and every issued card, searched and paged,
 * its code masked and shown whole on request, its email sent again.
 */
export default async function GiftCardsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireAdminPage();
  const raw = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);
  const parsed = giftCardListSchema.safeParse({ q: one(raw.q), page: one(raw.page) });
  const query = parsed.success ? parsed.data : giftCardListSchema.parse({});
  const list = await listGiftCards(query);
  return (
    <>
      <GiftCardsManager />
      <GiftCardsList cards={list.cards} q={query.q} page={list.page} pages={list.pages} total={list.total} />
    </>
  );
}
