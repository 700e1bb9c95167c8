import { POST as postContact } from "@/app/api/contact/route";
import { POST as subscribe } from "@/app/api/newsletter/subscribe/route";
import { call, fromClient } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db?.cleanup());

describe("POST /api/contact", () => {
  const valid = { name: "Dana Reyes", email: "dana@example.com", phone: "", subject: "Commission a bowl", message: "Could you turn a cherry bowl about 12 inches wide?" };

  it("stores the message and emails the owner", async () => {
    const { status, json } = await call(postContact, "/api/contact", { body: valid });
    expect(status).toBe(201);
    expect(json.message).toBe("Thank you for your message. We'll get back to you soon.");
    const saved = await db.prisma.contactMessage.findUniqueOrThrow({ where: { id: json.id } });
    expect(saved).toMatchObject({ name: "Dana Reyes", email: "dana@example.com", phone: null, subject: "Commission a bowl" });
    const email = await db.prisma.emailMessage.findFirstOrThrow({ where: { subject: "[Contact] Commission a bowl" } });
    expect(email.to).toBe("hello@maplemicron.com");
    expect(email.provider).toBe("outbox");
    expect(email.text).toContain("Could you turn a cherry bowl");
  });

  it("refuses invalid input with the spec's field messages and stores nothing", async () => {
    const before = await db.prisma.contactMessage.count();
    const { status, json } = await call(postContact, "/api/contact", { body: { name: "D", email: "x", subject: "Hey", message: "Too short" } });
    expect(status).toBe(400);
    expect(json.fields).toEqual({
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      subject: "Subject must be at least 5 characters",
      message: "Message must be at least 10 characters",
    });
    const malformed = await call(postContact, "/api/contact", { rawBody: "{not json" });
    expect(malformed.status).toBe(400);
    expect(malformed.json.message).toBe("Request body must be valid JSON");
    expect(await db.prisma.contactMessage.count()).toBe(before);
  });

  it("escapes HTML in the owner's email", async () => {
    await call(postContact, "/api/contact", { body: { ...valid, subject: "Script test", message: "<script>alert(1)</script> hello there" } });
    const email = await db.prisma.emailMessage.findFirstOrThrow({ where: { subject: "[Contact] Script test" } });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;");
  });
});

describe("POST /api/newsletter/subscribe", () => {
  it("asks for confirmation (double opt-in): a pending subscriber and one confirmation email; the customer is not subscribed yet", async () => {
    const first = await call(subscribe, "/api/newsletter/subscribe", { body: { email: "Fan@Example.com" } });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ subscribed: false, pending: true, alreadySubscribed: false, message: "Check your inbox to confirm your subscription." });
    const row = await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: "fan@example.com" } });
    expect(row).toMatchObject({ status: "pending", source: "footer", consentAt: null });
    expect(await db.prisma.customer.count({ where: { email: "fan@example.com", newsletterSubscribed: true } })).toBe(0);
    const emails = await db.prisma.emailMessage.findMany({ where: { to: "fan@example.com" } });
    expect(emails.map((e) => e.subject)).toEqual(["Confirm your Maple & Micron newsletter subscription"]);
    // The signed link's token is a secret: redacted in the outbox row.
    expect(emails[0].text).toContain("/newsletter/confirm?token=[redacted]");
  });

  it("answers an address that is already confirmed exactly as a new one (a stranger learns nothing), without another email", async () => {
    await db.prisma.newsletterSubscriber.create({ data: { email: "buyer@example.com", status: "confirmed", source: "checkout", unsubscribeToken: "t".repeat(43), consentAt: new Date() } });
    const known = await call(subscribe, "/api/newsletter/subscribe", { body: { email: "buyer@example.com" } });
    const stranger = await call(subscribe, "/api/newsletter/subscribe", { body: { email: "nobody-yet@example.com" } });
    expect(known.status).toBe(stranger.status);
    expect(known.json).toEqual(stranger.json);
    expect(known.json).toEqual({ subscribed: false, pending: true, alreadySubscribed: false, message: "Check your inbox to confirm your subscription." });
    expect(await db.prisma.emailMessage.count({ where: { to: "buyer@example.com" } })).toBe(0);
    expect(await db.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email: "buyer@example.com" } })).toMatchObject({ status: "confirmed" });
  });

  it("sends at most 3 confirmation emails a day to one address, whoever asks, answering the same each time", async () => {
    const answers = [];
    for (let i = 1; i <= 5; i++) answers.push(await call(subscribe, "/api/newsletter/subscribe", { body: { email: "bombed@example.com" }, headers: fromClient(`198.51.100.${i}`) }));
    expect(new Set(answers.map((a) => JSON.stringify([a.status, a.json]))).size).toBe(1);
    expect(await db.prisma.emailMessage.count({ where: { to: "bombed@example.com" } })).toBe(3);
  });

  it.each([[{ email: "" }], [{ email: "not-an-email" }], [{}], [null]])("refuses %o with 400", async (body) => {
    const before = await db.prisma.customer.count();
    const res = await call(subscribe, "/api/newsletter/subscribe", { body });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("Please enter a valid email address.");
    expect(await db.prisma.customer.count()).toBe(before);
  });

  it("refuses malformed JSON with 400", async () => {
    const res = await call(subscribe, "/api/newsletter/subscribe", { rawBody: "email=a@b.c" });
    expect(res.status).toBe(400);
  });
});
