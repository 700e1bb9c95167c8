import { jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/auth/secret";

/** Signed, expiring bearer tokens for API clients (POST /api/admin/login). */
export const API_TOKEN_TTL_SECONDS = 12 * 60 * 60;
const AUDIENCE = "maple-micron-admin-api";

const key = () => new TextEncoder().encode(authSecret());

export async function signApiToken(admin: { id: number; email: string }): Promise<string> {
  return new SignJWT({ email: admin.email })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(admin.id))
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${API_TOKEN_TTL_SECONDS}s`)
    .sign(key());
}

/** The admin id a valid, unexpired token was issued to, or null. */
export async function readApiToken(token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { audience: AUDIENCE, algorithms: ["HS256"] });
    const id = Number(payload.sub);
    return Number.isInteger(id) && id > 0 ? id : null;
  } catch {
    return null;
  }
}
