"use server";

import { revalidatePath } from "next/cache";
import { adminAction } from "@/lib/actions";
import { balanceQuoteSchema, makerMessageSchema, moveCommissionSchema, publishCommissionSchema, quoteSchema } from "@/lib/commissions/admin-schemas";
import { publishCommission } from "@/lib/commissions/gallery-service";
import { createQuote, moveCommission, sendBalanceQuote, sendMakerMessage } from "@/lib/commissions/service";

const refresh = (id: number) => {
  revalidatePath("/admin/commissions");
  revalidatePath(`/admin/commissions/${id}`);
};

const move = adminAction(moveCommissionSchema, async (input) => {
  const commission = await moveCommission(input);
  refresh(input.id);
  return { status: commission.status };
});
const message = adminAction(makerMessageSchema, async ({ id, body }) => {
  await sendMakerMessage(id, body);
  refresh(id);
  return { sent: true };
});
const quote = adminAction(quoteSchema, async (input) => {
  const { quoteId } = await createQuote(input);
  refresh(input.id);
  return { quoteId };
});

const balance = adminAction(balanceQuoteSchema, async (input) => {
  const { quoteId } = await sendBalanceQuote(input);
  refresh(input.id);
  return { quoteId };
});

const publish = adminAction(publishCommissionSchema, async (input) => {
  const product = await publishCommission(input);
  refresh(input.id);
  return { slug: product.slug };
});

/** The Commissions screen: move along (or decline with a message), write to the shopper, send a quote. */
export async function moveCommissionAction(input: { id: number; status: string; message?: string }) {
  return move(input);
}
export async function sendCommissionMessageAction(input: { id: number; body: string }) {
  return message(input);
}
export async function sendQuoteAction(input: Record<string, unknown>) {
  return quote(input);
}
export async function sendBalanceQuoteAction(input: Record<string, unknown>) {
  return balance(input);
}
export async function publishCommissionAction(input: Record<string, unknown>) {
  return publish(input);
}
