import Link from "next/link";
import { site } from "@/lib/site";
import { clsx as cn } from "clsx";

/** Brand mark + wordmark, linking home. The mark pairs a growth-ring circle (wood) with a caliper tick (micron). */
export function SiteLogo({ className }: { className?: string }) {
  return (
    <Link
      href="/"
      className={cn("flex shrink-0 items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50", className)}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 text-primary">
        <circle cx="16" cy="16" r="15" fill="currentColor" />
        <circle cx="16" cy="16" r="10.5" fill="none" stroke="var(--primary-foreground)" strokeOpacity="0.55" strokeWidth="1.4" />
        <circle cx="16" cy="16" r="6" fill="none" stroke="var(--primary-foreground)" strokeOpacity="0.75" strokeWidth="1.4" />
        <circle cx="16" cy="16" r="1.8" fill="var(--primary-foreground)" />
        <path d="M16 1v6" stroke="var(--micron)" strokeWidth="2.2" strokeLinecap="round" />
      </svg>
      <span className="font-serif text-lg leading-none font-semibold tracking-tight whitespace-nowrap text-foreground sm:text-xl">{site.name}</span>
    </Link>
  );
}
