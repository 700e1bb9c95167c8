import { withAdminRoute } from "@/lib/http";

/** Spec: GET /api/admin/verify-token (bearer) — non-OK means log out. */
export const GET = withAdminRoute(async (_req, { admin }) => ({ valid: true, user: { id: admin.id, username: admin.username, email: admin.email } }));
