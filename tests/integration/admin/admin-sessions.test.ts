import { decode, encode } from "next-auth/jwt";
import { POST as logout } from "@/app/api/admin/logout/route";
import { GET as listSessions } from "@/app/api/admin/sessions/route";
import { DELETE as endSession } from "@/app/api/admin/sessions/[id]/route";
import { POST as endAll } from "@/app/api/admin/sessions/end-all/route";
import { POST as forgot } from "@/app/api/admin/forgot-password/route";
import { POST as login } from "@/app/api/admin/login/route";
import { POST as reset } from "@/app/api/admin/reset-password/route";
import { PUT as putUser } from "@/app/api/admin/users/[id]/route";
import { GET as verify } from "@/app/api/admin/verify-token/route";
import { hashPassword } from "@/lib/auth/password";
import { authOptions } from "@/lib/auth/options";
import { authSecret } from "@/lib/auth/secret";
import { startAdminSession } from "@/lib/auth/session-service";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const mailbox = mkdtempSync(path.join(os.tmpdir(), "mm-sessions-mailbox-"));
process.env.DEV_MAILBOX_DIR = mailbox;

/**
 * Finding 8: sessions end when they should. A bearer token or session cookie
 * issued before a password change, a password reset or "Sign out everywhere"
 * answers 401; Logout ends the session it is pressed in and only that one
 * (lib/auth/session-service.ts), and the Sessions API lists and ends the others.
 */
let db: TestDatabase;
let ip = 0;
beforeAll(async () => {
  db = await createTestDatabase();
  for (const [username, email, password] of [
    ["maker", "maker@example.com", "first-password"],
    ["helper", "helper@example.com", "helper-password"],
    ["owner", "owner@example.com", "owner-password"],
  ]) {
    await db.prisma.adminUser.create({ data: { username, email, passwordHash: await hashPassword(password) } });
  }
});
afterAll(() => db?.cleanup());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const signIn = async (email: string, password: string) => {
  const res = await call(login, "/api/admin/login", { body: { email, password }, headers: { "x-forwarded-for": `198.51.100.${++ip}` } });
  return { status: res.status, token: res.json?.token as string };
};
const verifyWith = async (headers: Record<string, string>) => {
  const res = await call(verify, "/api/admin/verify-token", { headers });
  return { status: res.status, message: res.json?.message };
};
const adminRow = (email: string) => db.prisma.adminUser.findUniqueOrThrow({ where: { email } });

/**
 * A next-auth session cookie as the sign-in form would set it (same secret, same claims): a browser session
 * of its own unless `sessionId` names one (null: a cookie that names none, as cookies did before sessions).
 */
async function sessionCookie(email: string, sessionVersion?: number, sessionId?: string | null) {
  const admin = await adminRow(email);
  const sid =
    sessionId === undefined
      ? await startAdminSession(admin.id, "browser", { userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36", ipAddress: "198.51.100.200" }, 3600)
      : sessionId;
  const token = await encode({
    token: { sub: String(admin.id), email, name: admin.username, adminId: admin.id, ...(sessionVersion === undefined ? {} : { sessionVersion }), ...(sid === null ? {} : { sessionId: sid }) },
    secret: authSecret(),
  });
  return `next-auth.session-token=${token}`;
}

describe("API tokens end with the password", () => {
  it("refuses a token issued before a password reset; a new sign-in works", async () => {
    const { status, token: oldToken } = await signIn("maker@example.com", "first-password");
    expect(status).toBe(200);
    expect((await verifyWith(bearer(oldToken))).status).toBe(200);

    await call(forgot, "/api/admin/forgot-password", { body: { email: "maker@example.com" } });
    // The recipient's copy (the dev mailbox): the outbox row has the token redacted.
    const newest = readdirSync(mailbox)
      .filter((f) => f.includes("maker@example.com"))
      .sort()
      .at(-1)!;
    const resetToken = new URL(/https?:\/\/\S+/.exec(readFileSync(path.join(mailbox, newest), "utf8"))![0]).searchParams.get("token")!;
    expect((await call(reset, "/api/admin/reset-password", { body: { token: resetToken, password: "second-password" } })).status).toBe(200);

    expect(await verifyWith(bearer(oldToken))).toEqual({ status: 401, message: "Authentication required" });
    const fresh = await signIn("maker@example.com", "second-password");
    expect(fresh.status).toBe(200);
    expect((await verifyWith(bearer(fresh.token))).status).toBe(200);
  });

  it("refuses the token of an admin whose password another admin changed (PUT /api/admin/users/{id})", async () => {
    const helper = await signIn("helper@example.com", "helper-password");
    const owner = await signIn("owner@example.com", "owner-password");
    const id = String((await adminRow("helper@example.com")).id);
    const changed = await call(putUser, `/api/admin/users/${id}`, {
      method: "PUT",
      params: { id },
      headers: bearer(owner.token),
      body: { username: "helper", email: "helper@example.com", password: "changed-by-owner" },
    });
    expect(changed.status).toBe(200);
    expect(await verifyWith(bearer(helper.token))).toEqual({ status: 401, message: "Authentication required" });
    expect((await verifyWith(bearer(owner.token))).status).toBe(200); // the acting admin keeps their session
    expect((await signIn("helper@example.com", "changed-by-owner")).status).toBe(200);
  });

  it("ends the own token when an admin changes their own password", async () => {
    const owner = await signIn("owner@example.com", "owner-password");
    const id = String((await adminRow("owner@example.com")).id);
    const changed = await call(putUser, `/api/admin/users/${id}`, {
      method: "PUT",
      params: { id },
      headers: bearer(owner.token),
      body: { username: "owner", email: "owner@example.com", password: "owner-password-2" },
    });
    expect(changed.status).toBe(200);
    expect((await verifyWith(bearer(owner.token))).status).toBe(401);
  });

  it("keeps tokens when an update leaves the password unchanged", async () => {
    const owner = await signIn("owner@example.com", "owner-password-2");
    const id = String((await adminRow("owner@example.com")).id);
    expect(
      (await call(putUser, `/api/admin/users/${id}`, { method: "PUT", params: { id }, headers: bearer(owner.token), body: { username: "owner", email: "owner@example.com", password: "" } })).status,
    ).toBe(200);
    expect((await verifyWith(bearer(owner.token))).status).toBe(200);
  });

  it("POST /api/admin/logout ends the calling token's session only; POST /api/admin/sessions/end-all ends every one", async () => {
    const first = await signIn("owner@example.com", "owner-password-2");
    const second = await signIn("owner@example.com", "owner-password-2");
    const helper = await signIn("helper@example.com", "changed-by-owner");
    const out = await call(logout, "/api/admin/logout", { method: "POST", headers: bearer(first.token) });
    expect(out).toMatchObject({ status: 200, json: { message: "Signed out. Your other sessions stay signed in (Sessions lists them)." } });
    expect((await verifyWith(bearer(first.token))).status).toBe(401);
    expect((await verifyWith(bearer(second.token))).status).toBe(200);
    expect((await call(logout, "/api/admin/logout", { method: "POST", headers: bearer(first.token) })).status).toBe(401);

    const cookie = await sessionCookie("owner@example.com", (await adminRow("owner@example.com")).sessionVersion);
    expect((await verifyWith({ cookie })).status).toBe(200);
    const everywhere = await call(endAll, "/api/admin/sessions/end-all", { method: "POST", headers: bearer(second.token) });
    expect(everywhere).toMatchObject({ status: 200, json: { message: "Signed out everywhere. Every session and API token of this account has ended." } });
    expect((await verifyWith(bearer(second.token))).status).toBe(401);
    expect((await verifyWith({ cookie })).status).toBe(401);
    expect((await verifyWith(bearer(helper.token))).status).toBe(200); // other admins are unaffected
    const owner = await adminRow("owner@example.com");
    expect(await db.prisma.adminSession.count({ where: { adminUserId: owner.id, endedAt: null } })).toBe(0);
  });
});

describe("the Sessions API", () => {
  it("lists the caller's own live sessions with device and address, marks the current one, and ends any one", async () => {
    const helper = await adminRow("helper@example.com");
    const api = await call(login, "/api/admin/login", {
      body: { email: "maker@example.com", password: "second-password" },
      headers: { "x-forwarded-for": "198.51.100.77", "user-agent": "curl/8.5.0" },
    });
    expect(api.status).toBe(200);
    const cookie = await sessionCookie("maker@example.com", (await adminRow("maker@example.com")).sessionVersion);
    const helperToken = (await signIn("helper@example.com", "changed-by-owner")).token;

    const listed = await call(listSessions, "/api/admin/sessions", { headers: bearer(api.json.token) });
    expect(listed.status).toBe(200);
    const sessions = listed.json.sessions as Array<{ id: string; kind: string; device: string; ipAddress: string | null; current: boolean }>;
    const mine = sessions.find((s) => s.current)!;
    expect(mine).toMatchObject({ kind: "api", device: expect.stringMatching(/^API token/), current: true });
    const browser = sessions.find((s) => s.kind === "browser" && s.ipAddress === "198.51.100.200")!;
    expect(browser).toMatchObject({ device: "Chrome 131 on Linux", current: false });
    // Only the caller's own: none of the helper's sessions, no ended one.
    const helperRows = await db.prisma.adminSession.findMany({ where: { adminUserId: helper.id }, select: { id: true } });
    expect(sessions.map((s) => s.id)).not.toEqual(expect.arrayContaining([helperRows[0].id]));

    // Another admin's session id is a 404 and ends nothing; so is an unknown or malformed one.
    for (const id of [helperRows[0].id, "no-such-session", "x".repeat(200), "%00"]) {
      const r = await call(endSession, `/api/admin/sessions/${encodeURIComponent(id)}`, { method: "DELETE", params: { id }, headers: bearer(api.json.token) });
      expect({ id, status: r.status, message: r.json?.message }).toEqual({ id, status: 404, message: "Session not found. It may have ended already." });
    }
    expect((await verifyWith(bearer(helperToken))).status).toBe(200);

    // Ending the browser session from the token: the cookie is refused, the token works on.
    const ended = await call(endSession, `/api/admin/sessions/${browser.id}`, { method: "DELETE", params: { id: browser.id }, headers: bearer(api.json.token) });
    expect(ended).toMatchObject({ status: 200, json: { message: "Session ended. That device or token is signed out." } });
    expect((await verifyWith({ cookie })).status).toBe(401);
    expect((await verifyWith(bearer(api.json.token))).status).toBe(200);
    expect((await call(listSessions, "/api/admin/sessions", { headers: bearer(api.json.token) })).json.sessions.map((s: { id: string }) => s.id)).not.toContain(browser.id);
    // The write is attributable: the activity log names the admin who ended it.
    const maker = await adminRow("maker@example.com");
    expect(await db.prisma.auditLog.findFirst({ where: { entityType: "session", action: "end" }, orderBy: { id: "desc" } })).toMatchObject({ adminUserId: maker.id, entityId: browser.id.slice(0, 8) });
  });

  it("refuses a cross-site write with the cookie (a foreign Origin): 403, and no session ends", async () => {
    const row = await adminRow("maker@example.com");
    const cookie = await sessionCookie("maker@example.com", row.sessionVersion);
    const live = () => db.prisma.adminSession.count({ where: { adminUserId: row.id, endedAt: null } });
    const before = await live();
    const foreign = { cookie, origin: "https://evil.example", "content-type": "application/json" };
    const everywhere = await call(endAll, "/api/admin/sessions/end-all", { method: "POST", body: {}, headers: foreign });
    const sid = (await db.prisma.adminSession.findFirstOrThrow({ where: { adminUserId: row.id, endedAt: null } })).id;
    const one = await call(endSession, `/api/admin/sessions/${sid}`, { method: "DELETE", params: { id: sid }, headers: { cookie, origin: "https://evil.example" } });
    expect([everywhere.status, one.status]).toEqual([403, 403]);
    expect(await live()).toBe(before);
    expect((await verifyWith({ cookie })).status).toBe(200);
  });

  it("refuses a cookie or token that names no session, or a session that expired", async () => {
    const row = await adminRow("maker@example.com");
    expect((await verifyWith({ cookie: await sessionCookie("maker@example.com", row.sessionVersion, null) })).status).toBe(401);
    const expired = await startAdminSession(row.id, "browser", { userAgent: null, ipAddress: null }, -1);
    expect((await verifyWith({ cookie: await sessionCookie("maker@example.com", row.sessionVersion, expired) })).status).toBe(401);
    // Another admin's live session id in this admin's cookie is refused too.
    const helper = await adminRow("helper@example.com");
    const helperSession = await startAdminSession(helper.id, "browser", { userAgent: null, ipAddress: null }, 3600);
    expect((await verifyWith({ cookie: await sessionCookie("maker@example.com", row.sessionVersion, helperSession) })).status).toBe(401);
  });
});

describe("session cookies carry the session version", () => {
  it("accepts a cookie with the current version and refuses an old one or one without a version", async () => {
    const { sessionVersion } = await adminRow("helper@example.com");
    expect((await verifyWith({ cookie: await sessionCookie("helper@example.com", sessionVersion) })).status).toBe(200);
    expect(await verifyWith({ cookie: await sessionCookie("helper@example.com", sessionVersion - 1) })).toEqual({ status: 401, message: "Authentication required" });
    expect((await verifyWith({ cookie: await sessionCookie("helper@example.com") })).status).toBe(401);
  });

  it("refuses a cookie issued before a password change", async () => {
    const row = await adminRow("helper@example.com");
    const cookie = await sessionCookie("helper@example.com", row.sessionVersion);
    const owner = await signIn("owner@example.com", "owner-password-2");
    const id = String(row.id);
    expect(
      (
        await call(putUser, `/api/admin/users/${id}`, {
          method: "PUT",
          params: { id },
          headers: bearer(owner.token),
          body: { username: "helper", email: "helper@example.com", password: "helper-password-3" },
        })
      ).status,
    ).toBe(200);
    expect(await verifyWith({ cookie })).toEqual({ status: 401, message: "Authentication required" });
  });

  it("signing out through next-auth ends that cookie's session only: another cookie and the admin's tokens keep working", async () => {
    const row = await adminRow("helper@example.com");
    const cookie = await sessionCookie("helper@example.com", row.sessionVersion);
    const other = await sessionCookie("helper@example.com", row.sessionVersion);
    const apiToken = (await signIn("helper@example.com", "helper-password-3")).token;
    expect((await verifyWith({ cookie })).status).toBe(200);

    // next-auth's sign-out route needs a Next request scope; it hands the decoded cookie to events.signOut (e2e covers the route).
    const decoded = await decode({ token: cookie.split("=")[1], secret: authSecret() });
    await authOptions.events!.signOut!({ token: decoded!, session: null as never });
    expect((await adminRow("helper@example.com")).sessionVersion).toBe(row.sessionVersion);
    expect(await verifyWith({ cookie })).toEqual({ status: 401, message: "Authentication required" });
    expect((await verifyWith({ cookie: other })).status).toBe(200);
    expect((await verifyWith(bearer(apiToken))).status).toBe(200);
    await authOptions.events!.signOut!({ token: decoded!, session: null as never }); // a stale cookie signing out again changes nothing
    expect((await verifyWith({ cookie: other })).status).toBe(200);
  });
});
