import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { GET as listCampaignsRoute, POST as createCampaignRoute } from "@/app/api/admin/newsletter/campaigns/route";
import { GET as getCampaignRoute, PUT as putCampaignRoute } from "@/app/api/admin/newsletter/campaigns/[id]/route";
import { POST as sendRoute } from "@/app/api/admin/newsletter/campaigns/[id]/send/route";
import { POST as testRoute } from "@/app/api/admin/newsletter/test/route";
import { POST as previewRoute } from "@/app/api/admin/newsletter/preview/route";
import { GET as newPiecesRoute } from "@/app/api/admin/newsletter/new-pieces/route";
import { GET as subscribersRoute } from "@/app/api/admin/newsletter/subscribers/route";
import { POST as adminUnsubscribeRoute } from "@/app/api/admin/newsletter/subscribers/[id]/unsubscribe/route";
import { GET as exportRoute } from "@/app/api/admin/newsletter/subscribers/export/route";
import { hashPassword } from "@/lib/auth/password";
import { issueApiToken } from "@/lib/auth/session-service";
import { runCampaign } from "@/lib/newsletter/worker-service";
import { mailboxTransport } from "@/lib/newsletter/transport";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/** Issue 28, step 4: the admin's Newsletter and Subscribers screens through their API; every write audited. */
let db: TestDatabase;
let auth: Record<string, string>;
const mailbox = mkdtempSync(path.join(os.tmpdir(), "mm-newsletter-admin-"));
beforeAll(async () => {
  process.env.DEV_MAILBOX_DIR = mailbox;
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  const row = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: await hashPassword("correct-horse") } });
  auth = { authorization: `Bearer ${await issueApiToken({ id: row.id, email: row.email, sessionVersion: row.sessionVersion })}` };
  await db.prisma.newsletterSubscriber.createMany({
    data: [
      { email: "ann@example.com", status: "confirmed", source: "footer", unsubscribeToken: "a".repeat(43), consentAt: new Date(), consentMethod: "double opt-in", consentIp: "203.0.113.9" },
      { email: "=cmd@example.com", status: "confirmed", source: "checkout", unsubscribeToken: "c".repeat(43), consentMethod: 'checkout, "quoted", comma' },
      { email: "pat@example.com", status: "pending", source: "footer", unsubscribeToken: "p".repeat(43) },
      { email: "old@example.com", status: "unsubscribed", source: "legacy", unsubscribeToken: "o".repeat(43) },
    ],
  });
});
afterAll(async () => {
  await db?.cleanup();
  rmSync(mailbox, { recursive: true, force: true });
});

const content = { subject: "New pieces", preheader: "Two bowls", body: "Two **new** bowls.", productIds: [] as number[] };

describe("Newsletter screen API", () => {
  it("refuses anyone but an admin", async () => {
    expect((await call(listCampaignsRoute, "/api/admin/newsletter/campaigns")).status).toBe(401);
    expect((await call(testRoute, "/api/admin/newsletter/test", { body: content })).status).toBe(401);
  });

  it("'New pieces' drafts the active products added since the last newsletter", async () => {
    const first = await call(newPiecesRoute, "/api/admin/newsletter/new-pieces", { headers: auth });
    expect(first.status).toBe(200);
    expect(first.json.productIds.length).toBeGreaterThan(0);
    expect(first.json.since).toBeNull();
  });

  it("previews sanitised HTML, refuses an image without alt text, sends a test to the admin only, then sends to the confirmed subscribers", async () => {
    const products = await db.prisma.product.findMany({ where: { active: true }, take: 2, orderBy: { id: "asc" } });
    const input = { ...content, body: "Two **new** bowls. [x](javascript:alert(1)) <img src=x onerror=alert(1)>", productIds: products.map((p) => p.id) };
    const preview = await call(previewRoute, "/api/admin/newsletter/preview", { body: input, headers: auth });
    expect(preview.status).toBe(200);
    expect(preview.json.html).toContain("<strong>new</strong>");
    expect(preview.json.html).not.toMatch(/href="javascript:|<img[^>]*onerror|<img src="x"/);
    expect(preview.json.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    for (const p of products) expect(preview.json.html).toContain(p.name);
    expect(preview.json.html).toContain(`src="/demo/products/`);
    expect(preview.json.text).toContain("Two new bowls.");

    const noAlt = await call(previewRoute, "/api/admin/newsletter/preview", { body: { ...content, body: "![](https://example.com/a.jpg)" }, headers: auth });
    expect(noAlt.status).toBe(400);
    expect(noAlt.json.fields.body).toBe("Every image needs a description (alt text)");

    const test = await call(testRoute, "/api/admin/newsletter/test", { body: input, headers: auth });
    expect(test.status).toBe(200);
    expect(test.json.sentTo).toBe("maker@example.com");
    const testFiles = readdirSync(mailbox).filter((f) => f.startsWith("newsletter-test-"));
    expect(testFiles).toHaveLength(1);
    expect(testFiles[0]).toContain("maker@example.com");
    expect(readFileSync(path.join(mailbox, testFiles[0]), "utf8")).toContain("Subject: [Test] New pieces");

    const created = await call(createCampaignRoute, "/api/admin/newsletter/campaigns", { body: input, headers: auth });
    expect(created.status).toBe(201);
    const id = String(created.json.id);
    const edited = await call(putCampaignRoute, `/api/admin/newsletter/campaigns/${id}`, { method: "PUT", params: { id }, body: { ...input, subject: "Two new bowls" }, headers: auth });
    expect(edited.json.subject).toBe("Two new bowls");

    const sent = await call(sendRoute, `/api/admin/newsletter/campaigns/${id}/send`, { body: {}, params: { id }, headers: auth });
    expect(sent.status).toBe(200);
    // The worker starts at once in this process: by the time the answer is read it may have finished.
    expect(["sending", "sent"]).toContain(sent.json.status);
    expect(sent.json.progress.total).toBe(2);
    expect((await call(sendRoute, `/api/admin/newsletter/campaigns/${id}/send`, { body: {}, params: { id }, headers: auth })).status).toBe(409);
    expect((await call(putCampaignRoute, `/api/admin/newsletter/campaigns/${id}`, { method: "PUT", params: { id }, body: input, headers: auth })).status).toBe(409);
    await runCampaign(Number(id), { transport: mailboxTransport(), ratePerSecond: 1000 });
    // Rows the in-process worker claimed first are its to send and to close: the campaign is marked sent when its run ends.
    let after = await call(getCampaignRoute, `/api/admin/newsletter/campaigns/${id}`, { params: { id }, headers: auth });
    for (let tries = 0; after.json.status === "sending" && tries < 50; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await call(getCampaignRoute, `/api/admin/newsletter/campaigns/${id}`, { params: { id }, headers: auth });
    }
    expect(after.json).toMatchObject({ status: "sent", progress: { total: 2, sent: 2, failed: 0, complaintRate: 0 } });

    // Since that send, nothing new: the next "New pieces" draft names no product.
    const next = await call(newPiecesRoute, "/api/admin/newsletter/new-pieces", { headers: auth });
    expect(next.json.productIds).toEqual([]);
    expect(next.json.since).toEqual(expect.any(String));

    const audit = await db.prisma.auditLog.findMany({ where: { entityType: "campaign" }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["test_send", "create", "update", "send"]);
  });

  it("schedules a send for later and takes it back", async () => {
    const created = await call(createCampaignRoute, "/api/admin/newsletter/campaigns", { body: content, headers: auth });
    const id = String(created.json.id);
    const past = await call(sendRoute, `/api/admin/newsletter/campaigns/${id}/send`, { body: { scheduledAt: "2020-01-01T00:00:00Z" }, params: { id }, headers: auth });
    expect(past.status).toBe(400);
    const at = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await call(sendRoute, `/api/admin/newsletter/campaigns/${id}/send`, { body: { scheduledAt: at }, params: { id }, headers: auth });
    expect(scheduled.json).toMatchObject({ status: "scheduled", scheduledAt: at });
    const back = await call(sendRoute, `/api/admin/newsletter/campaigns/${id}/send`, { body: { scheduledAt: null }, params: { id }, headers: auth });
    expect(back.json).toMatchObject({ status: "draft", scheduledAt: null });
  });
});

describe("Subscribers screen API", () => {
  it("lists with status and source, searches, and counts by status", async () => {
    const all = await call(subscribersRoute, "/api/admin/newsletter/subscribers", { headers: auth });
    expect(all.json.counts).toEqual({ pending: 1, confirmed: 2, unsubscribed: 1, suppressed: 0 });
    const found = await call(subscribersRoute, "/api/admin/newsletter/subscribers?q=ANN", { headers: auth });
    expect(found.json.subscribers.map((s: { email: string; status: string; source: string }) => [s.email, s.status, s.source])).toEqual([["ann@example.com", "confirmed", "footer"]]);
    const pending = await call(subscribersRoute, "/api/admin/newsletter/subscribers?status=pending", { headers: auth });
    expect(pending.json.subscribers.map((s: { email: string }) => s.email)).toEqual(["pat@example.com"]);
  });

  it("exports CSV with the orders export's escaping", async () => {
    const res = await exportRoute(new (await import("next/server")).NextRequest("http://localhost:3000/api/admin/newsletter/subscribers/export?status=confirmed", { headers: auth }), {
      params: Promise.resolve({}),
    });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const csv = await res.text();
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Email,Status,Source,Consent at,Consent method,Consent IP,Confirmation asked at,Unsubscribed at,Unsubscribed by,Suppressed at,Suppressed for,Created at");
    expect(lines[1]).toMatch(/^ann@example\.com,confirmed,footer,\d{4}-.*,double opt-in,203\.0\.113\.9,/);
    expect(lines[2]).toMatch(/^'=cmd@example\.com,confirmed,checkout,,"checkout, ""quoted"", comma",/);
    expect(lines).toHaveLength(4);
  });

  it("unsubscribes one address by hand, audited; the customer's flag follows", async () => {
    await db.prisma.customer.create({ data: { email: "ann@example.com", newsletterSubscribed: true, newsletterSubscribedAt: new Date() } });
    const ann = await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: "ann@example.com" } });
    const id = String(ann.id);
    const res = await call(adminUnsubscribeRoute, `/api/admin/newsletter/subscribers/${id}/unsubscribe`, { method: "POST", params: { id }, headers: auth });
    expect(res.json).toMatchObject({ status: "unsubscribed", unsubscribeMethod: "admin (Subscribers screen)" });
    expect(await db.prisma.customer.findUniqueOrThrow({ where: { email: "ann@example.com" } })).toMatchObject({ newsletterSubscribed: false, newsletterSubscribedAt: null });
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "subscriber", entityId: id } });
    expect(audit).toMatchObject({ action: "unsubscribe", adminName: "maker" });
  });
});
