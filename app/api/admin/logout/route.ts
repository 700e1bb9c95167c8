import { endAdminSessions, SIGNED_OUT_MESSAGE } from "@/lib/auth/service";
import { withAdminRoute } from "@/lib/http";

/** POST /api/admin/logout (bearer or session): ends every session and API token of the calling admin. */
export const POST = withAdminRoute(async (_req, { admin }) => {
  await endAdminSessions(admin.id, admin.sessionVersion);
  return { message: SIGNED_OUT_MESSAGE };
});
