import { endOwnSession, SESSION_ENDED_MESSAGE } from "@/lib/auth/session-service";
import { withAdminRoute } from "@/lib/http";

type Params = { id: string };

/** Admin: DELETE /api/admin/sessions/{id} — ends one of the caller's own sessions (404 for any other id, ended or not theirs). */
export const DELETE = withAdminRoute<Params>(async (_req, { params, admin }) => {
  await endOwnSession(admin.id, params.id);
  return { message: SESSION_ENDED_MESSAGE };
});
