import { getToken, type JWT } from "next-auth/jwt";
import type { NextRequest } from "next/server";
import { authSecret } from "@/lib/auth/secret";
import { env } from "@/lib/env";
import { forwardedHttps, type HeaderSource } from "@/lib/net/proxy-trust";

/**
 * Whether a request's admin session cookie is a Secure one. next-auth then
 * sets `__Secure-next-auth.session-token` with `Secure` (and its CSRF cookie
 * as `__Host-next-auth.csrf-token`); otherwise `next-auth.session-token`,
 * which a browser also sends over plain http (`npm start` on localhost).
 *
 * next-auth v4 decides this once, from its URL (NEXTAUTH_URL; `npm start`
 * sets it to SITE_URL, else http://localhost:$PORT), so behind a proxy that
 * ends TLS without SITE_URL the cookie went out without `Secure`. Here it is
 * decided per request: NEXTAUTH_URL (or SITE_URL) is https, or a trusted
 * proxy (TRUST_PROXY, Vercel) reports `X-Forwarded-Proto: https`
 * (lib/net/proxy-trust.ts). The same answer names the cookie where it is set
 * (app/api/auth/[...nextauth], lib/auth/options.ts requestAuthOptions) and
 * wherever it is read (proxy.ts and lib/auth/guard.ts through
 * readSessionToken, getServerSession through requestAuthOptions), so a
 * cookie set over https is found over https, and only the Secure one is.
 */
export function secureSessionCookie(headers: HeaderSource): boolean {
  const publicUrl = env.NEXTAUTH_URL ?? env.SITE_URL;
  return publicUrl?.startsWith("https://") === true || forwardedHttps(headers);
}

/** The claims in this request's session cookie (checked against the database by the callers), or null. */
export function readSessionToken(req: NextRequest): Promise<JWT | null> {
  return getToken({ req, secret: authSecret(), secureCookie: secureSessionCookie(req.headers) });
}
