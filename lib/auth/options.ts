import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "@/lib/auth/secret";
import { secureSessionCookie } from "@/lib/auth/session-cookie";
import { authenticateAdmin, endAdminSessions } from "@/lib/auth/service";
import { isAppError } from "@/lib/errors";
import { clientAddress } from "@/lib/net/client-address";
import type { HeaderSource } from "@/lib/net/proxy-trust";
import { loginSchema } from "@/lib/auth/schemas";
import { parseOrThrow } from "@/lib/validation";

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

/** next-auth for the admin UI: credentials, a JWT session in an httpOnly SameSite=Lax cookie. */
export const authOptions: NextAuthOptions = {
  secret: authSecret(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/admin/login", error: "/admin/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials, req) {
        try {
          const client = clientAddress((req?.headers ?? {}) as Record<string, string | undefined>);
          const admin = await authenticateAdmin(parseOrThrow(loginSchema, { email: credentials?.email, password: credentials?.password }), client);
          return { id: String(admin.id), email: admin.email, name: admin.username, sessionVersion: admin.sessionVersion };
        } catch (error) {
          // next-auth hands this message to signIn()'s `error` in the browser.
          throw new Error(isAppError(error) ? error.message : "Login failed");
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        token.adminId = Number(user.id);
        token.sessionVersion = (user as { sessionVersion?: number }).sessionVersion;
      }
      return token;
    },
    async session({ session, token }) {
      return { ...session, adminId: token.adminId as number | undefined, sessionVersion: token.sessionVersion as number | undefined };
    },
  },
  events: {
    /** Signing out ends every session and API token of that admin, not just this cookie. */
    async signOut(message) {
      const token = "token" in message ? message.token : null;
      const adminId = Number(token?.adminId);
      const version = Number(token?.sessionVersion);
      if (Number.isSafeInteger(adminId) && adminId > 0 && Number.isSafeInteger(version)) await endAdminSessions(adminId, version);
    },
  },
};

/**
 * authOptions for one request: its cookies Secure (`__Secure-`/`__Host-` names) or not, as
 * lib/auth/session-cookie.ts decides for that request. The sign-in route and getServerSession use
 * it, so the cookie is set and read under one name.
 */
export function requestAuthOptions(headers: HeaderSource): NextAuthOptions {
  return { ...authOptions, useSecureCookies: secureSessionCookie(headers) };
}
