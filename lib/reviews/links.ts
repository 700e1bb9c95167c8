import "server-only";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/auth/secret";
import { shopOrigin } from "@/lib/orders/links";

/**
 * A review link: a signed token (HS256 with the shop's secret, as the admin API
 * tokens) naming one order line and its order. It works once — a line has at most
 * one review (a unique index) — and for REVIEW_LINK_DAYS.
 */
export const REVIEW_LINK_DAYS = 180;
const AUDIENCE = "maple-micron-review";
const key = () => new TextEncoder().encode(authSecret());

export type ReviewLinkClaims = { orderItemId: number; orderNumber: string };
export type ReviewLinkRead = { ok: true; claims: ReviewLinkClaims } | { ok: false; reason: "invalid" | "expired" };

export async function signReviewToken(claims: ReviewLinkClaims, now: Date = new Date()): Promise<string> {
  const issued = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ord: claims.orderNumber })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.orderItemId))
    .setAudience(AUDIENCE)
    .setIssuedAt(issued)
    .setExpirationTime(issued + REVIEW_LINK_DAYS * 86_400)
    .sign(key());
}

export async function readReviewToken(token: string, now: Date = new Date()): Promise<ReviewLinkRead> {
  try {
    const { payload } = await jwtVerify(token, key(), { audience: AUDIENCE, algorithms: ["HS256"], currentDate: now });
    const orderItemId = Number(payload.sub);
    if (!Number.isSafeInteger(orderItemId) || orderItemId <= 0 || typeof payload.ord !== "string") return { ok: false, reason: "invalid" };
    return { ok: true, claims: { orderItemId, orderNumber: payload.ord } };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
  }
}

/** The review page for one order line: /review/{orderNumber}?token=… */
export async function reviewUrl(claims: ReviewLinkClaims, now?: Date): Promise<string> {
  return `${shopOrigin()}${await reviewPath(claims, now)}`;
}

export async function reviewPath(claims: ReviewLinkClaims, now?: Date): Promise<string> {
  return `/review/${encodeURIComponent(claims.orderNumber)}?token=${encodeURIComponent(await signReviewToken(claims, now))}`;
}
