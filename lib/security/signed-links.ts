import "server-only";
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import { authSecret } from "@/lib/auth/secret";

/**
 * Links the shop emails that act without a sign-in (a review link, a quote
 * link, a commission's thread): a token signed HS256 with the shop's secret
 * (as the admin API tokens), for one audience, naming one row as its subject,
 * valid until `expiresAt`. What a link may do once opened (single use, state)
 * is its domain's rule; this only proves the shop wrote it and it is in date.
 */
export type SignedLinkRead = { ok: true; subject: string; claims: JWTPayload } | { ok: false; reason: "invalid" | "expired" };

const key = () => new TextEncoder().encode(authSecret());

export async function signLinkToken(audience: string, subject: string, expiresAt: Date, claims: Record<string, string | number> = {}, now: Date = new Date()): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(subject)
    .setAudience(audience)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key());
}

export async function readLinkToken(audience: string, token: string, now: Date = new Date()): Promise<SignedLinkRead> {
  try {
    const { payload } = await jwtVerify(token, key(), { audience, algorithms: ["HS256"], currentDate: now });
    if (typeof payload.sub !== "string" || !payload.sub) return { ok: false, reason: "invalid" };
    return { ok: true, subject: payload.sub, claims: payload };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
  }
}
