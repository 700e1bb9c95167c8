import { adminUserUpdateSchema } from "@/lib/admin-users/schemas";
import { deleteAdminUser, updateAdminUser } from "@/lib/admin-users/service";
import { readJson, withAdminRoute } from "@/lib/http";

type Params = { id: string };

/** Admin: PUT /api/admin/users/{id} {username, email, password?} — a blank password keeps the current one. */
export const PUT = withAdminRoute<Params>(async (req, { params }) => updateAdminUser(params.id, await readJson(req, adminUserUpdateSchema)));

/** Admin: DELETE /api/admin/users/{id} — refuses the acting admin's own account and the last admin (409). */
export const DELETE = withAdminRoute<Params>(async (_req, { params, admin }) => deleteAdminUser(params.id, admin.id));
