import "server-only";
import { getShopTimeZone } from "@/lib/catalog/settings-service";
import { prisma } from "@/lib/db";
import { fromCents, toCents } from "@/lib/money";

/**
 * The dashboard's numbers. Revenue counts every order that is not cancelled
 * and was paid for real (test-mode orders moved no money), net of what was
 * refunded and of a commission's balance not paid yet (issue 30), summed exactly in the database (Decimal) and returned as "x.xx".
 */
export type AdminStats = { totalRevenue: string; totalOrders: number; totalProducts: number; totalCustomers: number };
export type RevenueDay = { date: string; revenue: string; orders: number };

/** Days are the shop's (its time zone, a setting: lib/catalog/time-zone.ts), not the server's. */
export const REVENUE_DAYS = 30;
const MAX_REVENUE_DAYS = 366;

/** Orders that count as revenue: not cancelled, not test-mode, and their card payment taken (lib/checkout/capture-service.ts). */
const REVENUE_ORDERS = { status: { not: "cancelled" as const }, paymentProvider: { not: "test" }, capture: "captured" as const };

const money = (value: string | null | undefined) => fromCents(toCents(value ?? "0"));

export async function getAdminStats(): Promise<AdminStats> {
  const [revenue, totalOrders, totalProducts, totalCustomers] = await Promise.all([
    prisma.order.aggregate({ _sum: { total: true, refundedAmount: true, balanceDue: true }, where: REVENUE_ORDERS }),
    prisma.order.count(),
    prisma.product.count(),
    prisma.customer.count(),
  ]);
  const net = toCents((revenue._sum.total ?? 0).toFixed(2)) - toCents((revenue._sum.refundedAmount ?? 0).toFixed(2)) - toCents((revenue._sum.balanceDue ?? 0).toFixed(2));
  return { totalRevenue: fromCents(net), totalOrders, totalProducts, totalCustomers };
}

/**
 * Revenue net of refunds and order count (cancelled and test-mode orders excluded) for each of the last
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
           coalesce(sum(o.total - o."refundedAmount" - o."balanceDue"), 0)::numeric(14, 2)::text AS revenue,
           count(o.id)::int AS orders
    FROM days
    LEFT JOIN "Order" o
      ON o.status <> 'cancelled'
     AND o."paymentProvider" <> 'test'
     AND o."capture" = 'captured'
     AND o."createdAt" >= (now() AT TIME ZONE 'UTC') - make_interval(days => ${n + 1}::int)
     AND (o."createdAt" AT TIME ZONE 'UTC' AT TIME ZONE ${zone})::date = days.day
    GROUP BY days.day
    ORDER BY days.day`;
  return rows.map((r) => ({ date: r.date, revenue: money(r.revenue), orders: Number(r.orders) }));
}
