import { NextResponse } from "next/server";
import { adminUserCreateSchema } from "@/lib/admin-users/schemas";
import { createAdminUser, listAdminUsers } from "@/lib/admin-users/service";
import { readJson, withAdminRoute } from "@/lib/http";

/** Admin: GET /api/admin/users → [{id, username, email, createdAt}] (never a password hash). */
export const GET = withAdminRoute(async () => listAdminUsers());

/** Admin: POST /api/admin/users {username, email, password} → 201 with the new admin. */
export const POST = withAdminRoute(async (req) => NextResponse.json(await createAdminUser(await readJson(req, adminUserCreateSchema)), { status: 201 }));
