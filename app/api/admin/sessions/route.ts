import { listAdminSessions } from "@/lib/auth/session-service";
import { withAdminRoute } from "@/lib/http";

/** Admin: GET /api/admin/sessions → {sessions: [{id, kind, device, ipAddress, createdAt, lastSeenAt, expiresAt, current}]}, the caller's own live sessions and API tokens. */
export const GET = withAdminRoute(async (_req, { admin }) => ({ sessions: await listAdminSessions(admin.id, admin.sessionId) }));
