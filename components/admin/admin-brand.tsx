import Link from "next/link";
import { site } from "@/lib/site";
import { cn } from "@/lib/utils";

/** Brand mark + "Admin", linking to the dashboard (or `href`). */
export function AdminBrand({ href = "/admin/dashboard", className }: { href?: string; className?: string }) {
  return (
    <Link href={href} className={cn("flex items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50", className)}>
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0 text-primary">
        <circle cx="16" cy="16" r="15" fill="currentColor" />
        <circle cx="16" cy="16" r="10.5" fill="none" stroke="var(--primary-foreground)" strokeOpacity="0.55" strokeWidth="1.4" />
        <circle cx="16" cy="16" r="6" fill="none" stroke="var(--primary-foreground)" strokeOpacity="0.75" strokeWidth="1.4" />
        <circle cx="16" cy="16" r="1.8" fill="var(--primary-foreground)" />
        <path d="M16 1v6" stroke="var(--micron)" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className="flex flex-col leading-tight">
        <span className="font-serif text-base font-semibold whitespace-nowrap">{site.name}</span>
        <span className="text-xs font-medium tracking-wider text-muted-foreground uppercase">Admin</span>
      </span>
    </Link>
  );
}
