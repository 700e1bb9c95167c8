import "server-only";
import { randomBytes } from "node:crypto";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { authSecret } from "@/lib/auth/secret";
import { env } from "@/lib/env";

/**
 * Newsletter links.
 * - Confirmation (double opt-in): a signed token (HS256 with the shop's secret, as review
 *   links and admin API tokens) naming the subscriber and the moment the confirmation was
 *   asked for, valid CONFIRM_LINK_DAYS. Asking again (or unsubscribing) moves that moment,
 *   so an older link no longer confirms anything.
 * - Unsubscribe: an opaque random token per subscriber (NewsletterSubscriber.unsubscribeToken),
 *   in the List-Unsubscribe header (RFC 8058 one-click POST) and the footer of every newsletter.
 */
export const CONFIRM_LINK_DAYS = 7;

/** The shop's public origin for links in emails (as lib/orders/links.ts shopOrigin). */
export function shopOrigin(): string {
  return (env.SITE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
}
const AUDIENCE = "maple-micron-newsletter-confirm";
const key = () => new TextEncoder().encode(authSecret());

export type ConfirmClaims = { subscriberId: number; requestedAt: Date };
export type ConfirmRead = { ok: true; claims: ConfirmClaims } | { ok: false; reason: "invalid" | "expired" };

export async function signConfirmToken(claims: ConfirmClaims, now: Date = new Date()): Promise<string> {
  const issued = Math.floor(now.getTime() / 1000);
  return new SignJWT({ req: claims.requestedAt.getTime() })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(claims.subscriberId))
    .setAudience(AUDIENCE)
    .setIssuedAt(issued)
    .setExpirationTime(issued + CONFIRM_LINK_DAYS * 86_400)
    .sign(key());
}

export async function readConfirmToken(token: string, now: Date = new Date()): Promise<ConfirmRead> {
  try {
    const { payload } = await jwtVerify(token, key(), { audience: AUDIENCE, algorithms: ["HS256"], currentDate: now });
    const subscriberId = Number(payload.sub);
    if (!Number.isSafeInteger(subscriberId) || subscriberId <= 0 || typeof payload.req !== "number") return { ok: false, reason: "invalid" };
    return { ok: true, claims: { subscriberId, requestedAt: new Date(payload.req) } };
  } catch (error) {
    return { ok: false, reason: error instanceof joseErrors.JWTExpired ? "expired" : "invalid" };
  }
}

export async function confirmUrl(claims: ConfirmClaims, now?: Date): Promise<{ url: string; token: string }> {
  const token = await signConfirmToken(claims, now);
  return { url: `${shopOrigin()}/newsletter/confirm?token=${encodeURIComponent(token)}`, token };
}

/** A new opaque unsubscribe token: 32 random bytes, base64url (43 characters). */
export function newUnsubscribeToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Tokens are base64url (new ones) or hex (those the migration made for legacy subscribers). */
export function isUnsubscribeTokenShape(token: string): boolean {
  return /^[A-Za-z0-9_-]{32,128}$/.test(token);
}

/** The RFC 8058 endpoint: POST `List-Unsubscribe=One-Click` unsubscribes; GET leads to the page. */
export function oneClickUnsubscribeUrl(token: string): string {
  return `${shopOrigin()}/api/newsletter/unsubscribe/${token}`;
}

/** The page a person sees (the newsletter's footer link): confirms, and offers to re-subscribe. */
export function unsubscribePageUrl(token: string): string {
  return `${shopOrigin()}/newsletter/unsubscribe/${token}`;
}

/** The List-Unsubscribe and List-Unsubscribe-Post headers of one newsletter (RFC 2369, RFC 8058). */
export function listUnsubscribeHeaders(token: string): Record<string, string> {
  const links = [`<${oneClickUnsubscribeUrl(token)}>`];
  const mailto = env.NEWSLETTER_UNSUBSCRIBE_MAILTO;
  if (mailto) links.push(`<mailto:${mailto}?subject=${encodeURIComponent(`unsubscribe ${token}`)}>`);
  return { "List-Unsubscribe": links.join(", "), "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** An absolute URL on the shop for a path (absolute URLs, such as remote images, as they are). */
export function shopUrl(pathOrUrl: string): string {
  return new URL(pathOrUrl, `${shopOrigin()}/`).toString();
}
