import { getAdminStats, revenueByDay, REVENUE_DAYS } from "@/lib/admin/stats-queries";
import { withAdminRoute } from "@/lib/http";

/** Admin: GET /api/admin/stats → the dashboard tiles plus revenue for each of the last 30 days. */
export const GET = withAdminRoute(async () => {
  const [stats, days] = await Promise.all([getAdminStats(), revenueByDay(REVENUE_DAYS)]);
  return { ...stats, revenueByDay: days };
});
