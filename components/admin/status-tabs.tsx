import Link from "next/link";
import { cn } from "@/lib/utils";

/** The row of status filters above an admin list: one link a status, the current one marked aria-current="page". */
export function StatusTabs({ label, tabs }: { label: string; tabs: Array<{ label: string; href: string; current: boolean }> }) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.label}>
            <Link
              href={tab.href}
              aria-current={tab.current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-10 items-center rounded-md border px-3 text-sm font-medium focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
                tab.current ? "bg-primary text-primary-foreground" : "bg-card hover:bg-accent",
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
