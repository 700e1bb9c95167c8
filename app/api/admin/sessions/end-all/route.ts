import { SIGNED_OUT_EVERYWHERE_MESSAGE } from "@/lib/auth/service";
import { endEveryAdminSession } from "@/lib/auth/session-service";
import { withAdminRoute } from "@/lib/http";

/** Admin: POST /api/admin/sessions/end-all — "Sign out everywhere": every session and API token of the caller ends, this one included. */
export const POST = withAdminRoute(async (_req, { admin }) => {
  await endEveryAdminSession(admin.id, admin.sessionVersion);
  return { message: SIGNED_OUT_EVERYWHERE_MESSAGE };
});
