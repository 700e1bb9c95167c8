import type { Metadata } from "next";
import { GiftCardsManager } from "@/components/admin/gift-cards/gift-cards-manager";
import { requireAdminPage } from "@/lib/auth/guard";

export const metadata: Metadata = { title: "Gift cards" };

/** Admin gift cards (issue 31): issue a card, look one up by its code (balance and ledger), disable it. */
export default async function GiftCardsPage() {
  await requireAdminPage();
  return <GiftCardsManager />;
}
