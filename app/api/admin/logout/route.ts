import { endAdminSessions } from "@/lib/auth/sessions";
import { withAdminRoute } from "@/lib/http";

export const SIGNED_OUT_MESSAGE = "Signed out. Every session and API token of this account has ended.";

/** POST /api/admin/logout (bearer or session): ends every session and API token of the calling admin. */
export const POST = withAdminRoute(async (_req, { admin }) => {
  await endAdminSessions(admin.id, admin.sessionVersion);
  return { message: SIGNED_OUT_MESSAGE };
});
