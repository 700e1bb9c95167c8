import "server-only";
import { getServerSession } from "next-auth";
import { getToken } from "next-auth/jwt";
import { redirect } from "next/navigation";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { authSecret } from "@/lib/auth/secret";
import { findAdmin, type AdminIdentity } from "@/lib/auth/service";
import { readApiToken } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors";

export const UNAUTHORIZED_MESSAGE = "Authentication required";

/** The admin behind a request: a bearer token (API clients) or the session cookie (admin UI), checked against the database. */
export async function getRequestAdmin(req: NextRequest): Promise<AdminIdentity | null> {
  const header = req.headers.get("authorization");
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    const id = match ? await readApiToken(match[1]) : null;
    return id ? findAdmin(id) : null;
  }
  const token = await getToken({ req, secret: authSecret() });
  const id = Number(token?.adminId);
  return Number.isInteger(id) && id > 0 ? findAdmin(id) : null;
}

export async function requireAdmin(req: NextRequest): Promise<AdminIdentity> {
  const admin = await getRequestAdmin(req);
  if (!admin) throw new AppError("unauthorized", UNAUTHORIZED_MESSAGE);
  return admin;
}

/** For admin pages and server actions: the signed-in admin, or a redirect to the login. */
export async function requireAdminPage(): Promise<AdminIdentity> {
  const session = (await getServerSession(authOptions)) as { adminId?: number } | null;
  const admin = session?.adminId ? await findAdmin(session.adminId) : null;
  if (!admin) redirect("/admin/login");
  return admin;
}

/** The signed-in admin for pages that only need to know (e.g. the login page's redirect). */
export async function currentAdmin(): Promise<AdminIdentity | null> {
  const session = (await getServerSession(authOptions)) as { adminId?: number } | null;
  return session?.adminId ? findAdmin(session.adminId) : null;
}
