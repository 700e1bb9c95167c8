import "server-only";
import { randomBytes } from "node:crypto";
import Bowser from "bowser";
import { recordAudit } from "@/lib/audit/service";
import { AppError } from "@/lib/errors";
import { API_TOKEN_TTL_SECONDS, signApiToken } from "@/lib/auth/tokens";
import { prisma, type Prisma } from "@/lib/db";

/**
 * Admin sessions: every sign-in is a row — the sign-in form's cookie (`browser`) or an API token from
 * POST /api/admin/login (`api`) — and the credential carries its id (the cookie's `sid`, the token's `sid`
 * claim). A credential is honoured while its row is unended and unexpired (and its session version is
 * the admin's: lib/auth/service.ts), so Logout ends the one session it is pressed in, "Sign out
 * everywhere" ends them all, and the Sessions screen lists them and ends any one.
 */

export type AdminSessionKind = "browser" | "api";
export const SESSION_NOT_FOUND_MESSAGE = "Session not found. It may have ended already.";
export const SESSION_ENDED_MESSAGE = "Session ended. That device or token is signed out.";
export type SessionClient = { userAgent: string | null; ipAddress: string | null };

/** How often a session in use writes its last-seen time (a read per request, a write at most once a minute). */
export const LAST_SEEN_EVERY_MS = 60_000;
const USER_AGENT_MAX = 300;

/** The shape of a session id (18 random bytes, base64url); anything else names no session. */
export const SESSION_ID_PATTERN = /^[\w-]{1,64}$/;
const isSessionId = (value: unknown): value is string => typeof value === "string" && SESSION_ID_PATTERN.test(value);

/** Starts a session for `adminId` that lasts `ttlSeconds` (the cookie's or token's own lifetime); its id. */
export async function startAdminSession(adminId: number, kind: AdminSessionKind, client: SessionClient, ttlSeconds: number, now = new Date()): Promise<string> {
  const id = randomBytes(18).toString("base64url");
  await prisma.adminSession.create({
    data: {
      id,
      adminUserId: adminId,
      kind,
      userAgent: client.userAgent?.slice(0, USER_AGENT_MAX) || null,
      ipAddress: client.ipAddress,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + ttlSeconds * 1000),
    },
  });
  return id;
}

/** An API token for `admin` (POST /api/admin/login): a session of its own, as long as the token lives. */
export async function issueApiToken(admin: { id: number; email: string; sessionVersion: number }, client: SessionClient = { userAgent: null, ipAddress: null }): Promise<string> {
  const sessionId = await startAdminSession(admin.id, "api", client, API_TOKEN_TTL_SECONDS);
  return signApiToken({ ...admin, sessionId });
}

/** Whether `sessionId` is a live session of `adminId`; a live one's last-seen time is brought up to date (at most once a minute). */
export async function touchAdminSession(adminId: number, sessionId: unknown, now = new Date()): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  const row = await prisma.adminSession.findUnique({ where: { id: sessionId }, select: { adminUserId: true, endedAt: true, expiresAt: true, lastSeenAt: true } });
  if (!row || row.adminUserId !== adminId || row.endedAt || row.expiresAt <= now) return false;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await prisma.adminSession.updateMany({ where: { id: sessionId, endedAt: null }, data: { lastSeenAt: now } });
  }
  return true;
}

/**
 * Ends one session of `adminId` (another admin's session id ends nothing); whether it was live. `audited`: an
 * admin ended it from the Sessions screen or API (Logout, which ends its own, is not an admin write).
 */
export async function endAdminSession(adminId: number, sessionId: string, { audited = false, now = new Date() } = {}): Promise<boolean> {
  if (!isSessionId(sessionId)) return false;
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.adminSession.updateMany({ where: { id: sessionId, adminUserId: adminId, endedAt: null }, data: { endedAt: now } });
    if (count === 1 && audited) await recordAudit({ entityType: "session", entityId: sessionId.slice(0, 8), action: "end", before: null, after: null }, tx);
    return count === 1;
  });
}

/** An admin ends one of their own sessions (the Sessions screen, DELETE /api/admin/sessions/{id}): 404 for any id that is not a live session of theirs. */
export async function endOwnSession(adminId: number, sessionId: string): Promise<void> {
  if (!(await endAdminSession(adminId, sessionId, { audited: true }))) throw new AppError("not_found", SESSION_NOT_FOUND_MESSAGE);
}

/**
 * Ends every session and API token of an admin: the rows are ended and the session version bumped (which
 * also refuses any credential issued before this, row or not). With `currentVersion`, only while that
 * version is still current (a stale credential signing out everywhere changes nothing).
 */
export async function endEveryAdminSession(adminId: number, currentVersion?: number, now = new Date()): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const { count } = await tx.adminUser.updateMany({
      where: { id: adminId, ...(currentVersion === undefined ? {} : { sessionVersion: currentVersion }) },
      data: { sessionVersion: { increment: 1 } },
    });
    if (count !== 1) return false;
    await endSessionRows(tx, adminId, now);
    await recordAudit({ entityType: "session", entityId: null, action: "end_all", before: null, after: null }, tx);
    return true;
  });
}

/** Marks every live session row of an admin ended, in the caller's transaction (which bumps the session version with it: a new password, a reset). */
export async function endSessionRows(tx: Prisma.TransactionClient, adminId: number, now = new Date()): Promise<void> {
  await tx.adminSession.updateMany({ where: { adminUserId: adminId, endedAt: null }, data: { endedAt: now } });
}

export type AdminSessionView = {
  id: string;
  kind: AdminSessionKind;
  /** "Chrome 131 on macOS", "API token (curl)", or "Unknown device". */
  device: string;
  ipAddress: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  current: boolean;
};

/** A person's words for a user agent: the browser and its major version on the operating system. */
export function describeDevice(kind: AdminSessionKind, userAgent: string | null): string {
  const parsed = userAgent ? Bowser.parse(userAgent) : null;
  const browser = parsed?.browser.name ? `${parsed.browser.name}${parsed.browser.version ? ` ${parsed.browser.version.split(".")[0]}` : ""}` : null;
  const os = parsed?.os.name ?? null;
  const what = browser && os ? `${browser} on ${os}` : (browser ?? os ?? (userAgent ? userAgent.slice(0, 40) : null));
  if (kind === "api") return what ? `API token (${what})` : "API token";
  return what ?? "Unknown device";
}

/** The admin's live sessions, the most recently used first; `currentId` (the caller's own) marked. */
export async function listAdminSessions(adminId: number, currentId: string | null, now = new Date()): Promise<AdminSessionView[]> {
  const rows = await prisma.adminSession.findMany({
    where: { adminUserId: adminId, endedAt: null, expiresAt: { gt: now } },
    orderBy: [{ lastSeenAt: "desc" }, { createdAt: "desc" }],
  });
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    device: describeDevice(row.kind, row.userAgent),
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === currentId,
  }));
}
