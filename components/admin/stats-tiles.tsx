import { DollarSign, Package, ShoppingCart, Users } from "lucide-react";
import { StatTile } from "@/components/admin/stat-tile";
import { formatMoney } from "@/lib/money";

export type DashboardStats = { totalRevenue: string; totalOrders: number; totalProducts: number; totalCustomers: number };

const count = new Intl.NumberFormat("en-US");

/** Dashboard: Total Revenue, Orders, Products, Customers. */
export function StatsTiles({ stats }: { stats: DashboardStats }) {
  return (
    <section aria-label="Shop totals" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <StatTile
        label="Total Revenue"
        value={formatMoney(stats.totalRevenue)}
        note="Payments taken, net of refunds; a gift card counts when it is spent, not when sold (cancelled and test orders left out)"
        icon={DollarSign}
      />
      <StatTile label="Orders" value={count.format(stats.totalOrders)} icon={ShoppingCart} />
      <StatTile label="Products" value={count.format(stats.totalProducts)} icon={Package} />
      <StatTile label="Customers" value={count.format(stats.totalCustomers)} icon={Users} />
    </section>
  );
}
