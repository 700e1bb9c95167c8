import { SIGNED_OUT_MESSAGE } from "@/lib/auth/service";
import { endAdminSession } from "@/lib/auth/session-service";
import { withAdminRoute } from "@/lib/http";

/** POST /api/admin/logout (bearer or session): ends the session of the calling credential, and only it (POST /api/admin/sessions/end-all ends every one). */
export const POST = withAdminRoute(async (_req, { admin }) => {
  await endAdminSession(admin.id, admin.sessionId);
  return { message: SIGNED_OUT_MESSAGE };
});
