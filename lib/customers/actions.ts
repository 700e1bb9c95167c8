"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { adminAction } from "@/lib/actions";
import { customerEditSchema } from "@/lib/customers/schemas";
import { deleteCustomer, updateCustomer } from "@/lib/customers/service";

function revalidateCustomerScreens() {
  revalidatePath("/admin/customers");
  revalidatePath("/admin/dashboard");
}

const editCustomer = adminAction(customerEditSchema, async ({ id, ...fields }) => {
  const customer = await updateCustomer(id, fields);
  revalidateCustomerScreens();
  return customer;
});

const removeCustomer = adminAction(z.object({ id: entityIdSchema }), async ({ id }) => {
  const result = await deleteCustomer(id);
  revalidateCustomerScreens();
  return result;
});

/** The edit dialog: first/last name and the newsletter flag (the email is read-only). */
export async function updateCustomerAction(input: { id: number; firstName: string; lastName: string; newsletterSubscribed: boolean }) {
  return editCustomer(input);
}

/** Refused by the service when the customer has orders. */
export async function deleteCustomerAction(input: { id: number }) {
  return removeCustomer(input);
}
