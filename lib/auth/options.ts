import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authSecret } from "@/lib/auth/secret";
import { secureSessionCookie } from "@/lib/auth/session-cookie";
import { authenticateAdmin } from "@/lib/auth/service";
import { endAdminSession, startAdminSession } from "@/lib/auth/session-service";
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
          const headers = (req?.headers ?? {}) as Record<string, string | undefined>;
          const client = clientAddress(headers);
          const admin = await authenticateAdmin(parseOrThrow(loginSchema, { email: credentials?.email, password: credentials?.password }), client);
          const sessionId = await startAdminSession(admin.id, "browser", { userAgent: headers["user-agent"] ?? null, ipAddress: client }, SESSION_MAX_AGE_SECONDS);
          return { id: String(admin.id), email: admin.email, name: admin.username, sessionVersion: admin.sessionVersion, sessionId };
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
        token.sessionId = (user as { sessionId?: string }).sessionId;
      }
      return token;
    },
    async session({ session, token }) {
      return { ...session, adminId: token.adminId as number | undefined, sessionVersion: token.sessionVersion as number | undefined, sessionId: token.sessionId as string | undefined };
    },
  },
  events: {
    /** Logout ends the session it is pressed in, and only that one ("Sign out everywhere" ends them all: the Sessions screen). */
    async signOut(message) {
      const token = "token" in message ? message.token : null;
      const adminId = Number(token?.adminId);
      if (Number.isSafeInteger(adminId) && adminId > 0 && typeof token?.sessionId === "string") await endAdminSession(adminId, token.sessionId);
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
