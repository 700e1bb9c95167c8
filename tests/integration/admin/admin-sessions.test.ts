import { decode, encode } from "next-auth/jwt";
import { POST as logout } from "@/app/api/admin/logout/route";
import { POST as forgot } from "@/app/api/admin/forgot-password/route";
import { POST as login } from "@/app/api/admin/login/route";
import { POST as reset } from "@/app/api/admin/reset-password/route";
import { PUT as putUser } from "@/app/api/admin/users/[id]/route";
import { GET as verify } from "@/app/api/admin/verify-token/route";
import { hashPassword } from "@/lib/auth/password";
import { authOptions } from "@/lib/auth/options";
import { authSecret } from "@/lib/auth/secret";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const mailbox = mkdtempSync(path.join(os.tmpdir(), "mm-sessions-mailbox-"));
process.env.DEV_MAILBOX_DIR = mailbox;

/**
 * Finding 8: sessions end when they should. A bearer token or session cookie
 * issued before a password change, a password reset or a sign-out answers 401.
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

/** A next-auth session cookie as the sign-in form would set it (same secret, same claims). */
async function sessionCookie(email: string, sessionVersion?: number) {
  const admin = await adminRow(email);
  const token = await encode({
    token: { sub: String(admin.id), email, name: admin.username, adminId: admin.id, ...(sessionVersion === undefined ? {} : { sessionVersion }) },
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

  it("POST /api/admin/logout ends every token of the calling admin", async () => {
    const first = await signIn("owner@example.com", "owner-password-2");
    const second = await signIn("owner@example.com", "owner-password-2");
    const helper = await signIn("helper@example.com", "changed-by-owner");
    const out = await call(logout, "/api/admin/logout", { method: "POST", headers: bearer(first.token) });
    expect(out).toMatchObject({ status: 200, json: { message: "Signed out. Every session and API token of this account has ended." } });
    expect((await verifyWith(bearer(first.token))).status).toBe(401);
    expect((await verifyWith(bearer(second.token))).status).toBe(401);
    expect((await verifyWith(bearer(helper.token))).status).toBe(200); // other admins are unaffected
    expect((await call(logout, "/api/admin/logout", { method: "POST", headers: bearer(first.token) })).status).toBe(401);
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

  it("signing out through next-auth bumps the version: the old cookie and the admin's tokens stop working", async () => {
    const row = await adminRow("helper@example.com");
    const cookie = await sessionCookie("helper@example.com", row.sessionVersion);
    const apiToken = (await signIn("helper@example.com", "helper-password-3")).token;
    expect((await verifyWith({ cookie })).status).toBe(200);

    // next-auth's sign-out route needs a Next request scope; it hands the decoded cookie to events.signOut (e2e covers the route).
    const decoded = await decode({ token: cookie.split("=")[1], secret: authSecret() });
    await authOptions.events!.signOut!({ token: decoded!, session: null as never });
    expect((await adminRow("helper@example.com")).sessionVersion).toBe(row.sessionVersion + 1);
    expect(await verifyWith({ cookie })).toEqual({ status: 401, message: "Authentication required" });
    expect((await verifyWith(bearer(apiToken))).status).toBe(401);
    await authOptions.events!.signOut!({ token: decoded!, session: null as never }); // a stale cookie signing out again changes nothing
    expect((await adminRow("helper@example.com")).sessionVersion).toBe(row.sessionVersion + 1);
  });
});
