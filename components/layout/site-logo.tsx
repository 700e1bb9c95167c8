import Link from "next/link";
import { site } from "@/lib/site";

/** Brand mark + wordmark, linking home. The mark (app/icon.svg) pairs a growth-ring circle (wood) with a caliper tick (micron). */
export function SiteLogo() {
  return (
    <Link href="/" className="flex shrink-0 items-center gap-2 rounded-md focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
      {/* eslint-disable-next-line @next/next/no-img-element -- the site icon itself (app/icon.svg, already the favicon): a few bytes where the inline mark was ~650 */}
      <img src="/icon.svg" alt="" width={32} height={32} className="size-8" />
      <span className="brand-name font-serif text-lg leading-none font-semibold tracking-tight whitespace-nowrap text-foreground sm:text-xl">{site.name}</span>
    </Link>
  );
}
