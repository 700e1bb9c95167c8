"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { adminAction } from "@/lib/actions";
import { giftCardCodeSchema, issueGiftCardSchema } from "@/lib/gift-cards/schemas";
import { emailGiftCard, issueGiftCardByMaker, lookupGiftCard, revealGiftCardCode, setGiftCardActive } from "@/lib/gift-cards/service";

/** The Gift cards screen: issue, look up by code, disable / enable, reveal a code, resend it (signed-in admin, zod, audited service). */
const issueRun = adminAction(issueGiftCardSchema, async ({ amount, recipientEmail }) => {
  const card = await issueGiftCardByMaker({ amount: Math.round(amount * 100), recipientEmail });
  revalidatePath("/admin/gift-cards");
  return card;
});
const revealRun = adminAction(z.object({ id: entityIdSchema }), async ({ id }) => revealGiftCardCode(id));
const resendRun = adminAction(z.object({ id: entityIdSchema }), async ({ id }) => emailGiftCard(id, { action: "resend" }));
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

export async function revealGiftCardCodeAction(input: { id: number }) {
  return revealRun(input);
}

export async function resendGiftCardAction(input: { id: number }) {
  return resendRun(input);
}
