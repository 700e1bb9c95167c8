import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import { issueApiToken } from "@/lib/auth/session-service";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * Issue 54, finding 3: no field that reaches an email header can add a header line.
 * Every such field (commission name → the maker's Subject, contact name and subject,
 * a campaign's subject, a product's name → the review notice's Subject) refuses CR/LF
 * and other control characters with a 400 that changes nothing; and the sending layer
 * folds whatever still arrives (an older stored value) so no `Bcc:` line reaches the
 * dev mailbox or the provider. Route modules are imported after the environment is set.
 */
type Handler = Parameters<typeof call>[0];
let db: TestDatabase;
let auth: Record<string, string>;
const mailbox = mkdtempSync(path.join(os.tmpdir(), "mm-email-headers-"));
const previousMailbox = process.env.DEV_MAILBOX_DIR;

const INJECTIONS = [
  "Robin\r\nBcc: victim@evil.example",
  "Robin\nBcc: victim@evil.example",
  "Robin\rBcc: victim@evil.example",
  "Robin\u0085Bcc: x",
  "Robin\u2028Bcc: x",
  "Robin\u0007 bell",
  "Robin\tBcc: x",
];
const commission = { name: "Robin Ash", email: "robin@example.com", description: "A salad bowl in black walnut, about 12 inches across.", budget: "unsure" };
const contact = { name: "Robin Ash", email: "robin@example.com", subject: "About a bowl", message: "Do you make larger bowls too?" };

beforeAll(async () => {
  process.env.DEV_MAILBOX_DIR = mailbox;
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  const row = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await issueApiToken({ id: row.id, email: row.email, sessionVersion: row.sessionVersion })}` };
});
afterAll(async () => {
  process.env.DEV_MAILBOX_DIR = previousMailbox;
  rmSync(mailbox, { recursive: true, force: true });
  await db?.cleanup();
});

const route = async (p: string) => (await import(`@/app/api/${p}/route`)).POST as Handler;
const state = async () =>
  JSON.stringify([
    await db.prisma.commission.count(),
    await db.prisma.contactMessage.count(),
    await db.prisma.emailMessage.count(),
    await db.prisma.newsletterCampaign.count(),
    await db.prisma.product.count(),
    readdirSync(mailbox).length,
  ]);
const injectedLines = () =>
  readdirSync(mailbox).flatMap((f) =>
    readFileSync(path.join(mailbox, f), "utf8")
      .split("\n\n")[0]
      .split("\n")
      .filter((line) => /^bcc:/i.test(line.trim())),
  );

describe("fields that reach an email header", () => {
  it("refuse CR, LF and other control characters with a 400 naming the field, changing nothing", async () => {
    const before = await state();
    const cases: Array<[string, Record<string, unknown>, string, string, Record<string, string>?]> = [];
    for (const bad of INJECTIONS) {
      cases.push(["commissions", { ...commission, name: bad }, "name", "Name must be a single line without control characters"]);
      cases.push(["contact", { ...contact, name: bad }, "name", "Name must be a single line without control characters"]);
      cases.push(["contact", { ...contact, subject: `About ${bad}` }, "subject", "Subject must be a single line without control characters"]);
      cases.push(["admin/newsletter/campaigns", { subject: `News ${bad}`, body: "Two new bowls." }, "subject", "Subject must be a single line without control characters", auth]);
      cases.push(["admin/newsletter/test", { subject: `News ${bad}`, body: "Two new bowls." }, "subject", "Subject must be a single line without control characters", auth]);
    }
    for (const [p, body, field, message, headers] of cases) {
      const res = await call(await route(p), `/api/${p}`, { body, headers });
      expect({ p, bad: JSON.stringify(body), status: res.status, field: res.json.fields?.[field] }).toEqual({ p, bad: JSON.stringify(body), status: 400, field: message });
    }
    // The commission form's multipart body too.
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...commission, name: INJECTIONS[0] })) form.set(k, v);
    const res = await (await route("commissions"))(new NextRequest(new URL("/api/commissions", "http://localhost:3000"), { method: "POST", body: form }), { params: Promise.resolve({}) });
    expect(res.status).toBe(400);
    expect(await state()).toBe(before);
    expect(injectedLines()).toEqual([]);
  });

  it("a product's name (the review notice's Subject) is one line too", async () => {
    const { productInputSchema } = await import("@/lib/catalog/admin-schemas");
    const result = productInputSchema.safeParse({ name: "Bowl\r\nBcc: victim@evil.example", price: "10.00", categoryId: 1, description: "x" });
    expect(result.success).toBe(false);
    expect(result.error!.issues.find((i) => i.path[0] === "name")?.message).toBe("Name must be a single line without control characters");
  });

  it("the sending layer folds a stored value with a line break: no Bcc line in the dev mailbox, one line in the outbox", async () => {
    const { sendEmail } = await import("@/lib/email/service");
    await sendEmail({
      to: "maker@example.com",
      subject: "[Commission] COM-1 from Robin\r\nBcc: victim@evil.example",
      text: "x",
      html: "<p>x</p>",
      replyTo: "robin@example.com\r\nBcc: victim@evil.example",
    });
    const row = await db.prisma.emailMessage.findFirstOrThrow({ orderBy: { id: "desc" } });
    expect(row.subject).toBe("[Commission] COM-1 from Robin Bcc: victim@evil.example");
    const { mailboxTransport } = await import("@/lib/newsletter/transport");
    await mailboxTransport().sendBatch(
      [
        {
          to: "ann@example.com\nBcc: victim@evil.example",
          subject: "News\r\nBcc: victim@evil.example",
          html: "<p>x</p>",
          text: "x",
          headers: { "List-Unsubscribe": "<https://x>\r\nBcc: victim@evil.example", "X-Evil\r\nBcc": "y" },
        },
      ],
      "campaign-1-batch-1",
    );
    const files = readdirSync(mailbox);
    expect(files).toHaveLength(2);
    const eml = readFileSync(
      path.join(
        mailbox,
        files.find((f) => f.endsWith(".eml"))!,
      ),
      "utf8",
    );
    expect(eml).toContain("Subject: News Bcc: victim@evil.example\n");
    expect(eml).toContain("List-Unsubscribe: <https://x> Bcc: victim@evil.example\n");
    expect(injectedLines()).toEqual([]);
  });
});
