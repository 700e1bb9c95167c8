import { endAdminSession, SESSION_NOT_FOUND_MESSAGE, SESSION_ENDED_MESSAGE } from "@/lib/auth/session-service";
import { AppError } from "@/lib/errors";
import { withAdminRoute } from "@/lib/http";

type Params = { id: string };

/** Admin: DELETE /api/admin/sessions/{id} — ends one of the caller's own sessions (404 for any other id, ended or not theirs). */
export const DELETE = withAdminRoute<Params>(async (_req, { params, admin }) => {
  if (!(await endAdminSession(admin.id, params.id, { audited: true }))) throw new AppError("not_found", SESSION_NOT_FOUND_MESSAGE);
  return { message: SESSION_ENDED_MESSAGE };
});
