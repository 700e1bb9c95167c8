import { CalendarPlus, Mail, Users } from "lucide-react";
import { StatTile } from "@/components/admin/stat-tile";

export type CustomerStatsView = { total: number; newsletterSubscribers: number; joinedThisMonth: number };

const count = new Intl.NumberFormat("en-US");

/** Customers page: total, newsletter subscribers, joined this month. */
export function CustomerStats({ stats }: { stats: CustomerStatsView }) {
  return (
    <section aria-label="Customer totals" className="grid gap-4 sm:grid-cols-3">
      <StatTile label="Total Customers" value={count.format(stats.total)} icon={Users} />
      <StatTile label="Newsletter Subscribers" value={count.format(stats.newsletterSubscribers)} icon={Mail} />
      <StatTile label="Joined This Month" value={count.format(stats.joinedThisMonth)} icon={CalendarPlus} />
    </section>
  );
}
