import { GET as exportCsv } from "@/app/api/admin/orders/export/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/admin/settings/route";
import { GET as getStats } from "@/app/api/admin/stats/route";
import { runAsAdmin } from "@/lib/audit/context";
import { hashPassword } from "@/lib/auth/password";
import { issueApiToken } from "@/lib/auth/session-service";
import { discountCodeInputSchema } from "@/lib/discounts/schemas";
import { createDiscountCode } from "@/lib/discounts/service";
import { createCatalogFixture } from "@/tests/helpers/fixtures";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

/**
 * The shop's time zone is a setting (issue 53): changing it moves where a day begins on the dashboard,
 * in the orders CSV and for a discount code's dates; a zone Intl does not know is a 400 naming the field.
 */
let db: TestDatabase;
let auth: Record<string, string>;
let maker: { id: number; username: string; email: string; sessionVersion: number };
const DAY = 86_400_000;
const address = { line1: "12 Elm Street", line2: null, city: "Asheville", state: "NC", postalCode: "28801", country: "US" };
// 02:30 UTC five days ago: the evening before in New York, the same morning in Tokyo.
const at = new Date(Date.now() - 5 * DAY);
at.setUTCHours(2, 30, 0, 0);
const utcDay = at.toISOString().slice(0, 10);
const nyDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(at);
const nyTime = new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at); // 21:30 or 22:30 (DST)

const setZone = (timeZone: unknown) => call(patchSettings, "/api/admin/settings", { method: "PATCH", body: { timeZone }, headers: auth });
const dayRow = async (date: string) => {
  const { json } = await call(getStats, "/api/admin/stats", { headers: auth });
  return json.revenueByDay.find((d: { date: string }) => d.date === date);
};
const csvFor = async (date: string) => (await call(exportCsv, `/api/admin/orders/export?from=${date}&to=${date}`, { headers: auth })).json as string;

beforeAll(async () => {
  db = await createTestDatabase();
  await createCatalogFixture(db.prisma);
  const row = await db.prisma.adminUser.create({ data: { username: "clock", email: "clock@example.com", passwordHash: await hashPassword("correct-horse") } });
  maker = { id: row.id, username: row.username, email: row.email, sessionVersion: row.sessionVersion };
  auth = { authorization: `Bearer ${await issueApiToken(maker)}` };
  await db.prisma.order.create({
    data: {
      orderNumber: "ORD-NIGHT",
      firstName: "Night",
      lastName: "Owl",
      email: "owl@example.com",
      status: "confirmed",
      shippingAddress: address,
      billingAddress: address,
      subtotal: "3.33",
      shipping: "0.00",
      shippingService: "USPS_GROUND_ADVANTAGE",
      tax: "0.00",
      total: "3.33",
      createdAt: at,
    },
  });
});
afterAll(() => db?.cleanup());

describe("the shop's time zone", () => {
  it("is America/New_York until set", async () => {
    const res = await call(getSettings, "/api/admin/settings", { headers: auth });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ lowStockThreshold: 3, timeZone: "America/New_York" });
  });

  it("refuses a zone Intl does not know with a 400 naming the field, and leaves the setting alone", async () => {
    for (const bad of ["Mars/Olympus_Mons", "", "+05:00", "America/New_York; DROP", 42]) {
      const res = await setZone(bad);
      expect(res.status).toBe(400);
      expect(res.json.fields).toEqual({ timeZone: "Choose a time zone by its IANA name, e.g. America/New_York" });
    }
    expect((await call(getSettings, "/api/admin/settings", { headers: auth })).json.timeZone).toBe("America/New_York");
  });

  it("moves the dashboard's day and the CSV's date range and dates when changed, and audits the change", async () => {
    expect(nyDay).not.toBe(utcDay);
    expect(await dayRow(nyDay)).toMatchObject({ revenue: "3.33", orders: 1 });
    expect(await dayRow(utcDay)).toMatchObject({ revenue: "0.00", orders: 0 });
    expect(await csvFor(nyDay)).toContain(`ORD-NIGHT,${nyDay} ${nyTime}`);
    expect(await csvFor(utcDay)).not.toContain("ORD-NIGHT");

    const res = await setZone("Asia/Tokyo");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ lowStockThreshold: 3, timeZone: "Asia/Tokyo" });
    const audit = await db.prisma.auditLog.findFirstOrThrow({ where: { entityType: "settings" }, orderBy: { id: "desc" } });
    expect(audit).toMatchObject({ adminUserId: maker.id, action: "update", before: { timeZone: "America/New_York" }, after: { timeZone: "Asia/Tokyo" } });

    // 02:30 UTC is 11:30 in Tokyo, the UTC day.
    expect(await dayRow(utcDay)).toMatchObject({ revenue: "3.33", orders: 1 });
    expect(await dayRow(nyDay)).toMatchObject({ revenue: "0.00", orders: 0 });
    expect(await csvFor(utcDay)).toContain(`ORD-NIGHT,${utcDay} 11:30`);
    expect(await csvFor(nyDay)).not.toContain("ORD-NIGHT");
  });

  it("starts and ends a discount code's days at the shop's midnight", async () => {
    const form = {
      code: "",
      kind: "percentage",
      percentOff: "10",
      amountOff: "",
      minSubtotal: "",
      startsAt: "2027-12-01",
      endsAt: "2027-12-25",
      usageLimit: "",
      perEmailLimit: "",
      includeUniquePieces: true,
      categoryIds: [],
      active: true,
    };
    await setZone("America/New_York");
    const ny = await runAsAdmin(maker, () => createDiscountCode(discountCodeInputSchema.parse({ ...form, code: "NY-DEC" })));
    expect(ny).toMatchObject({ startsAt: "2027-12-01T05:00:00.000Z", endsAt: "2027-12-25T05:00:00.000Z" });
    await setZone("Asia/Tokyo");
    const tokyo = await runAsAdmin(maker, () => createDiscountCode(discountCodeInputSchema.parse({ ...form, code: "TOKYO-DEC" })));
    expect(tokyo).toMatchObject({ startsAt: "2027-11-30T15:00:00.000Z", endsAt: "2027-12-24T15:00:00.000Z" });
    // A summer day in New York: daylight time, UTC-4.
    await setZone("America/New_York");
    const summer = await runAsAdmin(maker, () => createDiscountCode(discountCodeInputSchema.parse({ ...form, code: "NY-JULY", startsAt: "2027-07-04", endsAt: "" })));
    expect(summer.startsAt).toBe("2027-07-04T04:00:00.000Z");
  });
});
