import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { SignJWT } from "jose";
import { POST as forgot } from "@/app/api/admin/forgot-password/route";
import { POST as login } from "@/app/api/admin/login/route";
import { POST as reset } from "@/app/api/admin/reset-password/route";
import { GET as verify } from "@/app/api/admin/verify-token/route";
import { hashPassword } from "@/lib/auth/password";
import { call, fromClient } from "@/tests/helpers/route";
import { verifyPassword } from "@/lib/auth/password";

// Counts password checks (the argon2 verifications) while keeping the real ones.
jest.mock("@/lib/auth/password", () => {
  const actual = jest.requireActual("@/lib/auth/password");
  return { ...actual, verifyPassword: jest.fn(actual.verifyPassword) };
});
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
  await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: await hashPassword("right-password") } });
  await db.prisma.adminUser.create({ data: { username: "helper", email: "helper@example.com", passwordHash: await hashPassword("helper-password") } });
});
afterAll(() => db?.cleanup());

const signIn = (email: string, password: string, ip = "192.0.2.1") => call(login, "/api/admin/login", { body: { email, password }, headers: fromClient(ip) });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("admin sign-in API", () => {
  it("returns a signed token and the user, which verify-token accepts", async () => {
    const res = await signIn("Maker@Example.com", "right-password");
    expect(res.status).toBe(200);
    expect(res.json.user).toEqual({ id: expect.any(Number), username: "maker", email: "maker@example.com" });
    expect(res.json.token.split(".")).toHaveLength(3);
    const ok = await call(verify, "/api/admin/verify-token", { headers: bearer(res.json.token) });
    expect(ok.status).toBe(200);
    expect(ok.json.user.email).toBe("maker@example.com");
  });

  it("refuses a wrong password or unknown email with 401 and a message", async () => {
    expect(await signIn("maker@example.com", "nope")).toMatchObject({ status: 401, json: { message: "Invalid email or password" } });
    expect(await signIn("ghost@example.com", "nope")).toMatchObject({ status: 401, json: { message: "Invalid email or password" } });
    expect((await signIn("not-an-email", "x")).status).toBe(400);
  });

  it("throttles the 6th attempt for one account from one client, even with the right password", async () => {
    for (let i = 0; i < 4; i++) expect((await signIn("maker@example.com", `wrong-${i}`)).status).toBe(401); // 5 with the one above
    const sixth = await signIn("maker@example.com", "right-password");
    expect(sixth.status).toBe(429);
    expect(sixth.json.message).toBe("Too many sign-in attempts. Please wait 15 minutes and try again.");
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect((await signIn("helper@example.com", "helper-password")).status).toBe(200); // other accounts unaffected
    // the window passes
    await db.prisma.rateLimit.updateMany({ data: { expire: new Date(Date.now() - 1000) } });
    expect((await signIn("maker@example.com", "right-password")).status).toBe(200);
  });

  it("never locks the owner out: a stranger's failures do not stop her from her own client", async () => {
    for (let i = 0; i < 8; i++) expect((await signIn("maker@example.com", `guess-${i}`, "203.0.113.50")).status).toBe(i < 5 ? 401 : 429);
    expect((await signIn("maker@example.com", "right-password", "198.51.100.7")).status).toBe(200);
    // a forged X-Forwarded-For does not make the stranger someone else
    const forged = await call(login, "/api/admin/login", {
      body: { email: "maker@example.com", password: "right-password" },
      headers: { ...fromClient("203.0.113.50"), "x-forwarded-for": "198.51.100.7" },
    });
    expect(forged.status).toBe(429);
  });

  it("throttles one client trying many accounts after 20 failures", async () => {
    for (let i = 0; i < 20; i++) expect((await signIn(`guess${i}@example.com`, "x", "203.0.113.9")).status).toBe(401);
    expect((await signIn("helper@example.com", "helper-password", "203.0.113.9")).status).toBe(429);
    expect((await signIn("helper@example.com", "helper-password", "198.51.100.1")).status).toBe(200);
  });

  it("counts atomically: 40 parallel wrong sign-ins run at most 5 password checks", async () => {
    const checks = jest.mocked(verifyPassword);
    checks.mockClear();
    const results = await Promise.all(Array.from({ length: 40 }, () => signIn("maker@example.com", "parallel-guess", "203.0.113.77")));
    const statuses = results.map((r) => r.status);
    expect(checks.mock.calls.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 401)).toHaveLength(checks.mock.calls.length);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - checks.mock.calls.length);
    console.log(`40 parallel wrong sign-ins: ${checks.mock.calls.length} password checks, ${40 - checks.mock.calls.length} answered 429 before any check`);
  });

  it("rejects missing, malformed, tampered, expired and deleted-admin tokens with 401", async () => {
    const { json } = await signIn("helper@example.com", "helper-password", "198.51.100.2");
    const [h, p] = json.token.split(".");
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setAudience("maple-micron-admin-api")
      .setIssuedAt(0)
      .setExpirationTime(60)
      .sign(new TextEncoder().encode("maple-and-micron-development-only-secret"));
    for (const headers of [{}, { authorization: "Bearer" }, { authorization: "Bearer abc.def.ghi" }, bearer(`${h}.${p}.forged`), bearer(expired)]) {
      const res = await call(verify, "/api/admin/verify-token", { headers });
      expect(res.status).toBe(401);
      expect(res.json.message).toBe("Authentication required");
    }
    await db.prisma.adminUser.delete({ where: { email: "helper@example.com" } });
    expect((await call(verify, "/api/admin/verify-token", { headers: bearer(json.token) })).status).toBe(401);
  });
});

describe("password reset", () => {
  const mailbox = mkdtempSync(path.join(os.tmpdir(), "mm-mailbox-"));
  beforeAll(() => {
    process.env.DEV_MAILBOX_DIR = mailbox;
  });
  afterAll(() => rmSync(mailbox, { recursive: true, force: true }));

  /** The link as the recipient got it: from the dev mailbox (the outbox row has it redacted). */
  const latestLink = async () => {
    const newest = readdirSync(mailbox)
      .filter((f) => f.includes("maker@example.com"))
      .sort()
      .at(-1)!;
    return new URL(/https?:\/\/\S+/.exec(readFileSync(path.join(mailbox, newest), "utf8"))![0]);
  };

  it("keeps the reset token out of the outbox record and the log; the mailbox copy is the owner's alone", async () => {
    const { log } = await import("@/lib/log");
    const logged = jest.spyOn(log, "info");
    await call(forgot, "/api/admin/forgot-password", { body: { email: "maker@example.com" } });
    const token = (await latestLink()).searchParams.get("token")!;
    expect(token.length).toBeGreaterThan(20);
    const row = await db.prisma.emailMessage.findFirstOrThrow({ where: { to: "maker@example.com" }, orderBy: { id: "desc" } });
    expect(row.text).toContain("/admin/reset-password?token=[redacted]");
    expect(`${row.text}${row.html}`).not.toContain(token);
    // The log names the outbox row and the mailbox file: never the token, the recipient or the body.
    const lines = logged.mock.calls.map((args) => JSON.stringify(args));
    logged.mockRestore();
    const outboxLine = lines.find((l) => l.includes("email delivered to the dev outbox"));
    expect(outboxLine).toContain(`"outboxId":${row.id}`);
    expect(lines.join("\n")).not.toContain(token);
    expect(lines.join("\n")).not.toMatch(/maker@example\.com|reset-password\?token/);
    expect(statSync(mailbox).mode & 0o777).toBe(0o700);
    for (const file of readdirSync(mailbox)) expect(statSync(path.join(mailbox, file)).mode & 0o777).toBe(0o600);
  });

  it("answers the same for known and unknown emails, and only emails known ones", async () => {
    const known = await call(forgot, "/api/admin/forgot-password", { body: { email: "maker@example.com" } });
    const unknown = await call(forgot, "/api/admin/forgot-password", { body: { email: "nobody@example.com" } });
    expect(known).toMatchObject({ status: 200 });
    expect(unknown.json).toEqual(known.json);
    expect(await db.prisma.emailMessage.count({ where: { to: "nobody@example.com" } })).toBe(0);
    const link = await latestLink();
    expect(link.pathname).toBe("/admin/reset-password");
    const token = link.searchParams.get("token")!;
    const stored = await db.prisma.passwordResetToken.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(stored.tokenHash).not.toContain(token); // stored hashed
    expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
  });

  it("sets a new password once with a valid link, then refuses the used link", async () => {
    const token = (await latestLink()).searchParams.get("token")!;
    const short = await call(reset, "/api/admin/reset-password", { body: { token, password: "12345" } });
    expect(short).toMatchObject({ status: 400, json: { message: "Password must be at least 6 characters" } });
    const ok = await call(reset, "/api/admin/reset-password", { body: { token, password: "brand-new-pass" } });
    expect(ok.status).toBe(200);
    expect((await signIn("maker@example.com", "brand-new-pass", "198.51.100.3")).status).toBe(200);
    expect((await signIn("maker@example.com", "right-password", "198.51.100.3")).status).toBe(401);
    const again = await call(reset, "/api/admin/reset-password", { body: { token, password: "another-pass" } });
    expect(again).toMatchObject({ status: 400, json: { message: "Failed to reset password. The link may be expired or invalid." } });
  });

  it("refuses an expired link", async () => {
    await call(forgot, "/api/admin/forgot-password", { body: { email: "maker@example.com" } });
    const token = (await latestLink()).searchParams.get("token")!;
    await db.prisma.passwordResetToken.updateMany({ where: { usedAt: null }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await call(reset, "/api/admin/reset-password", { body: { token, password: "too-late-pass" } });
    expect(res.status).toBe(400);
  });
});
