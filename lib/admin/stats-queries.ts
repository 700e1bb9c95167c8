import "server-only";
import { getShopTimeZone } from "@/lib/catalog/settings-service";
import { prisma, Prisma } from "@/lib/db";
import { fromCents, toCents } from "@/lib/money";

/**
 * The dashboard's numbers. Revenue is the statement's (lib/orders/statement.ts `revenue`, which says what
 * it means): what the shop earned, net of discounts and of every refund (to the card or to a gift card),
 * gift cards counted once — when spent, not when sold — and card payments not taken left out. It counts
 * every order that is not cancelled, was paid for real (test-mode orders moved no money) and whose card
 * payment was taken, summed exactly in the database (Decimal) and returned as "x.xx".
 */
export type AdminStats = { totalRevenue: string; totalOrders: number; totalProducts: number; totalCustomers: number };
export type RevenueDay = { date: string; revenue: string; orders: number };

/** Days are the shop's (its time zone, a setting: lib/catalog/time-zone.ts), not the server's. */
export const REVENUE_DAYS = 30;
const MAX_REVENUE_DAYS = 366;

/**
 * One order's revenue in SQL, the statement's figure for an order whose first card payment was taken:
 * paid (total − balance due − balance payments not taken) − refunded − the gift cards it sold (less what
 * their refund returned). tests/integration/revenue-statement.test.ts holds the two to the same cents.
 */
const orderRevenue = (o: Prisma.Sql) => Prisma.sql`(${o}."total" - ${o}."balanceDue" - ${o}."refundedAmount"
  - coalesce((SELECT sum(p."amount") FROM "OrderPayment" p WHERE p."orderId" = ${o}."id" AND NOT p."captured"), 0)
  - coalesce((SELECT sum(g."initialAmount" - g."refundedAmount") FROM "GiftCard" g WHERE g."orderId" = ${o}."id"), 0))`;

/** Orders that count as revenue: not cancelled, not test-mode, and their card payment taken (lib/checkout/capture-service.ts). */
const revenueOrder = (o: Prisma.Sql) => Prisma.sql`${o}."status" <> 'cancelled' AND ${o}."paymentProvider" <> 'test' AND ${o}."capture" = 'captured'`;

const money = (value: string | null | undefined) => fromCents(toCents(value ?? "0"));

export async function getAdminStats(): Promise<AdminStats> {
  const o = Prisma.raw(`o`);
  const [revenue, totalOrders, totalProducts, totalCustomers] = await Promise.all([
    prisma.$queryRaw<Array<{ revenue: string | null }>>`SELECT sum(${orderRevenue(o)})::numeric(14, 2)::text AS revenue FROM "Order" o WHERE ${revenueOrder(o)}`,
    prisma.order.count(),
    prisma.product.count(),
    prisma.customer.count(),
  ]);
  return { totalRevenue: money(revenue[0]?.revenue), totalOrders, totalProducts, totalCustomers };
}

/**
 * Revenue (as getAdminStats counts it) and order count (cancelled and test-mode orders excluded) for each of the last
 * `days` calendar days in the shop's time zone, today included, oldest first;
 * days without orders are present with "0.00" and 0.
 */
export async function revenueByDay(days: number = REVENUE_DAYS, timeZone?: string): Promise<RevenueDay[]> {
  const zone = timeZone ?? (await getShopTimeZone());
  const n = Math.min(Math.max(Math.floor(days) || 1, 1), MAX_REVENUE_DAYS);
  const rows = await prisma.$queryRaw<Array<{ date: string; revenue: string; orders: number }>>`
    WITH today AS (SELECT (now() AT TIME ZONE ${zone})::date AS d),
    days AS (
      SELECT gs::date AS day
      FROM today, generate_series(today.d - ${n - 1}::int, today.d, interval '1 day') AS gs
    )
    SELECT to_char(days.day, 'YYYY-MM-DD') AS date,
           coalesce(sum(${orderRevenue(Prisma.raw("o"))}), 0)::numeric(14, 2)::text AS revenue,
           count(o.id)::int AS orders
    FROM days
    LEFT JOIN "Order" o
      ON ${revenueOrder(Prisma.raw("o"))}
     AND o."createdAt" >= (now() AT TIME ZONE 'UTC') - make_interval(days => ${n + 1}::int)
     AND (o."createdAt" AT TIME ZONE 'UTC' AT TIME ZONE ${zone})::date = days.day
    GROUP BY days.day
    ORDER BY days.day`;
  return rows.map((r) => ({ date: r.date, revenue: money(r.revenue), orders: Number(r.orders) }));
}
