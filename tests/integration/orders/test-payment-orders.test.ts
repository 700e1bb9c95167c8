/** Orders paid with the test card form are marked as such and never counted as revenue. */
import { GET as stats } from "@/app/api/admin/stats/route";
import { GET as listOrders } from "@/app/api/orders/route";
import { issueApiToken } from "@/lib/auth/session-service";
import { revenueByDay } from "@/lib/admin/stats-queries";
import { call } from "@/tests/helpers/route";
import { createTestDatabase, type TestDatabase } from "@/tests/helpers/test-db";

let db: TestDatabase;
let auth: Record<string, string>;
beforeAll(async () => {
  db = await createTestDatabase();
  const admin = await db.prisma.adminUser.create({ data: { username: "maker", email: "maker@example.com", passwordHash: "x" } });
  auth = { authorization: `Bearer ${await issueApiToken(admin)}` };
  const order = (orderNumber: string, total: string, paymentProvider: string) => ({
    orderNumber,
    paymentProvider,
    firstName: "A",
    lastName: "B",
    email: "a@example.com",
    status: "confirmed" as const,
    shippingAddress: {},
    billingAddress: {},
    subtotal: total,
    shipping: "0.00",
    shippingService: "USPS_GROUND_ADVANTAGE",
    tax: "0.00",
    total,
  });
  await db.prisma.order.createMany({ data: [order("ORD-REAL", "100.00", "stripe"), order("ORD-TEST", "50.00", "test")] });
});
afterAll(() => db?.cleanup());

describe("test-mode orders", () => {
  it("are not revenue, on the dashboard tiles or in the chart", async () => {
    const res = await call(stats, "/api/admin/stats", { headers: auth });
    expect(res.json.totalRevenue).toBe("100.00");
    expect(res.json.totalOrders).toBe(2);
    const days = await revenueByDay(2);
    expect(days.at(-1)).toMatchObject({ revenue: "100.00", orders: 1 });
  });

  it("are flagged for the admin's badge", async () => {
    const res = await call(listOrders, "/api/orders?status=all", { headers: auth });
    const byNumber = Object.fromEntries((res.json as Array<{ orderNumber: string; testPayment: boolean; paymentProvider: string }>).map((o) => [o.orderNumber, o]));
    expect(byNumber["ORD-TEST"]).toMatchObject({ testPayment: true, paymentProvider: "test" });
    expect(byNumber["ORD-REAL"]).toMatchObject({ testPayment: false, paymentProvider: "stripe" });
  });
});
