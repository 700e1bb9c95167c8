import { jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/auth/secret";

/** Signed, expiring bearer tokens for API clients (POST /api/admin/login). */
export const API_TOKEN_TTL_SECONDS = 12 * 60 * 60;
const AUDIENCE = "maple-micron-admin-api";

const key = () => new TextEncoder().encode(authSecret());

/**
 * `sv` carries the admin's session version and `sid` the session the token is (lib/auth/session-service.ts): the token
 * dies when the version is bumped or its session is ended (session versions, lib/auth/service.ts).
 */
export async function signApiToken(admin: { id: number; email: string; sessionVersion: number; sessionId: string }): Promise<string> {
  return new SignJWT({ email: admin.email, sv: admin.sessionVersion, sid: admin.sessionId })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(admin.id))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${API_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

/** The admin id, session version and session a valid, unexpired token was issued with, or null. */
export async function readApiToken(token: string): Promise<{ adminId: number; sessionVersion: number; sessionId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { audience: AUDIENCE, algorithms: ["HS256"] });
    const adminId = Number(payload.sub);
    const sessionVersion = payload.sv;
    if (!Number.isSafeInteger(adminId) || adminId <= 0) return null;
    if (typeof sessionVersion !== "number" || !Number.isSafeInteger(sessionVersion)) return null;
    if (typeof payload.sid !== "string") return null;
    return { adminId, sessionVersion, sessionId: payload.sid };
  } catch {
    return null;
  }
}
