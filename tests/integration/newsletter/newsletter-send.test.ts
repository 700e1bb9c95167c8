import { spawn, type ChildProcess } from "node:child_process";
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { POST as subscribe } from "@/app/api/newsletter/subscribe/route";
import { POST as confirm } from "@/app/api/newsletter/confirm/route";
import { POST as unsubscribePost } from "@/app/api/newsletter/unsubscribe/[token]/route";
import { campaignProgress, createCampaign, startCampaign } from "@/lib/newsletter/campaign-service";
import { POST as resendWebhook } from "@/app/api/webhooks/resend/route";
import { env } from "@/lib/env";
import { runCampaign } from "@/lib/newsletter/worker-service";
import { mailboxTransport, resendTransport } from "@/lib/newsletter/transport";
import { call } from "@/tests/helpers/route";
import { startFakeResend, type FakeResend } from "@/tests/helpers/fake-resend";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 28, step 3: a campaign is one row per confirmed subscriber, sent in batches of at most
 * 100 with an idempotency key per batch, each row marked with the provider's id — through the
 * dev mailbox without Resend, through a fake Resend with it — and a worker killed half-way
 * through 5,000 recipients and started again delivers each message exactly once.
 */
const ROOT = path.resolve(__dirname, "../../..");
let db: TestDatabase;
let fake: FakeResend;
const mailbox = mkdtempSync(path.join(os.tmpdir(), "mm-newsletter-send-"));
beforeAll(async () => {
  process.env.DEV_MAILBOX_DIR = mailbox;
  db = await createTestDatabase();
  fake = await startFakeResend();
  const category = await db.prisma.category.create({ data: { name: "Bowls", slug: "bowls", description: "Bowls" } });
  await db.prisma.product.create({
    data: { name: "Walnut Bowl", slug: "walnut-bowl", description: "A bowl", price: "120.00", categoryId: category.id, images: { create: [{ url: "/uploads/walnut.webp", alt: "" }] } },
  });
});
afterAll(async () => {
  await fake?.close();
  await db?.cleanup();
  rmSync(mailbox, { recursive: true, force: true });
});

const FAST = { ratePerSecond: 1000 };
let seq = 0;
async function addSubscribers(count: number, status: "confirmed" | "pending" | "unsubscribed" = "confirmed", prefix = `s${++seq}`) {
  const rows = Array.from({ length: count }, (_, i) => ({ email: `${prefix}-${i}@example.com`, status, source: "footer" as const, unsubscribeToken: `${prefix}_${i}_`.padEnd(43, "x") }));
  for (let i = 0; i < rows.length; i += 1000) await db.prisma.newsletterSubscriber.createMany({ data: rows.slice(i, i + 1000) });
  return rows.map((r) => r.email);
}
/** Everyone confirmed now is unsubscribed: each test's campaign goes to its own subscribers. */
const clearList = () => db.prisma.newsletterSubscriber.updateMany({ where: { status: "confirmed" }, data: { status: "unsubscribed" } });
async function newCampaign(subject: string) {
  const walnut = await db.prisma.product.findUniqueOrThrow({ where: { slug: "walnut-bowl" } });
  return createCampaign({
    subject,
    preheader: "Fresh from the lathe",
    body: "Hello **friends**.\n\n![A cherry blank on the lathe](https://example.com/lathe.jpg)\n\n<script>alert(1)</script>",
    productIds: [walnut.id],
  });
}

/** A dev-mailbox file split into its headers, text part and HTML part. */
function parseMessage(file: string) {
  const raw = readFileSync(path.join(mailbox, file), "utf8");
  const [head, ...rest] = raw.split("\n\n");
  const headers = Object.fromEntries(head.split("\n").map((l) => [l.slice(0, l.indexOf(":")), l.slice(l.indexOf(":") + 2)]));
  const body = rest.join("\n\n");
  const boundary = /boundary="([^"]+)"/.exec(headers["Content-Type"])![1];
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((p) => p.replace(/^\n/, ""));
  const part = (type: string) =>
    parts
      .find((p) => p.startsWith(`Content-Type: ${type}`))
      ?.split("\n\n")
      .slice(1)
      .join("\n\n") ?? null;
  return { headers, text: part("text/plain"), html: part("text/html") };
}
const newsletterFiles = (subjectKey: string) => readdirSync(mailbox).filter((f) => f.startsWith(`newsletter-${subjectKey}-`));

describe("without Resend: the dev mailbox", () => {
  it("sign-up → confirmation in the mailbox → link confirms → newsletter delivered; unconfirmed and unsubscribed get nothing", async () => {
    await clearList();
    await call(subscribe, "/api/newsletter/subscribe", { body: { email: "reader@example.com" } });
    await call(subscribe, "/api/newsletter/subscribe", { body: { email: "never-confirmed@example.com" } });
    const confirmation = readdirSync(mailbox).find((f) => f.includes("reader@example.com"))!;
    const token = new URL(/https?:\/\/\S+\/newsletter\/confirm\?token=\S+/.exec(readFileSync(path.join(mailbox, confirmation), "utf8"))![0]).searchParams.get("token")!;
    expect((await call(confirm, "/api/newsletter/confirm", { body: { token } })).json.status).toBe("confirmed");
    const [leaver] = await addSubscribers(1);
    const leaverRow = await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: leaver } });
    const res = await call(unsubscribePost, `/api/newsletter/unsubscribe/${leaverRow.unsubscribeToken}`, {
      method: "POST",
      params: { token: leaverRow.unsubscribeToken },
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(200);

    const campaign = await newCampaign("Spring pieces");
    expect(await startCampaign(campaign.id)).toEqual({ started: true, total: 1 });
    expect(await runCampaign(campaign.id, { transport: mailboxTransport(), ...FAST })).toMatchObject({ sent: 1, failed: 0 });

    const files = newsletterFiles(String(campaign.id));
    expect(files).toHaveLength(1);
    expect(files[0]).toContain("reader@example.com");
    const row = await db.prisma.campaignRecipient.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(row).toMatchObject({ status: "sent", email: "reader@example.com", providerId: `mailbox:${files[0].replace(/-reader@example\.com\.eml$/, "")}` });
    expect((await db.prisma.newsletterCampaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("sent");

    // The message: both List-Unsubscribe headers, a text part, alt text on every image, a visible unsubscribe link.
    const subscriber = await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: "reader@example.com" } });
    const message = parseMessage(files[0]);
    expect(message.headers["List-Unsubscribe"]).toBe(`<http://localhost:3000/api/newsletter/unsubscribe/${subscriber.unsubscribeToken}>`);
    expect(message.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(message.headers.Subject).toBe("Spring pieces");
    expect(message.text).toContain("Hello friends.");
    expect(message.text).toContain(`Unsubscribe in one click: http://localhost:3000/newsletter/unsubscribe/${subscriber.unsubscribeToken}`);
    const html = message.html!;
    const images = [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
    expect(images.length).toBe(2);
    for (const img of images) expect(img).toMatch(/\salt="[^"]+"/);
    expect(html).toContain('alt="Photo of Walnut Bowl"');
    expect(html).toContain("http://localhost:3000/product/walnut-bowl");
    expect(html).toContain("$120.00");
    expect(html).not.toContain("<script");
    expect(html).toContain(`<a href="http://localhost:3000/newsletter/unsubscribe/${subscriber.unsubscribeToken}" style="color:#8a4b1f">Unsubscribe</a>`);
    expect(readdirSync(mailbox).some((f) => f.includes("never-confirmed") && f.startsWith("newsletter-"))).toBe(false);
    expect(readdirSync(mailbox).some((f) => f.includes(leaver) && f.startsWith("newsletter-"))).toBe(false);
  });
});

describe("against a fake Resend", () => {
  const transport = () => resendTransport({ apiKey: fake.apiKey, baseUrl: fake.url });

  it("sends in batches of at most 100, each with its idempotency key, and marks every row with the provider's id", async () => {
    await clearList();
    const emails = await addSubscribers(250);
    const campaign = await newCampaign("Batches");
    await startCampaign(campaign.id);
    const before = fake.calls.length;
    expect(await runCampaign(campaign.id, { transport: transport(), ...FAST })).toMatchObject({ batches: 3, sent: 250, failed: 0 });
    const calls = fake.calls.slice(before);
    expect(calls.map((c) => c.size)).toEqual([100, 100, 50]);
    expect(calls.every((c) => c.permissive && c.key?.startsWith(`newsletter-${campaign.id}-`))).toBe(true);
    expect(new Set(calls.map((c) => c.key)).size).toBe(3);
    const rows = await db.prisma.campaignRecipient.findMany({ where: { campaignId: campaign.id }, orderBy: { id: "asc" } });
    expect(rows.map((r) => r.email).sort()).toEqual([...emails].sort());
    const byTo = new Map(fake.delivered.map((d) => [d.to[0], d]));
    for (const r of rows) {
      expect(r.status).toBe("sent");
      expect(r.providerId).toBe(byTo.get(r.email)!.id);
    }
    const one = byTo.get(emails[0])!;
    expect(one.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(one.text).toContain("Unsubscribe in one click");
  });

  it("waits out a 429 for its Retry-After, records a refused recipient as failed and sends the rest", async () => {
    await clearList();
    const emails = await addSubscribers(120);
    fake.refuse(emails[7], "Invalid `to` field.");
    const campaign = await newCampaign("Throttled");
    await startCampaign(campaign.id);
    const before = fake.calls.length;
    fake.throttleNext(1, 1);
    const result = await runCampaign(campaign.id, { transport: transport(), ...FAST });
    expect(result).toMatchObject({ sent: 119, failed: 1 });
    const calls = fake.calls.slice(before);
    expect(calls.map((c) => c.status)).toEqual([429, 200, 200]);
    expect(calls[1].key).toBe(calls[0].key);
    expect(calls[1].at - calls[0].at).toBeGreaterThanOrEqual(1000);
    const failed = await db.prisma.campaignRecipient.findMany({ where: { campaignId: campaign.id, status: "failed" } });
    expect(failed.map((f) => [f.email, f.error])).toEqual([[emails[7], "Invalid `to` field."]]);
    expect(await db.prisma.campaignRecipient.count({ where: { campaignId: campaign.id, status: "sent", providerId: { not: null } } })).toBe(119);
    expect((await db.prisma.newsletterCampaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("sent");
  });

  it("never sends to someone who unsubscribed after the campaign started", async () => {
    await clearList();
    const emails = await addSubscribers(5);
    const campaign = await newCampaign("Late leaver");
    await startCampaign(campaign.id);
    await db.prisma.newsletterSubscriber.update({ where: { email: emails[2] }, data: { status: "unsubscribed" } });
    const before = fake.delivered.length;
    expect(await runCampaign(campaign.id, { transport: transport(), ...FAST })).toMatchObject({ sent: 4, skipped: 1 });
    expect(fake.delivered.slice(before).map((d) => d.to[0])).not.toContain(emails[2]);
  });

  it("5,000 recipients, the worker killed half-way (SIGKILL) and started again: each message delivered exactly once", async () => {
    await clearList();
    const emails = await addSubscribers(5000, "confirmed", "big");
    const campaign = await newCampaign("Five thousand");
    await startCampaign(campaign.id);
    const env = {
      ...process.env,
      DATABASE_URL: db.url,
      RESEND_API_KEY: fake.apiKey,
      RESEND_API_URL: fake.url,
      NEWSLETTER_SEND_RATE: "1000",
      NEWSLETTER_LEASE_SECONDS: "2",
      LOG_LEVEL: "silent",
      NODE_ENV: "test",
    } as NodeJS.ProcessEnv;
    const start = () =>
      spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "tests/helpers/newsletter-worker-child.ts"], { cwd: ROOT, env, stdio: ["ignore", "ignore", "inherit"] });
    const exited = (child: ChildProcess) => new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)));
    const before = fake.delivered.length;
    const delivered = () => fake.delivered.length - before;

    let first: ChildProcess | null = null;
    let killedAt = 0;
    // Killed while Resend has taken a batch and before the worker hears back: the hardest moment.
    fake.beforeAnswer = async () => {
      if (first && !killedAt && delivered() >= 2500) {
        killedAt = Date.now();
        const gone = exited(first!);
        first!.kill("SIGKILL");
        await gone;
      }
    };
    const t0 = Date.now();
    first = start();
    expect(await exited(first)).toBe("SIGKILL");
    fake.beforeAnswer = null;
    const phase1 = killedAt - t0;
    const atKill = delivered();
    expect(atKill).toBeGreaterThanOrEqual(2500);
    expect(atKill).toBeLessThan(5000);
    expect(await db.prisma.campaignRecipient.count({ where: { campaignId: campaign.id, status: "sending" } })).toBeGreaterThan(0);

    const replaysBefore = fake.calls.filter((c) => c.replay).length;
    const t1 = Date.now();
    const second = start();
    expect(await exited(second)).toBe(0);
    const phase2 = Date.now() - t1;

    const mine = fake.delivered.slice(before).filter((d) => d.subject === "Five thousand");
    expect(mine).toHaveLength(5000);
    expect(new Set(mine.map((d) => d.to[0])).size).toBe(5000);
    expect(new Set(mine.map((d) => d.to[0]))).toEqual(new Set(emails));
    // The batch in flight at the kill went out again under its key, and Resend answered from its record.
    expect(fake.calls.filter((c) => c.replay).length).toBeGreaterThan(replaysBefore);
    expect(fake.calls.every((c) => c.size <= 100)).toBe(true);
    expect(await db.prisma.campaignRecipient.count({ where: { campaignId: campaign.id, status: "sent" } })).toBe(5000);
    expect((await db.prisma.newsletterCampaign.findUniqueOrThrow({ where: { id: campaign.id } })).status).toBe("sent");
    const perThousand = Math.round((phase1 + phase2) / 5);
    console.log(`newsletter 5,000 recipients (${db.kind}): ${phase1} ms to the kill at ${atKill}, ${phase2} ms after the restart (incl. a 2 s lease); ${perThousand} ms per 1,000 recipients`);
  }, 240_000);
});

describe("Resend webhooks (Svix signatures)", () => {
  const secretBytes = randomBytes(24);
  const secret = `whsec_${secretBytes.toString("base64")}`;
  /** Signed as Svix signs: v1,base64(HMAC-SHA256(secret, "id.timestamp.body")) — written out here, apart from the library the route uses. */
  const sign = (id: string, timestamp: number, body: string, key = secretBytes) => `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
  const deliver = (payload: unknown, opts: { id?: string; timestamp?: number; signature?: string; headers?: Record<string, string> } = {}) => {
    const body = JSON.stringify(payload);
    const id = opts.id ?? `msg_${randomBytes(8).toString("hex")}`;
    const timestamp = opts.timestamp ?? Math.floor(Date.now() / 1000);
    return call(resendWebhook, "/api/webhooks/resend", {
      method: "POST",
      rawBody: body,
      headers: opts.headers ?? { "svix-id": id, "svix-timestamp": String(timestamp), "svix-signature": opts.signature ?? sign(id, timestamp, body) },
    });
  };

  it("suppresses hard bounces and complaints, refuses forged ones, and the campaign shows its complaint rate", async () => {
    env.RESEND_WEBHOOK_SECRET = secret;
    await clearList();
    const emails = await addSubscribers(4);
    const campaign = await newCampaign("Webhooks");
    await startCampaign(campaign.id);
    await runCampaign(campaign.id, { transport: resendTransport({ apiKey: fake.apiKey, baseUrl: fake.url }), ...FAST });
    const rows = await db.prisma.campaignRecipient.findMany({ where: { campaignId: campaign.id }, orderBy: { id: "asc" } });
    const event = (type: string, row: (typeof rows)[number], extra: object = {}) => ({ type, created_at: new Date().toISOString(), data: { email_id: row.providerId, to: [row.email], ...extra } });

    // Forged, altered, stale, unsigned: refused, nothing changes.
    const complaint = event("email.complained", rows[0]);
    expect((await deliver(complaint, { signature: sign("x", Math.floor(Date.now() / 1000), JSON.stringify(complaint), randomBytes(24)) })).status).toBe(400);
    expect((await deliver(complaint, { id: "msg_1", timestamp: 1_700_000_000, signature: sign("msg_1", 1_700_000_000, JSON.stringify(complaint)) })).status).toBe(400);
    expect((await deliver(complaint, { headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: emails[0] } })).status).toBe("confirmed");

    expect((await deliver(complaint, { id: "msg_complaint" })).json).toEqual({ received: true, handled: true });
    expect((await deliver(complaint, { id: "msg_complaint" })).json).toEqual({ received: true, handled: false, duplicate: true });
    expect((await deliver(event("email.bounced", rows[1], { bounce: { type: "Permanent", subType: "General", message: "No such user" } }))).json.handled).toBe(true);
    expect((await deliver(event("email.bounced", rows[2], { bounce: { type: "Transient", subType: "MailboxFull" } }))).json.handled).toBe(false);
    expect((await deliver(event("email.delivered", rows[3]))).json.handled).toBe(false);

    const status = async (email: string) => (await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).status;
    expect([await status(emails[0]), await status(emails[1]), await status(emails[2]), await status(emails[3])]).toEqual(["suppressed", "suppressed", "confirmed", "confirmed"]);
    expect((await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: emails[0] } })).suppressedReason).toBe("complaint");
    const progress = (await campaignProgress([campaign.id])).get(campaign.id)!;
    expect(progress).toMatchObject({ total: 4, sent: 4, failed: 0, complained: 1, bounced: 1, complaintRate: 0.25 });
  });

  it("a delivery that failed half-way (recorded, never marked processed) is worked when Resend retries it", async () => {
    env.RESEND_WEBHOOK_SECRET = secret;
    const [email] = await addSubscribers(1, "confirmed", "retry");
    await db.prisma.webhookEvent.create({ data: { id: "resend:msg_retry", provider: "resend", type: "email.complained" } });
    const complaint = { type: "email.complained", created_at: new Date().toISOString(), data: { email_id: "re_retry", to: [email] } };
    expect((await deliver(complaint, { id: "msg_retry" })).json).toEqual({ received: true, handled: true });
    expect((await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } })).status).toBe("suppressed");
    expect((await deliver(complaint, { id: "msg_retry" })).json).toEqual({ received: true, handled: false, duplicate: true });
  });
});
