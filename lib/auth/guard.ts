import "server-only";
import { cache } from "react";
import { getServerSession } from "next-auth";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { NextRequest } from "next/server";
import { requestAuthOptions } from "@/lib/auth/options";
import { findSessionAdmin, type AdminIdentity } from "@/lib/auth/service";
import { readSessionToken } from "@/lib/auth/session-cookie";
import { readApiToken } from "@/lib/auth/tokens";
import { AppError } from "@/lib/errors";

export const UNAUTHORIZED_MESSAGE = "Authentication required";

/** API clients authenticate with an Authorization header; without one the session cookie is used. */
export const isBearerRequest = (req: Request): boolean => req.headers.has("authorization");

type SessionClaims = { adminId?: unknown; sessionVersion?: unknown; sessionId?: unknown } | null;

/** The session in this page's or action's cookie, under the name the request's scheme gives it (lib/auth/session-cookie.ts). */
const pageSession = async (): Promise<SessionClaims> => getServerSession(requestAuthOptions(await headers()));

/**
 * The admin behind a request: a bearer token (API clients) or the session cookie (admin UI),
 * checked against the database on every request (deleted admin, outdated session version or ended session → null).
 */
export async function getRequestAdmin(req: NextRequest): Promise<AdminIdentity | null> {
  if (isBearerRequest(req)) {
    const match = /^Bearer\s+(.+)$/i.exec((req.headers.get("authorization") ?? "").trim());
    const claims = match ? await readApiToken(match[1]) : null;
    return claims ? findSessionAdmin(claims.adminId, claims.sessionVersion, claims.sessionId) : null;
  }
  const token = await readSessionToken(req);
  return token ? findSessionAdmin(token.adminId, token.sessionVersion, token.sessionId) : null;
}

export async function requireAdmin(req: NextRequest): Promise<AdminIdentity> {
  const admin = await getRequestAdmin(req);
  if (!admin) throw new AppError("unauthorized", UNAUTHORIZED_MESSAGE);
  return admin;
}

/** The admin behind a page's session, checked once per request however many of its layouts and pages ask (React's request cache; a plain call outside a render). */
const pageAdmin = cache(async (): Promise<AdminIdentity | null> => {
  const session = await pageSession();
  return session ? findSessionAdmin(session.adminId, session.sessionVersion, session.sessionId) : null;
});

/** For admin pages and server actions: the signed-in admin, or a redirect to the login. */
export async function requireAdminPage(): Promise<AdminIdentity> {
  const admin = await pageAdmin();
  if (!admin) redirect("/admin/login");
  return admin;
}

/** The signed-in admin for pages that only need to know (e.g. the login page's redirect). */
export async function currentAdmin(): Promise<AdminIdentity | null> {
  return pageAdmin();
}
