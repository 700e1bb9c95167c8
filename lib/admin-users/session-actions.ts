"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { adminAction } from "@/lib/actions";
import { endEveryAdminSession, endOwnSession, SESSION_ID_PATTERN, SESSION_NOT_FOUND_MESSAGE } from "@/lib/auth/session-service";

const end = adminAction(z.object({ id: z.string().regex(SESSION_ID_PATTERN, SESSION_NOT_FOUND_MESSAGE) }), async ({ id }, admin) => {
  await endOwnSession(admin.id, id);
  // The session in use: the browser signs out next (a refreshed screen would only redirect it to the sign-in meanwhile).
  const current = id === admin.sessionId;
  if (!current) revalidatePath("/admin/sessions");
  return { current };
});

const endAll = adminAction(z.object({}), async (_input, admin) => {
  await endEveryAdminSession(admin.id, admin.sessionVersion);
  return { ended: true };
});

/** Ends one of the signed-in admin's own sessions (the Sessions screen); `current` when it was the one in use. */
export async function endSessionAction(input: { id: string }) {
  return end(input);
}

/** "Sign out everywhere": every session and API token of the signed-in admin ends, this one included. */
export async function signOutEverywhereAction() {
  return endAll({});
}
