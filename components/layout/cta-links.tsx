import Link from "next/link";
import { Icon } from "@/components/ui/icon";
import { Button } from "@/components/ui/button";

type Cta = { href: string; label: string; className?: string };

/** Two large calls to action side by side (stacked on phones): the main one with an arrow, then an outlined one. */
export function CtaLinks({ primary, secondary, className }: { primary: Cta; secondary: Cta; className: string }) {
  return (
    <div className={className}>
      <Button asChild size="lg" className={primary.className ?? "h-12 px-7 text-base"}>
        <Link href={primary.href}>
          {primary.label}
          <Icon name="arrow-right" />
        </Link>
      </Button>
      <Button asChild size="lg" variant="outline" className={secondary.className ?? "h-12 px-7 text-base"}>
        <Link href={secondary.href}>{secondary.label}</Link>
      </Button>
    </div>
  );
}
