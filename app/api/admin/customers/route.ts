import { customerStats, listCustomers } from "@/lib/customers/service";
import { withAdminRoute } from "@/lib/http";

/** Admin: GET /api/admin/customers → {customers, stats}. */
export const GET = withAdminRoute(async () => {
  const [customers, stats] = await Promise.all([listCustomers(), customerStats()]);
  return { customers, stats };
});
