import "server-only";
import { prisma } from "@/lib/db";
import { findAdmin, type AdminIdentity } from "@/lib/auth/service";

/**
 * Session versions: every admin row has a `sessionVersion`, copied into the
 * session cookie (next-auth JWT) and into API tokens when they are issued.
 * A credential is honoured only while its version equals the row's, so bumping
 * the version (password change or reset, sign-out) ends every session and
 * token issued before it. A credential without a version is refused.
 */

export const SIGNED_OUT_MESSAGE = "Signed out. Every session and API token of this account has ended.";

const positiveInt = (value: unknown): number | null => {
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The admin a credential names, if the admin still exists and the credential's version is current. */
export async function findSessionAdmin(adminId: unknown, sessionVersion: unknown): Promise<AdminIdentity | null> {
  const id = positiveInt(adminId);
  const version = positiveInt(sessionVersion);
  if (!id || !version) return null;
  const admin = await findAdmin(id);
  return admin && admin.sessionVersion === version ? admin : null;
}

/**
 * Ends every session and API token of an admin. With `currentVersion`, only if
 * that version is still current (a stale cookie signing out changes nothing).
 */
export async function endAdminSessions(adminId: number, currentVersion?: number): Promise<boolean> {
  const { count } = await prisma.adminUser.updateMany({
    where: { id: adminId, ...(currentVersion === undefined ? {} : { sessionVersion: currentVersion }) },
    data: { sessionVersion: { increment: 1 } },
  });
  return count === 1;
}
