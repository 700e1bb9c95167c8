"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { adminAction } from "@/lib/actions";
import { giftCardCodeSchema, issueGiftCardSchema } from "@/lib/gift-cards/schemas";
import { issueGiftCard, lookupGiftCard, setGiftCardActive } from "@/lib/gift-cards/service";

/** The Gift cards screen: issue, look up by code, disable / enable (signed-in admin, zod, audited service). */
const issueRun = adminAction(issueGiftCardSchema, async ({ amount, recipientEmail }) => {
  const card = await issueGiftCard({ amount: Math.round(amount * 100), recipientEmail });
  revalidatePath("/admin/gift-cards");
  return card;
});
const lookupRun = adminAction(z.object({ code: giftCardCodeSchema }), async ({ code }) => lookupGiftCard(code));
const setActiveRun = adminAction(z.object({ id: entityIdSchema, active: z.boolean() }), async ({ id, active }) => setGiftCardActive(id, active));

export async function issueGiftCardAction(input: unknown) {
  return issueRun(input);
}

export async function lookupGiftCardAction(input: { code: string }) {
  return lookupRun(input);
}

export async function setGiftCardActiveAction(input: { id: number; active: boolean }) {
  return setActiveRun(input);
}
