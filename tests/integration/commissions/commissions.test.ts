/**
 * Commissions, first part: a shopper asks for a piece (fields checked
 * by the form's own schema, up to 5 reference photos content-checked like every
 * upload, rate-limited), both sides are emailed, the maker answers in a recorded
 * thread, quotes with a signed link that expires on the chosen day (a new quote
 * replaces the open one; declining withdraws it), and moves the request along
 * the allowed way only; every maker's write is in the audit log.
 * Route modules are imported after the environment is set.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { NextRequest } from "next/server";
import sharp from "sharp";
import { runAsAdmin } from "@/lib/audit/context";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

process.env.RATE_LIMIT_SCALE = "1";
process.env.RATE_LIMIT_COMMISSION = "6/1h";

type Handler = Parameters<typeof call>[0];
let db: TestDatabase;
let postCommission: Handler;
let postReply: Handler;
let service: typeof import("@/lib/commissions/service");
let schemas: typeof import("@/lib/commissions/admin-schemas");
let links: typeof import("@/lib/commissions/links");
let uploads: string;
let maker: { id: number; username: string };
const previousUploads = process.env.UPLOADS_DIR;
const previousMailbox = process.env.DEV_MAILBOX_DIR;
let mailbox: string;

const request = {
  name: "Robin Ash",
  email: "Robin@Example.com",
  description: "A salad bowl in black walnut, about 12 inches across, for a wedding present.",
  material: "Black walnut",
  size: "12 in across",
  budget: "150_300",
  wantedBy: "2027-02-14",
};
const NOW = new Date("2026-11-27T12:00:00Z");

beforeAll(async () => {
  uploads = await mkdtemp(path.join(os.tmpdir(), "mm-commission-photos-"));
  process.env.UPLOADS_DIR = uploads;
  mailbox = await mkdtemp(path.join(os.tmpdir(), "mm-commission-mailbox-"));
  process.env.DEV_MAILBOX_DIR = mailbox;
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  postCommission = (await import("@/app/api/commissions/route")).POST as Handler;
  postReply = (await import("@/app/api/commissions/reply/route")).POST as Handler;
  service = await import("@/lib/commissions/service");
  schemas = await import("@/lib/commissions/admin-schemas");
  links = await import("@/lib/commissions/links");
  maker = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
});
afterAll(async () => {
  process.env.UPLOADS_DIR = previousUploads;
  process.env.DEV_MAILBOX_DIR = previousMailbox;
  await rm(uploads, { recursive: true, force: true });
  await rm(mailbox, { recursive: true, force: true });
  await db?.cleanup();
});

let ip = 0;
const nextIp = () => `203.0.113.${++ip}`;
const ask = (body: unknown, from = nextIp()) => call(postCommission, "/api/commissions", { body, headers: fromClient(from) });
const asMaker = <T>(fn: () => Promise<T>) => runAsAdmin(maker, fn);
const mailTo = (to: string) => db.prisma.emailMessage.findMany({ where: { to }, orderBy: { id: "asc" } });
/** The email as the recipient got it (the dev mailbox); the outbox row keeps its signed links redacted, as a reset link. */
const delivered = async (row: { id: number; to: string; text: string }) => {
  const text = await readFile(path.join(mailbox, `${String(row.id).padStart(8, "0")}-${row.to}.txt`), "utf8");
  const links = text.match(/https?:\/\/\S+(?:\/quote\/|token=)\S+/g) ?? [];
  expect(links.length).toBeGreaterThan(0);
  for (const link of links) {
    const token = new URL(link).searchParams.get("token") ?? link.split("/quote/")[1];
    expect(row.text).not.toContain(token);
    expect(row.text).not.toContain(encodeURIComponent(token));
  }
  expect(row.text).toContain("[redacted]");
  return text;
};
const quote = (id: number, over: Record<string, unknown> = {}) =>
  asMaker(() =>
    service.createQuote(
      schemas.quoteSchema.parse({ id, price: "240", shipping: "0", leadTimeMinDays: "15", leadTimeMaxDays: "20", expiresOn: "2026-12-11", notes: "Oiled, not lacquered.", ...over }),
      NOW,
    ),
  );

async function askForm(fields: Record<string, string>, photos: File[], from = nextIp()) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const photo of photos) form.append("photos", photo);
  const req = new NextRequest(new URL("/api/commissions", "http://localhost:3000"), { method: "POST", body: form, headers: fromClient(from) });
  const res = await postCommission(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}
const photo = async (name: string, width = 900, height = 600) =>
  new File(
    [
      new Uint8Array(
        await sharp({ create: { width, height, channels: 3, background: { r: 120, g: 80, b: 40 } } })
          .jpeg()
          .toBuffer(),
      ),
    ],
    name,
    { type: "image/jpeg" },
  );
/** Every stored file under the uploads folder, as "folder/name" (the commission photos' folder included). */
const storedFiles = async () =>
  (await readdir(uploads, { recursive: true, withFileTypes: true }))
    .filter((e) => e.isFile() && !e.name.startsWith("."))
    .map((e) => path.relative(uploads, path.join(e.parentPath, e.name)).split(path.sep).join("/"));

describe(`commissions on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "the embedded database"}`, () => {
  it("a request is stored, the shopper gets a confirmation with their thread link and the maker a notice", async () => {
    const product = await db.prisma.product.findFirstOrThrow({ where: { slug: "black-walnut-salad-bowl" } });
    const res = await ask({ ...request, productId: product.id });
    expect(res.status).toBe(201);
    expect(res.json.reference).toMatch(/^COM-[0-9A-F]{8}$/);
    expect(res.json.message).toBe("Thank you! Your request is on its way to the workshop. Check your inbox for a confirmation.");
    const stored = await db.prisma.commission.findUniqueOrThrow({ where: { reference: res.json.reference } });
    expect(stored).toMatchObject({ status: "new", email: "robin@example.com", budget: "150_300", productId: product.id, material: "Black walnut" });
    expect(stored.wantedBy?.toISOString()).toBe("2027-02-14T00:00:00.000Z");

    const [confirmation] = await mailTo("robin@example.com");
    expect(confirmation.subject).toBe(`We received your commission request ${res.json.reference}`);
    expect(confirmation.text).toContain("Like: Black Walnut Salad Bowl");
    expect(confirmation.text).toContain("Budget: $150–$300");
    const threadLink = /Your request and our messages: (\S+)/.exec(await delivered(confirmation))![1];
    const url = new URL(threadLink);
    expect(url.pathname).toBe(`/commission/${res.json.reference}`);
    expect((await links.readThreadToken(res.json.reference, url.searchParams.get("token")!)).ok).toBe(true);
    const notice = (await db.prisma.emailMessage.findMany({ where: { subject: { startsWith: `[Commission] ${res.json.reference}` } } }))[0];
    expect(notice.text).toContain("From: Robin Ash <robin@example.com>");
    expect(notice.text).toContain(`/admin/commissions/${stored.id}`);
  });

  it("the acknowledgement carries none of the requester's words, and at most 3 a day reach one address whoever asks (the rest are kept for the maker)", async () => {
    const spam = {
      ...request,
      name: "Cheap watches at evil.example",
      email: "target@example.com",
      description: "Visit evil.example for the best prices on watches, click now!",
      material: "evil.example",
      size: "call 555-0100",
    };
    const references: string[] = [];
    // Five requests from five clients, to the same mailbox however it is spelled.
    for (const email of ["target@example.com", "Target@Example.com", "target+1@example.com", "target@example.com", "target+2@example.com"]) {
      const res = await ask({ ...spam, email });
      expect(res.status).toBe(201);
      references.push(res.json.reference);
    }
    expect(await db.prisma.commission.count({ where: { reference: { in: references } } })).toBe(5);
    const acknowledgements = await db.prisma.emailMessage.findMany({ where: { to: { startsWith: "target" }, subject: { startsWith: "We received" } } });
    expect(acknowledgements).toHaveLength(3);
    for (const email of acknowledgements) {
      for (const part of [email.subject, email.text, email.html]) {
        expect(part).not.toMatch(/evil\.example|watches|555-0100|Cheap/);
      }
      expect(email.text).toContain("Budget: $150–$300");
    }
    // The maker hears of every request.
    const notices = await db.prisma.emailMessage.count({ where: { subject: { in: references.map((r) => `[Commission] ${r} from ${spam.name}`) } } });
    expect(notices).toBe(5);
  });

  it("bad fields are a 400 naming each field and store nothing", async () => {
    const before = await db.prisma.commission.count();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...request, description: "A bowl" }, "description", "Tell us what you would like made (at least 20 characters)"],
      [{ ...request, budget: "a million" }, "budget", "Choose a budget range"],
      [{ ...request, email: "robin@" }, "email", "Please enter a valid email address"],
      [{ ...request, wantedBy: "2027-02-30" }, "wantedBy", "Choose a date from today on"],
      [{ ...request, wantedBy: "2020-01-01" }, "wantedBy", "Choose a date from today on"],
      [{ ...request, productId: 999999 }, "productId", "Unknown product"],
      [{ ...request, productId: "1; drop" }, "productId", "Unknown product"],
      [{ ...request, name: "R\u0000obin" }, "name", "Request body must not contain NUL characters."],
    ];
    for (const [body, field, message] of cases) {
      const res = await ask(body);
      expect([res.status, field, res.json.fields?.[field] ?? res.json.message]).toEqual([400, field, message]);
    }
    expect((await ask([1, 2])).status).toBe(400);
    expect(await db.prisma.commission.count()).toBe(before);
  });

  it("up to 5 reference photos, content-checked and resized; nothing stored for a refused request", async () => {
    const fields = { ...request, budget: "300_600" } as Record<string, string>;
    const tooMany = await askForm(fields, await Promise.all([1, 2, 3, 4, 5, 6].map((i) => photo(`p${i}.jpg`, 40, 40))));
    expect(tooMany.status).toBe(413);
    expect(tooMany.json.message).toBe("You can add at most 5 reference photos.");
    const disguised = await askForm(fields, [new File([new TextEncoder().encode("<script>alert(1)</script>")], "sketch.jpg", { type: "image/jpeg" })]);
    expect(disguised.status).toBe(400);
    expect(disguised.json.message).toBe("File sketch.jpg is not an image.");
    const badFields = await askForm({ ...fields, budget: "" }, [await photo("ok.jpg", 40, 40)]);
    expect(badFields.status).toBe(400);
    expect(await storedFiles()).toEqual([]);

    const res = await askForm(fields, [await photo("walnut slab.jpg", 2400, 1600), await photo("room.jpg")]);
    expect(res.status).toBe(201);
    const stored = await db.prisma.commission.findUniqueOrThrow({ where: { reference: res.json.reference } });
    expect(stored.photos).toEqual([
      { url: expect.stringMatching(/^\/uploads\/commissions\/[0-9a-f]{32}\.webp$/), width: 2000, height: 1333 },
      { url: expect.stringMatching(/^\/uploads\/commissions\/[0-9a-f]{32}\.webp$/), width: 900, height: 600 },
    ]);
    expect((await storedFiles()).sort()).toEqual((stored.photos as Array<{ url: string }>).map((p) => p.url.replace("/uploads/", "")).sort());
  });

  it("the maker's message is recorded, audited and emailed; the shopper replies through the link", async () => {
    const { json } = await ask(request);
    const commission = await db.prisma.commission.findUniqueOrThrow({ where: { reference: json.reference } });
    await asMaker(() => service.sendMakerMessage(commission.id, "Would you like a foot ring on it?"));
    const mail = (await mailTo("robin@example.com")).at(-1)!;
    expect(mail.subject).toBe(`About your commission ${json.reference}`);
    const link = new URL(/Reply here: (\S+)/.exec(await delivered(mail))![1]);
    const token = link.searchParams.get("token")!;

    const reply = await call(postReply, "/api/commissions/reply", { body: { reference: json.reference, token, body: "Yes please, and a darker oil." }, headers: fromClient(nextIp()) });
    expect(reply.status).toBe(201);
    const forged = await call(postReply, "/api/commissions/reply", {
      body: { reference: json.reference, token: token.slice(0, -3) + "abc", body: "Send it to me instead" },
      headers: fromClient(nextIp()),
    });
    expect(forged.status).toBe(403);
    expect(forged.json.message).toBe("This link is not valid. Please use the link from your email.");
    const otherThread = await call(postReply, "/api/commissions/reply", { body: { reference: "COM-00000000", token, body: "Somebody else's thread" }, headers: fromClient(nextIp()) });
    expect(otherThread.status).toBe(403);

    const thread = await db.prisma.commissionMessage.findMany({ where: { commissionId: commission.id }, orderBy: { id: "asc" } });
    expect(thread.map((m) => [m.author, m.body, m.adminName])).toEqual([
      ["maker", "Would you like a foot ring on it?", "maker"],
      ["shopper", "Yes please, and a darker oil.", null],
    ]);
    const notice = (await db.prisma.emailMessage.findMany({ where: { subject: `[Commission] ${json.reference}: Robin Ash replied` } }))[0];
    expect(notice.text).toContain("Yes please, and a darker oil.");
    const audit = await db.prisma.auditLog.findMany({ where: { entityType: "commission", entityId: String(commission.id) } });
    expect(audit.map((a) => [a.action, a.adminName])).toEqual([["message", "maker"]]);
  });

  it("a quote is emailed with a link valid to the end of its day; a new quote replaces it; an expired or forged link is refused", async () => {
    const { json } = await ask(request);
    const commission = await db.prisma.commission.findUniqueOrThrow({ where: { reference: json.reference } });
    const first = await quote(commission.id, { depositPercent: "30", shipping: "25.50" });
    const mail = (await mailTo("robin@example.com")).at(-1)!;
    expect(mail.subject).toBe(`Your quote for commission ${json.reference}`);
    expect(mail.text).toContain("Price: $240.00\nShipping: $25.50\nTotal: $265.50\nDeposit now: $72.00 (30 % of the price); the balance of $193.50 when the piece is ready");
    expect(mail.text).toContain("This quote is valid until December 11, 2026.");
    expect(mail.text).toContain("Custom work is made for you and cannot be returned.");
    const token = new URL(/See the quote and pay the deposit: (\S+)/.exec(await delivered(mail))![1]).pathname.replace("/quote/", "");
    expect(token).toBe(first.url.split("/quote/")[1]);

    const opened = await service.openQuote(token, new Date("2026-12-11T23:59:00Z"));
    expect(opened).toMatchObject({ ok: true, quote: { priceCents: 24000, shippingCents: 2550, total: 26550, deposit: 7200, balance: 19350, dueNow: 7200 }, commission: { reference: json.reference } });
    expect(await service.openQuote(token, new Date("2026-12-12T00:00:01Z"))).toEqual({
      ok: false,
      code: "gone",
      message: "This quote has expired. Reply to the maker if you would still like the piece: they can send a new one.",
    });
    expect(await service.openQuote(`${token}x`, NOW)).toMatchObject({ ok: false, code: "bad_request" });
    expect(await service.openQuote("not-a-token", NOW)).toMatchObject({ ok: false, code: "bad_request" });
    expect((await db.prisma.commission.findUniqueOrThrow({ where: { id: commission.id } })).status).toBe("quoted");

    const second = await quote(commission.id, { price: "260" });
    expect(await service.openQuote(token, NOW)).toMatchObject({ ok: false, message: "This quote was replaced by a newer one. Please use the link from the latest email." });
    expect(await service.openQuote(second.url.split("/quote/")[1], NOW)).toMatchObject({ ok: true, quote: { total: 26000, deposit: null, dueNow: 26000 } });
    const audit = await db.prisma.auditLog.findMany({ where: { entityType: "commission", entityId: String(commission.id) }, orderBy: { id: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["quote", "quote"]);
    expect(audit[0].after).toMatchObject({ status: "quoted", price: "240.00", shipping: "25.50", depositPercent: 30 });
  });

  it("quote fields are checked: amounts, lead time order, deposit range, expiry within 90 days from today", async () => {
    const { json } = await ask(request);
    const { id } = await db.prisma.commission.findUniqueOrThrow({ where: { reference: json.reference } });
    const parse = (over: Record<string, unknown>) => schemas.quoteSchema.safeParse({ id, price: "240", shipping: "0", leadTimeMinDays: "15", leadTimeMaxDays: "20", expiresOn: "2026-12-11", ...over });
    expect(parse({ price: "0" }).error?.issues[0].message).toBe("Price must be a positive amount");
    expect(parse({ price: "12.345" }).error?.issues[0].message).toBe("Price can have at most 2 decimal places");
    expect(parse({ shipping: "-1" }).error?.issues[0].message).toBe("Price must be a positive amount");
    expect(parse({ leadTimeMaxDays: "10" }).error?.issues[0].message).toBe("The longest lead time must be at least the shortest");
    expect(parse({ depositPercent: "95" }).error?.issues[0].message).toBe("A deposit is 10 to 90 percent");
    await expect(quote(id, { expiresOn: "2026-11-26" })).rejects.toMatchObject({ message: "Choose an expiry day from today on" });
    await expect(quote(id, { expiresOn: "2027-03-01" })).rejects.toMatchObject({ message: "A quote can be valid for at most 90 days" });
    expect(await db.prisma.commissionQuote.count({ where: { commissionId: id } })).toBe(0);
  });

  it("moves only along the allowed way; declining withdraws the quote and emails the maker's reason", async () => {
    const { json } = await ask(request);
    const { id } = await db.prisma.commission.findUniqueOrThrow({ where: { reference: json.reference } });
    const move = (status: string, message?: string) => asMaker(() => service.moveCommission(schemas.moveCommissionSchema.parse({ id, status, message })));
    await expect(move("shipped")).rejects.toMatchObject({ message: "A new commission cannot be moved to shipped." });
    expect(schemas.moveCommissionSchema.safeParse({ id, status: "declined" }).error?.issues[0].message).toBe("Tell the shopper why you are declining");
    const { url } = await quote(id);
    await move("declined", "I am booked until spring, sorry.");
    expect(await service.openQuote(url.split("/quote/")[1], NOW)).toMatchObject({ ok: false, message: "This commission was declined, so its quote can no longer be paid." });
    const mail = (await mailTo("robin@example.com")).at(-1)!;
    expect(mail.text).toContain(`I am sorry: I cannot take on your commission ${json.reference}.\n\nI am booked until spring, sorry.`);
    await expect(move("in_progress")).rejects.toMatchObject({ message: "A declined commission cannot be moved to in progress." });
    await expect(asMaker(() => service.sendMakerMessage(id, "One more thing"))).rejects.toMatchObject({ message: "This commission is finished: it takes no more messages." });
    const row = await db.prisma.commission.findUniqueOrThrow({ where: { id }, include: { quotes: true } });
    expect(row).toMatchObject({ status: "declined", declineReason: "I am booked until spring, sorry." });
    expect(row.quotes.map((q) => q.status)).toEqual(["withdrawn"]);
  });

  it("is rate-limited per client (RATE_LIMIT_COMMISSION)", async () => {
    const from = "198.51.100.7";
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await ask({ ...request, name: `Robin ${i}` }, from)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });
});
