import "server-only";
import { getServerSession } from "next-auth";
import { getToken } from "next-auth/jwt";
import { redirect } from "next/navigation";
import type { NextRequest } from "next/server";
import { authOptions } from "@/lib/auth/options";
import { authSecret } from "@/lib/auth/secret";
import type { AdminIdentity } from "@/lib/auth/service";
import { findSessionAdmin } from "@/lib/auth/sessions";
import { readApiToken } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors";

export const UNAUTHORIZED_MESSAGE = "Authentication required";

/** API clients authenticate with an Authorization header; without one the session cookie is used. */
export const isBearerRequest = (req: Request): boolean => req.headers.has("authorization");

type SessionClaims = { adminId?: unknown; sessionVersion?: unknown } | null;

/**
 * The admin behind a request: a bearer token (API clients) or the session cookie (admin UI),
 * checked against the database on every request (deleted admin or outdated session version → null).
 */
export async function getRequestAdmin(req: NextRequest): Promise<AdminIdentity | null> {
  if (isBearerRequest(req)) {
    const match = /^Bearer\s+(.+)$/i.exec((req.headers.get("authorization") ?? "").trim());
    const claims = match ? await readApiToken(match[1]) : null;
    return claims ? findSessionAdmin(claims.adminId, claims.sessionVersion) : null;
  }
  const token = await getToken({ req, secret: authSecret() });
  return token ? findSessionAdmin(token.adminId, token.sessionVersion) : null;
}

export async function requireAdmin(req: NextRequest): Promise<AdminIdentity> {
  const admin = await getRequestAdmin(req);
  if (!admin) throw new AppError("unauthorized", UNAUTHORIZED_MESSAGE);
  return admin;
}

/** For admin pages and server actions: the signed-in admin, or a redirect to the login. */
export async function requireAdminPage(): Promise<AdminIdentity> {
  const session: SessionClaims = await getServerSession(authOptions);
  const admin = session ? await findSessionAdmin(session.adminId, session.sessionVersion) : null;
  if (!admin) redirect("/admin/login");
  return admin;
}

/** The signed-in admin for pages that only need to know (e.g. the login page's redirect). */
export async function currentAdmin(): Promise<AdminIdentity | null> {
  const session: SessionClaims = await getServerSession(authOptions);
  return session ? findSessionAdmin(session.adminId, session.sessionVersion) : null;
}
