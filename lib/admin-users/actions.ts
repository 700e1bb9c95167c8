"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { entityIdSchema } from "@/lib/admin/ids";
import { adminAction } from "@/lib/actions";
import { adminUserCreateSchema, adminUserEditSchema } from "@/lib/admin-users/schemas";
import { createAdminUser, deleteAdminUser, updateAdminUser } from "@/lib/admin-users/service";

export type AdminUserFormInput = { username: string; email: string; password: string; confirmPassword: string };

const create = adminAction(adminUserCreateSchema, async (input) => {
  const user = await createAdminUser(input);
  revalidatePath("/admin/users");
  return user;
});

const edit = adminAction(adminUserEditSchema, async ({ id, ...fields }) => {
  const user = await updateAdminUser(id, fields);
  revalidatePath("/admin/users");
  return user;
});

const remove = adminAction(z.object({ id: entityIdSchema }), async ({ id }, admin) => {
  const result = await deleteAdminUser(id, admin.id);
  revalidatePath("/admin/users");
  return result;
});

export async function createAdminUserAction(input: AdminUserFormInput) {
  return create(input);
}

/** A blank password keeps the current one. */
export async function updateAdminUserAction(input: AdminUserFormInput & { id: number }) {
  return edit(input);
}

/** Refused by the service for the acting admin's own account and for the last admin. */
export async function deleteAdminUserAction(input: { id: number }) {
  return remove(input);
}
