"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { adminAction } from "@/lib/actions";
import { giftCardCodeSchema, issueGiftCardSchema } from "@/lib/gift-cards/schemas";
import { log } from "@/lib/log";
import { emailGiftCard, issueGiftCard, lookupGiftCard, revealGiftCardCode, setGiftCardActive } from "@/lib/gift-cards/service";

/** The Gift cards screen: issue, look up by code, disable / enable, reveal a code, resend it (signed-in admin, zod, audited service). */
const issueRun = adminAction(issueGiftCardSchema, async ({ amount, recipientEmail }) => {
  const card = await issueGiftCard({ amount: Math.round(amount * 100), recipientEmail });
  revalidatePath("/admin/gift-cards");
  // A recipient given: the card is emailed to them now (issued even if the email fails: the list can resend it).
  if (!card.recipientEmail) return { ...card, emailedTo: null as string | null, emailError: null as string | null };
  try {
    const { to } = await emailGiftCard(card.id);
    return { ...card, emailedTo: to as string | null, emailError: null as string | null };
  } catch (error) {
    log.error({ err: error, giftCardId: card.id }, "gift card email failed");
    return { ...card, emailedTo: null, emailError: "The card was issued, but its email could not be sent: resend it from the list." };
  }
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
