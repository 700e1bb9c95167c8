import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import type { ForgotPasswordInput, LoginInput, ResetPasswordInput } from "@/lib/auth/schemas";
import { prisma } from "@/lib/db";
import { sendEmail } from "@/lib/email/service";
import { passwordResetEmail } from "@/lib/email/templates";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { clearSignInFailures, reserveSignInAttempt } from "@/lib/auth/throttle";
import { endSessionRows, touchAdminSession } from "@/lib/auth/session-service";

/** An admin as the guards see it; `sessionVersion` and `sessionId` are carried in cookies and API tokens (session versions, below; lib/auth/session-service.ts). */
export type AdminIdentity = { id: number; email: string; username: string; sessionVersion: number; sessionId: string };
/** An admin whose password was checked, before a session is started for it. */
export type AuthenticatedAdmin = Omit<AdminIdentity, "sessionId">;

export const INVALID_LOGIN_MESSAGE = "Invalid email or password";
export const RESET_REQUESTED_MESSAGE = "If an admin account exists for that email, a password reset link is on its way.";
export const RESET_FAILED_MESSAGE = "Failed to reset password. The link may be expired or invalid.";
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const DUMMY_HASH = "$argon2id$v=19$m=19456,t=2,p=1$b9auewlreS9k7qCvXW+3ng$h+lrBDqXKFZLPylMCoR7AinpERvWL/a7EGggUAzRapw";

/**
 * Checks an admin's email and password (both the sign-in form and POST
 * /api/admin/login come here). `client` is the caller's address key
 * (lib/net/client-address.ts); the attempt is counted before the password
 * is checked (lib/auth/throttle.ts).
 */
export async function authenticateAdmin({ email, password }: LoginInput, client: string | null): Promise<AuthenticatedAdmin> {
  const attempt = await reserveSignInAttempt(email, client);
  const admin = await prisma.adminUser.findUnique({ where: { email } });
  // Verify against a dummy hash when the email is unknown, so timing does not reveal which admins exist.
  const ok = await verifyPassword(admin?.passwordHash ?? DUMMY_HASH, password);
  if (!admin || !ok) throw new AppError("unauthorized", INVALID_LOGIN_MESSAGE);
  await attempt.succeeded();
  return { id: admin.id, email: admin.email, username: admin.username, sessionVersion: admin.sessionVersion };
}

/**
 * Session versions: every admin row has a `sessionVersion`, copied into the
 * session cookie (next-auth JWT) and into API tokens when they are issued.
 * A credential is honoured only while its version equals the row's, so bumping
 * the version (password change or reset, "Sign out everywhere") ends every
 * session and token issued before it; and only while the session it names
 * (lib/auth/session-service.ts) is live, so Logout ends just its own. A credential
 * without a version or a session is refused.
 */

export const SIGNED_OUT_MESSAGE = "Signed out. Your other sessions stay signed in (Sessions lists them).";
export const SIGNED_OUT_EVERYWHERE_MESSAGE = "Signed out everywhere. Every session and API token of this account has ended.";

const positiveInt = (value: unknown): number | null => {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The admin a credential names, if the admin still exists, the credential's version is current and its session live. */
export async function findSessionAdmin(adminId: unknown, sessionVersion: unknown, sessionId: unknown): Promise<AdminIdentity | null> {
  const id = positiveInt(adminId);
  const version = positiveInt(sessionVersion);
  if (!id || !version || typeof sessionId !== "string") return null;
  const admin = await prisma.adminUser.findUnique({ where: { id }, select: { id: true, email: true, username: true, sessionVersion: true } });
  if (!admin || admin.sessionVersion !== version) return null;
  return (await touchAdminSession(id, sessionId)) ? { ...admin, sessionId } : null;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Always answers the same, whether or not the email belongs to an admin. */
export async function requestPasswordReset({ email }: ForgotPasswordInput, origin: string) {
  const admin = await prisma.adminUser.findUnique({ where: { email } });
  if (admin) {
    const token = randomBytes(32).toString("base64url");
    await prisma.passwordResetToken.create({ data: { adminUserId: admin.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) } });
    const link = `${env.SITE_URL ?? origin}/admin/reset-password?token=${encodeURIComponent(token)}`;
    await sendEmail({ to: admin.email, ...passwordResetEmail(link), secrets: [token] });
  }
  return { message: RESET_REQUESTED_MESSAGE };
}

/** Sets a new password with a single-use, unexpired link token; the caller's sign-in failures are forgotten. */
export async function resetPassword({ token, password }: ResetPasswordInput, client: string | null = null) {
  const row = await prisma.passwordResetToken.findUnique({ where: { tokenHash: hashToken(token) } });
  if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) throw new AppError("bad_request", RESET_FAILED_MESSAGE);
  const passwordHash = await hashPassword(password);
  await prisma.$transaction(async (tx) => {
    const used = await tx.passwordResetToken.updateMany({ where: { id: row.id, usedAt: null }, data: { usedAt: new Date() } });
    if (used.count !== 1) throw new AppError("bad_request", RESET_FAILED_MESSAGE);
    // A new password ends every session and API token issued before it.
    await tx.adminUser.update({ where: { id: row.adminUserId }, data: { passwordHash, sessionVersion: { increment: 1 } } });
    await endSessionRows(tx, row.adminUserId);
    await tx.passwordResetToken.updateMany({ where: { adminUserId: row.adminUserId, usedAt: null }, data: { usedAt: new Date() } });
  });
  const admin = await prisma.adminUser.findUniqueOrThrow({ where: { id: row.adminUserId }, select: { email: true } });
  await clearSignInFailures(admin.email, client);
  return { message: "Your password has been updated. You can now log in with your new password." };
}
