import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { POST as subscribe } from "@/app/api/newsletter/subscribe/route";
import { POST as confirm } from "@/app/api/newsletter/confirm/route";
import { GET as unsubscribeGet, POST as unsubscribePost } from "@/app/api/newsletter/unsubscribe/[token]/route";
import { POST as resubscribe } from "@/app/api/newsletter/resubscribe/[token]/route";
import { signConfirmToken, listUnsubscribeHeaders } from "@/lib/newsletter/links";
import { subscribeAtCheckout, suppressAddress } from "@/lib/newsletter/subscriber-service";
import { updateCustomer } from "@/lib/customers/service";
import { migrate, MIGRATIONS_DIR } from "@/lib/db/migrator";
import { startEmbeddedDatabase } from "@/lib/db/embedded";
import { call, fromClient } from "@/tests/helpers/route";
import { createPostgresDatabase, createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 28, steps 1–2: double opt-in with a consent record, checkout's opt-in, the customer
 * flag following the subscriber, re-subscribing after an unsubscribe, the RFC 8058 one-click
 * unsubscribe, and the migration that keeps subscribers from before consent was recorded.
 */
let db: TestDatabase;
const mailbox = mkdtempSync(path.join(os.tmpdir(), "mm-newsletter-mailbox-"));
beforeAll(async () => {
  process.env.DEV_MAILBOX_DIR = mailbox;
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.cleanup();
  rmSync(mailbox, { recursive: true, force: true });
});

/** The newest dev-mailbox message to `to` whose subject starts with `subject`. */
function mailboxMessage(to: string, subject: string): string {
  const files = readdirSync(mailbox)
    .filter((f) => f.includes(to))
    .sort()
    .reverse();
  for (const f of files) {
    const text = readFileSync(path.join(mailbox, f), "utf8");
    if (text.includes(`Subject: ${subject}`)) return text;
  }
  return "";
}
const confirmToken = (message: string) => new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(message)![0]).searchParams.get("token")!;
const oneClick = (token: string, init: { rawBody?: string; headers?: Record<string, string> } = {}) =>
  call(unsubscribePost, `/api/newsletter/unsubscribe/${token}`, {
    method: "POST",
    params: { token },
    rawBody: init.rawBody ?? "List-Unsubscribe=One-Click",
    headers: { "content-type": "application/x-www-form-urlencoded", ...init.headers },
  });
const subscriber = (email: string) => db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
const customer = (email: string) => db.prisma.customer.findUnique({ where: { email } });

describe("footer sign-up: double opt-in", () => {
  it("records a pending subscriber, mails a signed link, and the link confirms with a consent record; the customer's flag follows", async () => {
    const res = await call(subscribe, "/api/newsletter/subscribe", { body: { email: "Wren@Example.com" }, headers: fromClient("203.0.113.7") });
    expect(res.json).toMatchObject({ pending: true, subscribed: false });
    expect(await subscriber("wren@example.com")).toMatchObject({ status: "pending", source: "footer", requestIp: "203.0.113.7", consentAt: null });
    expect(await customer("wren@example.com")).toBeNull();

    const mail = mailboxMessage("wren@example.com", "Confirm your");
    const token = confirmToken(mail);
    const ok = await call(confirm, "/api/newsletter/confirm", { body: { token }, headers: fromClient("198.51.100.4") });
    expect(ok.status).toBe(200);
    expect(ok.json).toEqual({ status: "confirmed", email: "wren@example.com" });
    const row = await subscriber("wren@example.com");
    expect(row).toMatchObject({ status: "confirmed", source: "footer", consentIp: "198.51.100.4", consentMethod: "double opt-in: footer form, confirmed by the emailed link" });
    expect(row.consentAt).toBeInstanceOf(Date);
    expect(await customer("wren@example.com")).toMatchObject({ newsletterSubscribed: true, newsletterSubscribedAt: row.consentAt });
    expect(mailboxMessage("wren@example.com", "Welcome to")).not.toBe("");

    // The link again: nothing changes.
    expect((await call(confirm, "/api/newsletter/confirm", { body: { token } })).json.status).toBe("already_confirmed");
  });

  it("refuses an expired link, a forged one, and one from before a newer request", async () => {
    await call(subscribe, "/api/newsletter/subscribe", { body: { email: "late@example.com" } });
    const row = await subscriber("late@example.com");
    const expired = await signConfirmToken({ subscriberId: row.id, requestedAt: row.requestedAt! }, new Date(Date.now() - 8 * 86_400_000));
    const res = await call(confirm, "/api/newsletter/confirm", { body: { token: expired } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("This confirmation link has expired. Subscribe again to get a new one.");
    const forged = await call(confirm, "/api/newsletter/confirm", { body: { token: `${confirmToken(mailboxMessage("late@example.com", "Confirm your"))}x` } });
    expect(forged.status).toBe(400);
    const old = await signConfirmToken({ subscriberId: row.id, requestedAt: new Date(row.requestedAt!.getTime() - 1000) });
    expect((await call(confirm, "/api/newsletter/confirm", { body: { token: old } })).status).toBe(400);
    expect((await subscriber("late@example.com")).status).toBe("pending");
  });
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("carries both List-Unsubscribe headers", () => {
    const headers = listUnsubscribeHeaders("abc".repeat(15));
    expect(headers["List-Unsubscribe"]).toBe(`<http://localhost:3000/api/newsletter/unsubscribe/${"abc".repeat(15)}>`);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
  });

  it("unsubscribes on the exact POST body with no cookie; anything else changes nothing; GET leads to the page", async () => {
    await call(subscribe, "/api/newsletter/subscribe", { body: { email: "moss@example.com" } });
    await call(confirm, "/api/newsletter/confirm", { body: { token: confirmToken(mailboxMessage("moss@example.com", "Confirm your")) } });
    const { unsubscribeToken: token } = await subscriber("moss@example.com");

    for (const rawBody of ["", "List-Unsubscribe=Yes", "list-unsubscribe=one-click", "List-Unsubscribe=One-Click&x=1"]) {
      expect((await oneClick(token, { rawBody })).status).toBe(400);
    }
    expect((await oneClick(token, { headers: { "content-type": "application/json" } })).status).toBe(400);
    const page = await call(unsubscribeGet, `/api/newsletter/unsubscribe/${token}`, { params: { token } });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toBe(`http://localhost:3000/newsletter/unsubscribe/${token}`);
    expect((await subscriber("moss@example.com")).status).toBe("confirmed");

    // A mail provider's POST: cross-site, no cookie, no Origin of ours.
    const res = await oneClick(token, { headers: { origin: "https://mail.example.net" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ unsubscribed: true, changed: true });
    expect(await subscriber("moss@example.com")).toMatchObject({ status: "unsubscribed", unsubscribeMethod: "one-click (List-Unsubscribe-Post)" });
    expect(await customer("moss@example.com")).toMatchObject({ newsletterSubscribed: false, newsletterSubscribedAt: null });
    expect((await oneClick(token)).json).toEqual({ unsubscribed: true, changed: false });
    expect((await oneClick("x".repeat(43))).status).toBe(404);
  });

  it("takes the same field as multipart/form-data", async () => {
    const row = await db.prisma.newsletterSubscriber.create({ data: { email: "multi@example.com", status: "confirmed", source: "footer", unsubscribeToken: "m".repeat(43) } });
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const body = new Response(form);
    const res = await call(unsubscribePost, `/api/newsletter/unsubscribe/${row.unsubscribeToken}`, {
      method: "POST",
      params: { token: row.unsubscribeToken },
      rawBody: await body.text(),
      headers: { "content-type": body.headers.get("content-type")! },
    });
    expect(res.status).toBe(200);
    expect((await subscriber("multi@example.com")).status).toBe("unsubscribed");
  });

  it("re-subscribing after an unsubscribe needs a new confirmation; the old link stays dead", async () => {
    const before = await subscriber("moss@example.com");
    const oldLink = confirmToken(mailboxMessage("moss@example.com", "Confirm your"));
    const res = await call(resubscribe, `/api/newsletter/resubscribe/${before.unsubscribeToken}`, { method: "POST", params: { token: before.unsubscribeToken } });
    expect(res.json).toMatchObject({ pending: true, message: "Check your inbox to confirm your subscription." });
    expect((await subscriber("moss@example.com")).status).toBe("pending");
    expect(await customer("moss@example.com")).toMatchObject({ newsletterSubscribed: false });
    expect((await call(confirm, "/api/newsletter/confirm", { body: { token: oldLink } })).status).toBe(400);
    const fresh = confirmToken(mailboxMessage("moss@example.com", "Confirm your"));
    expect(fresh).not.toBe(oldLink);
    expect((await call(confirm, "/api/newsletter/confirm", { body: { token: fresh } })).json.status).toBe("confirmed");
    expect(await subscriber("moss@example.com")).toMatchObject({ status: "confirmed", consentMethod: "double opt-in: re-subscribed on the unsubscribe page, confirmed by the emailed link" });
  });
});

describe("checkout opt-in and suppression", () => {
  it("confirms a new address at once, confirms a pending one, and asks an unsubscribed one to confirm anew", async () => {
    const now = new Date();
    await db.prisma.newsletterSubscriber.create({ data: { email: "gone@example.com", status: "unsubscribed", source: "footer", unsubscribedAt: now, unsubscribeToken: "g".repeat(43) } });
    await call(subscribe, "/api/newsletter/subscribe", { body: { email: "waiting@example.com" } });
    const results = await db.prisma.$transaction(async (tx) => ({
      fresh: await subscribeAtCheckout(tx, "fresh@example.com", { orderNumber: "ORD-1-1", ip: null, now }),
      waiting: await subscribeAtCheckout(tx, "waiting@example.com", { orderNumber: "ORD-1-2", ip: null, now }),
      gone: await subscribeAtCheckout(tx, "gone@example.com", { orderNumber: "ORD-1-3", ip: null, now }),
    }));
    expect(results.fresh).toEqual({ subscribed: true, confirm: null });
    expect(results.waiting).toEqual({ subscribed: true, confirm: null });
    expect(results.gone).toMatchObject({ subscribed: false, confirm: { email: "gone@example.com" } });
    expect(await subscriber("fresh@example.com")).toMatchObject({ status: "confirmed", source: "checkout" });
    expect(await subscriber("waiting@example.com")).toMatchObject({ status: "confirmed", source: "checkout" });
    expect(await subscriber("gone@example.com")).toMatchObject({ status: "pending", source: "checkout" });
  });

  it("a suppressed address stays suppressed and gets no email, whatever signs it up", async () => {
    await db.prisma.customer.create({ data: { email: "bounced@example.com", newsletterSubscribed: true, newsletterSubscribedAt: new Date() } });
    await db.prisma.newsletterSubscriber.create({ data: { email: "bounced@example.com", status: "confirmed", source: "legacy", unsubscribeToken: "b".repeat(43) } });
    expect(await suppressAddress("bounced@example.com", "bounce")).toBe(true);
    expect(await customer("bounced@example.com")).toMatchObject({ newsletterSubscribed: false });
    const res = await call(subscribe, "/api/newsletter/subscribe", { body: { email: "bounced@example.com" } });
    expect(res.json).toMatchObject({ pending: true });
    expect(await subscriber("bounced@example.com")).toMatchObject({ status: "suppressed", suppressedReason: "bounce" });
    expect(await db.prisma.emailMessage.count({ where: { to: "bounced@example.com" } })).toBe(0);
  });

  it("the customer record cannot tick a complained-about address back onto the list", async () => {
    const row = await db.prisma.customer.create({ data: { email: "complained@example.com", newsletterSubscribed: true, newsletterSubscribedAt: new Date() } });
    await db.prisma.newsletterSubscriber.create({ data: { email: "complained@example.com", status: "confirmed", source: "legacy", unsubscribeToken: "c".repeat(43) } });
    expect(await suppressAddress("complained@example.com", "complaint")).toBe(true);
    await expect(updateCustomer(row.id, { firstName: undefined, lastName: undefined, newsletterSubscribed: true })).rejects.toMatchObject({
      message: "complained@example.com marked a newsletter as spam: it cannot be subscribed again.",
    });
    expect(await subscriber("complained@example.com")).toMatchObject({ status: "suppressed", suppressedReason: "complaint" });
    expect(await customer("complained@example.com")).toMatchObject({ newsletterSubscribed: false });
  });
});

describe("migration 20261127130000_newsletter", () => {
  it("keeps every subscribed customer as a confirmed, legacy subscriber at the date they had", async () => {
    const before = mkdtempSync(path.join(os.tmpdir(), "mm-newsletter-migrations-"));
    for (const name of readdirSync(MIGRATIONS_DIR)) if (name < "20261127130000") cpSync(path.join(MIGRATIONS_DIR, name), path.join(before, name), { recursive: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    const target = serverUrl ? await createPostgresDatabase(serverUrl, `mm_newsletter_legacy_${process.pid}`) : null;
    const embedded = target ? null : await startEmbeddedDatabase({ dataDir: null });
    const url = target?.url ?? embedded!.url;
    try {
      await migrate(url, { dir: before });
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(
          `INSERT INTO "Customer" ("email", "newsletterSubscribed", "newsletterSubscribedAt", "updatedAt") VALUES ('old@example.com', true, '2025-03-04T05:06:07Z', now()), ('buyer@example.com', false, NULL, now())`,
        );
        await migrate(url);
        const { rows } = await client.query(`SELECT "email", "status"::text, "source"::text, "consentAt", "consentMethod", length("unsubscribeToken") AS len FROM "NewsletterSubscriber"`);
        expect(rows).toEqual([
          {
            email: "old@example.com",
            status: "confirmed",
            source: "legacy",
            consentAt: new Date("2025-03-04T05:06:07Z"),
            consentMethod: "subscribed before consent was recorded (kept as it was)",
            len: 64,
          },
        ]);
      } finally {
        await client.end();
      }
    } finally {
      await target?.drop();
      await embedded?.stop();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
