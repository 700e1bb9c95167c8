"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { adminAction } from "@/lib/actions";
import { discountCodeInputSchema } from "@/lib/discounts/schemas";
import { createDiscountCode, updateDiscountCode } from "@/lib/discounts/service";

/** The Discount codes screen's writes: signed-in admin, the form's zod schema, the audited service call. */
const refresh = () => revalidatePath("/admin/discounts");

const createRun = adminAction(discountCodeInputSchema, async (input) => {
  const row = await createDiscountCode(input);
  refresh();
  return row;
});

const updateRun = adminAction(z.object({ id: entityIdSchema, input: discountCodeInputSchema }), async ({ id, input }) => {
  const row = await updateDiscountCode(id, input);
  refresh();
  return row;
});

/** Disable (or enable again) without touching anything else. */
const setActiveRun = adminAction(z.object({ id: entityIdSchema, active: z.boolean() }), async ({ id, active }) => {
  const row = await updateDiscountCode(id, { active });
  refresh();
  return row;
});

export async function createDiscountCodeAction(input: unknown) {
  return createRun(input);
}

export async function updateDiscountCodeAction(input: { id: number; input: unknown }) {
  return updateRun(input);
}

export async function setDiscountCodeActiveAction(input: { id: number; active: boolean }) {
  return setActiveRun(input);
}
