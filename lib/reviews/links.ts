import "server-only";
import { shopOrigin } from "@/lib/orders/links";
import { readLinkToken, signLinkToken } from "@/lib/security/signed-links";

/**
 * A review link: a signed token (lib/security/signed-links.ts) naming one order line and its order.
 * It works once — a line has at most one review (a unique index) — and for REVIEW_LINK_DAYS.
 */
export const REVIEW_LINK_DAYS = 180;
const AUDIENCE = "maple-micron-review";

export type ReviewLinkClaims = { orderItemId: number; orderNumber: string };
export type ReviewLinkRead = { ok: true; claims: ReviewLinkClaims } | { ok: false; reason: "invalid" | "expired" };

export async function signReviewToken(claims: ReviewLinkClaims, now: Date = new Date()): Promise<string> {
  const expires = new Date(Math.floor(now.getTime() / 1000) * 1000 + REVIEW_LINK_DAYS * 86_400_000);
  return signLinkToken(AUDIENCE, String(claims.orderItemId), expires, { ord: claims.orderNumber }, now);
}

export async function readReviewToken(token: string, now: Date = new Date()): Promise<ReviewLinkRead> {
  const read = await readLinkToken(AUDIENCE, token, now);
  if (!read.ok) return read;
  const orderItemId = Number(read.subject);
  if (!Number.isSafeInteger(orderItemId) || orderItemId <= 0 || typeof read.claims.ord !== "string") return { ok: false, reason: "invalid" };
  return { ok: true, claims: { orderItemId, orderNumber: read.claims.ord } };
}

/** The review page for one order line: /review/{orderNumber}?token=… */
export async function reviewUrl(claims: ReviewLinkClaims, now?: Date): Promise<string> {
  return `${shopOrigin()}${await reviewPath(claims, now)}`;
}

export async function reviewPath(claims: ReviewLinkClaims, now?: Date): Promise<string> {
  return `/review/${encodeURIComponent(claims.orderNumber)}?token=${encodeURIComponent(await signReviewToken(claims, now))}`;
}
